"""The Redis wake-up channels on one server: per game, subscribed while followed, delivery,
publish while Redis is down, reconnect and catch-up, no subscription left behind."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import redis.asyncio as aioredis

from infra.broker import Broker, decode_wake, decode_wakes, encode_wake
from infra.embedded import EmbeddedRedis


def test_wake_messages_round_trip() -> None:
    game = uuid.uuid4()
    assert decode_wake(encode_wake(game, 7).encode()) == (game, 7)
    assert decode_wake("nonsense") is None
    other = uuid.uuid4()
    batch = "\n".join([encode_wake(game, 7), "nonsense", encode_wake(other, 3)])
    assert decode_wakes(batch.encode()) == [(game, 7), (other, 3)]


async def test_queued_wake_ups_arrive_together(tmp_path: Path) -> None:
    server = EmbeddedRedis(tmp_path)
    server.start()
    wakes: list[tuple[uuid.UUID, int]] = []
    broker = Broker(server.url, "t:batch", lambda g, v: wakes.append((g, v)), lambda: None)
    broker.start()
    try:
        sent = [(uuid.uuid4(), v) for v in range(1, 51)]
        for game, _ in sent:
            broker.follow(game)
        await broker.wait_subscribed()
        for game, version in sent:  # queued at once: published together, all delivered
            broker.publish_soon(game, version)
        async with asyncio.timeout(5):
            while len(wakes) < len(sent):
                await asyncio.sleep(0.01)
        assert sorted(wakes) == sorted(sent) and broker.dropped == 0
        assert broker.received == len(sent)
    finally:
        await broker.stop()
        server.stop()


async def test_wake_up_survives_a_redis_restart(tmp_path: Path) -> None:
    server = EmbeddedRedis(tmp_path)
    server.start()
    wakes: list[tuple[uuid.UUID, int]] = []
    catch_ups: list[float] = []
    broker = Broker(server.url, "t:wake", lambda g, v: wakes.append((g, v)),
                    lambda: catch_ups.append(time.monotonic()), max_backoff=0.2)
    broker.start()
    try:
        game = uuid.uuid4()
        broker.follow(game)
        await broker.wait_subscribed()
        assert await broker.publish(game, 1)
        async with asyncio.timeout(5):
            while not wakes:
                await asyncio.sleep(0.01)
        assert wakes == [(game, 1)] and len(catch_ups) == 1

        server.stop()
        started = time.monotonic()
        assert not await broker.publish(game, 2)  # swallowed, and fast
        assert time.monotonic() - started < 2
        server.start()
        async with asyncio.timeout(10):
            while len(catch_ups) < 2 or broker.since(game) is None:
                await asyncio.sleep(0.02)
        assert await broker.publish(game, 3)
        async with asyncio.timeout(5):
            while wakes[-1] != (game, 3):
                await asyncio.sleep(0.01)
    finally:
        await broker.stop()
        server.stop()


async def channels_of(probe: aioredis.Redis) -> set[str]:
    return {str(c, "utf-8") if isinstance(c, bytes) else c
            for c in await probe.pubsub_channels("t:few:*")}


async def _wait(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


async def test_only_followed_games_are_heard_and_no_subscription_is_left(
    tmp_path: Path,
) -> None:
    server = EmbeddedRedis(tmp_path)
    server.start()
    wakes: list[tuple[uuid.UUID, int]] = []
    live: list[uuid.UUID] = []
    broker = Broker(server.url, "t:few", lambda g, v: wakes.append((g, v)), lambda: None,
                    on_live=live.extend)
    probe = aioredis.Redis.from_url(server.url)
    broker.start()
    try:
        mine, other = uuid.uuid4(), uuid.uuid4()
        broker.follow(mine)
        broker.follow(mine)  # two followers of one game: one subscription
        await broker.wait_subscribed()
        assert live == [mine] and broker.since(mine) is not None and broker.since(other) is None
        assert await channels_of(probe) == {"t:few:anchor", f"t:few:{mine}"}
        for version in (1, 2, 3):  # queued together: the newest version only
            broker.publish_soon(mine, version)
            broker.publish_soon(other, version)
        await _wait(lambda: bool(wakes))
        await asyncio.sleep(0.1)
        assert wakes == [(mine, 3)] and broker.received == 1

        broker.unfollow(mine)
        assert await probe.pubsub_numsub(f"t:few:{mine}") == [(f"t:few:{mine}".encode(), 1)]
        broker.unfollow(mine)  # the last follower left
        await _wait(lambda: broker.since(mine) is None)
        async with asyncio.timeout(5):
            while await probe.pubsub_channels("t:few:*") != [b"t:few:anchor"]:
                await asyncio.sleep(0.01)
        assert broker.subscriptions() == 0

        for _ in range(30):  # followers coming and going fast: nothing leaks
            broker.follow(other)
            await asyncio.sleep(0)
            broker.unfollow(other)
        broker.follow(mine)
        await broker.wait_subscribed()
        await asyncio.sleep(0.1)
        assert await channels_of(probe) == {"t:few:anchor", f"t:few:{mine}"}
        assert broker.since(other) is None and broker.subscriptions() == 1
    finally:
        await probe.aclose()
        await broker.stop()
        server.stop()


async def test_bot_games_reach_the_bots_channel(tmp_path: Path) -> None:
    server = EmbeddedRedis(tmp_path)
    server.start()
    heard: list[tuple[uuid.UUID, int]] = []
    worker = Broker(server.url, "t:bots", lambda g, v: heard.append((g, v)), lambda: None)
    worker.listen_bots()
    publisher = Broker(server.url, "t:bots", lambda g, v: None, lambda: None)
    worker.start()
    publisher.start()
    try:
        await worker.wait_subscribed()
        await publisher.wait_subscribed()
        bot_game, plain_game = uuid.uuid4(), uuid.uuid4()
        publisher.publish_soon(plain_game, 4)
        publisher.publish_soon(bot_game, 5, bots=True)
        await _wait(lambda: bool(heard))
        await asyncio.sleep(0.1)
        assert heard == [(bot_game, 5)]
    finally:
        await worker.stop()
        await publisher.stop()
        server.stop()
