"""Senators: recruiting one from the structure, and what a politician or a conspirator does.

Rules (agora-rules-fr, "A. Recruter un Sénateur"): the cost is the number of senators the
seat already has (Corruption: free). A politician gives 1, 2 or 3 Senate actions by blue
cards (0-1, 2-3, 4+; D12 adds 2 to the count), each a placement in its section or a move
to an adjacent chamber; a conspirator gives one action: place a cube anywhere, or
conspire. Choices: both are optional ("vous pouvez"), a politician may stop early; the
conspirator decree (D16) grants its play-again to the seat holding it at recruitment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.duel import events as ev
from domain.duel.play import check_slot, finish_action, reveal_uncovered
from domain.duel.state import DuelState
from domain.duel_agora import events as aev
from domain.duel_agora import owing
from domain.duel_agora.catalog import CORRUPTION, SENATOR_BY_CARD, senate_actions
from domain.duel_agora.commands import RecruitSenator
from domain.duel_agora.decrees import CONSPIRATOR_REPLAY, blue_count, holder
from domain.duel_agora.senate import agora
from domain.kernel.errors import DomainError

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules, Tx


def recruit_cost(state: DuelState, seat: int) -> int:
    if CORRUPTION in state.players[seat].tokens:
        return 0
    return len(agora(state).senators[seat])


def recruit(tx: Tx, cmd: RecruitSenator) -> None:
    state, seat = tx.state, cmd.seat
    card = check_slot(tx.rules, state, cmd.slot)
    senator = SENATOR_BY_CARD.get(card)
    if senator is None:
        raise DomainError("not_a_senator", "only a senator card may be recruited")
    cost = recruit_cost(state, seat)
    if cmd.coins is not None and cmd.coins != cost:
        raise DomainError("price_mismatch", f"recruiting costs {cost} coins, not {cmd.coins}")
    if cost > state.players[seat].coins:
        raise DomainError("not_enough_coins", f"recruiting costs {cost} coins")
    tx.emit(aev.SenatorRecruited(seat=seat, slot=cmd.slot, card=card, cost=cost))
    reveal_uncovered(tx, cmd.slot)
    act(tx.rules, tx, seat, card)
    finish_action(tx)


def act(rules: DuelRules, tx: Tx, seat: int, card: int) -> None:
    senator = SENATOR_BY_CARD[card]
    ext = agora(tx.state)
    if senator.kind == "politician":
        n = senate_actions(blue_count(rules, tx.state, seat))
        if ext.cubes_left(seat) or any(ext.cubes[seat]):
            owing.owe(tx, seat, owing.OWE_SENATE,
                     senator.section * owing.SENATE_SECTION_SHIFT + n)
        return
    if holder(tx.state, CONSPIRATOR_REPLAY) == seat and not tx.state.replay:
        tx.emit(ev.PlayAgainGranted(seat=seat))
    if ext.cubes_left(seat) or ext.deck:
        owing.owe(tx, seat, owing.OWE_CONSPIRATOR)
