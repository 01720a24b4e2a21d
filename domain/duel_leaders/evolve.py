"""Mutators of Duel Leaders' events (no rule logic), and the phases it adds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from domain.duel.evolve import set_player, take_slot, with_card
from domain.duel.state import CHOOSE_START, DRAFT, DuelState
from domain.duel_leaders import events as lev
from domain.duel_leaders.state import (
    AFTER_LAYOUT,
    CHOOSING,
    DECLARING,
    EMPTY_HAND,
    NO_STEP,
    RESOLVING,
    UNSET,
    LeadersState,
)

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules

LEADER_DRAFT, RECRUITMENT = 10, 11

# Bits of `LeadersState.used`.
EUCLID_USED, PTOLEMY_USED, PYTHAGORAS_USED, CROESUS_DONE, RAMESSES_DONE = 1, 2, 4, 8, 16


def leaders(state: DuelState) -> LeadersState:
    ext: LeadersState = state.leaders
    return ext


def _pair(values: tuple[Any, Any], seat: int, value: Any) -> Any:
    return (value, values[1]) if seat == 0 else (values[0], value)


def _without(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1:]


def _set(s: DuelState, **changes: Any) -> DuelState:
    return replace(s, leaders=replace(leaders(s), **changes))


def _dealt(rules: DuelRules, s: DuelState, e: lev.LeadersDealt) -> DuelState:
    order = e.leaders or ()
    return replace(s, leaders=LeadersState(pool=e.pool, costs=e.costs, drafted=order[:8],
                                           aside=order[8:]))


def _revealed(rules: DuelRules, s: DuelState, e: lev.LeadersRevealed) -> DuelState:
    return replace(_set(s, offer=e.leaders), phase=LEADER_DRAFT)


def _picked(rules: DuelRules, s: DuelState, e: lev.LeaderPicked) -> DuelState:
    x = leaders(s)
    hands = _pair(x.hands, e.seat, (*x.hands[e.seat], e.leader))
    s = _set(s, offer=_without(x.offer, e.leader), picks=x.picks + 1, hands=hands)
    return replace(s, turn=s.turn + 1)


def _recruitment_began(rules: DuelRules, s: DuelState, e: lev.RecruitmentBegan) -> DuelState:
    chosen = tuple(UNSET if c else EMPTY_HAND for c in e.choosing)
    s = _set(s, step=CHOOSING, age=e.age, chooser=e.chooser, chosen=chosen,
             declared=(UNSET, UNSET), queue=())
    return replace(s, phase=RECRUITMENT, current=e.chooser)


def _chosen(rules: DuelRules, s: DuelState, e: lev.LeaderChosen) -> DuelState:
    x = leaders(s)
    s = _set(s, chosen=_pair(x.chosen, e.seat, e.leader))
    return replace(s, turn=s.turn + 1)


def _choices_revealed(rules: DuelRules, s: DuelState, e: lev.ChoicesRevealed) -> DuelState:
    declared = tuple(UNSET if c >= 0 else EMPTY_HAND for c in e.chosen)
    return _set(s, step=DECLARING, chosen=e.chosen, declared=declared)


def _declared(rules: DuelRules, s: DuelState, e: lev.RecruitmentDeclared) -> DuelState:
    x = leaders(s)
    s = _set(s, declared=_pair(x.declared, e.seat, e.recruit))
    return replace(s, turn=s.turn + 1)


def _declarations_revealed(
    rules: DuelRules, s: DuelState, e: lev.DeclarationsRevealed
) -> DuelState:
    return _set(s, step=RESOLVING, declared=e.declared, queue=e.queue)


def _out_of_hand(x: LeadersState, seat: int, leader: int) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    if leader in x.hands[seat]:
        changes["hands"] = _pair(x.hands, seat, _without(x.hands[seat], leader))
    if leader in x.drawn:
        changes["drawn"] = ()
    return changes


def _discarded(rules: DuelRules, s: DuelState, e: lev.LeaderDiscarded) -> DuelState:
    x = leaders(s)
    s = _set(s, **_out_of_hand(x, e.seat, e.leader))
    p = s.players[e.seat]
    return set_player(s, e.seat, replace(p, coins=p.coins + e.coins))


def _recruited(rules: DuelRules, s: DuelState, e: lev.LeaderRecruited) -> DuelState:
    x = leaders(s)
    changes = _out_of_hand(x, e.seat, e.leader)
    changes["recruited"] = _pair(x.recruited, e.seat, (*x.recruited[e.seat], e.leader))
    s = _set(s, **changes)
    p = s.players[e.seat]
    s = set_player(s, e.seat, replace(p, coins=p.coins - e.cost))
    return replace(s, turn=s.turn + 1, pending=s.pending[1:]) if e.free else s


def _effects_began(rules: DuelRules, s: DuelState, e: lev.LeaderEffectsBegan) -> DuelState:
    return _set(s, queue=leaders(s).queue[1:])


def _recruitment_ended(rules: DuelRules, s: DuelState, e: lev.RecruitmentEnded) -> DuelState:
    s = _set(s, step=AFTER_LAYOUT, chooser=e.chooser, chosen=(UNSET, UNSET),
             declared=(UNSET, UNSET))
    # Back to where the base game opens the Age: the start player's choice after Age I.
    return replace(s, phase=CHOOSE_START if e.age > 1 else DRAFT, current=e.chooser)


def _layout_ended(rules: DuelRules, s: DuelState, e: lev.LayoutEffectsEnded) -> DuelState:
    return _set(s, step=NO_STEP)


def _drawn(rules: DuelRules, s: DuelState, e: lev.LeadersDrawn) -> DuelState:
    x = leaders(s)
    # A seat's own copy has no set-aside order but names what it may see (Rome's draw).
    drawn = e.leaders if len(e.leaders) == e.count else x.aside[:e.count]
    changes: dict[str, Any] = {"aside": x.aside[e.count:]}
    if e.into_hand:
        changes["hands"] = _pair(x.hands, e.seat, (*x.hands[e.seat], *drawn))
    else:
        changes["drawn"] = drawn
    return _set(s, **changes)


def _drawn_returned(rules: DuelRules, s: DuelState, e: lev.DrawnLeadersReturned) -> DuelState:
    return _set(s, drawn=())


def _offered(rules: DuelRules, s: DuelState, e: lev.CardsOffered) -> DuelState:
    x = leaders(s)
    bit = CROESUS_DONE if e.source == "croesus" else RAMESSES_DONE
    return _set(s, offered=e.cards, used=_pair(x.used, e.seat, x.used[e.seat] | bit))


def _offered_built(rules: DuelRules, s: DuelState, e: lev.OfferedCardBuilt) -> DuelState:
    x = leaders(s)
    s = _set(s, offered=(), removed_built=(*x.removed_built, e.card))
    s = set_player(s, e.seat, with_card(rules, s.players[e.seat], e.card))
    return replace(s, pending=s.pending[1:], turn=s.turn + 1)


def _offer_lapsed(rules: DuelRules, s: DuelState, e: lev.OfferLapsed) -> DuelState:
    s = _set(s, offered=(), drawn=())
    return replace(s, pending=s.pending[1:], turn=s.turn + 1)


def _buried(rules: DuelRules, s: DuelState, e: lev.LeaderBuried) -> DuelState:
    from domain.duel_leaders.catalog import ASPASIA

    x = leaders(s)
    changes: dict[str, Any] = {
        "buried": _pair(x.buried, e.seat, (*x.buried[e.seat], e.leader))}
    if e.leader == ASPASIA:  # her unused cancellation is lost with her
        changes["aspasia"] = False
    s = _set(s, **changes)
    return replace(s, pending=s.pending[1:], turn=s.turn + 1)


def _aspasia_ready(rules: DuelRules, s: DuelState, e: lev.AspasiaReady) -> DuelState:
    return _set(s, aspasia=True)


def _aspasia(rules: DuelRules, s: DuelState, e: lev.AspasiaCancelled) -> DuelState:
    return _set(s, aspasia=False)


def _symbol(rules: DuelRules, s: DuelState, e: lev.SymbolChanged) -> DuelState:
    from domain.duel_leaders.catalog import EUCLID, PTOLEMY, PYTHAGORAS

    x = leaders(s)
    bit = {EUCLID: EUCLID_USED, PTOLEMY: PTOLEMY_USED, PYTHAGORAS: PYTHAGORAS_USED}[e.leader]
    symbols = (*x.symbols, (e.card, e.new))
    s = _set(s, symbols=symbols, used=_pair(x.used, e.seat, x.used[e.seat] | bit))
    p = s.players[e.seat]
    science = list(p.science)
    science[e.old] -= 1
    science[e.new] += 1
    s = set_player(s, e.seat, replace(p, science=tuple(science)))
    return replace(s, pending=s.pending[1:], turn=s.turn + 1) if e.owed else s


def science_counts(rules: DuelRules, state: DuelState, seat: int) -> tuple[int, ...]:
    """A seat's science symbols counted afresh: its cards' symbols as they stand (Euclid's
    and Ptolemy's changes included) and its progress tokens'."""
    x = leaders(state)
    p = state.players[seat]
    counts = [0] * len(p.science)
    for card in p.buildings:
        printed = rules.cards[card].science
        if printed >= 0:
            counts[x.symbol(printed, card)] += 1
    for token in p.tokens:
        symbol = rules.tokens[token].science
        if symbol >= 0:
            counts[symbol] += 1
    return tuple(counts)


def keeping_symbols(inner: Any) -> Any:
    """A mutator that recounts a city's science from its printed symbols (a card destroyed,
    taken or exchanged, a token or a wonder removed: `rebuild_caches`, `with_card`), made
    to count the changed symbols again, the change following its card."""

    def mutate(rules: DuelRules, s: DuelState, e: Any) -> DuelState:
        s = inner(rules, s, e)
        x = s.leaders
        if x is None or not x.symbols:
            return s
        for seat in (0, 1):
            counts = science_counts(rules, s, seat)
            if counts != s.players[seat].science:
                s = set_player(s, seat, replace(s.players[seat], science=counts))
        return s

    return mutate


def _put_under(rules: DuelRules, s: DuelState, e: lev.CardPutUnder) -> DuelState:
    x = leaders(s)
    s = _set(s, under=_pair(x.under, e.seat, (*x.under[e.seat], e.card)),
             used=_pair(x.used, e.seat, x.used[e.seat] | PYTHAGORAS_USED))
    return replace(take_slot(s, e.slot), turn=s.turn + 1)


def _owed_seat(s: DuelState) -> tuple[int, ...]:
    return (s.pending[0][2],) if s.pending else ()


LEADERS_MUTATORS: dict[type, Any] = {
    lev.LeadersDealt: _dealt,
    lev.LeadersRevealed: _revealed,
    lev.LeaderPicked: _picked,
    lev.RecruitmentBegan: _recruitment_began,
    lev.LeaderChosen: _chosen,
    lev.ChoicesRevealed: _choices_revealed,
    lev.RecruitmentDeclared: _declared,
    lev.DeclarationsRevealed: _declarations_revealed,
    lev.LeaderDiscarded: _discarded,
    lev.LeaderRecruited: _recruited,
    lev.LeaderEffectsBegan: _effects_began,
    lev.RecruitmentEnded: _recruitment_ended,
    lev.LayoutEffectsEnded: _layout_ended,
    lev.LeadersDrawn: _drawn,
    lev.DrawnLeadersReturned: _drawn_returned,
    lev.CardsOffered: _offered,
    lev.OfferedCardBuilt: _offered_built,
    lev.OfferLapsed: _offer_lapsed,
    lev.LeaderBuried: _buried,
    lev.AspasiaReady: _aspasia_ready,
    lev.AspasiaCancelled: _aspasia,
    lev.SymbolChanged: _symbol,
    lev.CardPutUnder: _put_under,
}
