"""Apply one event to the state: one small mutator per event type, no rule decisions."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from domain.sevenwonders import events as ev
from domain.sevenwonders.city import add_card, add_stage, new_city
from domain.sevenwonders.state import (
    COPY_GUILD,
    DISCARD_BUILD,
    FREE_CITY,
    OVER,
    PLAY,
    SETUP,
    SEVENTH,
    UNCHOSEN,
    SWState,
    compute_acting,
)

if TYPE_CHECKING:
    from domain.sevenwonders.hooks import SevenWondersRules

Mutator = Callable[["SevenWondersRules", SWState, Any], SWState]


def _started(rules: SevenWondersRules, s: SWState, e: ev.GameStarted) -> SWState:
    cities = tuple(new_city(rules.wonders[w], side, e.coins) for w, side in e.boards)
    return SWState(phase=SETUP, seats=e.seats, variant=e.variant, deal=e.deal,
                   explicit_deal=e.explicit_deal, cities=cities,
                   chosen=UNCHOSEN[len(cities)])


def _age(rules: SevenWondersRules, s: SWState, e: ev.AgeBegan) -> SWState:
    pile = s.deal.piles[e.age - 1] if s.variant and s.deal is not None else ()
    return replace(s, age=e.age, turn=0, hands=e.hands, pile=pile, holder=e.holder,
                   discard=s.discard)


def _opened(rules: SevenWondersRules, s: SWState, e: ev.AgeOpened) -> SWState:
    return replace(s, age=e.age, turn=0, hands=(), stepping=(),
                   chosen=UNCHOSEN[len(s.cities)])


def _turn(rules: SevenWondersRules, s: SWState, e: ev.TurnBegan) -> SWState:
    hands = s.hands
    pile = s.pile
    if e.drawn >= 0:
        h = list(hands)
        h[s.holder] = (*h[s.holder], e.drawn)
        hands = tuple(h)
        pile = pile[1:]
    return replace(s, phase=PLAY, turn=e.turn, stepping=e.cities, hands=hands, pile=pile,
                   chosen=UNCHOSEN[len(s.cities)])


def _chosen(rules: SevenWondersRules, s: SWState, e: ev.CardChosen) -> SWState:
    chosen = list(s.chosen)
    chosen[e.city] = e.choice
    if s.variant:
        new = replace(s, chosen=tuple(chosen), steps=s.steps + 1)
        return replace(new, acting=compute_acting(new))
    acting = s.acting
    if e.seat in acting:  # the seat that chose acts no more this step
        i = acting.index(e.seat)
        acting = acting[:i] + acting[i + 1:]
    return replace(s, chosen=tuple(chosen), steps=s.steps + 1, acting=acting)


card_chosen = _chosen
"""`evolve` of a `CardChosen` (it sets no acting seats but its own), for a caller that
emits one with `emit_evolved`."""


def _remove(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _resolved(rules: SevenWondersRules, s: SWState, e: ev.StepResolved) -> SWState:
    cities = list(s.cities)
    hands = list(s.hands)
    discard = s.discard
    hali = s.halikarnassus
    n = len(cities)
    paid = [0] * n
    """Each city's coins taken less its coins paid in the step."""
    for a in e.actions:
        c = a.city
        left = a.left
        right = a.right
        paid[c] += a.gained - a.bank - left - right
        if left:
            paid[(c - 1) % n] += left
        if right:
            paid[(c + 1) % n] += right
        if a.far:
            for seller, coins, _ in a.far:
                paid[c] -= coins
                paid[seller] += coins
    discarded: list[int] = []
    """Cards discarded in the step, added to the pile in one copy."""
    variant = s.variant
    for a in e.actions:
        c = a.city
        city = cities[c]
        kind = a.kind
        if kind == "from_discard":
            if discarded:
                discard = (*discard, *discarded)
                discarded = []
            discard = _remove(discard, a.card)
        else:
            h = s.holder if variant and c == FREE_CITY else c
            hand = hands[h]
            i = hand.index(a.card)
            hands[h] = hand[:i] + hand[i + 1:]
        coins = city.coins + paid[c]
        paid[c] = 0
        if kind == "build":
            cities[c] = add_card(city, rules.cards[a.card], coins=coins)
        elif kind == "stage":
            wonder = rules.wonders[city.board]
            stage = wonder.sides[city.side][city.stages]
            cities[c] = add_stage(city, stage, a.card, coins=coins)
            if "build_from_discard" in stage.abilities:
                hali = (*hali, (c, a.seat))
        elif kind == "discard":
            discarded.append(a.card)
            if coins != city.coins:
                cities[c] = replace(city, coins=coins)
        elif kind == "free":
            cities[c] = add_card(city, rules.cards[a.card], coins=coins, free_used=s.age)
        else:
            cities[c] = add_card(city, rules.cards[a.card], coins=coins)
    if discarded:
        discard = (*discard, *discarded)
    for c, delta in enumerate(paid):
        if delta:
            cities[c] = replace(cities[c], coins=cities[c].coins + delta)
    steps = s.steps + (1 if s.phase == DISCARD_BUILD else 0)
    return replace(s, cities=tuple(cities), hands=tuple(hands), discard=discard,
                   halikarnassus=hali, chosen=UNCHOSEN[n], stepping=(), steps=steps)


