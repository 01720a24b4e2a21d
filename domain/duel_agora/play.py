"""Agora's turn: the base actions (a senator may be discarded or built under a wonder, not
constructed), recruiting a senator, preparing a conspiracy, and triggering one first.

Rule (agora-rules-fr, "Résumé des actions possibles"): 1. trigger a prepared conspiracy
(optional), 2. use a structure card to construct a building or recruit a senator, discard
it for coins, build a wonder, or prepare a conspiracy (mandatory).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.duel import play as base_play
from domain.duel.commands import ConstructBuilding
from domain.duel.state import DuelState
from domain.duel.turn_moves import play_moves
from domain.duel_agora import commands as acmd
from domain.duel_agora.catalog import SENATOR
from domain.duel_agora.conspiracies import triggerable
from domain.duel_agora.senate import agora
from domain.duel_agora.senators import recruit_cost
from domain.kernel.errors import DomainError

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules, Tx


def agora_play_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    if seat != state.current:
        return []
    cards = rules.cards
    slots = state.slots
    moves: list[Any] = play_moves(rules, state, seat)
    accessible = rules.layouts[state.age - 1].accessible_slots(state.taken)
    senators: list[int] = []  # a loop: cheaper than a comprehension, on every list
    for s in accessible:
        if cards[slots[s]].colour == SENATOR:
            senators.append(s)
    if senators:  # a senator is recruited, not constructed
        moves = [m for m in moves if type(m) is not ConstructBuilding or m.slot not in senators]
        cost = recruit_cost(state, seat)
        if cost <= state.players[seat].coins:
            for s in senators:
                moves.append(acmd.RecruitSenator(seat=seat, slot=s, coins=cost))
    ext = agora(state)
    prepared = ext.prepared[seat]
    if prepared:
        triggered = ext.triggered[seat]
        open_ones = [i for i, card in enumerate(prepared) if card < 0 and not triggered[i]]
        if open_ones:
            for s in accessible:
                for i in open_ones:
                    moves.append(acmd.PrepareConspiracy(seat=seat, slot=s, conspiracy=i))
        for i in triggerable(state, seat):
            moves.append(acmd.TriggerConspiracy(seat=seat, conspiracy=i))
    return moves


def construct_building(tx: Tx, cmd: ConstructBuilding) -> None:
    state = tx.state
    if tx.trusted:  # listed: never a senator
        base_play.construct_building(tx, cmd)
        return
    layout = tx.rules.layouts[state.age - 1]
    in_range = 0 <= cmd.slot < len(layout.slots)
    if in_range and tx.rules.cards[state.slots[cmd.slot]].colour == SENATOR:
        raise DomainError("senator_not_constructible",
                          "a senator is recruited (RecruitSenator), not constructed")
    base_play.construct_building(tx, cmd)
