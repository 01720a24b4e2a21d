"""Redis pub/sub as a wake-up after commit: "game G reached version V".

Redis is never the source of truth. A publish happens only after the append committed, from
a background queue (`publish_soon`): a command's reply never waits for Redis, even a hung
one; a failed publish is logged and dropped, so commands succeed while Redis is down. Subscribers
re-read what changed from PostgreSQL; after a lost connection they reconnect with backoff
and then ask every listener to catch up from PostgreSQL, so a lost message costs latency,
never data.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Callable

import redis.asyncio as aioredis
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry

_log = logging.getLogger(__name__)

WakeHandler = Callable[[uuid.UUID, int], None]
CatchUpHandler = Callable[[], None]


def encode_wake(game_id: uuid.UUID, version: int) -> str:
    return f"{game_id}:{version}"


def decode_wakes(message: str | bytes) -> list[tuple[uuid.UUID, int]]:
    """The wake-ups of one message: one per line (a publisher sends what it has queued
    in one message), malformed lines left out."""
    text = message.decode() if isinstance(message, bytes) else message
    return [wake for line in text.split("\n") if (wake := decode_wake(line)) is not None]


def decode_wake(message: str | bytes) -> tuple[uuid.UUID, int] | None:
    """The (game, version) of a wake-up, or None for anything malformed."""
    text = message.decode() if isinstance(message, bytes) else message
    game, _, version = text.partition(":")
    try:
        return uuid.UUID(game), int(version)
    except ValueError:
        return None


class Broker:
    """Publishes wake-ups and runs one subscription per process, fanning out locally."""

    def __init__(
        self,
        url: str,
        channel: str,
        on_wake: WakeHandler,
        on_catch_up: CatchUpHandler,
        max_backoff: float = 2.0,
    ) -> None:
        self.url = url
        self.channel = channel
        self.on_wake = on_wake
        self.on_catch_up = on_catch_up
        self.max_backoff = max_backoff
        self.subscribed = False
        self._publisher = aioredis.Redis.from_url(
            url, socket_connect_timeout=0.5, socket_timeout=0.5,
            retry=Retry(NoBackoff(), 0), retry_on_timeout=False,
        )
        self._task: asyncio.Task[None] | None = None
        self._outbox: asyncio.Queue[str] = asyncio.Queue(maxsize=10_000)
        self._sender: asyncio.Task[None] | None = None
        self.dropped = 0
        """Wake-ups dropped because Redis could not take them (followers catch up anyway)."""

    def publish_soon(self, game_id: uuid.UUID, version: int) -> None:
        """Queue a wake-up; never blocks (the oldest is dropped when the queue is full)."""
        if self._outbox.full():
            self._outbox.get_nowait()
            self.dropped += 1
        self._outbox.put_nowait(encode_wake(game_id, version))

    async def _send_forever(self) -> None:
        """Publish queued wake-ups, all that are waiting in one message: each subscriber
        then parses one message per batch rather than one per commit (under load, the
        subscription's parsing was a sizeable share of a move's CPU)."""
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 500:
                batch.append(self._outbox.get_nowait())
            try:
                await self._publisher.publish(self.channel, "\n".join(batch))
            except (RedisError, OSError) as exc:
                self.dropped += len(batch)
                _log.warning("%d wake-ups not published: %s", len(batch), exc)

    async def publish(self, game_id: uuid.UUID, version: int) -> bool:
        """Wake every process; False (logged, not raised) when Redis is unreachable."""
        try:
            await self._publisher.publish(self.channel, encode_wake(game_id, version))
            return True
        except (RedisError, OSError) as exc:
            _log.warning("wake-up for %s v%d not published: %s", game_id, version, exc)
            return False

    async def ping(self) -> bool:
        try:
            return bool(await self._publisher.ping())
        except (RedisError, OSError):
            return False

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._subscribe_forever(), name="broker")
        if self._sender is None:
            self._sender = asyncio.create_task(self._send_forever(), name="broker-publish")

    async def stop(self) -> None:
        for task in (self._task, self._sender):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._task = self._sender = None
        await self._publisher.aclose()

    @property
    def client(self) -> aioredis.Redis:
        """The publishing connection (short time-outs), for other small shared state."""
        return self._publisher

    async def wait_subscribed(self, timeout: float = 10.0) -> None:
        """Wait until the subscription is live (tests and start-up)."""
        async with asyncio.timeout(timeout):
            while not self.subscribed:
                await asyncio.sleep(0.02)

    async def _subscribe_forever(self) -> None:
        delay = 0.05
        while True:
            client = aioredis.Redis.from_url(
                self.url, socket_connect_timeout=1.0, health_check_interval=5
            )
            try:
                async with client.pubsub(ignore_subscribe_messages=True) as pubsub:
                    await pubsub.subscribe(self.channel)
                    self.subscribed = True
                    delay = 0.05
                    self.on_catch_up()  # anything published while we were away
                    while True:
                        message = await pubsub.get_message(timeout=5.0)
                        if message is None:
                            await pubsub.ping()
                            continue
                        for wake in decode_wakes(message["data"]):
                            self.on_wake(*wake)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # any failure: reconnect, never die
                if self.subscribed:
                    _log.warning("redis subscription lost: %s", exc)
                self.subscribed = False
            finally:
                self.subscribed = False
                with contextlib.suppress(Exception):
                    await client.aclose()
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.max_backoff)
