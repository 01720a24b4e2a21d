"""Bots at Pégase's step ("Faith et Leaders", rule choice 53): the seat whose city drew the
leaders sees them, so its sample offers the same leaders and its bot weighs them (a
leader's power applies in the sample, with or without the Leaders expansion); another
seat's sample is declined (what was drawn is hidden from it)."""

from __future__ import annotations

import random
from typing import Any

from msgspec.structs import replace

from domain.bots.knowledge import knowledge_for
from domain.kernel.registry import get_game
from domain.sevenwonders.state import SWState
from domain.sevenwonders_faith.model import PEGASUS, FaithExt, TakeLeader
from domain.sevenwonders_leaders.catalog import BY_KEY as LEADER
from tests.domain.sevenwonders_faith.test_pegasus import (
    at_play,
    faith_only_with_pegasus,
    invoke,
)


def _faith_only_at_pegasus(first: int) -> tuple[Any, SWState]:
    """A 3-seat Faith game without Leaders at seat 0's Pégase step, `first` drawn first."""
    game, st = faith_only_with_pegasus()
    faith = st.ext2
    assert isinstance(faith, FaithExt)
    box = (first, *(x for x in faith.leader_box if x != first))
    _, st = invoke(replace(st, ext2=replace(faith, leader_box=box)), game)
    return game, st


def test_the_drawing_seat_samples_its_own_offer_and_others_decline() -> None:
    st = at_play()
    _, st = invoke(st)
    game: Any = get_game("7wonders", ("leaders", "faith"))
    know = knowledge_for("7wonders")
    assert know is not None and st.phase == PEGASUS
    moves = game.legal_moves(st, 0)
    for trial in range(5):
        sample = know.determinise(game, game.view(st, 0), 0, moves, random.Random(trial))
        assert sample is not None and sample.phase == PEGASUS
        assert game.legal_moves(sample, 0) == moves
        for move in moves:
            game.step(sample, move)  # each is playable there
    assert know.determinise(game, game.view(st, 1), 1, [], random.Random(0)) is None


def test_a_leaders_power_counts_in_the_sample_without_the_leaders_expansion() -> None:
    """Hannibal drawn by Pégase in a game without Leaders: taken in the sample, his shield
    is there as in the game, so the bots see what he is worth."""
    hannibal = LEADER["hannibal"]
    game, st = _faith_only_at_pegasus(hannibal)
    know = knowledge_for("7wonders")
    assert know is not None
    moves = game.legal_moves(st, 0)
    take = TakeLeader(seat=0, leader=hannibal)
    assert take in moves
    _, truth = game.step(st, take)
    sample = know.determinise(game, game.view(st, 0), 0, moves, random.Random(1))
    assert sample is not None
    _, sampled = game.step(sample, take)
    assert sampled.cities[0].shields == truth.cities[0].shields == st.cities[0].shields + 1
