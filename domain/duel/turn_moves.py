"""Legal moves of the play phase (payment included) and of the start-player choice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.duel import events as ev
from domain.duel.commands import (
    ChooseStartPlayer,
    ConstructBuilding,
    ConstructWonder,
    DiscardCard,
)
from domain.duel.play import buildable_wonders, pricer_for
from domain.duel.state import DuelState
from domain.kernel.errors import DomainError

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules, Tx


DISCARDS: tuple[tuple[DiscardCard, ...], ...] = tuple(
    tuple(DiscardCard(seat=seat, slot=slot) for slot in range(32)) for seat in (0, 1)
)
"""The discard commands of each seat and slot, made once (commands are immutable values)."""


def play_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    if seat != state.current:
        return []
    coins = state.players[seat].coins
    pricer = pricer_for(rules, state, seat)
    wonder_prices = []  # a loop: cheaper than a comprehension's own frame, on every list
    for w in buildable_wonders(rules, state, seat):
        wp = pricer.wonder(w)
        if wp.coins <= coins:
            wonder_prices.append((w, wp.coins, wp.bought))
    moves: list[Any] = []
    append = moves.append
    price_of = pricer.card
    cards = state.slots
    discards = DISCARDS[seat]
    for slot in rules.layouts[state.age - 1].accessible_slots(state.taken):
        price = price_of(cards[slot])
        if price.coins <= coins:
            append(ConstructBuilding(seat=seat, slot=slot, coins=price.coins, buy=price.bought))
        append(discards[slot] if slot < len(discards) else DiscardCard(seat=seat, slot=slot))
        for w, wonder_coins, bought in wonder_prices:
            append(ConstructWonder(seat=seat, slot=slot, wonder=w, coins=wonder_coins, buy=bought))
    return moves


def start_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    if seat != state.current:
        return []
    return [ChooseStartPlayer(seat=seat, starts=s) for s in (0, 1)]


def choose_start_player(tx: Tx, cmd: ChooseStartPlayer) -> None:
    if cmd.starts not in (0, 1):
        raise DomainError("invalid_seat", f"seat {cmd.starts} does not exist")
    tx.emit(ev.StartPlayerChosen(seat=cmd.seat, starts=cmd.starts))
    tx.emit(ev.TurnBegan(seat=cmd.starts))
