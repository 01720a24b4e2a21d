"""The recruitment step (duel-leaders-rules-fr, "Modifications du déroulement d'un Âge"):
secret simultaneous choice, simultaneous declaration, discard for 2 coins, payments before
effects, effects in play order, a supremacy reached then ends the game."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.duel import events as ev
from domain.duel.state import DuelState
from domain.duel.transaction import Transaction
from domain.duel_leaders import commands as lcmd
from domain.duel_leaders import events as lev
from domain.duel_leaders.evolve import RECRUITMENT
from domain.duel_leaders.recruit import open_recruitment
from domain.kernel import DomainError
from tests.domain.duel_leaders.support import (
    RULES,
    G,
    L,
    at_recruitment,
    deal,
    error,
    of_type,
    run,
    with_coins,
    with_leaders_state,
)

# With every draft pick the first on offer, the first player (seat 0 here) holds
# drafted[1], [2], [4], [7]; seat 1 holds drafted[0], [3], [5], [6].
DRAFT = ["caesar", "darius", "diocletian", "aspasia", "hannibal", "nero", "midas", "plato"]


def choose(seat: int, key: str) -> lcmd.ChooseLeader:
    return lcmd.ChooseLeader(seat=seat, leader=L[key])


def declare(seat: int, recruit: bool) -> lcmd.DeclareRecruitment:
    return lcmd.DeclareRecruitment(seat=seat, recruit=recruit)


def test_leader_draft_second_player_picks_first_then_first_player() -> None:
    """Phase Leaders: 4 revealed, picked 2nd, 1st, 1st, 2nd; then 1st, 2nd, 2nd, 1st."""
    state = at_recruitment(deal(drafted=DRAFT, first=1))
    x = state.leaders
    assert x.hands[1] == tuple(L[k] for k in ("darius", "diocletian", "hannibal", "plato"))
    assert x.hands[0] == tuple(L[k] for k in ("caesar", "aspasia", "nero", "midas"))
    assert state.players[0].coins == state.players[1].coins == 10  # 7 + 3


def test_both_seats_choose_at_once_and_one_choice_changes_nothing_for_the_other() -> None:
    state = at_recruitment(deal(drafted=DRAFT))
    assert G.acting_seats(state) == (0, 1)
    before = G.legal_moves(state, 0)
    events, after = run(state, choose(1, "nero"))
    assert G.acting_seats(after) == (0,)
    assert G.legal_moves(after, 0) == before  # the other seat's options are untouched
    (chosen,) = of_type(events, lev.LeaderChosen)
    assert G.redact(chosen, 0).leader == -1 and G.redact(chosen, None).leader == -1
    assert G.redact(chosen, 1).leader == L["nero"]
    assert G.view(after, 0).leaders.seats[1].chosen == -1  # made, hidden
    events, after = run(after, choose(0, "darius"))
    (revealed,) = of_type(events, lev.ChoicesRevealed)
    assert revealed.chosen == (L["darius"], L["nero"])
    assert G.acting_seats(after) == (0, 1)  # both declare, again at once


def test_a_seat_chooses_once_and_only_from_its_hand() -> None:
    state = at_recruitment(deal(drafted=DRAFT))
    assert error(state, choose(0, "nero")).code == "leader_not_in_hand"
    _, after = run(state, choose(0, "darius"))
    assert error(after, choose(0, "plato")).code == "not_your_turn"


def test_discard_gives_2_coins_before_the_opponents_effect() -> None:
    """Discard for 2 coins, never more for yellow cards; the coins come before the
    opposing leader's effect (Darius: the opponent loses 2)."""
    state = at_recruitment(deal(drafted=DRAFT))
    state = with_coins(state, 1, 0)
    _, state = run(state, choose(0, "darius"), choose(1, "nero"), declare(1, False))
    events, state = run(state, declare(0, True))
    kinds = [type(e) for e in events]
    assert kinds.index(lev.LeaderDiscarded) < kinds.index(lev.LeaderRecruited)
    (discarded,) = of_type(events, lev.LeaderDiscarded)
    assert discarded.coins == 2
    (lost,) = [e for e in of_type(events, ev.CoinsLost) if e.reason == "darius"]
    assert lost.seat == 1 and lost.amount == 2
    assert state.players[1].coins == 0  # +2 then -2: not -0 then +2
    assert L["nero"] not in state.leaders.hands[1]  # back to the box


