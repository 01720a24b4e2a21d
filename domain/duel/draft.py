"""The wonder draft: 4 wonders revealed, picked A, B, B, A; 4 more picked B, A, A, B."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.duel import events as ev
from domain.duel.commands import PickWonder
from domain.duel.play import open_age
from domain.duel.state import DuelState
from domain.kernel.errors import DomainError

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules, Tx

PICK_ORDER: tuple[int, ...] = (0, 1, 1, 0, 1, 0, 0, 1)
"""Picker of each of the 8 picks: 0 = the first player, 1 = the other."""
ROUND_SIZE = 4


def open_draft(tx: Tx) -> None:
    """The base game's opening: the first four wonders are revealed."""
    deal = tx.state.deal
    assert deal is not None
    tx.emit(ev.WondersRevealed(round=1, wonders=deal.wonders[:ROUND_SIZE]))


def start_first_phase(tx: Tx) -> None:
    """After the opening's secrets: the ruleset's first phase (the wonder draft unless an
    expansion puts one before it)."""
    (tx.rules.first_phase or open_draft)(tx)


def picker(state: DuelState) -> int:
    return state.first_player ^ PICK_ORDER[state.draft_picks]


def pick_wonder(tx: Tx, cmd: PickWonder) -> None:
    if cmd.wonder not in tx.state.draft_offer:
        raise DomainError("wonder_not_offered", f"wonder {cmd.wonder} is not on offer")
    tx.emit(ev.WonderPicked(seat=cmd.seat, wonder=cmd.wonder))
    continue_draft(tx)


def continue_draft(tx: Tx) -> None:
    """After a pick (and whatever the pick owed): the next reveal, or Age I."""
    s = tx.state
    if s.draft_picks == ROUND_SIZE:
        assert s.deal is not None
        tx.emit(ev.WondersRevealed(round=2, wonders=s.deal.wonders[ROUND_SIZE:]))
    elif s.draft_picks == 2 * ROUND_SIZE:
        open_age(tx, 1)


def draft_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    if seat != picker(state):
        return []
    return [PickWonder(seat=seat, wonder=w) for w in state.draft_offer]
