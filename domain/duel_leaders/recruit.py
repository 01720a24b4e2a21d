"""The recruitment step at the start of each Age, before its structure is laid out.

Rules (duel-leaders-rules-fr, "Modifications du déroulement d'un Âge"), in order:
1. Each seat with a leader left in hand chooses one in secret (`ChooseLeader`, both seats
   act at once: a choice never depends on, nor changes, what the other may choose).
2. Both choices are revealed together (`ChoicesRevealed`).
3. Each seat declares in secret recruit or discard (`DeclareRecruitment`), both revealed
   together: "Les joueurs annoncent simultanément s'ils recrutent le leader ou le
   défaussent". Recruiting is legal only with the coins for its cost (nothing another
   leader does can lower those coins before payment: see 5).
4. Discarded leaders go to the box for 2 coins each, never more for yellow cards (nor for
   Berenice: she counts only when discarding a card), before any leader's effect ("Les
   joueurs recevront l'argent de leurs leaders défaussés avant l'application des effets
   des leaders adverses").
5. Recruiting seats pay their costs, both before any effect (Darius, Diocletian, Caesar,
   Hannibal: "prendra effet après que votre adversaire ait payé son leader actuel").
6. Effects apply seat by seat, the seat that plays first in the coming Age (or chooses who
   does: the first player in Age I, the chooser the base rules name as the previous Age
   ends after) first; a military or scientific supremacy reached then ends the game at
   once. That chooser is fixed before any effect (their order depends on it): a pawn
   moved in the step does not hand the choice of the Age's first player over.
Then the Age structure is laid out, then the effects due after it (Croesus, Ramesses),
the chooser first, then the Age goes on as in the base game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.duel import events as ev
from domain.duel.play import begin_age
from domain.duel.state import OVER
from domain.duel_leaders import events as lev
from domain.duel_leaders.commands import ChooseLeader, DeclareRecruitment
from domain.duel_leaders.effects import apply_recruited, next_layout_effect
from domain.duel_leaders.evolve import leaders
from domain.duel_leaders.state import (
    AFTER_LAYOUT,
    CHOOSING,
    DECLARING,
    EMPTY_HAND,
    RESOLVING,
    UNSET,
)
from domain.kernel.errors import DomainError

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules, Tx
    from domain.duel.state import DuelState

DISCARD_COINS = 2


def recruitment_acting(state: DuelState) -> tuple[int, ...]:
    x = leaders(state)
    if x.step == CHOOSING:
        return tuple(s for s in (0, 1) if x.chosen[s] == UNSET)
    if x.step == DECLARING:
        return tuple(s for s in (0, 1) if x.declared[s] == UNSET)
    return ()


def cost_of(state: DuelState, leader: int) -> int:
    return leaders(state).costs[leader]


def open_recruitment(tx: Tx, age: int) -> bool:
    """`DuelRules.age_opening`: the recruitment step, unless neither seat has a leader."""
    x = leaders(tx.state)
    choosing = (bool(x.hands[0]), bool(x.hands[1]))
    # Age I: the first player; later: who chooses the start player (set by AgeEnded).
    chooser = tx.state.first_player if age == 1 else tx.state.current
    if not any(choosing):
        lay_out(tx, age, chooser)
        return True
    tx.emit(lev.RecruitmentBegan(age=age, chooser=chooser, choosing=choosing))
    return True


def _refuse_done(mark: int, seat: int, code: str, done: str) -> None:
    """A seat's part of the step already played: it chose (declared) or, with no leader
    left in hand, sits the step out. The decider refuses both as `not_your_turn` first
    (such a seat is not acting); the handler says which, whoever calls it."""
    if mark == EMPTY_HAND:
        raise DomainError("no_leader_in_hand", f"seat {seat} has no leader left in hand: it "
                          "sits this recruitment step out")
    if mark != UNSET:
        raise DomainError(code, f"seat {seat} {done}")


def choose_leader(tx: Tx, cmd: ChooseLeader) -> None:
    x = leaders(tx.state)
    if x.step != CHOOSING:
        raise DomainError("choices_revealed", "the leaders are chosen and revealed: seat "
                          f"{cmd.seat} now declares recruit or discard (DeclareRecruitment)")
    _refuse_done(x.chosen[cmd.seat], cmd.seat, "already_chosen", "has chosen its leader")
    if cmd.leader not in x.hands[cmd.seat]:
        raise DomainError("leader_not_in_hand", f"leader {cmd.leader} is not in seat "
                          f"{cmd.seat}'s hand")
    tx.emit(lev.LeaderChosen(seat=cmd.seat, leader=cmd.leader))
    x = leaders(tx.state)
    if UNSET not in x.chosen:
        tx.emit(lev.ChoicesRevealed(chosen=x.chosen))


def declare(tx: Tx, cmd: DeclareRecruitment) -> None:
    x = leaders(tx.state)
    if x.step != DECLARING:
        raise DomainError("choice_pending", f"seat {cmd.seat} declares recruit or discard once "
                          "the leaders are chosen and revealed (ChooseLeader first)")
    _refuse_done(x.declared[cmd.seat], cmd.seat, "already_declared",
                 "has declared whether it recruits")
    leader = x.chosen[cmd.seat]
    cost = cost_of(tx.state, leader)
    if cmd.recruit and cost > tx.state.players[cmd.seat].coins:
        raise DomainError("not_enough_coins", f"recruiting this leader costs {cost} coins and "
                          f"seat {cmd.seat} has {tx.state.players[cmd.seat].coins}")
    tx.emit(lev.RecruitmentDeclared(seat=cmd.seat, recruit=int(cmd.recruit)))
    x = leaders(tx.state)
    if UNSET in x.declared:
        return
    order = (x.chooser, 1 - x.chooser)
    queue = tuple(s for s in order if x.declared[s] == 1)
    tx.emit(lev.DeclarationsRevealed(declared=x.declared, queue=queue))
    for seat in order:  # 4. discards first
        if x.declared[seat] == 0:
            tx.emit(lev.LeaderDiscarded(seat=seat, leader=x.chosen[seat], coins=DISCARD_COINS))
    for seat in queue:  # 5. then both payments
        leader = x.chosen[seat]
        tx.emit(lev.LeaderRecruited(seat=seat, leader=leader, cost=cost_of(tx.state, leader)))
    continue_recruitment(tx)


def continue_recruitment(tx: Tx) -> None:
    """6. Effects seat by seat; each may owe actions (resolved before the next seat)."""
    while True:
        s = tx.state
        if s.phase == OVER or s.pending:
            return
        x = leaders(s)
        if not x.queue:
            break
        seat = x.queue[0]
        tx.emit(lev.LeaderEffectsBegan(seat=seat))
        apply_recruited(tx, seat, x.chosen[seat])
    lay_out(tx, x.age, x.chooser)


def lay_out(tx: Tx, age: int, chooser: int) -> None:
    """The structure is laid out, then the effects due after it."""
    tx.emit(lev.RecruitmentEnded(age=age, chooser=chooser))
    begin_age(tx, age)
    continue_layout(tx)


def continue_layout(tx: Tx) -> None:
    while True:
        s = tx.state
        if s.phase == OVER or s.pending:
            return
        if not next_layout_effect(tx):
            break
    age = tx.state.age
    tx.emit(lev.LayoutEffectsEnded(age=age))
    if age == 1:
        tx.emit(ev.TurnBegan(seat=tx.state.first_player))


def resume(tx: Tx) -> bool:
    """`DuelRules.turn_hooks`: an owed action of the recruitment or layout step resolved
    (Solomon's build, a science token, Maecenas' pick, Croesus' build): go on with it."""
    x = tx.state.leaders
    if x is None:
        return False
    if x.step == RESOLVING:
        continue_recruitment(tx)
        return True
    if x.step == AFTER_LAYOUT:
        continue_layout(tx)
        return True
    return False


def recruitment_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    x = leaders(state)
    if seat not in recruitment_acting(state):
        return []
    if x.step == CHOOSING:
        return [ChooseLeader(seat=seat, leader=leader) for leader in x.hands[seat]]
    moves: list[Any] = [DeclareRecruitment(seat=seat, recruit=False)]
    if cost_of(state, x.chosen[seat]) <= state.players[seat].coins:
        moves.insert(0, DeclareRecruitment(seat=seat, recruit=True))
    return moves
