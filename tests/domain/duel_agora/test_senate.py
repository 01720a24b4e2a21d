"""The Senate, senators and decrees (agora-rules-fr: "A. Recruter un Sénateur",
"D. Contrôler une Chambre", "E. Suprématie Politique", "Décrets"), each named."""

from __future__ import annotations

from msgspec.structs import replace

from domain.duel import commands as cmd
from domain.duel import events as ev
from domain.duel.state import OVER, DuelState
from domain.duel_agora import commands as acmd
from domain.duel_agora import events as aev
from domain.duel_agora.owing import OWE_CONSPIRATOR, OWE_SENATE
from tests.domain.duel_agora.support import (
    CONSPIRATOR,
    POLITICIAN_CENTRE,
    POLITICIAN_LEFT,
    POLITICIAN_RIGHT,
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
    moves,
    of_type,
    put,
    run,
    turn,
)

ALL_UP = ("D01", "D02", "D03", "D04", "D05", "D06")
R5X1 = G.rules.layouts[0].by_name["r5x1"]


def _state(decrees: tuple[str, ...] = ALL_UP, seat: int = 0) -> DuelState:
    state = drafted(deal(decrees=decrees))
    return turn(state, seat)


# -- senators -------------------------------------------------------------------------------


def test_recruit_cost_is_the_senators_already_owned_and_corruption_makes_it_free() -> None:
    state = put(_state(), "r5x1", POLITICIAN_LEFT)
    state = coins(state, 0, 5)
    recruit = _recruit_at(state, "r5x1")
    assert recruit.coins == 0
    events, state = run(state, recruit)
    assert of_type(events, aev.SenatorRecruited)[0].cost == 0
    state = decline(state, 0)
    state = turn(put(state, "r5x3", POLITICIAN_RIGHT), 0)
    assert _recruit_at(state, "r5x3").coins == 1
    free = give_tokens(state, 0, "Corruption")
    assert _recruit_at(free, "r5x3").coins == 0
    poor = coins(state, 0, 0)
    assert moves(poor, 0, acmd.RecruitSenator) == []


def _recruit_at(state: DuelState, slot: str, seat: int = 0) -> acmd.RecruitSenator:
    index = G.rules.layouts[0].by_name[slot]
    (recruit,) = [m for m in moves(state, seat, acmd.RecruitSenator) if m.slot == index]
    return recruit


def test_a_senator_is_recruited_not_constructed_but_may_be_discarded() -> None:
    state = put(_state(), "r5x1", POLITICIAN_LEFT)
    slot = G.rules.layouts[0].by_name["r5x1"]
    assert error(state, cmd.ConstructBuilding(seat=0, slot=slot)).code == \
        "senator_not_constructible"
    assert cmd.DiscardCard(seat=0, slot=slot) in G.legal_moves(state, 0)


def test_politician_places_only_in_its_section_one_action_with_no_blue_card() -> None:
    """Politician (left): placements in chambers 1-2 only; 0-1 blue cards give 1 action."""
    state = put(_state(), "r5x1", POLITICIAN_LEFT)
    _, state = run(state, _recruit_at(state, "r5x1"))
    assert state.pending[0][0] == OWE_SENATE
    places = moves(state, 0, acmd.PlaceInfluence)
    assert [m.chamber for m in places] == [0, 1]
    _, state = run(state, places[1])
    assert ext(state).cubes[0] == (0, 1, 0, 0, 0, 0)
    assert not state.pending and state.current == 1


