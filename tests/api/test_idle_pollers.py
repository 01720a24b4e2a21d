"""An idle service costs PostgreSQL next to nothing: the clock loop sleeps until the next
deadline (at most `idle_seconds`), and the bot scan backs off while it finds no bot turn.
(Both used to look every 0.1 s and 0.25 s: 14 transactions a second per process with no
game running.) Each runner runs here on a database of its own, through a pool that counts
what is asked of it."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from api.runners.bots import BotRunner, BotSettings
from api.runners.timeouts import ClockSettings, TimeoutRunner
from infra.db import create_database, create_pool, drop_database
from infra.migrate import migrate


class CountingPool:
    """The pool, counting each connection taken and each statement run on it directly."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self.uses = 0

    def acquire(self) -> Any:
        self.uses += 1
        return self.pool.acquire()

    async def fetch(self, *args: Any) -> list[asyncpg.Record]:
        self.uses += 1
        return await self.pool.fetch(*args)  # type: ignore[no-any-return]


@pytest.fixture
async def empty_pool(admin_dsn: str) -> AsyncIterator[asyncpg.Pool]:
    name = f"polis_test_idle_{secrets.token_hex(4)}"
    dsn = await create_database(admin_dsn, name)
    pool = await create_pool(dsn, min_size=1, max_size=4)
    async with pool.acquire() as conn:
        await migrate(conn)
    yield pool
    await pool.close()
    await drop_database(admin_dsn, name)


async def test_an_idle_clock_loop_looks_once_per_idle_interval(empty_pool: asyncpg.Pool) -> None:
    counting = CountingPool(empty_pool)
    settings = ClockSettings(poll_seconds=0.05, idle_seconds=1.0, sweep_seconds=3600.0)
    runner = TimeoutRunner(None, counting, None, settings)  # type: ignore[arg-type]
    runner.start()
    try:
        await asyncio.sleep(3.2)
    finally:
        await runner.stop()
    # at start, then about once a second (it was every 0.05 s: over 60 looks)
    assert 2 <= counting.uses <= 5, counting.uses


async def test_an_idle_bot_scan_backs_off(empty_pool: asyncpg.Pool) -> None:
    counting = CountingPool(empty_pool)
    settings = BotSettings(poll_seconds=0.05, idle_seconds=0.8)
    runner = BotRunner(None, counting, settings)
    runner.start()
    try:
        await asyncio.sleep(3.0)
    finally:
        await runner.stop()
    # scans after 0.05, 0.1, 0.2, 0.4, 0.8, then every 0.8 s (it was every 0.05 s: 60)
    assert 4 <= counting.uses <= 9, counting.uses
