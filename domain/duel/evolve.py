"""evolve(rules, state, event) -> state: one small mutator per event type, no rule logic."""

from __future__ import annotations

from collections.abc import Callable
from operator import add
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from domain.duel import events as ev
from domain.duel.state import (
    CHOOSE_START,
    DRAFT,
    OVER,
    PLAY,
    ZERO5,
    ZERO7,
    DuelState,
    PlayerState,
)

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules

Mutator = Callable[["DuelRules", DuelState, Any], DuelState]


def set_player(state: DuelState, seat: int, player: PlayerState) -> DuelState:
    players = (player, state.players[1]) if seat == 0 else (state.players[0], player)
    return replace(state, players=players)


def _add_coins(state: DuelState, seat: int, delta: int) -> DuelState:
    p = state.players[seat]
    return set_player(state, seat, replace(p, coins=p.coins + delta))


def with_card(rules: DuelRules, p: PlayerState, card_id: int) -> PlayerState:
    return with_card_coins(rules, p, card_id, p.coins)


def with_card_coins(rules: DuelRules, p: PlayerState, card_id: int, coins: int) -> PlayerState:
    """`p` with the card in its city (caches updated) and `coins` coins, in one copy."""
    c = rules.cards[card_id]
    produce = p.produce
    if rules.card_produces[card_id]:
        produce = tuple(map(add, produce, c.produces))  # both 5 long (no generator)
    colours = list(p.colours)
    colours[c.colour] += 1
    science = p.science
    if c.science >= 0:
        s = list(science)
        s[c.science] += 1
        science = tuple(s)
    return replace(
        p,
        coins=coins,
        buildings=(*p.buildings, card_id),
        produce=produce,
        choices=(*p.choices, c.choice) if c.choice else p.choices,
        fixed=p.fixed | rules.card_fixed[card_id],
        chains=p.chains | (1 << c.chain_grants) if c.chain_grants >= 0 else p.chains,
        colours=tuple(colours),
        science=science,
    )


def rebuild_caches(rules: DuelRules, p: PlayerState) -> PlayerState:
    """Caches recomputed from scratch (after a card leaves a city)."""
    base = replace(
        p, buildings=(), produce=ZERO5, fixed=0, chains=0, colours=ZERO7, science=ZERO7,
        choices=tuple(rules.wonders[w].choice for w in p.built_wonders
                      if rules.wonders[w].choice),
    )
    for card in p.buildings:
        base = with_card(rules, base, card)
    science = list(base.science)
    for t in p.tokens:
        s = rules.tokens[t].science
        if s >= 0:
            science[s] += 1
    return replace(base, science=tuple(science))


def take_slot(state: DuelState, slot: int) -> DuelState:
    return replace(state, taken=state.taken | (1 << slot))


def _game_started(rules: DuelRules, s: DuelState, e: ev.GameStarted) -> DuelState:
    deal = e.deal
    coins = rules.starting_coins
    return replace(
        s,
        deal=deal,
        explicit_deal=e.explicit_deal,
        first_player=e.first_player,
        current=e.first_player,
        players=(PlayerState(coins=coins), PlayerState(coins=coins)),
        board_tokens=e.board_tokens,
        looting=(1 << len(rules.military_tokens)) - 1,
        aside_tokens=deal.aside_tokens if deal is not None else (),
    )


def _wonders_revealed(rules: DuelRules, s: DuelState, e: ev.WondersRevealed) -> DuelState:
    return replace(s, phase=DRAFT, draft_round=e.round, draft_offer=e.wonders)


def _wonder_picked(rules: DuelRules, s: DuelState, e: ev.WonderPicked) -> DuelState:
    p = s.players[e.seat]
    s = set_player(s, e.seat, replace(p, wonders=(*p.wonders, e.wonder)))
    offer = tuple(w for w in s.draft_offer if w != e.wonder)
    return replace(s, draft_offer=offer, draft_picks=s.draft_picks + 1, turn=s.turn + 1)


def _age_began(rules: DuelRules, s: DuelState, e: ev.AgeBegan) -> DuelState:
    layout = rules.layouts[e.age - 1]
    slots = s.deal.ages[e.age - 1] if s.deal is not None else e.cards
    return replace(s, age=e.age, slots=slots, taken=0, revealed=layout.face_up)


def _turn_began(rules: DuelRules, s: DuelState, e: ev.TurnBegan) -> DuelState:
    return replace(s, current=e.seat, replay=False, phase=PLAY)


def _building_constructed(
    rules: DuelRules, s: DuelState, e: ev.BuildingConstructed
) -> DuelState:
    seat = e.seat
    players = s.players
    p = players[seat]
    p = with_card_coins(rules, p, e.card, p.coins - e.cost)
    other = players[1 - seat]
    if e.to_opponent:
        other = replace(other, coins=other.coins + e.to_opponent)
    return replace(
        s,
        taken=s.taken | (1 << e.slot),
        players=(p, other) if seat == 0 else (other, p),
        turn=s.turn + 1,
    )


def _card_discarded(rules: DuelRules, s: DuelState, e: ev.CardDiscarded) -> DuelState:
    seat = e.seat
    players = s.players
    p = players[seat]
    p = replace(p, coins=p.coins + e.coins)
    return replace(
        s,
        taken=s.taken | (1 << e.slot),
        players=(p, players[1]) if seat == 0 else (players[0], p),
        discard=(*s.discard, e.card),
        turn=s.turn + 1,
    )