def test_politician_centre_and_right_sections_and_actions_by_blue_cards() -> None:
    """2-3 blue cards give 2 actions, 4+ give 3; a cube may be moved to an adjacent chamber."""
    state = give(_state(), 0, "Theater", "Altar")
    state = put(state, "r5x1", POLITICIAN_CENTRE)
    _, state = run(state, _recruit_at(state, "r5x1"))
    assert [m.chamber for m in moves(state, 0, acmd.PlaceInfluence)] == [2, 3]
    _, state = run(state, acmd.PlaceInfluence(seat=0, chamber=3))
    assert {(m.source, m.target) for m in moves(state, 0, acmd.MoveInfluence)} == {(3, 2), (3, 4)}
    _, state = run(state, acmd.MoveInfluence(seat=0, source=3, target=4))
    assert ext(state).cubes[0] == (0, 0, 0, 0, 1, 0) and not state.pending
    rich = give(turn(state, 0), 0, "Baths", "Statue")
    rich = put(rich, "r5x3", POLITICIAN_RIGHT)
    rich = coins(rich, 0, 5)
    _, rich = run(rich, _recruit_at(rich, "r5x3"))
    assert rich.pending[0] == (OWE_SENATE, 2 * 4 + 3, 0)
    assert [m.chamber for m in moves(rich, 0, acmd.PlaceInfluence)] == [4, 5]


def test_conspirator_places_anywhere_or_conspires_keeping_one() -> None:
    state = drafted(deal(decrees=ALL_UP, deck=("Coup", "Blackmail")))
    state = put(turn(state, 0), "r5x1", CONSPIRATOR)
    _, state = run(state, _recruit_at(state, "r5x1"))
    assert state.pending[0][0] == OWE_CONSPIRATOR
    assert len(moves(state, 0, acmd.PlaceInfluence)) == 6
    events, state = run(state, acmd.Conspire(seat=0))
    drawn = of_type(events, aev.ConspiraciesDrawn)[0]
    assert len(drawn.cards) == 2
    keep = moves(state, 0, acmd.KeepConspiracy)
    assert len(keep) == 4  # either card, the other on top or at the bottom
    deck_before = ext(state).deck
    _, state = run(state, acmd.KeepConspiracy(seat=0, keep=drawn.cards[0], on_top=False))
    assert ext(state).held[0] == (drawn.cards[0],)
    assert ext(state).deck == (*deck_before, drawn.cards[1])
    assert state.current == 1


def test_organized_crime_keeps_both_conspiracies() -> None:
    state = drafted(deal(decrees=ALL_UP))
    state = give_tokens(turn(state, 0), 0, "Organized Crime")
    state = put(state, "r5x1", CONSPIRATOR)
    _, state = run(state, _recruit_at(state, "r5x1"), acmd.Conspire(seat=0))
    assert len(ext(state).held[0]) == 2 and not state.pending


# -- control, reveal, supremacy, score ----------------------------------------------------


def test_control_is_a_strict_majority_and_a_tie_controls_nothing() -> None:
    state = cubes(_state(), (2, 1, 0, 0, 0, 0), (1, 1, 0, 0, 0, 1))
    e = ext(state)
    assert [e.controller(c) for c in range(6)] == [0, -1, -1, -1, -1, 1]


def test_placing_a_cube_reveals_a_face_down_decree() -> None:
    state = put(_state(), "r5x1", POLITICIAN_LEFT)
    e = ext(state)
    hidden = e.decrees[1][0]
    assert not (e.revealed >> hidden) & 1
    events, state = run(state, _recruit_at(state, "r5x1"),
                        acmd.PlaceInfluence(seat=0, chamber=1))
    assert of_type(events, aev.DecreeRevealed) == [aev.DecreeRevealed(chamber=1, decree=hidden)]


def test_political_supremacy_controlling_all_six_chambers_wins_at_once() -> None:
    state = cubes(_state(), (1, 1, 1, 1, 1, 0), (0, 0, 0, 0, 0, 0))
    state = put(state, "r5x1", POLITICIAN_RIGHT)
    events, state = run(state, _recruit_at(state, "r5x1"),
                        acmd.PlaceInfluence(seat=0, chamber=5))
    (ended,) = of_type(events, ev.GameEnded)
    assert (ended.winner, ended.victory) == (0, "political")
    assert state.phase == OVER and G.summary(state)["victory"] == "political"


def test_chambers_score_their_points_on_the_senate_line() -> None:
    """Chambers score 1/2/3/3/2/1 to their controller; the civilian tie-break is unchanged."""
    state = cubes(_state(), (1, 0, 1, 0, 0, 0), (0, 2, 0, 0, 0, 1))
    names = G.catalog()["score_categories"]
    assert names[-2:] == ["senate", "total"]
    from domain.duel.scoring import score

    assert score(G.rules, state, 0)[names.index("senate")] == 1 + 3
    assert score(G.rules, state, 1)[names.index("senate")] == 2 + 1


