"""The bot runner in one process: it wakes for the game that changed, not for every game,
and its bots think off the process's event loop.

A command appended by this process pokes the runner with its game: the runner then looks at
that game only (the periodic scan of every running game with bots is far away here), and a
game without bot seats costs it no read at all. On a database of its own.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import sys
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import msgspec
import pytest

from api.runners.bot_thinking import BotThinking, Ruleset, Thought, trivial
from api.runners.bots import BotRunner, BotSettings, turn_key
from api.service.commands import Committed
from api.service.folded import Folded
from api.service.game_service import GameService
from infra.db import create_database, create_pool, drop_database
from infra.event_store import EventStore
from infra.migrate import migrate


@pytest.fixture
async def own_pool(admin_dsn: str) -> AsyncIterator[asyncpg.Pool]:
    """A database of this test's own: the shared one's API processes run bot runners too,
    and would move these games behind this runner's back."""
    name = f"polis_test_wake_{secrets.token_hex(4)}"
    dsn = await create_database(admin_dsn, name)
    pool = await create_pool(dsn, min_size=1, max_size=4)
    try:
        async with pool.acquire() as conn:
            await migrate(conn)
        yield pool
    finally:
        await pool.close()
        await drop_database(admin_dsn, name)


class _Reads(EventStore):
    """The event store, recording the game of every read by game."""

    games: list[uuid.UUID]

    async def get_game(self, game_id: uuid.UUID) -> Any:
        self.games.append(game_id)
        return await super().get_game(game_id)

    async def stream_rows(self, game_id: uuid.UUID, after_version: int = 0) -> Any:
        self.games.append(game_id)
        return await super().stream_rows(game_id, after_version)


class _Runner(BotRunner):
    scans = 0
    played: list[uuid.UUID]

    async def tick(self) -> int:
        self.scans += 1
        return await super().tick()

    async def play(self, game_id: uuid.UUID) -> int:
        self.played.append(game_id)
        return await super().play(game_id)


def _acting(folded: Folded) -> list[int]:
    return list(folded.game.acting_seats(folded.state))


async def _settled(service: GameService, runner: _Runner, game_id: uuid.UUID) -> Folded:
    """The game once its bot (seat 1) has nothing left to do."""
    async with asyncio.timeout(20):
        while True:
            folded = await service.folded(game_id)
            if not runner._pending and (folded.game.is_over(folded.state)
                                        or 1 not in _acting(folded)):
                await asyncio.sleep(0.05)
                if not runner._pending:
                    return folded
            await asyncio.sleep(0.02)


async def test_a_command_wakes_only_its_own_game(own_pool: asyncpg.Pool) -> None:
    pool = own_pool
    store = _Reads(pool)
    store.games = []
    runner: _Runner | None = None

    def committed(c: Committed) -> None:
        if runner is not None:
            runner.poke(c.game_id)

    service = GameService(store, committed)
    bots = {"bots": [None, "random"]}
    with_bots = [
        (await service.create("duel", [], bots, ["Ada", "bot"], None, seed))
        for seed in range(3)
    ]
    without, without_tokens = await service.create("duel", [], {}, ["Ada", "Bo"], None, 9)
    runner = _Runner(service, pool, BotSettings(poll_seconds=3600.0))
    runner.played = []
    runner.start()
    try:
        for record, _ in with_bots:  # the first scan plays the bots that open
            await _settled(service, runner, record.game_id)
        assert runner.scans == 1
        rng = random.Random(3)
        (record, tokens), others = with_bots[0], {r.game_id for r, _ in with_bots[1:]}
        game_id = record.game_id
        moves_before = runner.moves
        for _ in range(6):  # the human's moves; the bot answers each of its turns
            folded = await _settled(service, runner, game_id)
            if folded.game.is_over(folded.state):
                break
            store.games.clear()
            runner.played.clear()
            version, moves = await service.legal_moves(folded, 0)
            await service.submit(game_id, tokens[0], version,
                                 msgspec.json.decode(rng.choice(moves)), None)
            await _settled(service, runner, game_id)
            assert set(runner.played) <= {game_id}
            assert not others & set(store.games), "no other game was read"
        assert runner.moves > moves_before, "the bot answered through its game's wake-up"
        assert runner.scans == 1, "no scan of every game per command"

        # a game without bots: the wake-up costs no read and no look
        store.games.clear()
        runner.played.clear()
        folded = await service.folded(without.game_id)
        seat = _acting(folded)[0]
        version, moves = await service.legal_moves(folded, seat)
        store.games.clear()
        await service.submit(without.game_id, without_tokens[seat], version,
                             msgspec.json.decode(moves[0]), None)
        await asyncio.sleep(0.2)
        assert runner.played == [] and store.games == []
    finally:
        await runner.stop()


