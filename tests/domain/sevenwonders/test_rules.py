"""Scenario tests of the turn structure, the conflicts, the special steps and the scoring.

Rulebook sections (first edition): "Déroulement d'un tour" (simultaneous choice, then
actions), "Fin d'un âge" (6th turn, conflicts), the wonder boards (Halikarnassus, Olympia,
Babylon), "Fin de la partie" (scoring, ties broken by coins).
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders import commands as cmd
from domain.sevenwonders import events as ev
from domain.sevenwonders.state import COPY_GUILD, DISCARD_BUILD, OVER, PLAY, SEVENTH, SWState
from tests.domain.sevenwonders.support import G, card, give, hands, names, play, setup, step

BOARDS3 = [("gizah", "A"), ("babylon", "A"), ("ephesus", "A")]


def _turn(state: SWState, turn: int) -> SWState:
    return replace(state, turn=turn)


def test_every_seat_chooses_at_once_and_choices_stay_pending() -> None:
    st = hands(setup(BOARDS3), ["Altar", "Baths"], ["Theater", "Tavern"], ["Stockade", "Loom"])
    assert G.acting_seats(st) == (0, 1, 2)
    before = G.legal_moves(st, 0)
    events, st = step(st, play(1, "Tavern"))
    assert [type(e) for e in events] == [ev.CardChosen]
    assert G.acting_seats(st) == (0, 2)
    assert G.legal_moves(st, 1) == []
    assert G.legal_moves(st, 0) == before  # another seat's choice changes nothing for seat 0
    with pytest.raises(DomainError, match="not_your_turn"):
        G.step(st, play(1, "Theater"))
    events, st = step(st, play(2, "Stockade", "discard"), play(0, "Altar"))
    resolved = [e for e in events if isinstance(e, ev.StepResolved)]
    assert len(resolved) == 1
    assert [(a.city, a.kind) for a in resolved[0].actions] == [
        (0, "build"), (1, "build"), (2, "discard")]
    assert st.cities[1].coins == 3 + 5 and st.cities[2].coins == 3 + 3


def test_payments_come_from_coins_held_at_the_start_of_the_step() -> None:
    """Coins received by trading this turn are spendable only from the next turn."""
    base = setup(BOARDS3)
    base = give(base, 0, ["Ore Vein"], coins=0)
    base = give(base, 1, coins=2)
    base = give(base, 2, ["Clay Pool"], coins=0)
    st = hands(base, ["Guard Tower"], ["Barracks"], ["Stockade"])
    # city 1 buys ore from city 0 for 2: city 0 then has coins, but not during this step
    assert not [m for m in G.legal_moves(st, 0) if m.action == "build"]
    with pytest.raises(DomainError, match="cannot_afford"):
        G.step(st, play(0, "Guard Tower", left=2, right=0))
    _, st = step(st, play(1, "Barracks", left=2, right=0), play(2, "Stockade", "discard"),
                      play(0, "Guard Tower", "discard"))
    assert [c.coins for c in st.cities] == [2 + 3, 0, 3]


def test_hands_pass_left_in_ages_one_and_three_right_in_age_two() -> None:
    base = setup(BOARDS3)
    held = (["Altar", "Baths"], ["Theater", "Tavern"], ["Stockade", "Loom"])
    for age, shift in ((1, 1), (2, -1), (3, 1)):
        st = hands(replace(base, age=age), *held, age=1)
        _, st = step(st, *(play(s, held[s][0], "discard") for s in range(3)))
        for seat in range(3):
            assert names(st.hands[seat]) == held[(seat + shift) % 3][1:], (age, seat)


def test_sixth_turn_discards_the_last_card_without_coins_then_conflicts() -> None:
    base = setup(BOARDS3)
    base = give(give(base, 0, ["Stockade"]), 1, ["Walls"])
    st = _turn(hands(base, ["Altar", "Baths"], ["Theater", "Tavern"], ["Barracks", "Loom"]), 6)
    events, st = step(st, play(0, "Altar"), play(1, "Theater"), play(2, "Loom", "discard"))
    discarded = next(e for e in events if isinstance(e, ev.HandsDiscarded))
    assert [names(c) for c in discarded.cards] == [["Baths"], ["Tavern"], ["Barracks"]]
    assert [c.coins for c in st.cities] == [3, 3, 6]
    conflicts = next(e for e in events if isinstance(e, ev.ConflictsResolved))
    # shields 1, 2, 0: city 1 beats both, city 0 beats city 2, city 2 loses both
    assert conflicts.tokens == ((1, -1), (1, 1), (-1, -1))  # (vs left, vs right)
    assert st.age == 2 and st.turn == 1 and all(len(h) == 7 for h in st.hands)


@pytest.mark.parametrize(("age", "win"), [(1, 1), (2, 3), (3, 5)])
def test_conflict_tokens_by_age(age: int, win: int) -> None:
    base = give(setup(BOARDS3), 0, ["Stockade"])
    st = _turn(replace(hands(base, ["Altar", "Baths"], ["Theater", "Tavern"],
                             ["Barracks", "Loom"]), age=age), 6)
    events, _ = step(st, *(play(s, c, "discard") for s, c in
                           ((0, "Altar"), (1, "Theater"), (2, "Loom"))))
    conflicts = next(e for e in events if isinstance(e, ev.ConflictsResolved))
    assert conflicts.tokens == ((win, win), (-1,), (-1,))


def test_no_two_structures_of_one_name() -> None:
    base = give(setup(BOARDS3), 0, [card("Loom", 1)])
    st = hands(base, [card("Loom", 2)], ["Theater"], ["Altar"], age=2)
    assert [m.action for m in G.legal_moves(st, 0)] == ["stage", "discard"] or [
        m.action for m in G.legal_moves(st, 0)] == ["discard"]
    with pytest.raises(DomainError, match="already_built"):
        G.step(st, play(0, card("Loom", 2)))


def test_chain_builds_free_and_refuses_a_payment() -> None:
    base = give(setup(BOARDS3), 0, ["Altar"], coins=0)
    st = hands(base, ["Temple"], ["Theater"], ["Baths"], age=2)
    moves = [m for m in G.legal_moves(st, 0) if m.action == "build"]
    assert [(m.left, m.right) for m in moves] == [(0, 0)]
    with pytest.raises(DomainError, match="wrong_payment"):
        G.step(st, play(0, "Temple", left=2, right=0))
    events, _ = step(st, play(0, "Temple"), play(1, "Theater", "discard"),
                     play(2, "Baths", "discard"))
    assert next(e for e in events if isinstance(e, ev.StepResolved)).actions[0].chain


def test_coin_cost_goes_to_the_bank() -> None:
    base = give(setup(BOARDS3), 0, coins=1)
    st = hands(base, ["Mine"], ["Theater"], ["Baths"])
    events, st = step(st, play(0, "Mine"), play(1, "Theater", "discard"),
                      play(2, "Baths", "discard"))
    assert st.cities[0].coins == 0
    assert next(e for e in events if isinstance(e, ev.StepResolved)).actions[0].bank == 1
    broke = hands(give(setup(BOARDS3), 0, coins=0), ["Mine"], ["Theater"], ["Baths"])
    assert [m.action for m in G.legal_moves(broke, 0)] != ["build"]
    with pytest.raises(DomainError, match="cannot_afford"):
        G.step(broke, play(0, "Mine"))


def test_halikarnassus_builds_a_discarded_card_for_free_after_the_step() -> None:
    base = setup([("halikarnassus", "A"), ("gizah", "A"), ("ephesus", "A")])
    base = give(base, 0, ["Guard Tower"], stages=1, coins=0)
    base = replace(base, discard=(card("Tavern"), card("Guard Tower"), card("Palace")))
    base = replace(base, cities=(replace(base.cities[0], fixed=(0, 0, 0, 3, 0, 1, 0)),
                                 *base.cities[1:]))
    st = hands(base, ["Altar", "Baths"], ["Theater", "Pawnshop"], ["Stockade", "Loom"])
    events, st = step(st, play(0, "Altar", "stage"), play(1, "Theater", "discard"),
                      play(2, "Stockade", "discard"))
    assert any(isinstance(e, ev.HandsPassed) for e in events)
    assert st.phase == DISCARD_BUILD and G.acting_seats(st) == (0,)
    # every discarded card it does not own, Age III included (Stockade discarded just now)
    assert sorted(names([m.card for m in G.legal_moves(st, 0)])) == sorted(
        ["Tavern", "Palace", "Theater", "Stockade"])
    with pytest.raises(DomainError, match="already_built"):
        G.step(st, cmd.BuildDiscarded(seat=0, card=card("Guard Tower")))
    events, st = step(st, cmd.BuildDiscarded(seat=0, card=card("Tavern")))
    assert st.cities[0].coins == 5
    assert "Tavern" in names(st.cities[0].built) and card("Tavern") not in st.discard
    assert st.phase == PLAY and st.turn == 2 and G.acting_seats(st) == (0, 1, 2)


def test_halikarnassus_ability_lapses_when_nothing_qualifies() -> None:
    base = setup([("halikarnassus", "A"), ("gizah", "A"), ("ephesus", "A")])
    base = give(base, 0, ["Tavern"], stages=1)
    base = replace(base, cities=(replace(base.cities[0], fixed=(0, 0, 0, 3, 0, 1, 0)),
                                 *base.cities[1:]))
    st = replace(hands(base, ["Altar", "Baths"], ["Tavern", "Pawnshop"], ["Stockade", "Loom"]),
                 discard=())
    events, st = step(st, play(0, "Altar", "stage"), play(1, "Tavern", "discard"),
                      play(2, "Loom"))
    assert any(isinstance(e, ev.DiscardBuildLapsed) for e in events)
    assert st.phase == PLAY and st.turn == 2


def test_olympia_a_builds_one_structure_free_per_age() -> None:
    base = give(setup([("olympia", "A"), ("gizah", "A"), ("ephesus", "A")]), 0, stages=2,
                coins=0)
    st = hands(base, ["Palace", "Pantheon"], ["Theater", "Tavern"], ["Stockade", "Loom"], age=3)
    st = replace(st, age=3)
    assert [m.action for m in G.legal_moves(st, 0) if m.card == card("Palace")] == [
        "free", "discard"]
    _, st = step(st, play(0, "Palace", "free"), play(1, "Theater", "discard"),
                 play(2, "Loom", "discard"))
    assert "Palace" in names(st.cities[0].built) and st.cities[0].coins == 0
    assert not [m for m in G.legal_moves(st, 0) if m.action == "free"]
    with pytest.raises(DomainError, match="free_build_used"):
        G.step(st, play(0, st.hands[0][0], "free"))


def test_babylon_b_plays_its_seventh_card() -> None:
    base = give(setup([("babylon", "B"), ("gizah", "A"), ("ephesus", "A")]), 0, stages=2)
    base = replace(base, cities=(replace(base.cities[0], fixed=(0, 0, 3, 0, 0, 0, 1)),
                                 *base.cities[1:]))
    st = _turn(hands(base, ["Altar", "Baths"], ["Theater", "Tavern"], ["Stockade", "Loom"]), 6)
    events, st = step(st, play(0, "Altar"), play(1, "Theater"), play(2, "Loom", "discard"))
    discarded = next(e for e in events if isinstance(e, ev.HandsDiscarded))
    assert [names(c) for c in discarded.cards] == [[], ["Tavern"], ["Stockade"]]
    assert st.phase == SEVENTH and st.turn == 7 and G.acting_seats(st) == (0,)
    assert {m.action for m in G.legal_moves(st, 0)} == {"build", "stage", "discard"}
    events, st = step(st, play(0, "Baths", "discard"))
    assert st.cities[0].coins == 6
    assert any(isinstance(e, ev.ConflictsResolved) for e in events) and st.age == 2


def test_babylon_b_stage_built_on_the_sixth_turn_keeps_that_seventh_card() -> None:
    base = give(setup([("babylon", "B"), ("gizah", "A"), ("ephesus", "A")]), 0, stages=1)
    base = replace(base, cities=(replace(base.cities[0], fixed=(2, 0, 1, 0, 1, 0, 0)),
                                 *base.cities[1:]))
    st = _turn(hands(base, ["Altar", "Baths"], ["Theater", "Tavern"], ["Stockade", "Loom"]), 6)
    _, st = step(st, play(0, "Altar", "stage"), play(1, "Theater"), play(2, "Loom", "discard"))
    assert st.phase == SEVENTH and names(st.hands[0]) == ["Baths"]


def test_olympia_b_copies_a_neighbour_guild_after_the_last_conflicts() -> None:
    base = setup([("olympia", "B"), ("gizah", "A"), ("ephesus", "A")])
    base = give(base, 0, stages=3)
    base = give(base, 1, ["Spies Guild", "Stockade"])
    base = give(base, 2, ["Magistrates Guild", "Altar", "Barracks"])
    st = _turn(replace(hands(base, ["Palace", "Senate"], ["Pantheon", "Gardens"],
                             ["Lodge", "Study"], age=3), age=3), 6)
    _, st = step(st, play(0, "Palace", "discard"), play(1, "Pantheon", "discard"),
                 play(2, "Lodge", "discard"))
    assert st.phase == COPY_GUILD and G.acting_seats(st) == (0,)
    moves = {(m.card, m.neighbour) for m in G.legal_moves(st, 0)}
    assert moves == {(card("Spies Guild"), "right"), (card("Magistrates Guild"), "left")}
    with pytest.raises(DomainError, match="not_a_neighbour_guild"):
        G.step(st, cmd.CopyGuild(seat=0, card=card("Spies Guild"), neighbour="left"))
    _, st = step(st, cmd.CopyGuild(seat=0, card=card("Spies Guild"), neighbour="right"))
    assert st.phase == OVER
    # Spies Guild for city 0: red cards of both neighbours (Stockade, Barracks)
    assert st.scores[0][6] == 2
    assert st.cities[0].colours[6] == 0  # the copy is not a purple card of Olympia


def test_scores_in_official_categories_and_ties_broken_by_coins() -> None:
    base = setup(BOARDS3)
    base = give(base, 0, ["Altar", "Baths"], coins=7)   # 5 civilian + 2 treasury
    base = give(base, 1, ["Pawnshop", "Theater"], coins=8)  # 5 civilian + 2 treasury
    base = give(base, 2, ["Apothecary"], coins=9)  # 1 science + 3 treasury
    st = _turn(replace(hands(base, ["Palace", "Senate"], ["Pantheon", "Gardens"],
                             ["Lodge", "Study"], age=3), age=3), 6)
    _, st = step(st, play(0, "Palace", "discard"), play(1, "Pantheon", "discard"),
                 play(2, "Lodge", "discard"))
    assert st.phase == OVER
    # coins after the discard: 10, 11, 12
    assert [s[1] for s in st.scores] == [3, 3, 4]
    totals = [s[-1] for s in st.scores]
    assert totals == [8, 8, 5]
    assert st.ranking == (1, 0, 2)  # tie on 8 points: more coins first
    assert st.rank == (2, 1, 3)
    assert G.summary(st)["winner"] == 1


def test_equal_points_and_coins_share_a_rank() -> None:
    base = setup(BOARDS3)
    base = give(give(base, 0, ["Altar"], coins=3), 1, ["Theater"], coins=3)
    st = _turn(replace(hands(base, ["Palace", "Senate"], ["Pantheon", "Gardens"],
                             ["Lodge", "Study"], age=3), age=3), 6)
    _, st = step(st, play(0, "Palace", "discard"), play(1, "Pantheon", "discard"),
                 play(2, "Lodge", "discard"))
    assert st.rank[0] == st.rank[1] == 1
    assert G.summary(st)["winner"] is None