def _wonder_constructed(rules: DuelRules, s: DuelState, e: ev.WonderConstructed) -> DuelState:
    seat = e.seat
    players = s.players
    p = players[seat]
    w = rules.wonders[e.wonder]
    p = replace(
        p,
        coins=p.coins - e.cost,
        built_wonders=(*p.built_wonders, e.wonder),
        tucked=(*p.tucked, e.card),
        choices=(*p.choices, w.choice) if w.choice else p.choices,
    )
    other = players[1 - seat]
    if e.to_opponent:
        other = replace(other, coins=other.coins + e.to_opponent)
    return replace(
        s,
        taken=s.taken | (1 << e.slot),
        players=(p, other) if seat == 0 else (other, p),
        turn=s.turn + 1,
    )


def _card_revealed(rules: DuelRules, s: DuelState, e: ev.CardRevealed) -> DuelState:
    return replace(s, revealed=s.revealed | (1 << e.slot))


def _coins_gained(rules: DuelRules, s: DuelState, e: ev.CoinsGained) -> DuelState:
    return _add_coins(s, e.seat, e.amount)


def _coins_lost(rules: DuelRules, s: DuelState, e: ev.CoinsLost) -> DuelState:
    return _add_coins(s, e.seat, -e.amount)


def _pawn_moved(rules: DuelRules, s: DuelState, e: ev.ConflictPawnMoved) -> DuelState:
    return replace(s, pawn=e.position)


def _military_token(rules: DuelRules, s: DuelState, e: ev.MilitaryTokenTaken) -> DuelState:
    return replace(s, looting=s.looting & ~(1 << e.token))


def _play_again(rules: DuelRules, s: DuelState, e: ev.PlayAgainGranted) -> DuelState:
    return replace(s, replay=True)


def _action_owed(rules: DuelRules, s: DuelState, e: ev.ActionOwed) -> DuelState:
    owed = (e.action, e.arg, e.seat)
    if e.position < 0:
        return replace(s, pending=(*s.pending, owed))
    return replace(s, pending=(*s.pending[:e.position], owed, *s.pending[e.position:]))


def _token_taken(rules: DuelRules, s: DuelState, e: ev.ProgressTokenTaken) -> DuelState:
    p = s.players[e.seat]
    science = p.science
    sym = rules.tokens[e.token].science
    if sym >= 0:
        sc = list(science)
        sc[sym] += 1
        science = tuple(sc)
    s = set_player(s, e.seat, replace(p, tokens=(*p.tokens, e.token), science=science))
    if e.from_library:
        drawn = s.library_draw
        aside = tuple(t for t in s.aside_tokens if t not in drawn)
        s = replace(s, aside_tokens=aside, library_draw=())
    else:
        s = replace(s, board_tokens=tuple(t for t in s.board_tokens if t != e.token))
    return replace(s, pending=s.pending[1:], turn=s.turn + 1)


def _library_drawn(rules: DuelRules, s: DuelState, e: ev.GreatLibraryDrawn) -> DuelState:
    return replace(s, library_draw=e.tokens)


def _card_destroyed(rules: DuelRules, s: DuelState, e: ev.CardDestroyed) -> DuelState:
    p = s.players[e.owner]
    i = p.buildings.index(e.card)
    p = replace(p, buildings=p.buildings[:i] + p.buildings[i + 1:])
    s = set_player(s, e.owner, rebuild_caches(rules, p))
    return replace(s, discard=(*s.discard, e.card), pending=s.pending[1:], turn=s.turn + 1)


def _discard_built(
    rules: DuelRules, s: DuelState, e: ev.DiscardedCardConstructed
) -> DuelState:
    s = set_player(s, e.seat, with_card(rules, s.players[e.seat], e.card))
    i = s.discard.index(e.card)
    return replace(
        s, discard=s.discard[:i] + s.discard[i + 1:], pending=s.pending[1:], turn=s.turn + 1
    )


def _wonder_retired(rules: DuelRules, s: DuelState, e: ev.WonderRetired) -> DuelState:
    return replace(s, retired_wonders=(*s.retired_wonders, e.wonder))


def _age_ended(rules: DuelRules, s: DuelState, e: ev.AgeEnded) -> DuelState:
    return replace(s, phase=CHOOSE_START, current=e.chooser, replay=False, pending=())


def _start_chosen(rules: DuelRules, s: DuelState, e: ev.StartPlayerChosen) -> DuelState:
    return replace(s, turn=s.turn + 1)


def _game_ended(rules: DuelRules, s: DuelState, e: ev.GameEnded) -> DuelState:
    return replace(
        s, phase=OVER, winner=e.winner, victory=e.victory, scores=e.scores, pending=()
    )


MUTATORS: dict[type, Mutator] = {
    ev.GameStarted: _game_started,
    ev.WondersRevealed: _wonders_revealed,
    ev.WonderPicked: _wonder_picked,
    ev.AgeBegan: _age_began,
    ev.TurnBegan: _turn_began,
    ev.BuildingConstructed: _building_constructed,
    ev.CardDiscarded: _card_discarded,
    ev.WonderConstructed: _wonder_constructed,
    ev.CardRevealed: _card_revealed,
    ev.CoinsGained: _coins_gained,
    ev.CoinsLost: _coins_lost,
    ev.ConflictPawnMoved: _pawn_moved,
    ev.MilitaryTokenTaken: _military_token,
    ev.PlayAgainGranted: _play_again,
    ev.ActionOwed: _action_owed,
    ev.ProgressTokenTaken: _token_taken,
    ev.GreatLibraryDrawn: _library_drawn,
    ev.CardDestroyed: _card_destroyed,
    ev.DiscardedCardConstructed: _discard_built,
    ev.WonderRetired: _wonder_retired,
    ev.AgeEnded: _age_ended,
    ev.StartPlayerChosen: _start_chosen,
    ev.GameEnded: _game_ended,
}


def evolve(rules: DuelRules, state: DuelState, event: ev.Event) -> DuelState:
    return rules.table[type(event)](rules, state, event)
