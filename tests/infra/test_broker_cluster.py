"""Wake-ups on a real local Redis Cluster of three masters (sharded pub/sub): each game's
channel on the master of its slot, a node down costs only its own games' wake-ups, and
after it is back the subscriber catches up and hears them again."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest
import redis.asyncio as aioredis
from redis.crc import key_slot

from infra.broker import Broker
from infra.embedded_cluster import ClusterNode, LocalCluster

PREFIX = "t:cluster"
Heard = list[tuple[uuid.UUID, int] | str]
"""Wake-ups and "catch-up" marks, in the order they came."""


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[LocalCluster]:
    local = LocalCluster(tmp_path / "cluster").start()
    try:
        yield local
    finally:
        local.stop()


def games_by_node(cluster: LocalCluster, prefix: str = PREFIX) -> list[uuid.UUID]:
    """One game for each master, whose channel lives there."""
    found: dict[int, uuid.UUID] = {}
    while len(found) < len(cluster.nodes):
        game = uuid.uuid4()
        node = cluster.node_of_slot(key_slot(f"{prefix}:{game}".encode()))
        found.setdefault(cluster.nodes.index(node), game)
    return [found[i] for i in range(len(cluster.nodes))]


async def shard_channels(node: ClusterNode) -> set[str]:
    client = aioredis.Redis(port=node.port)
    try:
        found = await client.execute_command(  # type: ignore[no-untyped-call]
            "PUBSUB", "SHARDCHANNELS")
        return {bytes(c).decode() for c in found}
    finally:
        await client.aclose()


async def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


def heard_all(heard: Heard, wanted: list[tuple[uuid.UUID, int]]) -> Callable[[], bool]:
    return lambda: all(w in heard for w in wanted)


@pytest.fixture
async def brokers(cluster: LocalCluster) -> AsyncIterator[tuple[Broker, Broker, Heard]]:
    """A subscriber (its wake-ups and catch-ups recorded) and a publisher, both on the
    cluster through its first node's URL."""
    heard: Heard = []
    subscriber = Broker(cluster.url, PREFIX, lambda g, v: heard.append((g, v)),
                        lambda: heard.append("catch-up"), max_backoff=0.2, cluster=True)
    publisher = Broker(cluster.url, PREFIX, lambda g, v: None, lambda: None, cluster=True)
    subscriber.start()
    publisher.start()
    try:
        yield subscriber, publisher, heard
    finally:
        await subscriber.stop()
        await publisher.stop()


async def test_each_game_channel_lives_on_its_master_and_leaves_no_subscription(
    cluster: LocalCluster, brokers: tuple[Broker, Broker, Heard],
) -> None:
    subscriber, publisher, heard = brokers
    games = games_by_node(cluster)
    for game in games:
        subscriber.follow(game)
    await subscriber.wait_subscribed()
    await publisher.wait_subscribed()
    for node, game in zip(cluster.nodes, games, strict=True):
        assert await shard_channels(node) == {f"{PREFIX}:{game}"}
    stranger = uuid.uuid4()
    for game in [*games, stranger]:
        publisher.publish_soon(game, 7)
    await wait_for(lambda: subscriber.received == len(games))
    await asyncio.sleep(0.1)
    assert sorted(w for w in heard if isinstance(w, tuple)) == sorted((g, 7) for g in games)
    assert subscriber.received == len(games)  # never the game it does not follow

    for game in games:
        subscriber.unfollow(game)
    await wait_for(lambda: subscriber.subscriptions() == 0)
    for node in cluster.nodes:
        async with asyncio.timeout(5):
            while await shard_channels(node):
                await asyncio.sleep(0.02)


async def test_a_node_down_costs_only_its_own_games(
    cluster: LocalCluster, brokers: tuple[Broker, Broker, Heard],
) -> None:
    subscriber, publisher, heard = brokers
    games = games_by_node(cluster)
    for game in games:
        subscriber.follow(game)
    await subscriber.wait_subscribed()
    await publisher.wait_subscribed()
    down, others = cluster.nodes[1], [games[0], games[2]]

    down.stop()
    started = time.monotonic()
    for version in range(1, 6):  # the other nodes' games flow on, at once
        for game in games:
            publisher.publish_soon(game, version)
        await wait_for(heard_all(heard, [(g, version) for g in others]), timeout=3)
    assert time.monotonic() - started < 3
    assert not any(w[0] == games[1] for w in heard if isinstance(w, tuple))
    assert subscriber.since(games[1]) is None and not subscriber.subscribed

    catch_ups = heard.count("catch-up")
    down.start()
    await wait_for(lambda: subscriber.since(games[1]) is not None, timeout=20)
    assert heard.count("catch-up") > catch_ups  # the listeners re-read what was missed
    await publisher.wait_subscribed(timeout=20)
    publisher.publish_soon(games[1], 9)
    await wait_for(lambda: (games[1], 9) in heard)
    assert await shard_channels(down) == {f"{PREFIX}:{games[1]}"}