def test_both_pay_before_any_effect() -> None:
    """Diocletian 'prendra effet après que votre adversaire ait payé son leader actuel'."""
    state = at_recruitment(deal(drafted=DRAFT))
    state = with_coins(state, 1, 4)  # Aspasia costs 2: 4 - 2 paid, then 2 of the 4 lost
    _, state = run(state, choose(0, "diocletian"), choose(1, "aspasia"))
    events, state = run(state, declare(1, True), declare(0, True))
    recruited = of_type(events, lev.LeaderRecruited)
    assert [r.seat for r in recruited] == [0, 1]
    paid_all = events.index(recruited[-1])
    (lost,) = [e for e in of_type(events, ev.CoinsLost) if e.reason == "diocletian"]
    assert events.index(lost) > paid_all
    assert lost.amount == 2 and state.players[1].coins == 0


def test_effects_apply_first_for_the_seat_that_plays_first() -> None:
    """'le joueur qui joue en premier ... applique l'effet de son leader en premier': with
    Aspasia's owner first, she waits before Caesar's 2 shields and cancels them."""
    state = at_recruitment(deal(drafted=DRAFT, first=1))
    state = with_leaders_state(state, hands=((L["caesar"],), (L["aspasia"],)))
    _, state = run(state, choose(0, "caesar"), choose(1, "aspasia"))
    events, state = run(state, declare(0, True), declare(1, True))
    (cancelled,) = of_type(events, lev.AspasiaCancelled)
    assert cancelled.seat == 0 and cancelled.shields == 2
    assert state.pawn == 0 and not of_type(events, ev.ConflictPawnMoved)
    assert not state.leaders.aspasia  # used up


def test_caesar_before_aspasia_when_his_owner_plays_first() -> None:
    state = at_recruitment(deal(drafted=DRAFT, first=0))
    state = with_leaders_state(state, hands=((L["caesar"],), (L["aspasia"],)))
    _, state = run(state, choose(0, "caesar"), choose(1, "aspasia"))
    events, state = run(state, declare(0, True), declare(1, True))
    assert state.pawn == 2 and not of_type(events, lev.AspasiaCancelled)
    assert state.leaders.aspasia  # waits for the next move


def test_supremacy_in_the_recruitment_step_ends_the_game() -> None:
    state = at_recruitment(deal(drafted=DRAFT, first=1))
    state = replace(state, pawn=7)
    _, state = run(state, choose(0, "caesar"), choose(1, "darius"))
    events, state = run(state, declare(1, True), declare(0, True))
    assert state.victory == "military" and state.winner == 0
    assert not of_type(events, ev.AgeBegan)  # the structure is never laid out
    assert G.is_over(state)


def test_recruiting_needs_the_coins_discarding_never_does() -> None:
    state = at_recruitment(deal(drafted=DRAFT))
    state = with_coins(state, 0, 3)  # Plato costs 4
    _, state = run(state, choose(0, "plato"), choose(1, "nero"))
    assert error(state, declare(0, True)).code == "not_enough_coins"
    assert G.legal_moves(state, 0) == [declare(0, False)]
    assert declare(1, True) in G.legal_moves(state, 1)  # Nero costs 0


def test_declarations_are_secret_until_both_are_made() -> None:
    state = at_recruitment(deal(drafted=DRAFT))
    _, state = run(state, choose(0, "darius"), choose(1, "nero"))
    events, after = run(state, declare(0, False))
    (made,) = of_type(events, lev.RecruitmentDeclared)
    assert G.redact(made, 1).recruit == -1 and G.redact(made, 0).recruit == 0
    assert G.view(after, 1).leaders.seats[0].declared == -1
    assert G.acting_seats(after) == (1,)


