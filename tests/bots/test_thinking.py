"""The service's bots think in processes of their own (`api/runners/bot_thinking.py`): the move is
the one the same turn decides in place (seeded), and a thinking process that dies is
replaced."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import AsyncIterator
from typing import Any

import pytest

from api.runners.bot_thinking import BotThinking, Ruleset, Thought, decide
from domain.bots import SeatInput
from domain.kernel.game import fold
from domain.kernel.registry import get_ruleset


@pytest.fixture
async def thinking() -> AsyncIterator[BotThinking]:
    pool = BotThinking(1)
    try:
        yield pool
    finally:
        await pool.close()


def _turn(kind: str, expansions: tuple[str, ...], seats: int, seed: int) -> tuple[Any, SeatInput]:
    game = get_ruleset(kind, expansions)
    rng = random.Random(seed)
    state = fold(game, game.start(seats, {}, rng, None))
    for _ in range(6):  # a few moves in, where choices differ
        seat = game.acting_seats(state)[0]
        _, state = game.step(state, rng.choice(list(game.legal_moves(state, seat))))
    seat = game.acting_seats(state)[0]
    return game, SeatInput(seat, game.view(state, seat), game.legal_moves(state, seat))


async def test_a_thinking_process_decides_the_move_decided_in_place(
    thinking: BotThinking,
) -> None:
    for kind, expansions, seats in (("duel", (), 2), ("7wonders", ("faith",), 3)):
        for level in ("greedy", "strong"):
            for seed in (1, 2):
                game, inp = _turn(kind, expansions, seats, seed)
                # a budget of playouts only: the deadline is far (no clock decides)
                thought = Thought(level, inp, seed, 30, 60.0)
                ruleset = Ruleset(kind, expansions, {"bots": ["strong"] * seats})
                assert await thinking.decide(game, ruleset, thought) == decide(game, thought)
    assert thinking._pool is not None and thinking._pool._processes, "thought elsewhere"
    assert os.getpid() not in thinking._pool._processes


async def test_a_thinking_process_that_dies_is_replaced(thinking: BotThinking) -> None:
    game, inp = _turn("7wonders", (), 3, 4)
    ruleset = Ruleset("7wonders", (), {})
    quick = Thought("strong", inp, 4, 20, 60.0)
    expected = decide(game, quick)
    assert await thinking.decide(game, ruleset, quick) == expected  # the process is up
    assert thinking._pool is not None
    (first,) = thinking._pool._processes
    long = thinking.decide(game, ruleset, Thought("strong", inp, 4, 10**9, 1.0))
    task = asyncio.ensure_future(long)
    await asyncio.sleep(0.3)
    os.kill(first, signal.SIGKILL)  # killed mid-thought (out of memory, an operator)
    await task  # thought again in a new process, within its budget
    assert thinking._pool is not None and first not in thinking._pool._processes
    assert await thinking.decide(game, ruleset, quick) == expected
