"""The Redis wake-up channel: delivery, publish while Redis is down, reconnect and catch-up."""

from __future__ import annotations

import asyncio
import time
import uuid
from pathlib import Path

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
        await broker.wait_subscribed()
        sent = [(uuid.uuid4(), v) for v in range(1, 51)]
        for game, version in sent:  # queued at once: published together, all delivered
            broker.publish_soon(game, version)
        async with asyncio.timeout(5):
            while len(wakes) < len(sent):
                await asyncio.sleep(0.01)
        assert wakes == sent and broker.dropped == 0
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
        await broker.wait_subscribed()
        game = uuid.uuid4()
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
            while len(catch_ups) < 2 or not broker.subscribed:
                await asyncio.sleep(0.02)
        assert await broker.publish(game, 3)
        async with asyncio.timeout(5):
            while wakes[-1] != (game, 3):
                await asyncio.sleep(0.01)
    finally:
        await broker.stop()
        server.stop()