def test_after_recruitment_the_structure_is_laid_out_and_the_first_player_begins() -> None:
    state = at_recruitment(deal(drafted=DRAFT, first=1))
    _, state = run(state, choose(0, "caesar"), choose(1, "darius"))
    events, state = run(state, declare(0, False), declare(1, False))
    kinds = [type(e) for e in events]
    assert kinds.index(lev.RecruitmentEnded) < kinds.index(ev.AgeBegan)
    assert kinds[-1] is ev.TurnBegan and events[-1].seat == 1
    assert state.age == 1 and G.acting_seats(state) == (1,)


# Recruitment step, in order: "Chaque joueur en choisit un, face cachée", "retournent
# simultanément", then "annoncent simultanément s'ils recrutent le leader ou le défaussent".
# A command of the wrong stage, or from a seat with nothing to choose, is refused with a
# code saying which.


def test_declaring_before_the_choices_are_revealed_is_refused_as_choice_pending() -> None:
    state = at_recruitment(deal(drafted=DRAFT))
    refused = error(state, declare(0, True))
    assert refused.code == "choice_pending"
    assert "ChooseLeader first" in refused.reason
    _, state = run(state, choose(1, "nero"))
    assert error(state, declare(0, False)).code == "choice_pending"  # seat 0 still chooses


def test_choosing_once_the_choices_are_revealed_is_refused_as_choices_revealed() -> None:
    state = at_recruitment(deal(drafted=DRAFT))
    _, state = run(state, choose(0, "darius"), choose(1, "nero"))
    refused = error(state, choose(0, "caesar"))
    assert refused.code == "choices_revealed"
    assert "DeclareRecruitment" in refused.reason


def _with_hands(hands: tuple[tuple[int, ...], tuple[int, ...]]) -> DuelState:
    """Age I's recruitment step opened afresh with these hands (the rules' own opening)."""
    state = with_leaders_state(at_recruitment(deal(drafted=DRAFT)), hands=hands)
    tx = Transaction(RULES, state)
    open_recruitment(tx, 1)
    return tx.state


def _handled(state: DuelState, command: Any) -> DomainError:
    """The recruitment step's own handler, called without the decider's acting check."""
    tx = Transaction(RULES, state)
    try:
        RULES.phases[RECRUITMENT].commands[type(command)](tx, command)
    except DomainError as exc:
        return exc
    raise AssertionError(f"{command} was accepted")


def test_a_seat_with_no_leader_in_hand_sits_the_recruitment_step_out() -> None:
    """'Chaque joueur prend les leaders qu'il n'a pas encore recrutés dans sa main' then
    chooses one: with none in hand, a seat has nothing to choose nor to declare."""
    state = _with_hands(((L["caesar"],), ()))
    assert G.acting_seats(state) == (0,) and G.legal_moves(state, 1) == []
    assert error(state, choose(1, "nero")).code == "not_your_turn"  # not that seat's choice
    assert _handled(state, choose(1, "nero")).code == "no_leader_in_hand"
    events, state = run(state, choose(0, "caesar"))
    (revealed,) = of_type(events, lev.ChoicesRevealed)
    assert revealed.chosen[0] == L["caesar"]
    assert G.acting_seats(state) == (0,)
    refused = _handled(state, declare(1, True))
    assert refused.code == "no_leader_in_hand" and "no leader left in hand" in refused.reason
    events, state = run(state, declare(0, True))
    assert [e.seat for e in of_type(events, lev.LeaderRecruited)] == [0]
    assert of_type(events, lev.RecruitmentEnded)


def test_a_seat_that_chose_or_declared_is_told_so_by_the_step() -> None:
    state = at_recruitment(deal(drafted=DRAFT))
    _, state = run(state, choose(0, "darius"))
    assert error(state, choose(0, "caesar")).code == "not_your_turn"
    assert _handled(state, choose(0, "caesar")).code == "already_chosen"
    _, state = run(state, choose(1, "nero"), declare(0, False))
    assert _handled(state, declare(0, True)).code == "already_declared"