def _passed(rules: SevenWondersRules, s: SWState, e: ev.HandsPassed) -> SWState:
    hands = s.hands
    if e.direction == 0:
        return replace(s, hands=(hands[1], hands[0], *hands[2:]), holder=1 - s.holder)
    if e.direction < 0:  # city i takes the hand of city i + 1
        return replace(s, hands=hands[1:] + hands[:1])
    return replace(s, hands=hands[-1:] + hands[:-1])


def _hands_discarded(rules: SevenWondersRules, s: SWState, e: ev.HandsDiscarded) -> SWState:
    hands = list(s.hands)
    discard = list(s.discard)
    for c, cards in enumerate(e.cards):
        for card in cards:
            hands[c] = _remove(hands[c], card)
            discard.append(card)
    discard.extend(e.pile)
    return replace(s, hands=tuple(hands), discard=tuple(discard), pile=())


def _discard_build(rules: SevenWondersRules, s: SWState, e: ev.DiscardBuildBegan) -> SWState:
    return replace(s, phase=DISCARD_BUILD, special=e.city, special_seat=e.seat,
                   halikarnassus=s.halikarnassus[1:])


def _lapsed(rules: SevenWondersRules, s: SWState, e: ev.DiscardBuildLapsed) -> SWState:
    return replace(s, halikarnassus=s.halikarnassus[1:])


def _seventh(rules: SevenWondersRules, s: SWState, e: ev.SeventhBegan) -> SWState:
    return replace(s, phase=SEVENTH, turn=7, stepping=e.cities,
                   chosen=UNCHOSEN[len(s.cities)])


def _conflicts(rules: SevenWondersRules, s: SWState, e: ev.ConflictsResolved) -> SWState:
    cities = tuple(replace(c, tokens=c.tokens + t) if t else c
                   for c, t in zip(s.cities, e.tokens, strict=True))
    return replace(s, cities=cities)


def _copy_begun(rules: SevenWondersRules, s: SWState, e: ev.CopyGuildBegan) -> SWState:
    return replace(s, phase=COPY_GUILD, special=e.city, special_seat=e.seat)


def _copied(rules: SevenWondersRules, s: SWState, e: ev.GuildCopied) -> SWState:
    cities = list(s.cities)
    city = cities[e.city]
    wild = any(name == "science_wild" for name, _ in rules.cards[e.card].on_build)
    cities[e.city] = replace(city, copied=e.card, wilds=city.wilds + wild)
    return replace(s, cities=tuple(cities), steps=s.steps + 1)


def _ended(rules: SevenWondersRules, s: SWState, e: ev.GameEnded) -> SWState:
    return replace(s, phase=OVER, scores=e.scores, ranking=e.ranking, rank=e.rank,
                   stepping=(), special=-1, special_seat=-1)


MUTATORS: dict[type, Mutator] = {
    ev.GameStarted: _started,
    ev.AgeOpened: _opened,
    ev.AgeBegan: _age,
    ev.TurnBegan: _turn,
    ev.CardChosen: _chosen,
    ev.StepResolved: _resolved,
    ev.HandsPassed: _passed,
    ev.HandsDiscarded: _hands_discarded,
    ev.DiscardBuildBegan: _discard_build,
    ev.DiscardBuildLapsed: _lapsed,
    ev.SeventhBegan: _seventh,
    ev.ConflictsResolved: _conflicts,
    ev.CopyGuildBegan: _copy_begun,
    ev.GuildCopied: _copied,
    ev.GameEnded: _ended,
}

_SETS_ACTING = frozenset({
    ev.TurnBegan, ev.StepResolved, ev.DiscardBuildBegan, ev.SeventhBegan,
    ev.CopyGuildBegan, ev.GameEnded, ev.HandsPassed, ev.DiscardBuildLapsed, ev.AgeBegan,
    ev.AgeOpened,
})


def evolve(rules: SevenWondersRules, state: SWState, event: Any) -> SWState:
    kind = type(event)
    mutator = MUTATORS.get(kind) or rules.mutators.get(kind)
    if mutator is None:
        raise ValueError(f"no mutator for {kind.__name__}")
    new = mutator(rules, state, event)
    if kind in _SETS_ACTING or kind not in MUTATORS:
        return with_acting(rules, new)
    return new


def with_acting(rules: SevenWondersRules, new: SWState) -> SWState:
    """`new` with the seats that act in it (its phase's `acting`, else `compute_acting`)."""
    phase = rules.phases.get(new.phase) if rules.phases else None
    if phase is not None and phase.acting is not None:
        acting = phase.acting(new)
    else:
        acting = compute_acting(new)
    if acting != new.acting:
        return replace(new, acting=acting)
    return new
