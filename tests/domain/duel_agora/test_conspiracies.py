"""Conspiracies, Agora's wonders, progress and military tokens (agora-rules-fr: "B. Préparer
un Complot", "C. Déclencher un Complot", "Complots et jetons Militaires", "Merveilles",
"Jetons Progrès"), each named."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.duel import commands as cmd
from domain.duel import events as ev
from domain.duel.catalog_types import BLUE
from domain.duel.state import OVER, OWE_TOKEN
from domain.duel_agora import commands as acmd
from domain.duel_agora import events as aev
from domain.duel_agora.catalog import CURIA_JULIA, KNOSSOS
from domain.duel_agora.owing import OWE_CURIA, OWE_MOVE, OWE_PLACE, OWE_REMOVE
from tests.domain.duel_agora.support import (
    CARD,
    CONSPIRACY,
    TOKEN,
    G,
    coins,
    cubes,
    deal,
    decline,
    drafted,
    error,
    ext,
    give,
    give_tokens,
    hold,
    moves,
    of_type,
    run,
    started,
    turn,
)

DECREES = ("D01", "D02", "D03", "D04", "D05", "D06")


def _with(name: str, seat: int = 0, prepared: bool = True) -> Any:
    state = turn(drafted(deal(decrees=DECREES)), seat)
    return hold(state, seat, name, prepared=prepared)


def _trigger(state: Any, seat: int = 0) -> tuple[list[Any], Any]:
    return run(state, acmd.TriggerConspiracy(seat=seat, conspiracy=len(ext(state).held[seat]) - 1))


# -- preparing and triggering ------------------------------------------------------------


def test_prepare_takes_any_accessible_card_at_no_cost_and_ends_the_turn() -> None:
    state = _with("Coup", prepared=False)
    before = state.players[0].coins
    prepare = moves(state, 0, acmd.PrepareConspiracy)
    assert {m.slot for m in prepare} == set(G.rules.layouts[0].accessible_slots(state.taken))
    events, state = run(state, prepare[0])
    assert of_type(events, aev.ConspiracyPrepared)[0].conspiracy == 0
    assert state.players[0].coins == before and state.current == 1
    assert ext(state).prepared[0][0] >= 0


def test_trigger_is_once_a_turn_before_the_action_which_then_follows() -> None:
    state = hold(_with("Coup"), 0, "Blackmail", prepared=True)
    assert len(moves(state, 0, acmd.TriggerConspiracy)) == 2
    _events, state = run(state, acmd.TriggerConspiracy(seat=0, conspiracy=0))
    assert state.pawn == 2 and state.current == 0  # the turn goes on
    assert moves(state, 0, acmd.TriggerConspiracy) == []
    assert error(state, acmd.TriggerConspiracy(seat=0, conspiracy=1)).code == \
        "conspiracy_not_triggerable"
    slot = G.rules.layouts[0].accessible_slots(state.taken)[0]
    _, state = run(state, cmd.DiscardCard(seat=0, slot=slot))
    assert state.current == 1
    state = turn(state, 0)
    assert [m.conspiracy for m in moves(state, 0, acmd.TriggerConspiracy)] == [1]


def test_an_unprepared_conspiracy_cannot_be_triggered() -> None:
    state = _with("Coup", prepared=False)
    assert moves(state, 0, acmd.TriggerConspiracy) == []


# -- the 16 conspiracies ------------------------------------------------------------------


def test_extortion_takes_an_unbuilt_opponent_wonder_then_may_move_a_cube() -> None:
    state = _with("Extortion")
    theirs = state.players[1].wonders
    _, state = _trigger(state)
    take = moves(state, 0, acmd.TakeWonder)
    assert {m.wonder for m in take} == set(theirs)
    _, state = run(state, take[0])
    assert take[0].wonder in state.players[0].wonders
    assert take[0].wonder not in state.players[1].wonders
    assert state.pending[0][0] == OWE_MOVE


def test_blackmail_takes_half_the_opponents_coins_rounded_up() -> None:
    state = coins(_with("Blackmail"), 1, 7)
    events, state = _trigger(state)
    assert state.players[1].coins == 3
    assert ev.CoinsGained(seat=0, amount=4, reason="blackmail") in events


def test_expropriation_and_swindle_discard_a_blue_or_a_yellow_opponent_card() -> None:
    for name, card in (("Expropriation", "Theater"), ("Swindle", "Tavern")):
        state = give(_with(name), 1, card)
        _, state = _trigger(state)
        (destroy,) = moves(state, 0, cmd.DestroyCard)
        _, state = run(state, destroy)
        assert CARD[card] in state.discard and not state.players[1].buildings, name


def test_obscurantism_takes_a_token_from_the_board_the_opponent_or_the_box() -> None:
    state = give_tokens(_with("Obscurantism"), 1, "Law")
    _, state = _trigger(state)
    options = {m.token for m in moves(state, 0, acmd.ObscureToken)}
    assert options == {*state.board_tokens, *state.aside_tokens, TOKEN["Law"]}
    _, state = run(state, acmd.ObscureToken(seat=0, token=TOKEN["Law"]))
    assert TOKEN["Law"] not in state.players[1].tokens
    assert sum(state.players[1].science) == 0


def test_coup_is_two_shields() -> None:
    _, state = _trigger(_with("Coup", seat=1), seat=1)
    assert state.pawn == -2


def test_property_fraud_builds_a_last_row_building_free() -> None:
    state = coins(_with("Property Fraud"), 0, 0)
    _, state = _trigger(state)
    options = moves(state, 0, acmd.BuildFromLastRow)
    rows = {G.rules.layouts[0].slots[m.slot].row for m in options}
    assert rows == {1} and len(options) >= 1
    card = state.slots[options[0].slot]
    _, state = run(state, options[0])
    assert card in state.players[0].buildings and state.players[0].coins >= 0


def test_treason_builds_a_card_removed_at_setup_free() -> None:
    state = _with("Treason")
    _, state = _trigger(state)
    options = {m.card for m in moves(state, 0, acmd.BuildRemovedCard)}
    assert options == set(state.deal.removed[0])
    card = min(options)
    _, state = run(state, acmd.BuildRemovedCard(seat=0, card=card))
    assert card in state.players[0].buildings


def test_political_maneuver_places_a_cube_and_removes_an_opponent_cube() -> None:
    state = cubes(_with("Political Maneuver"), (0,) * 6, (0, 0, 2, 0, 0, 0))
    _, state = _trigger(state)
    assert [k for k, _, _ in state.pending] == [OWE_PLACE, OWE_REMOVE, OWE_MOVE]
    _, state = run(state, acmd.PlaceInfluence(seat=0, chamber=4),
                   acmd.RemoveInfluence(seat=0, chamber=2))
    assert ext(state).cubes == ((0, 0, 0, 0, 1, 0), (0, 0, 1, 0, 0, 0))


def test_espionage_takes_one_of_the_tokens_kept_aside() -> None:
    state = _with("Espionage")
    aside = state.aside_tokens
    _, state = _trigger(state)
    assert {m.token for m in moves(state, 0, acmd.TakeAsideToken)} == set(aside)
    _, state = run(state, acmd.TakeAsideToken(seat=0, token=aside[0]))
    assert aside[0] in state.players[0].tokens
    assert state.aside_tokens == aside[1:]


def test_turn_of_events_discards_one_or_two_accessible_cards() -> None:
    state = _with("Turn of Events")
    _, state = _trigger(state)
    assert acmd.Decline(seat=0) not in G.legal_moves(state, 0)
    first = moves(state, 0, acmd.DiscardFromStructure)[0]
    card = state.slots[first.slot]
    _, state = run(state, first)
    assert card in state.discard
    assert acmd.Decline(seat=0) in G.legal_moves(state, 0)


def test_embezzlement_gains_per_own_cube_and_costs_the_opponent_per_theirs() -> None:
    state = cubes(_with("Embezzlement"), (1, 1, 1, 0, 0, 0), (0, 0, 0, 2, 0, 0))
    state = coins(coins(state, 0, 0), 1, 5)
    _, state = _trigger(state)
    assert (state.players[0].coins, state.players[1].coins) == (3, 3)


def test_foreclosure_takes_a_brown_or_grey_card() -> None:
    state = give(_with("Foreclosure"), 1, "Lumber Yard", "Theater")
    _, state = _trigger(state)
    assert [m.card for m in moves(state, 0, acmd.TakeCard)] == [CARD["Lumber Yard"]]
    _, state = run(state, acmd.TakeCard(seat=0, card=CARD["Lumber Yard"]))
    assert state.players[0].produce[0] == 1 and state.players[1].produce[0] == 0


def test_coercion_exchanges_cards_of_the_same_colour() -> None:
    state = give(give(_with("Coercion"), 1, "Theater"), 0, "Altar")
    _, state = _trigger(state)
    assert moves(state, 0, acmd.ExchangeCards) == [
        acmd.ExchangeCards(seat=0, take=CARD["Theater"], give=CARD["Altar"])]
    _, state = run(state, moves(state, 0, acmd.ExchangeCards)[0])
    assert state.players[0].buildings == (CARD["Theater"],)
    assert state.players[1].buildings == (CARD["Altar"],)
    assert state.players[0].colours[BLUE] == 1


def test_coercion_pairs_in_both_cities_share_the_last_progress_token() -> None:
    """Coercion (green for green) completes a pair in both cities with one token left on
    the board: the conspirator chooses it; the other pair earns nothing ("parmi ceux
    disponibles sur le plateau"), its seat's only move a Decline, and the turn goes on."""
    state = give(_with("Coercion"), 0, "Apothecary", "Academy")  # symbols 1 and 2
    state = give(state, 1, "School", "Study")  # 1 and 2
    state = replace(state, board_tokens=state.board_tokens[:1])
    _, state = _trigger(state)
    _, state = run(state, acmd.ExchangeCards(seat=0, take=CARD["School"], give=CARD["Academy"]))
    state = decline(state, 0)  # Coercion's optional cube move
    assert [(kind, seat) for kind, _, seat in state.pending] == [(OWE_TOKEN, 0), (OWE_TOKEN, 1)]
    (last,) = state.board_tokens
    assert error(state, acmd.Decline(seat=0)).code == "not_optional"
    _, state = run(state, cmd.ChooseProgressToken(seat=0, token=last))
    assert G.acting_seats(state) == (1,) and state.board_tokens == ()
    assert G.legal_moves(state, 1) == [acmd.Decline(seat=1)]
    events, state = run(state, acmd.Decline(seat=1))
    assert not state.pending and state.players[1].tokens == ()
    assert G.acting_seats(state) == (0,)  # the conspirator's action follows its trigger
    assert of_type(events, aev.ConspiracyResolved)


def test_insider_influence_moves_a_decree_under_another() -> None:
    state = cubes(_with("Insider Influence"), (1, 0, 0, 0, 0, 0), (0,) * 6)
    decree = ext(state).decrees[2][0]
    _, state = _trigger(state)
    _, state = run(state, acmd.MoveDecree(seat=0, decree=decree, chamber=0))
    e = ext(state)
    assert e.decrees[2] == () and e.decrees[0][-1] == decree
    assert e.decree_holder(decree) == 0


def test_sabotage_returns_a_built_opponent_wonder_to_the_box() -> None:
    state = _with("Sabotage")
    w = state.players[1].wonders[0]
    state = G.evolve(state, ev.WonderConstructed(seat=1, slot=0, card=state.deal.removed[0][0],
                                                 wonder=w, cost=0, to_opponent=0))
    state = turn(state, 0)
    _, state = _trigger(state)
    _, state = run(state, acmd.SabotageWonder(seat=0, wonder=w))
    assert w not in state.players[1].built_wonders and w in ext(state).sabotaged
    assert state.deal is not None and state.deal.removed[0][0] in state.discard


# -- wonders, progress and military tokens ------------------------------------------------


def test_curia_julia_pick_conspires_and_knossos_pick_places_a_cube() -> None:
    state = started(deal(wonders=("Curia Julia", "Knossos"), decrees=DECREES))
    events, state = run(state, cmd.PickWonder(seat=0, wonder=CURIA_JULIA))
    assert of_type(events, aev.ConspiraciesDrawn)
    assert G.acting_seats(state) == (0,)  # keeps one before the draft goes on
    _, state = run(state, moves(state, 0, acmd.KeepConspiracy)[0])
    _, state = run(state, cmd.PickWonder(seat=1, wonder=KNOSSOS))
    assert state.pending[0] == (OWE_PLACE, 0, 1)
    _, state = run(state, acmd.PlaceInfluence(seat=1, chamber=3))
    assert ext(state).cubes[1][3] == 1 and len(ext(state).held[0]) == 1


def test_curia_julia_built_triggers_an_unprepared_conspiracy_gives_6_coins_and_replays() -> None:
    state = drafted(deal(wonders=("Curia Julia",), decrees=DECREES))
    assert CURIA_JULIA in state.players[0].wonders
    state = coins(hold(turn(state, 0), 0, "Coup"), 0, 30)
    build = next(m for m in moves(state, 0, cmd.ConstructWonder) if m.wonder == CURIA_JULIA)
    events, state = run(state, build)
    assert ev.CoinsGained(seat=0, amount=6, reason="effect") in events
    assert ev.PlayAgainGranted(seat=0) in events
    assert state.pending[0][0] == OWE_CURIA
    coup = len(ext(state).held[0]) - 1  # the pick kept one conspiracy before
    _, state = run(state, acmd.TriggerConspiracy(seat=0, conspiracy=coup))
    assert state.pawn == 2 and state.current == 0 and not state.pending


def test_knossos_built_places_then_may_move_and_is_worth_3_vp() -> None:
    state = drafted(deal(wonders=("Knossos",), decrees=DECREES))
    state = coins(turn(state, 0), 0, 30)
    build = next(m for m in moves(state, 0, cmd.ConstructWonder) if m.wonder == KNOSSOS)
    _, state = run(state, build)
    assert [k for k, _, _ in state.pending] == [OWE_PLACE, OWE_MOVE]
    _, state = run(state, acmd.PlaceInfluence(seat=0, chamber=0),
                   acmd.MoveInfluence(seat=0, source=0, target=1))
    assert ext(state).cubes[0][:2] == (1, 1)  # the pick placed one in chamber 1 already
    assert G.rules.wonders[KNOSSOS].vp == 3


def test_small_military_token_places_a_cube_large_removes_one_then_may_move() -> None:
    state = cubes(_with("Coup"), (1, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0))
    state = G.evolve(state, ev.ConflictPawnMoved(seat=0, shields=0, position=2))
    events, state = _trigger(state)  # 2 shields: 2 -> 4, the small token at 3
    assert [e.token for e in of_type(events, ev.MilitaryTokenTaken)] == [0]
    assert not of_type(events, ev.CoinsLost)
    assert state.pending[0][0] == OWE_PLACE
    _, state = run(state, acmd.PlaceInfluence(seat=0, chamber=5))
    state = hold(turn(state, 0), 0, "Coup", prepared=True)
    events, state = _trigger(state)  # 4 -> 6: the large token
    assert [k for k, _, _ in state.pending] == [OWE_REMOVE, OWE_MOVE]
    _, state = run(state, acmd.RemoveInfluence(seat=0, chamber=1))
    assert ext(state).cubes[1] == (0,) * 6
    state = decline(state, 0)
    assert state.current == 0 and state.phase != OVER


def test_conspiracy_ids_are_the_reference_names() -> None:
    assert set(CONSPIRACY) == {
        "Extortion", "Blackmail", "Expropriation", "Swindle", "Obscurantism", "Coup",
        "Property Fraud", "Treason", "Political Maneuver", "Espionage", "Turn of Events",
        "Embezzlement", "Foreclosure", "Coercion", "Insider Influence", "Sabotage"}


def test_a_military_token_reached_mid_sequence_is_resolved_at_once() -> None:
    """The shield decree (D09) reached through a politician's first action moves the pawn
    onto the small token: its placement comes before the politician's second action."""
    from domain.duel_agora.owing import OWE_SENATE
    from tests.domain.duel_agora.support import POLITICIAN_LEFT, put

    state = turn(drafted(deal(decrees=("D09", "D02", "D03", "D04", "D05", "D06"))), 0)
    state = G.evolve(state, ev.ConflictPawnMoved(seat=0, shields=0, position=2))
    state = give(put(state, "r5x1", POLITICIAN_LEFT), 0, "Theater", "Altar")
    slot = G.rules.layouts[0].by_name["r5x1"]
    recruit = next(m for m in moves(state, 0, acmd.RecruitSenator) if m.slot == slot)
    _, state = run(state, recruit, acmd.PlaceInfluence(seat=0, chamber=0))
    assert state.pawn == 3
    assert [k for k, _, _ in state.pending] == [OWE_PLACE, OWE_SENATE]
