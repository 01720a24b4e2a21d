"""The prayer ("Phase de Prière"): 3 gods dealt in secret, keep one and pass two against the
coming age's direction, keep one and pass one, receive the last; the 2-player rules; the
gods' secrets in events and views."""

from __future__ import annotations

import random

import pytest

from domain.kernel.errors import DomainError
from domain.kernel.game import fold
from domain.sevenwonders.views import HIDDEN
from domain.sevenwonders_faith.model import (
    FaithStarted,
    GodKept,
    GodsPassed,
    KeepGod,
    PrayerBegan,
)
from domain.sevenwonders_faith.rules import god_pool
from tests.domain.sevenwonders_faith.support import G, explicit_deal, ext, god, start

BOARDS = [("gizah", "A"), ("babylon", "A"), ("olympia", "A")]
HANDS = (["apollon", "ares", "hera"], ["hecate", "hades", "zeus"],
         ["athena", "artemis", "demeter"])


def test_each_seat_keeps_one_passes_two_then_one_and_ends_with_three() -> None:
    st = start(BOARDS, *HANDS)
    assert st.phase == 30 and st.acting == (0, 1, 2)
    assert ext(st).hands == tuple(tuple(god(k) for k in h) for h in HANDS)
    for seat, k in ((0, "apollon"), (1, "zeus"), (2, "athena")):
        events, st = G.step(st, KeepGod(seat=seat, god=god(k)))
    passed = next(e for e in events if isinstance(e, GodsPassed))
    # Age I's cards go left, so gods go right: seat 1 receives seat 0's two.
    assert passed.direction == 1
    assert ext(st).hands[1] == (god("ares"), god("hera"))
    assert ext(st).hands[0] == (god("artemis"), god("demeter"))
    for seat, k in ((0, "artemis"), (1, "hera"), (2, "hecate")):
        _, st = G.step(st, KeepGod(seat=seat, god=god(k)))
    assert st.phase == 1 and st.turn == 1  # the age's first turn
    kept = ext(st).kept
    assert sorted(kept[0]) == sorted(god(k) for k in ("apollon", "artemis", "hades"))
    assert sorted(kept[1]) == sorted(god(k) for k in ("zeus", "hera", "demeter"))
    assert sorted(kept[2]) == sorted(god(k) for k in ("athena", "hecate", "ares"))


def test_a_god_not_in_hand_is_refused_and_a_seat_picks_once() -> None:
    st = start(BOARDS, *HANDS)
    with pytest.raises(DomainError) as info:
        G.step(st, KeepGod(seat=0, god=god("zeus")))
    assert info.value.code == "god_not_in_hand"
    _, st = G.step(st, KeepGod(seat=0, god=god("ares")))
    with pytest.raises(DomainError) as info:
        G.step(st, KeepGod(seat=0, god=god("hera")))
    assert info.value.code == "not_your_turn"
    assert st.acting == (1, 2)  # the others may still choose, in any order


def test_gods_pass_left_in_age_two() -> None:
    st = start(BOARDS, *HANDS)
    ex = ext(st)
    from msgspec.structs import replace

    st = G.evolve(replace(st, age=2, ext2=replace(ex, prayed=1)),
                  PrayerBegan(age=2, hands=ex.deal[1]))
    events = []
    for seat in (0, 1, 2):
        new, st = G.step(st, KeepGod(seat=seat, god=ext(st).hands[seat][0]))
        events += new
    assert next(e for e in events if isinstance(e, GodsPassed)).direction == -1


def test_two_players_no_god_for_the_free_city_and_six_gods_removed() -> None:
    pool = god_pool(2)
    assert not {god(k) for k in ("hestia_red",)} & set(pool)
    st = fold(G, G.start(2, {}, random.Random(4), None))
    assert ext(st).hands[2] == () and len(ext(st).hands[0]) == 3
    assert st.acting == (0, 1)
    for seat in (0, 1):
        _, st = G.step(st, KeepGod(seat=seat, god=ext(st).hands[seat][0]))
    assert [len(h) for h in ext(st).hands] == [2, 2, 0]


def test_seven_seats_served_and_eight_refused() -> None:
    from domain.sevenwonders_faith.rules import MAX_SEATS

    assert MAX_SEATS >= 7 and G.rules.max_seats == 7  # 26 gods built: 3 for 8 seats
    with pytest.raises(DomainError) as info:
        G.start(8, {}, random.Random(1), None)
    assert info.value.code == "invalid_seat_count"
    st = fold(G, G.start(7, {}, random.Random(1), None))
    assert all(len(h) == 3 for h in ext(st).hands)


def test_an_explicit_god_deal_is_checked() -> None:
    from msgspec.structs import replace

    deal = explicit_deal(BOARDS, *HANDS)
    bad = replace(deal, gods=(deal.gods[0], deal.gods[0], ((1, 1, 2), *deal.gods[0][1:])))
    with pytest.raises(DomainError) as info:
        G.start(3, {}, random.Random(1), bad)
    assert info.value.code == "invalid_deal"


def test_hands_of_gods_and_picks_are_secret() -> None:
    st0 = G.initial_state()
    events = G.start(3, {}, random.Random(1), explicit_deal(BOARDS, *HANDS))
    st = fold(G, events)
    began = next(e for e in events if isinstance(e, PrayerBegan))
    seen = G.redact(began, 1)
    assert seen.hands[1] == began.hands[1]
    assert seen.hands[0] == (HIDDEN,) * 3 and seen.hands[2] == (HIDDEN,) * 3
    assert G.redact(events[0], 1).deal is None
    started = next(e for e in events if isinstance(e, FaithStarted))
    assert started.gods is not None and G.redact(started, 1).gods is None
    assert all(h == (HIDDEN,) * 3 for h in G.redact(began, None).hands)
    new, st = G.step(st, KeepGod(seat=0, god=god("ares")))
    kept = next(e for e in new if isinstance(e, GodKept))
    assert G.redact(kept, 0).god == god("ares") and G.redact(kept, 1).god == HIDDEN
    view1 = G.view(st, 1).ext
    assert view1.gods_hand == began.hands[1] and view1.gods_kept == ()
    view0 = G.view(st, 0).ext
    assert view0.gods_kept == (god("ares"),)
    assert G.view(st, None).ext.gods_hand == ()
    assert view1.gods_kept_count == (1, 0, 0)
    assert st0.ext2 is None


def test_views_show_each_gods_cost_and_options_override_it() -> None:
    st = start(BOARDS, *HANDS, options={"god_costs": {"apollon": {"1": ["coins", 2]}}})
    costs = G.view(st, 0).ext.god_costs
    assert costs[god("apollon")][0] == ("coins", 2, (0,) * 7)
    assert costs[god("apollon")][1] == ("resources", 1, (0, 1, 0, 0, 0, 0, 0))
    with pytest.raises(DomainError) as info:
        start(BOARDS, *HANDS, options={"god_costs": {"apollon": {"4": ["coins", 2]}}})
    assert info.value.code == "invalid_option"
    with pytest.raises(DomainError) as info:
        start(BOARDS, *HANDS, options={"god_costs": {"nobody": {"1": ["coins", 2]}}})
    assert info.value.code == "invalid_option"
