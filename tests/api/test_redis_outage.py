"""Redis stopped and restarted mid-game: commands keep succeeding and followers resume.

The API processes of this test use their own redis-server (never a shared one) and a long
heartbeat, so a push that arrives quickly after the restart proves the wake-up path is back,
while pushes during the outage come from the heartbeat's PostgreSQL check.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import httpx

from infra.embedded import EmbeddedRedis
from infra.settings import Settings
from tests.api.clients import Follower, create_game, play_one
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess


async def _wait_ready_with_redis(http: httpx.AsyncClient, up: bool, timeout: float = 15) -> None:
    async with asyncio.timeout(timeout):
        while (await http.get("/ready")).json()["redis"] is not up:
            await asyncio.sleep(0.1)


async def test_commands_survive_a_redis_outage(settings: Settings, tmp_path: Path) -> None:
    redis = EmbeddedRedis(tmp_path / "redis")
    redis.start()
    env = {**api_env(settings, redis.url), "POLIS_HEARTBEAT_SECONDS": "4"}
    servers = [ApiProcess(env, tmp_path, name).start() for name in ("a", "b")]
    try:
        a, b = servers
        async with httpx.AsyncClient(base_url=a.url, timeout=10) as http_a, \
                httpx.AsyncClient(base_url=b.url, timeout=10) as http_b:
            game_id, tokens = await create_game(http_a, seed=3)
            async with Follower(b.ws_url, game_id, tokens[0]) as seat0, \
                    Follower(a.ws_url, game_id, None) as spectator:
                rng = random.Random(1)
                turn = 0

                async def play(n: int) -> int:
                    nonlocal turn
                    version = 0
                    for _ in range(n):
                        result = await play_one([http_a], game_id, tokens, rng, turn)
                        assert result is not None
                        version = result["version"]
                        turn += 1
                    return version

                version = await play(3)
                await seat0.wait_version(version, timeout=3)

                redis.stop()
                await _wait_ready_with_redis(http_a, up=False)
                version = await play(3)  # no command fails while Redis is down
                assert (await http_a.get("/ready")).status_code == 200
                for follower in (seat0, spectator):
                    await follower.wait_version(version, timeout=10)  # heartbeat catch-up

                redis.start()
                await _wait_ready_with_redis(http_a, up=True)
                await _wait_ready_with_redis(http_b, up=True)
                started = time.monotonic()
                version = await play(1)
                await seat0.wait_version(version, timeout=3)
                assert time.monotonic() - started < 3  # woken by Redis, not the 4 s heartbeat
                await spectator.wait_version(version, timeout=3)

                for follower in (seat0, spectator):
                    updates = follower.of_type("update")
                    got = [e["version"] for m in updates for e in m["events"]]
                    first = follower.of_type("snapshot")[0]["version"]
                    assert got == list(range(first + 1, version + 1))
    finally:
        for server in servers:
            server.stop()
        redis.stop()
