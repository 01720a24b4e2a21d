"""Two `polis serve` processes on a local Redis Cluster of three masters (sharded pub/sub).

200 games, each served (created, commanded, followed) through one of the two processes,
and 20 of them followed through the other one too; one master is killed and started again
in the middle of the run. Every follower gets every update, in order; each process
receives the wake-ups of its own games only (`polis_wakeups_received_total`), which a
single channel for every game would not allow; each game channel has exactly the
subscribers of the processes serving it.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis.asyncio as aioredis
from redis.crc import key_slot

from infra.embedded_cluster import LocalCluster
from infra.settings import Settings
from tests.api.clients import Follower, auth, create_game
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess

GAMES = 200
SHARED = 20
"""Games followed through both processes (their wake-ups cross from one to the other)."""
ROUNDS = 3


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[LocalCluster]:
    local = LocalCluster(tmp_path / "cluster").start()
    try:
        yield local
    finally:
        local.stop()


@pytest.fixture
def servers(
    settings: Settings, cluster: LocalCluster, tmp_path: Path,
) -> Iterator[list[ApiProcess]]:
    env = {**api_env(settings, cluster.url), "POLIS_REDIS_CLUSTER": "1",
           "POLIS_CHANNEL": f"{settings.channel}:cluster", "POLIS_BOTS": "off",
           "POLIS_MAX_SOCKETS_PER_CLIENT": "1000"}
    processes = [ApiProcess(env, tmp_path, name) for name in ("c1", "c2")]
    try:
        for process in processes:
            process.start()
        yield processes
    finally:
        for process in processes:
            process.stop()


async def metric(url: str, name: str) -> int:
    async with httpx.AsyncClient(timeout=10) as http:
        text = (await http.get(f"{url}/metrics")).text
    return int(float(next(line.split()[-1] for line in text.splitlines()
                          if line.startswith(name + "{"))))


async def move(http: httpx.AsyncClient, game_id: str, tokens: list[str], seed: int) -> int:
    """One legal move by the acting seat; the game's new version."""
    game = (await http.get(f"/games/{game_id}")).json()
    seat = game["summary"]["acting"][0]
    listed = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[seat]))).json()
    response = await http.post(
        f"/games/{game_id}/commands", headers=auth(tokens[seat]),
        json={"expected_version": listed["version"],
              "command": random.Random(seed).choice(listed["moves"])})
    assert response.status_code == 200, response.text
    version: int = response.json()["version"]
    return version


def in_order(follower: Follower) -> bool:
    """Every update follows on from the one before (nothing missed, nothing repeated)."""
    version = None
    for message in follower.messages:
        if message["type"] == "snapshot":
            version = message["version"]
        elif message["type"] == "update":
            if message["after_version"] != version:
                return False
            version = message["version"]
    return True


@pytest.mark.slow
async def test_two_processes_on_a_cluster_with_a_node_restarted(
    servers: list[ApiProcess], cluster: LocalCluster, settings: Settings,
) -> None:
    prefix = f"{settings.channel}:cluster"
    async with contextlib.AsyncExitStack() as stack:
        https = [await stack.enter_async_context(
            httpx.AsyncClient(base_url=s.url, timeout=30)) for s in servers]
        limit = asyncio.Semaphore(12)

        async def made(i: int) -> tuple[str, list[str]]:
            async with limit:
                return await create_game(https[i % 2], seed=i)

        games = await asyncio.gather(*(made(i) for i in range(GAMES)))
        followers: list[tuple[int, Follower]] = []
        for i, (game_id, _) in enumerate(games):
            homes = [i % 2] + ([1 - i % 2] if i < SHARED else [])
            for home in homes:
                follower = Follower(servers[home].ws_url, game_id, None)
                followers.append((i, await stack.enter_async_context(follower)))
        for _, follower in followers:
            await follower.wait_for(lambda m: m["type"] == "snapshot")

        received = [await metric(s.url, "polis_wakeups_received_total") for s in servers]
        latest = [0] * GAMES

        async def play(i: int, round_: int) -> None:
            async with limit:
                game_id, tokens = games[i]
                latest[i] = await move(https[i % 2], game_id, tokens, seed=i * 10 + round_)

        down = cluster.nodes[1]
        for round_ in range(ROUNDS):
            if round_ == 1:
                down.stop()  # one master killed in the middle of the run
            await asyncio.gather(*(play(i, round_) for i in range(GAMES)))
            if round_ == 1:
                down.start()
                cluster.wait_ok()

        for i, follower in followers:
            await follower.wait_version(latest[i], timeout=30)
        assert all(in_order(f) for _, f in followers), "an update missed or repeated"

        # each process heard its own games' wake-ups (and the shared games' of the other)
        # only: a channel for every game would bring each one every game's
        heard = [await metric(s.url, "polis_wakeups_received_total") - before
                 for s, before in zip(servers, received, strict=True)]
        appends = GAMES * ROUNDS
        for process in (0, 1):
            served = sum(1 for i in range(GAMES) if i % 2 == process or i < SHARED)
            assert 0 < heard[process] <= served * ROUNDS, heard
        # one channel for every game: each process hears every append (2 x appends)
        assert sum(heard) <= appends + SHARED * ROUNDS, heard

        # the subscribers of each game's channel: the processes serving it, and no more
        # each master's slots as the cluster split them: the last also owns the remainder
        nodes = {min(key_slot(f"{prefix}:{gid}".encode()) // (16384 // 3), 2)
                 for gid, _ in games}
        assert len(nodes) == 3  # the games' channels are on every master
        counts: dict[str, int] = {}
        for node in cluster.nodes:
            client = aioredis.Redis(port=node.port)
            try:
                for game_id, _ in games[:40]:
                    channel = f"{prefix}:{game_id}"
                    if cluster.node_of_slot(key_slot(channel.encode())) is node:
                        reply: Any = await client.execute_command(  # type: ignore[no-untyped-call]
                            "PUBSUB", "SHARDNUMSUB", channel)
                        counts[game_id] = int(reply[1])
            finally:
                await client.aclose()
        assert all(counts[gid] == (2 if i < SHARED else 1)
                   for i, (gid, _) in enumerate(games[:40])), counts