# -- decrees --------------------------------------------------------------------------------


def _holding(decree: str, seat: int = 0) -> DuelState:
    """Seat `seat` controls chamber 1, which holds `decree` face up."""
    others = [k for k in ALL_UP if k != decree][:5]
    state = drafted(deal(decrees=(decree, *others)))
    row = (1, 0, 0, 0, 0, 0)
    state = cubes(state, row, (0,) * 6) if seat == 0 else cubes(state, (0,) * 6, row)
    return turn(state, 0)


def _build_first(state: DuelState, seat: int, card: str, slot: str = "r5x1") -> list[object]:
    state = coins(put(state, slot, card), seat, 30)
    state = turn(state, seat)
    build = next(m for m in moves(state, seat, cmd.ConstructBuilding)
                 if G.rules.layouts[0].slots[m.slot].name == slot)
    return run(state, build)[0]


def test_decrees_d01_to_d04_coins_when_either_seat_builds_the_colour() -> None:
    for decree, card in (("D01", "Theater"), ("D02", "Workshop"), ("D03", "Tavern"),
                         ("D04", "Guard Tower")):
        state = _holding(decree, seat=0)
        events = _build_first(state, 1, card)
        assert ev.CoinsGained(seat=0, amount=1, reason="decree") in events, decree


def test_decrees_d05_to_d07_ignore_one_cost_symbol() -> None:
    """D05 yellow, D06 red, D07 green: « Vous ignorez 1 symbole du coût (ressource ou
    Pièces, au choix) » / « 1 Kosten-Symbol (wahlweise entweder eine Ressource oder
    Münzen) »: a Duel card prints its coin cost as one coin symbol, so ignoring it waives
    the whole coin cost (3 for the Stone Reserve, not 1)."""
    for decree, card, full in (("D05", "Stone Reserve", 3), ("D06", "Palisade", 2),
                               ("D07", "Scriptorium", 2)):
        state = coins(put(_holding(decree), "r5x1", card), 0, 30)
        (build,) = [m for m in moves(state, 0, cmd.ConstructBuilding) if m.slot == R5X1]
        assert build.coins == 0, decree
        _, after = run(state, build)
        assert after.players[0].coins == 30, decree  # nothing paid
        other = coins(put(_holding(decree, seat=1), "r5x1", card), 0, 30)
        assert next(m for m in moves(other, 0, cmd.ConstructBuilding) if m.slot == R5X1).coins \
            == full


def test_decree_d08_wonders_cost_one_resource_less() -> None:
    state = _holding("D08")
    w = state.players[0].wonders[0]
    from domain.duel.play import Pricer

    with_decree = Pricer(G.rules, state, 0).wonder(w).coins
    without = Pricer(G.rules, cubes(state, (0,) * 6, (0,) * 6), 0).wonder(w).coins
    assert with_decree < without


def test_decree_d09_moves_the_pawn_on_gaining_and_losing_control() -> None:
    """Gaining: 1 toward the opponent; the opponent taking control: 2 back."""
    state = drafted(deal(decrees=("D09", "D02", "D03", "D04", "D05", "D06")))
    state = turn(put(state, "r5x1", POLITICIAN_LEFT), 0)
    _, state = run(state, _recruit_at(state, "r5x1"),
                   acmd.PlaceInfluence(seat=0, chamber=0))
    assert state.pawn == 1
    state = cubes(state, (1, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0))  # a tie set by hand
    state = cubes(state, (1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0))
    state = turn(put(state, "r5x3", POLITICIAN_LEFT), 1)
    _, state = run(state, _recruit_at(state, "r5x3", 1),
                   acmd.PlaceInfluence(seat=1, chamber=0))
    assert state.pawn == 0  # a tie: seat 0 loses the shield
    state = turn(put(state, "r5x5", POLITICIAN_LEFT), 1)
    state = coins(state, 1, 9)
    _, state = run(state, _recruit_at(state, "r5x5", 1),
                   acmd.PlaceInfluence(seat=1, chamber=0))
    assert state.pawn == -1


