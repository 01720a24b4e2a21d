"""Set-up, the leader draft, the recruitment, Rome and the Courtesan (Leaders rulebook:
"Préparation", "Phase de Leaders", "Phase de Recrutement", "Règles pour 2 joueurs",
"Description de la Merveille", "Guilde des Courtisanes", F.A.Q.)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.kernel.game import fold
from domain.sevenwonders.state import DISCARD_BUILD, PLAY, SWState
from domain.sevenwonders_leaders import events as lev
from domain.sevenwonders_leaders.catalog import GUILDS, LEADERS, ROME
from domain.sevenwonders_leaders.commands import (
    DeclineLeader,
    PickLeader,
    PlaceCourtesan,
    PlayLeader,
)
from domain.sevenwonders_leaders.deal import LeadersDeal
from domain.sevenwonders_leaders.state import DRAFT, EXTRA_LEADER, LEADER_TUCK, RECRUIT
from tests.domain.sevenwonders.support import deal_of
from tests.domain.sevenwonders_leaders.support import (
    G,
    age_hands,
    card,
    coins,
    draft_keeping_first,
    give,
    leader,
    recruit,
    start,
    step,
    with_hands,
)

FOUR = [["Caesar", "Croesus", "Plato", "Nero"], ["Midas", "Sappho", "Hiram", "Varro"],
        ["Amytis", "Bilkis", "Euclid", "Tomyris"]]


# -- Préparation ------------------------------------------------------------------------
def test_setup_six_coins_four_leaders_and_the_draft_open() -> None:
    st = start(3, leaders=FOUR)
    assert [c.coins for c in st.cities] == [6, 6, 6]
    assert st.phase == DRAFT and G.acting_seats(st) == (0, 1, 2)
    assert st.ext.hands == tuple(tuple(leader(n) for n in h) for h in FOUR)
    assert len(st.ext.box) == 36 - 12


def test_new_guilds_join_the_base_guilds_and_rome_the_boards() -> None:
    seen_guilds: set[int] = set()
    boards: set[int] = set()
    for seed in range(60):
        events = G.start(3 + seed % 5, {}, random.Random(seed), None)
        deal = deal_of(events, LeadersDeal)
        assert len(deal.guilds) == 3 + seed % 5 + 2
        seen_guilds |= set(deal.guilds)
        boards |= {w for w, _ in deal.boards}
    assert {g.id for g in GUILDS} <= seen_guilds and ROME in boards


# -- Phase de Leaders -------------------------------------------------------------------
def test_draft_keep_one_pass_the_rest_to_the_right() -> None:
    st = start(3, leaders=FOUR)
    _, st = step(st, PickLeader(seat=0, leader=leader("Caesar")),
                 PickLeader(seat=1, leader=leader("Midas")))
    assert st.ext.hands[0] == tuple(leader(n) for n in FOUR[0])  # nothing passes yet
    _, st = step(st, PickLeader(seat=2, leader=leader("Amytis")))
    # Seat 1 receives the 3 left by its left neighbour, seat 0; seat 0 those of seat 2.
    assert st.ext.hands[1] == tuple(leader(n) for n in ("Croesus", "Plato", "Nero"))
    assert st.ext.hands[0] == tuple(leader(n) for n in ("Bilkis", "Euclid", "Tomyris"))
    assert st.ext.kept[0] == (leader("Caesar"),) and st.ext.draft_round == 2


def test_draft_ends_with_four_leaders_each_and_recruitment_opens() -> None:
    st = start(3, leaders=FOUR)
    _, st = draft_keeping_first(st)
    assert [len(h) for h in st.ext.hands] == [4, 4, 4]
    assert sorted(x for h in st.ext.hands for x in h) == sorted(
        leader(n) for h in FOUR for n in h)
    assert st.phase == RECRUIT and st.age == 1 and G.acting_seats(st) == (0, 1, 2)


def test_two_players_swap_hands_and_the_free_city_gets_none() -> None:
    st = start(2, boards=[("gizah", "A"), ("rhodes", "A"), ("babylon", "A")],
               leaders=FOUR[:2])
    assert len(st.ext.hands) == 2
    _, st = step(st, PickLeader(seat=0, leader=leader("Caesar")),
                 PickLeader(seat=1, leader=leader("Midas")))
    assert st.ext.hands[0] == tuple(leader(n) for n in ("Sappho", "Hiram", "Varro"))
    assert st.ext.hands[1] == tuple(leader(n) for n in ("Croesus", "Plato", "Nero"))


def test_a_pick_never_fails_because_another_seat_picked_first() -> None:
    st = start(3, leaders=FOUR)
    picks = [PickLeader(seat=s, leader=leader(FOUR[s][1])) for s in range(3)]
    ends = set()
    for order in ([0, 1, 2], [2, 0, 1], [1, 2, 0]):
        _, end = step(st, *(picks[i] for i in order))
        ends.add(end.ext)
        for s in range(3):
            assert G.legal_moves(st, s) == [PickLeader(seat=s, leader=leader(n))
                                           for n in FOUR[s]]
    assert len(ends) == 1


def test_draft_refusals() -> None:
    st = start(3, leaders=FOUR)
    with pytest.raises(DomainError) as err:
        G.step(st, PickLeader(seat=0, leader=leader("Midas")))
    assert err.value.code == "leader_not_in_hand"
    _, st = step(st, PickLeader(seat=0, leader=leader("Caesar")))
    with pytest.raises(DomainError) as err:
        G.step(st, PickLeader(seat=0, leader=leader("Plato")))
    assert err.value.code == "not_your_turn"


# -- Phase de Recrutement ---------------------------------------------------------------
def _recruiting(seats: int = 3, **kw: Any) -> SWState:
    st = start(seats, leaders=FOUR[:seats] if seats > 2 else FOUR[:2], **kw)
    return draft_keeping_first(st)[1]


def test_recruitment_choices_are_hidden_then_resolved_together() -> None:
    st = start(3, leaders=FOUR)
    _, st = draft_keeping_first(st)
    st = with_hands(st, ["Caesar", "Plato"], ["Croesus", "Sappho"], ["Amytis", "Varro"])
    events, st = step(st, PlayLeader(seat=0, leader=leader("Caesar"), action="recruit"))
    assert st.cities[0].beside == () and st.cities[0].coins == 6  # hidden until all choose
    assert G.redact(events[0], 1).choice is None and G.redact(events[0], 0) == events[0]
    _, st = step(st, PlayLeader(seat=1, leader=leader("Croesus"), action="recruit"),
                 PlayLeader(seat=2, leader=leader("Amytis"), action="discard"))
    assert st.cities[0].beside == (leader("Caesar"),) and st.cities[0].coins == 6 - 5
    assert st.cities[0].shields == 2
    assert st.cities[1].coins == 6 - 1 + 6  # Croesus: cost 1, then 6 coins
    assert st.cities[2].coins == 9 and st.cities[2].beside == ()
    assert leader("Amytis") in st.ext.box  # discarded: back to the box, face down
    assert st.phase == PLAY and st.turn == 1


def test_recruit_needs_the_coins_held_at_the_start_of_the_step() -> None:
    st = start(3, leaders=FOUR)
    _, st = draft_keeping_first(st)
    st = coins(with_hands(st, ["Pericles"], ["Sappho"], ["Varro"]), 5, 6, 6)
    assert [m.action for m in G.legal_moves(st, 0)] == ["discard"]
    with pytest.raises(DomainError) as err:
        G.step(st, PlayLeader(seat=0, leader=leader("Pericles"), action="recruit"))
    assert err.value.code == "cannot_afford"


def test_a_leader_builds_a_wonder_stage_paying_the_board_cost() -> None:
    st = start(3, boards=[("gizah", "A"), ("rhodes", "A"), ("babylon", "A")], leaders=FOUR)
    _, st = draft_keeping_first(st)
    st = give(with_hands(st, ["Pericles"], ["Sappho"], ["Varro"]), 0, ["Stone Pit"])
    stage = [m for m in G.legal_moves(st, 0) if m.action == "stage"]
    assert stage and all((m.left, m.right) == (0, 0) for m in stage)  # 2 stone: own
    events, st = step(st, stage[0], PlayLeader(seat=1, leader=leader("Sappho"),
                                               action="discard"),
                      PlayLeader(seat=2, leader=leader("Varro"), action="discard"))
    assert st.cities[0].stages == 1 and st.cities[0].tucked == (LEADER_TUCK + leader("Pericles"),)
    assert st.cities[0].coins == 6 and st.cities[0].beside == ()
    played = next(e for e in events if isinstance(e, lev.LeadersPlayed))
    assert G.redact(played, 1).actions[0].leader == -1  # a face-down marker


def test_before_age_three_the_unplayed_leader_goes_back_to_the_box() -> None:
    st = _recruiting()
    st = replace(st, age=3)
    st = with_hands(st, ["Caesar", "Plato"], ["Croesus", "Sappho"], ["Amytis", "Varro"])
    events, st = step(st, PlayLeader(seat=0, leader=leader("Caesar"), action="discard"),
                      PlayLeader(seat=1, leader=leader("Croesus"), action="discard"),
                      PlayLeader(seat=2, leader=leader("Amytis"), action="discard"))
    boxed = next(e for e in events if isinstance(e, lev.LeadersBoxed))
    assert boxed.cards == ((leader("Plato"),), (leader("Sappho"),), (leader("Varro"),))
    assert st.ext.hands == ((), (), ())


# -- costs: Mécène, Rome A and B --------------------------------------------------------
def test_maecenas_makes_later_leaders_free() -> None:
    from domain.sevenwonders_leaders.effects import leader_cost

    st = _recruiting()
    assert leader_cost(st, 0, leader("Pericles")) == 6
    st = recruit(st, 0, "Maecenas")
    assert leader_cost(st, 0, leader("Pericles")) == 0
    assert leader_cost(st, 1, leader("Pericles")) == 6


def test_rome_a_free_rome_b_two_less_neighbours_one_less() -> None:
    from domain.sevenwonders_leaders.effects import leader_cost

    st = start(4, boards=[("rome", "A"), ("gizah", "A"), ("rhodes", "A"), ("babylon", "A")],
               leaders=[*FOUR, ["Hannibal", "Leonidas", "Zenobia", "Ramses"]])
    assert leader_cost(st, 0, leader("Pericles")) == 0
    assert leader_cost(st, 1, leader("Pericles")) == 6  # Rome A gives its neighbours nothing
    st = start(4, boards=[("rome", "B"), ("gizah", "A"), ("rhodes", "A"), ("babylon", "A")],
               leaders=[*FOUR, ["Hannibal", "Leonidas", "Zenobia", "Ramses"]])
    assert next(c.fixed for c in st.cities) == (0,) * 7  # Rome produces no resource
    assert leader_cost(st, 0, leader("Pericles")) == 4
    assert leader_cost(st, 0, leader("Sappho")) == 0  # never below 0
    assert leader_cost(st, 1, leader("Pericles")) == 5
    assert leader_cost(st, 3, leader("Pericles")) == 5  # left neighbour of Rome (city 0)
    assert leader_cost(st, 2, leader("Pericles")) == 6


def test_rome_b_first_stage_draws_four_leaders_from_the_box() -> None:
    st = start(3, boards=[("rome", "B"), ("gizah", "A"), ("rhodes", "A")], leaders=FOUR)
    _, st = draft_keeping_first(st)
    st = give(with_hands(st, ["Caesar"], ["Sappho"], ["Varro"]), 0,
              ["Lumber Yard", "Clay Pool"])
    top = st.ext.box[:4]
    stage = next(m for m in G.legal_moves(st, 0) if m.action == "stage")
    events, st = step(st, stage, PlayLeader(seat=1, leader=leader("Sappho"), action="discard"),
                      PlayLeader(seat=2, leader=leader("Varro"), action="discard"))
    assert st.cities[0].coins == 6 + 5 and st.ext.hands[0] == top
    drawn = next(e for e in events if isinstance(e, lev.LeadersDrawn))
    assert G.redact(drawn, 1).leaders == (-1,) * 4 and G.redact(drawn, 0) == drawn


def test_rome_b_later_stages_recruit_an_extra_leader_or_decline() -> None:
    st = start(3, boards=[("rome", "B"), ("gizah", "A"), ("rhodes", "A")], leaders=FOUR)
    _, st = draft_keeping_first(st)
    st = replace(st, ext=replace(st.ext, rome_done=(1, 0, 0)))
    st = give(st, 0, ["Stone Pit", "Clay Pool", "Loom"], stages=1, coins=6)
    st = with_hands(st, ["Caesar", "Pericles"], ["Sappho"], ["Varro"])
    stage = next(m for m in G.legal_moves(st, 0) if m.action == "stage"
                 and m.leader == leader("Caesar"))
    _, st = step(st, stage, PlayLeader(seat=1, leader=leader("Sappho"), action="discard"),
                 PlayLeader(seat=2, leader=leader("Varro"), action="discard"))
    assert st.phase == EXTRA_LEADER and G.acting_seats(st) == (0,)
    moves = G.legal_moves(st, 0)
    assert PlayLeader(seat=0, leader=leader("Pericles"), action="recruit") in moves
    assert DeclineLeader(seat=0) in moves
    with pytest.raises(DomainError):
        G.step(st, PlayLeader(seat=0, leader=leader("Pericles"), action="discard"))
    _, after = step(st, PlayLeader(seat=0, leader=leader("Pericles"), action="recruit"))
    assert after.cities[0].beside == (leader("Pericles"),)
    assert after.cities[0].coins == 6 - 4 and after.phase == PLAY  # Pericles 6, Rome B -2
    _, declined = step(st, DeclineLeader(seat=0))
    assert declined.cities[0].beside == () and declined.phase == PLAY


# -- F.A.Q. Salomon: Halicarnassus chooses from the discard pile first --------------------
def test_faq_solomon_after_halicarnassus() -> None:
    st = start(3, boards=[("halikarnassus", "B"), ("gizah", "A"), ("rhodes", "A")],
               leaders=FOUR)
    _, st = draft_keeping_first(st)
    st = give(with_hands(st, ["Caesar"], ["Solomon"], ["Varro"]), 0, ["Ore Vein", "Ore Vein"])
    st = replace(st, discard=(card("Altar"), card("Baths")))
    st = coins(st, 6, 6, 6)
    stage = next(m for m in G.legal_moves(st, 0) if m.action == "stage")
    _, st = step(st, stage, PlayLeader(seat=1, leader=leader("Solomon"), action="recruit"),
                 PlayLeader(seat=2, leader=leader("Varro"), action="discard"))
    assert st.phase == DISCARD_BUILD and st.special == 0 and G.acting_seats(st) == (0,)
    assert st.halikarnassus == ((1, 1),)
    from domain.sevenwonders.commands import BuildDiscarded

    _, st = step(st, BuildDiscarded(seat=0, card=card("Altar")))
    assert st.phase == DISCARD_BUILD and st.special == 1
    assert [m.card for m in G.legal_moves(st, 1)] == [card("Baths")]
    _, st = step(st, BuildDiscarded(seat=1, card=card("Baths")))
    assert card("Baths") in st.cities[1].built and st.phase == PLAY


# -- Guilde des Courtisanes ---------------------------------------------------------------
def _courtesans_built(st: SWState) -> SWState:
    st = age_hands(st, ["Courtesans Guild"], ["Altar"], ["Altar"])
    st = replace(st, age=3)
    st = give(st, 0, ["Lumber Yard", "Clay Pool", "Glassworks", "Loom"])
    _, st = step(st, next(m for m in G.legal_moves(st, 0) if m.action == "build"),
                 *(next(m for m in G.legal_moves(st, s) if m.action == "discard")
                   for s in (1, 2)))
    return st


def test_courtesan_copies_a_neighbours_leader() -> None:
    st = _recruiting()
    st = recruit(recruit(st, 1, "Caesar"), 2, "Cleopatra")
    st = _courtesans_built(st)
    assert G.acting_seats(st) == (0,)
    assert sorted((m.city, m.leader) for m in G.legal_moves(st, 0)) == [
        (1, leader("Caesar")), (2, leader("Cleopatra"))]
    shields = st.cities[0].shields
    _, st = step(st, PlaceCourtesan(seat=0, city=1, leader=leader("Caesar")))
    assert st.cities[0].shields == shields + 2 and st.cities[1].shields == 2
    assert st.ext.courtesan == (0, 1, leader("Caesar")) and st.phase == PLAY


def test_courtesan_lapses_without_a_leader_next_door() -> None:
    st = _courtesans_built(_recruiting())
    assert st.ext.courtesan_done and st.ext.courtesan == (-1, -1, -1) and st.phase == PLAY


def test_guild_names() -> None:
    assert [g.name for g in GUILDS] == ["Gamers Guild", "Courtesans Guild", "Diplomats Guild",
                                        "Architects Guild"]
    assert LEADERS[leader("Solomon")].timing == "immediate"


def test_fold_of_a_played_game_is_its_state() -> None:
    rng = random.Random(5)
    events = G.start(4, {}, rng, None)
    st = fold(G, events)
    while not G.is_over(st):
        seat = rng.choice(G.acting_seats(st))
        new, st = G.step(st, rng.choice(G.legal_moves(st, seat)))
        events += new
    assert fold(G, events) == st


def test_recruitment_comes_before_the_age_cards_are_dealt() -> None:
    """"Chaque Âge débute désormais par une phase de Recrutement": no Age hand is dealt
    (nor seen) while the leaders are chosen."""
    st = draft_keeping_first(start(3, leaders=FOUR))[1]
    assert st.phase == RECRUIT and st.hands == () and G.view(st, 0).hand == ()
    events, st = step(st, *(PlayLeader(seat=s, leader=st.ext.hands[s][0], action="discard")
                            for s in range(3)))
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("LeadersPlayed") < kinds.index("AgeBegan")
    assert [len(h) for h in st.hands] == [7, 7, 7]


def test_an_explicit_deal_must_hold_the_36_leaders_once() -> None:
    from tests.domain.sevenwonders_leaders.support import deal

    good = deal(3, leaders=FOUR)
    for bad in (replace(good, leaders=good.leaders[:2]),
                replace(good, box=good.box[1:]),
                replace(good, leaders=(good.leaders[0], good.leaders[0], good.leaders[2]))):
        with pytest.raises(DomainError) as err:
            G.start(3, {}, random.Random(1), bad)
        assert err.value.code == "invalid_deal"
    assert G.start(3, {}, random.Random(1), good)


def test_two_players_the_free_city_courtesan_is_placed_by_the_seat_that_built_it() -> None:
    from domain.sevenwonders.state import FREE_CITY

    st = start(2, boards=[("gizah", "A"), ("rhodes", "A"), ("babylon", "A")],
               leaders=FOUR[:2])
    _, st = draft_keeping_first(st)
    st = recruit(st, 0, "Caesar")
    st = give(replace(st, age=3), FREE_CITY, ["Lumber Yard", "Glassworks", "Loom"])
    holder = st.holder
    st = age_hands(st, *([["Courtesans Guild", "Altar"], ["Baths"], []] if holder == 0
                         else [["Baths"], ["Courtesans Guild", "Altar"], []]))
    st = replace(st, stepping=(0, 1, FREE_CITY), acting=(0, 1))
    other = 1 - holder
    own = next(m for m in G.legal_moves(st, holder) if m.card == card("Altar")
               and m.action == "discard")
    _, st = step(st, own)
    guild = next(m for m in G.legal_moves(st, holder) if m.card == card("Courtesans Guild")
                 and m.action == "build")
    theirs = next(m for m in G.legal_moves(st, other) if m.action == "discard")
    _, st = step(st, guild, theirs)
    assert st.holder != holder  # the Free City card has passed on
    assert G.acting_seats(st) == (holder,)
    _, st = step(st, PlaceCourtesan(seat=holder, city=0, leader=leader("Caesar")))
    assert st.ext.courtesan == (FREE_CITY, 0, leader("Caesar"))


@pytest.mark.parametrize(("side", "stages", "vp"), [("A", 1, 4), ("A", 2, 4 + 6),
                                                     ("B", 1, 0), ("B", 2, 3), ("B", 3, 6)])
def test_rome_stages_score(side: str, stages: int, vp: int) -> None:
    """Le Colisée de Rome: A 4 and 6 points; B 5 coins, then 3 and 3 points."""
    from domain.sevenwonders.scoring import wonders

    st = start(3, boards=[("rome", side), ("gizah", "A"), ("rhodes", "A")], leaders=FOUR)
    assert wonders(G.rules, give(st, 0, stages=stages), 0) == vp


# -- Salomon recruited at an age's start: the discard pile is shown to his seat ------------
def test_solomon_recruited_before_the_cards_sees_the_discard_pile() -> None:
    st = start(3, leaders=FOUR)
    _, st = draft_keeping_first(st)
    st = with_hands(st, ["Caesar"], ["Solomon"], ["Varro"])
    st = replace(st, discard=(card("Altar"), card("Baths")))
    assert st.hands == ()  # the recruitment comes before the age's cards are dealt
    _, st = step(st, PlayLeader(seat=0, leader=leader("Caesar"), action="discard"),
                 PlayLeader(seat=1, leader=leader("Solomon"), action="recruit"),
                 PlayLeader(seat=2, leader=leader("Varro"), action="discard"))
    assert st.phase == DISCARD_BUILD and G.acting_seats(st) == (1,)
    assert G.view(st, 1).discard == (card("Altar"), card("Baths"))
    assert G.view(st, 0).discard == () and G.view(st, None).discard == ()