async def test_the_scan_plays_a_seat_that_left_when_no_wake_up_came(
    own_pool: asyncpg.Pool,
) -> None:
    """A seat that left a 3-seat game without a clock is played by its bot; when the
    process whose append owed that move died before playing it (here: no runner was
    poked), the safety-net scan finds the game by its summary's `left` and plays it."""
    service = GameService(EventStore(own_pool), lambda c: None)  # nobody is poked
    record, tokens = await service.create("7wonders", [], {}, ["Ada", "Bo", "Cy"], None, 5)
    game_id = record.game_id
    folded = await service.folded(game_id)
    version, _ = await service.legal_moves(folded, 2)
    await service.submit(game_id, tokens[2], version, {"type": "Resign", "seat": 2}, None)
    for seat in (0, 1):  # the humans choose: only the bot's seat is left to act
        version, moves = await service.legal_moves(folded, seat)
        await service.submit(game_id, tokens[seat], version, msgspec.json.decode(moves[0]),
                             None)
    await service.games.refresh(folded)
    assert list(folded.game.acting_seats(folded.state)) == [2]
    before = folded.version
    runner = BotRunner(service, own_pool, BotSettings(poll_seconds=3600.0))
    assert await runner.tick() >= 1, "the scan played the seat that left"
    await service.games.refresh(folded)
    assert folded.version > before  # seat 2's choice completed the turn


async def test_a_turn_locked_by_a_replica_that_died_is_played_by_the_next_scan(
    own_pool: asyncpg.Pool,
) -> None:
    """Another replica holds a bot seat's turn (its advisory lock) when this runner scans,
    then dies before moving: the game's version is the one the scan saw, and the next scan
    must still play the turn, not skip the game as one with nothing to move (a game of two
    processes with one killed once stayed unfinished so)."""
    service = GameService(EventStore(own_pool), lambda c: None)
    record, _ = await service.create("duel", [], {"bots": ["random", "random"]},
                                     ["bot", "bot"], None, 3)
    game_id = record.game_id
    folded = await service.folded(game_id)
    [seat] = _acting(folded)
    before = folded.version
    runner = BotRunner(service, own_pool, BotSettings(poll_seconds=3600.0))
    try:
        async with own_pool.acquire() as replica:
            await replica.execute("SELECT pg_advisory_lock($1)", turn_key(game_id, seat))
            assert await runner.tick() == 0, "the turn is the other replica's"
            await replica.execute("SELECT pg_advisory_unlock($1)", turn_key(game_id, seat))
        # the replica is gone without moving: same version, the turn still owed
        await service.games.refresh(folded)
        assert folded.version == before
        assert await runner.tick() >= 1, "the scan played the turn the dead replica left"
        await service.games.refresh(folded)
        assert folded.version > before
    finally:
        await runner.stop()


class _Timed(BotThinking):
    """Thinks as the service does, noting when each thought ran (monotonic seconds)."""

    def __init__(self, processes: int) -> None:
        super().__init__(processes)
        self.spans: list[tuple[float, float]] = []

    async def decide(self, game: Any, ruleset: Ruleset, thought: Thought) -> Any:
        started = time.monotonic()
        try:
            return await super().decide(game, ruleset, thought)
        finally:
            if not trivial(thought):
                self.spans.append((started, time.monotonic()))


async def test_strong_bots_thinking_leave_the_event_loop_free(own_pool: asyncpg.Pool) -> None:
    """Three games of seven strong bots think in this process's runner while other games
    are played here: a probe of the event loop's lag, and that game's commands, stay far
    below a bot's thinking time. The interpreter switches threads only every two seconds here,
    so a bot thinking in a thread of this process would hold the loop about that long at a
    time (`api/runners/bot_thinking.py`); the bounds are half that, so that a loaded machine's
    own delays (seen up to 0.7 s in CI) do not pass for it; no wall time of the service is
    compared to a figure."""
    runner: BotRunner | None = None

    def committed(c: Committed) -> None:
        if runner is not None:
            runner.poke(c.game_id)

    service = GameService(EventStore(own_pool), committed)
    strong = {"bots": ["strong"] * 7}
    for seed in range(3):
        await service.create("7wonders", [], strong, [f"bot {i}" for i in range(7)], None, seed)
    thinking = _Timed(2)
    runner = BotRunner(service, own_pool, BotSettings(
        playouts=1_000_000, seconds=2.0, poll_seconds=0.05), thinking)
    lags: list[float] = []
    commands: list[float] = []
    rng = random.Random(5)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(2.0)
    try:
        runner.start()

        async def probe() -> None:
            while True:
                started = time.monotonic()
                await asyncio.sleep(0.01)
                lags.append(time.monotonic() - started - 0.01)

        prober = asyncio.create_task(probe())
        start = time.monotonic()
        while time.monotonic() < start + 8.0:  # duels of two players, one after another
            other, tokens = await service.create("duel", [], {}, ["Ada", "Bo"], None, None)
            folded = await service.folded(other.game_id)
            while time.monotonic() < start + 8.0 and not folded.game.is_over(folded.state):
                seat = _acting(folded)[0]
                version, moves = await service.legal_moves(folded, seat)
                started = time.monotonic()
                await service.submit(other.game_id, tokens[seat], version,
                                     msgspec.json.decode(rng.choice(moves)), None)
                commands.append(time.monotonic() - started)
                await asyncio.sleep(0.05)
        window = start, time.monotonic()
        prober.cancel()
    finally:
        sys.setswitchinterval(interval)
        await runner.stop()
    busy = sum(max(0.0, min(b, window[1]) - max(a, window[0])) for a, b in thinking.spans)
    assert busy >= 4.0, f"strong bots thought during the game ({busy:.1f} s of 8)"
    assert max(lags) < 1.0, f"the event loop was held {max(lags):.2f} s"
    assert max(commands) < 1.0, f"a command of another game took {max(commands):.2f} s"
    assert len(commands) >= 20 and len(lags) >= 100
