"""Héraclès, Faith's leader card ("Faith et Leaders"): dealt with the leaders only when both
expansions are on, his provisional cost overridable, and "à partir du moment où Héraclès est
en jeu, le joueur peut invoquer tous ses prochains Dieux gratuitement, sans payer leur coût
en ressources" (rule choice 51)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.kernel.game import fold
from domain.kernel.registry import get_game
from domain.sevenwonders.state import SWState
from domain.sevenwonders_faith.invoke import NOTHING, god_payments
from domain.sevenwonders_faith.model import GodRevealed
from domain.sevenwonders_leaders.catalog import DEALT, HERACLES, LEADERS
from domain.sevenwonders_leaders.deal import LeadersDeal
from domain.sevenwonders_leaders.effects import leader_cost
from domain.sevenwonders_leaders.state import LeadersState
from tests.domain.sevenwonders.support import deal_of, give
from tests.domain.sevenwonders_faith.support import G, god, turn, with_god
from tests.domain.sevenwonders_faith.test_gods import at

LF: Any = get_game("7wonders", ("leaders", "faith"))
LEADERS_ONLY = get_game("7wonders", ("leaders",))


def with_heracles(st: SWState, city: int = 0) -> SWState:
    """Héraclès recruited by `city` (his bit in the Leaders powers)."""
    powers = tuple(1 << HERACLES if c == city else 0 for c in range(len(st.cities)))
    return replace(st, ext=LeadersState(hands=((),) * len(st.cities), powers=powers))


def test_heracles_is_shuffled_with_the_leaders_only_when_faith_is_on() -> None:
    assert LEADERS[HERACLES].key == "heracles" and HERACLES not in DEALT
    for seed in range(3):
        events = LF.start(4, {}, random.Random(seed), None)
        deal = events[0].deal
        dealt = [x for h in deal.leaders for x in h] + list(deal.box)
        assert sorted(dealt) == sorted((*DEALT, HERACLES))
        plain = deal_of(LEADERS_ONLY.start(4, {}, random.Random(seed), None), LeadersDeal)
        assert HERACLES not in [x for h in plain.leaders for x in h] + list(plain.box)


def test_heracles_provisional_cost_overridden_by_leader_costs() -> None:
    st = fold(LF, LF.start(3, {}, random.Random(1), None))
    assert leader_cost(st, 0, HERACLES) == LEADERS[HERACLES].cost == 4
    st = fold(LF, LF.start(3, {"leader_costs": {"heracles": 1}}, random.Random(1), None))
    assert leader_cost(st, 0, HERACLES) == 1
    with pytest.raises(DomainError):
        LF.start(3, {"leader_costs": {"heracles": -1}}, random.Random(1), None)
    with pytest.raises(DomainError):
        LF.start(3, {"leader_costs": {"nobody": 2}}, random.Random(1), None)


def test_heracles_invokes_a_god_without_its_resources() -> None:
    """Arès II costs 2 raw materials: none produced nor affordable, yet Héraclès' city
    invokes him for nothing; its neighbour without Héraclès cannot."""
    st = at(2, ["ares"], ["ares"], coins=0)
    st = replace(st, cities=tuple(replace(c, fixed=(0,) * 7) for c in st.cities))
    assert god_payments(G.rules, st, 0, god("ares")) == []
    st = with_heracles(st)
    assert god_payments(G.rules, st, 0, god("ares")) == [NOTHING]
    assert god_payments(G.rules, st, 1, god("ares")) == []
    events, st = turn(st, with_god(0, "Aqueduct", "discard", "ares"))
    shown = [e for e in events if isinstance(e, GodRevealed)]
    assert [(e.city, e.choice.god, e.choice.left + e.choice.right) for e in shown] == [
        (0, god("ares"), 0)]


def test_heracles_still_pays_coins_and_owns_shields() -> None:
    """Only the resource cost is waived: an Egyptian god's coins are paid, Hadès' shields
    must be on the city's cards."""
    st = with_heracles(at(1, ["horus", "hades"], coins=0))
    assert god_payments(G.rules, st, 0, god("horus"))[0][0] > 0
    assert god_payments(G.rules, st, 0, god("hades")) == []
    st = give(st, 0, coins=5)
    assert god_payments(G.rules, st, 0, god("horus")) == [(1, 0, 0, NOTHING[3], NOTHING[4], ())]


def test_heracles_drafted_and_recruited_then_a_god_costs_no_resources() -> None:
    """The whole path with both expansions: Héraclès dealt to seat 0, drafted, recruited for
    his 4 coins; in the prayer that follows, every god seat 0 holds whose cost is paid in
    resources costs nothing."""
    from domain.sevenwonders_faith.catalog import GODS
    from domain.sevenwonders_faith.invoke import RESOURCE_KINDS
    from domain.sevenwonders_faith.model import FaithExt, KeepGod
    from domain.sevenwonders_faith.outlay import god_cost
    from domain.sevenwonders_leaders.commands import PickLeader, PlayLeader
    from domain.sevenwonders_leaders.effects import has

    drawn = LF.start(3, {}, random.Random(5), None)[0].deal
    hands = [list(h) for h in drawn.leaders]
    box = list(drawn.box)
    if HERACLES not in hands[0]:
        holder = next((h for h in hands if HERACLES in h), box)
        holder[holder.index(HERACLES)] = hands[0][0]
        hands[0][0] = HERACLES
    deal = replace(drawn, leaders=tuple(tuple(h) for h in hands), box=tuple(box))
    st = fold(LF, LF.start(3, {}, random.Random(5), deal))
    while st.phase == 20:  # the draft
        for seat in st.acting:
            pick = HERACLES if seat == 0 and HERACLES in st.ext.hands[0] else st.ext.hands[seat][0]
            _, st = LF.step(st, PickLeader(seat=seat, leader=pick))
    assert HERACLES in st.ext.hands[0]
    coins = st.cities[0].coins
    for seat in st.acting:
        if seat == 0:
            command = PlayLeader(seat=0, leader=HERACLES, action="recruit")
        else:
            command = next(m for m in LF.legal_moves(st, seat) if m.action == "discard")
        _, st = LF.step(st, command)
    assert has(st, 0, HERACLES) and st.cities[0].coins == coins - 4
    while st.phase == 30:
        for seat in st.acting:
            faith = st.ext2
            assert isinstance(faith, FaithExt)
            _, st = LF.step(st, KeepGod(seat=seat, god=faith.hands[seat][0]))
    faith = st.ext2
    assert isinstance(faith, FaithExt)
    checked = [g for g in faith.kept[0]
               if god_cost(st, g, 1)[0] in RESOURCE_KINDS and GODS[g].key != "chronos"]
    assert checked
    for g in checked:
        assert god_payments(LF.rules, st, 0, g) == [NOTHING], GODS[g].key


def test_every_seat_sees_the_leader_costs_the_game_replaces() -> None:
    """`leader_costs` replaces a leader's cost for the whole game: every seat's view (and a
    spectator's) shows it, Héraclès' provisional cost included."""
    plato = next(x.id for x in LEADERS if x.key == "plato")
    st = fold(LF, LF.start(3, {"leader_costs": {"heracles": 1, "plato": 9}},
                           random.Random(1), None))
    for seat in (0, 1, 2, None):
        assert sorted(LF.view(st, seat).ext.inner.leader_costs) == sorted(
            ((HERACLES, 1), (plato, 9)))
    assert LF.view(fold(LF, LF.start(3, {}, random.Random(1), None)), 0).ext.inner \
        .leader_costs == ()
