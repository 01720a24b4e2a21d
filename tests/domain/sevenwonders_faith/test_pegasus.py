"""Pégase ("Faith et Leaders"): invoked by sacrificing the step's age card, he draws 2, 3 or
4 leaders from the unused ones; one is put in play for free, the others discarded, or all
of them discarded for 3 coins (rule choice 53)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.kernel.game import fold
from domain.kernel.registry import get_game
from domain.sevenwonders import SevenWondersGame
from domain.sevenwonders import commands as cmd
from domain.sevenwonders.state import SWState
from domain.sevenwonders_faith.catalog import BY_KEY
from domain.sevenwonders_faith.model import (
    PEGASUS,
    FaithExt,
    KeepGod,
    LeadersOffered,
    PegasusRode,
    PlayWithGod,
    TakeLeader,
)
from domain.sevenwonders_faith.rules import god_pool
from domain.sevenwonders_leaders.catalog import BY_KEY as LEADER
from domain.sevenwonders_leaders.commands import PickLeader, PlayLeader
from domain.sevenwonders_leaders.effects import has

LF: Any = get_game("7wonders", ("leaders", "faith"))
PEGASE = BY_KEY["pegase"].id


def at_play(seed: int = 3) -> SWState:
    """A 3-seat game with both expansions at Age I's first turn, seat 0 holding Pégase
    alone."""
    st: SWState = fold(LF, LF.start(3, {}, random.Random(seed), None))
    while st.phase == 20:
        for seat in st.acting:
            _, st = LF.step(st, PickLeader(seat=seat, leader=st.ext.hands[seat][0]))
    while st.phase == 21:
        for seat in st.acting:
            move = next(m for m in LF.legal_moves(st, seat)
                        if isinstance(m, PlayLeader) and m.action == "discard")
            _, st = LF.step(st, move)
    while st.phase == 30:
        for seat in st.acting:
            faith = st.ext2
            assert isinstance(faith, FaithExt)
            _, st = LF.step(st, KeepGod(seat=seat, god=faith.hands[seat][0]))
    faith = st.ext2
    assert isinstance(faith, FaithExt)
    # Only seat 0 holds a god (no Seth to answer it).
    return replace(st, ext2=replace(faith, kept=((PEGASE,), (), ()), allow=(1, 0, 0)))


def invoke(st: SWState, game: Any = LF) -> tuple[list[Any], SWState]:
    """Seat 0 sacrifices its first card with Pégase; the others discard theirs."""
    events: list[Any] = []
    new, st = game.step(st, PlayWithGod(seat=0, card=st.hands[0][0], action="discard",
                                        god=PEGASE))
    events += new
    for seat in (1, 2):
        new, st = game.step(st, cmd.Play(seat=seat, card=st.hands[seat][0], action="discard"))
        events += new
    return events, st


def test_pegasus_is_dealt_with_or_without_leaders() -> None:
    assert PEGASE in god_pool(3)
    faith = get_game("7wonders", ("faith",))
    assert isinstance(faith, SevenWondersGame)
    assert PEGASE in faith.rules.catalog_extra["god_pool"]


def faith_only_with_pegasus(seed: int = 3) -> tuple[Any, SWState]:
    """A 3-seat Faith game without Leaders after Age I's prayer, seat 0 holding Pégase
    alone."""
    game: Any = get_game("7wonders", ("faith",))
    st = fold(game, game.start(3, {}, random.Random(seed), None))
    while st.phase == 30:
        for seat in st.acting:
            faith = st.ext2
            assert isinstance(faith, FaithExt)
            _, st = game.step(st, KeepGod(seat=seat, god=faith.hands[seat][0]))
    faith = st.ext2
    assert isinstance(faith, FaithExt)
    return game, replace(st, ext2=replace(faith, kept=((PEGASE,), (), ()), allow=(1, 0, 0)))


def test_pegasus_without_leaders_draws_from_the_deals_leaders_and_the_power_works() -> None:
    """"Si vous possédez l'extension Leaders mais que vous ne l'utilisez pas lors de cette
    partie, vous pouvez très bien jouer avec Pégase": the leaders come from the deal's
    shuffled 36 (`leader_box`), and the one put in play acts through the leaders' powers
    (Hannibal: 1 shield)."""
    game, st = faith_only_with_pegasus()
    faith = st.ext2
    assert isinstance(faith, FaithExt)
    deal: Any = st.deal  # Faith's deal class is built at run time
    box = deal.leader_box
    assert faith.leader_box == box and sorted(box) == list(range(36)) and st.ext is None
    hannibal = LEADER["hannibal"]
    st = replace(st, ext2=replace(faith, leader_box=(hannibal, *(x for x in box
                                                                  if x != hannibal))))
    shields = st.cities[0].shields
    events, st = invoke(st, game)
    [offered] = [e for e in events if isinstance(e, LeadersOffered)]
    assert offered.leaders[0] == hannibal and len(offered.leaders) == 2
    _, st = game.step(st, TakeLeader(seat=0, leader=hannibal))
    assert has(st, 0, hannibal) and st.cities[0].shields == shields + 1
    assert hannibal not in st.ext.box and len(st.ext.box) == 35
    assert "leaders" in [n for n, _ in game.rules.score_categories]


def test_pegasus_needs_his_card_sacrificed() -> None:
    st = at_play()
    moves = [m for m in LF.legal_moves(st, 0) if isinstance(m, PlayWithGod)
             and m.god == PEGASE and m.use == "invoke"]
    assert moves and all(m.action == "discard" for m in moves)
    build = next(m for m in LF.legal_moves(st, 0) if isinstance(m, cmd.Play)
                 and m.action == "build")
    with pytest.raises(DomainError) as refused:
        LF.step(st, PlayWithGod(seat=0, card=build.card, action="build", god=PEGASE))
    assert refused.value.code == "sacrifice_needed"


def test_pegasus_draws_two_leaders_in_age_one_and_one_is_put_in_play_for_free() -> None:
    st = at_play()
    box = st.ext.box
    coins = st.cities[0].coins
    events, st = invoke(st)
    [offered] = [e for e in events if isinstance(e, LeadersOffered)]
    assert offered.leaders == box[:2] and st.phase == PEGASUS and st.acting == (0,)
    assert st.cities[0].coins == coins  # the sacrificed card gives no coins
    assert LF.redact(offered, 1).leaders == (-1, -1)  # drawn: seen by seat 0 only
    view = LF.view(st, 0).ext
    assert view.pegasus_leaders == box[:2] and LF.view(st, 1).ext.pegasus_leaders == ()
    moves = LF.legal_moves(st, 0)
    assert {m.leader for m in moves} == {*box[:2], -1}
    chosen = box[0]
    events, st = LF.step(st, TakeLeader(seat=0, leader=chosen))
    [rode] = [e for e in events if isinstance(e, PegasusRode)]
    assert rode.returned == (box[1],)
    assert chosen in st.cities[0].beside and has(st, 0, chosen)
    assert st.ext.box[-1] == box[1] and box[0] not in st.ext.box  # the other one discarded
    assert st.phase != PEGASUS


def test_pegasus_all_leaders_discarded_for_3_coins() -> None:
    st = at_play()
    box = st.ext.box
    _, st = invoke(st)
    coins = st.cities[0].coins
    _, st = LF.step(st, TakeLeader(seat=0, leader=-1))
    assert st.cities[0].coins == coins + 3 and not st.cities[0].beside
    assert st.ext.box[-2:] == box[:2]


def test_pegasus_croesus_drawn_gives_his_coins() -> None:
    st = at_play()
    croesus = LEADER["croesus"]
    box = [x for x in st.ext.box if x != croesus]
    st = replace(st, ext=replace(st.ext, box=(croesus, *box)))
    _, st = invoke(st)
    coins = st.cities[0].coins
    _, st = LF.step(st, TakeLeader(seat=0, leader=croesus))
    assert st.cities[0].coins == coins + 6


def test_pegasus_refuses_a_leader_not_drawn() -> None:
    st = at_play()
    _, st = invoke(st)
    other = next(x for x in range(36) if x not in st.ext2.offered)
    with pytest.raises(DomainError) as refused:
        LF.step(st, TakeLeader(seat=0, leader=other))
    assert refused.value.code == "leader_not_drawn"
