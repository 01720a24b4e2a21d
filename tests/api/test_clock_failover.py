"""A clock deadline survives the process that was firing it (issue 17): two `polis serve`
processes on a database of their own, the one that claimed a deadline killed (SIGKILL)
while it holds it; the other fires what is still due, once.

The test holds the game's row so that the claimer's append waits, which keeps the claim
held long enough to know which process to kill (by its connections' application name)."""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import httpx
import pytest

from infra.settings import Settings
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess
from tests.api.test_clocks import check_timeouts_fired_once
from tests.benchmarks.service import bench_database


@pytest.fixture
async def own_database(admin_dsn: str) -> AsyncIterator[str]:
    """A migrated database of its own: no other API process may fire its deadlines."""
    async with bench_database(admin_dsn) as dsn:
        yield dsn


async def test_a_deadline_held_by_a_killed_process_is_fired_once_by_the_other(
    own_database: str, redis_url: str, tmp_path: Path
) -> None:
    settings = Settings(database_url=own_database, redis_url=redis_url,
                        channel=f"polis:test:clocks:{secrets.token_hex(4)}")
    apis = [
        ApiProcess({**api_env(settings), "POLIS_LOCK_TIMEOUT_MS": "30000",
                    # an embedded server's URL already has a query (`?host=` its socket)
                    "DATABASE_URL": f"{own_database}{'&' if '?' in own_database else '?'}"
                                    f"application_name=clocks-{name}"},
                   tmp_path, name, workers=1)
        for name in ("a", "b")
    ]
    conn = await asyncpg.connect(own_database)
    try:
        await asyncio.gather(*(asyncio.to_thread(api.start) for api in apis))
        async with httpx.AsyncClient(base_url=apis[0].url, timeout=10) as http:
            response = await http.post("/games", json={
                "kind": "duel", "seats": [{"name": "Ada"}, {"name": "Brutus"}], "seed": 2,
                "options": {"clock": {"bank_seconds": 2, "bot": "random"}}})
            assert response.status_code == 201, response.text
            game_id = response.json()["game"]["game_id"]
            version = response.json()["game"]["version"]
        # hold the game's row: whichever process claims the deadline blocks on its append
        # while it holds the claim; kill that one
        blocker = conn.transaction()
        await blocker.start()
        await conn.execute("SELECT 1 FROM games WHERE game_id = $1 FOR UPDATE", game_id)
        deadline = time.monotonic() + 15
        holder = None
        while holder is None:
            assert time.monotonic() < deadline, "no process fired the deadline"
            await asyncio.sleep(0.05)
            holder = await conn.fetchval(
                """SELECT application_name FROM pg_stat_activity
                   WHERE datname = current_database() AND wait_event_type = 'Lock'
                     AND application_name LIKE 'clocks-%'""")
        killed = next(api for api in apis if f"clocks-{api.log.stem}" == holder)
        survivor = next(api for api in apis if api is not killed)
        killed.kill()
        await blocker.rollback()
        # the survivor takes the deadline up: the timeout, then the move the bot owes
        deadline = time.monotonic() + 20
        while await conn.fetchval(
                "SELECT count(*) FROM events WHERE game_id = $1 AND version > $2 AND seat"
                " IS NOT NULL", game_id, version) == 0:
            assert time.monotonic() < deadline, "the deadline was not fired"
            await asyncio.sleep(0.05)
        rows = list(await conn.fetch(
            "SELECT version, type, payload::text AS payload, seat, command_id FROM events"
            " WHERE game_id = $1 ORDER BY version", game_id))
    finally:
        await conn.close()
        for api in apis:
            api.stop()
    after = [r for r in rows if r["version"] > version]
    assert after[0]["type"] == "SeatTimedOut"
    assert after[0]["command_id"] == f"timeout:{json.loads(after[0]['payload'])['seat']}:{version}"
    seat = json.loads(after[0]["payload"])["seat"]
    assert after[1]["seat"] == seat and after[1]["command_id"] == f"bot:{seat}:{version + 1}"
    check_timeouts_fired_once(rows)
    assert survivor.url  # the one left: the timeout is the killed one's blocked append
    # (PostgreSQL runs it once the row is free, its client gone) or the survivor's, never both