def test_decrees_d10_d11_resources_one_coin_cheaper_never_below_one() -> None:
    from domain.duel.play import unit_prices

    brown = _holding("D10")
    assert unit_prices(G.rules, brown, 0) == (1, 1, 1, 2, 2)
    grey = _holding("D11")
    assert unit_prices(G.rules, grey, 0) == (2, 2, 2, 1, 1)
    assert unit_prices(G.rules, grey, 1) == (2, 2, 2, 2, 2)


def test_decree_d12_adds_two_blue_cards_to_count_senate_actions() -> None:
    state = put(_holding("D12"), "r5x1", POLITICIAN_CENTRE)
    _, state = run(state, _recruit_at(state, "r5x1"))
    assert state.pending[0] == (OWE_SENATE, 1 * 4 + 2, 0)


def test_decree_d13_discarding_gives_two_more_coins() -> None:
    state = _holding("D13")
    slot = G.rules.layouts[0].accessible_slots(state.taken)[0]
    events, _ = run(state, cmd.DiscardCard(seat=0, slot=slot))
    assert of_type(events, ev.CardDiscarded)[0].coins == 4


def test_decree_d14_coins_when_either_seat_builds_a_wonder() -> None:
    state = coins(_holding("D14"), 1, 40)
    state = turn(state, 1)
    build = moves(state, 1, cmd.ConstructWonder)[0]
    events, _ = run(state, build)
    assert ev.CoinsGained(seat=0, amount=1, reason="decree") in events


def test_decree_d15_chains_from_the_opponents_cards() -> None:
    state = give(_holding("D15"), 1, "Theater")  # chain symbol: mask
    state = coins(put(state, "r5x1", "Statue"), 0, 0)
    (build,) = [m for m in moves(state, 0, cmd.ConstructBuilding) if m.slot == R5X1]
    assert build.coins == 0


def test_decree_d16_recruiting_a_conspirator_plays_again() -> None:
    state = put(_holding("D16"), "r5x1", CONSPIRATOR)
    events, state = run(state, _recruit_at(state, "r5x1"))
    assert ev.PlayAgainGranted(seat=0) in events
    state = decline(state, 0)
    assert state.current == 0


def test_a_constructions_decree_coins_count_when_it_ends_the_game() -> None:
    """The coins a construction earns (D01-D04: « prenez des pièces ») are taken with the
    construction, before its card's effects: a red card whose shield reaches the capital
    (military supremacy) still takes them."""
    state = coins(put(_holding("D04"), "r5x1", "Guard Tower"), 0, 30)
    state = replace(state, pawn=8, looting=0)
    (build,) = [m for m in moves(state, 0, cmd.ConstructBuilding) if m.slot == R5X1]
    events, after = run(state, build)
    (ended,) = of_type(events, ev.GameEnded)
    assert ended.victory == "military"
    gained = ev.CoinsGained(seat=0, amount=1, reason="decree")
    assert gained in events and events.index(gained) < events.index(ended)
    assert after.players[0].coins == 30 - (build.coins or 0) + 1


def test_decree_coins_of_the_last_card_of_age_iii_are_scored() -> None:
    """At the civil end of Age III the decree's coins (the Age: 3) are in the treasury that
    is scored (1 VP per full 3 coins)."""
    state = _holding("D03")
    layout = G.rules.layouts[2]
    state = G.evolve(state, ev.AgeBegan(age=3, cards=(-1,) * len(layout.slots)))
    state = turn(put(state, layout.slots[0].name, "Chamber of Commerce"), 0)
    state = coins(replace(state, taken=layout.full & ~1), 0, 27)
    (build,) = moves(state, 0, cmd.ConstructBuilding)
    events, after = run(state, build)
    (ended,) = of_type(events, ev.GameEnded)
    assert ended.victory == "civilian"
    assert ev.CoinsGained(seat=0, amount=3, reason="decree") in events
    assert after.players[0].coins == 27 - (build.coins or 0) + 3
    coins_line = list(G.catalog()["score_categories"]).index("coins")
    assert ended.scores[0][coins_line] == after.players[0].coins // 3
