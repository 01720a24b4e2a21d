"""Fixed-window counters shared by every process through Redis, never waited on.

Each process counts hits locally and decides at once; a background task adds its new hits
to Redis (`INCRBY`, one pipeline per round) every `sync_seconds` and learns the others'
totals from the replies. So a limit holds across replicas within one sync interval, and a
slow or absent Redis leaves each process enforcing the limit on its own hits: a request
never waits for Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections import defaultdict

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import RedisError

_log = logging.getLogger(__name__)

Key = tuple[str, str, int, int]
"""(limit name, client, window length in seconds, window number)."""


class SharedCounters:
    def __init__(
        self, redis: aioredis.Redis | RedisCluster | None, prefix: str, sync_seconds: float = 0.2
    ) -> None:
        self.redis = redis
        self.prefix = prefix
        self.sync_seconds = sync_seconds
        self._mine: defaultdict[Key, int] = defaultdict(int)
        self._flushed: defaultdict[Key, int] = defaultdict(int)
        self._others: dict[Key, int] = {}
        self._task: asyncio.Task[None] | None = None

    def hit(self, name: str, client: str, limit: int, seconds: int) -> int:
        """Count a hit; 0 when within `limit` per `seconds`, else seconds to wait."""
        now = time.time()
        window = int(now // seconds)
        key = (name, client, seconds, window)
        if self._mine[key] + self._others.get(key, 0) >= limit:
            return max(1, math.ceil((window + 1) * seconds - now))
        self._mine[key] += 1
        return 0

    def start(self) -> None:
        if self.redis is not None and self._task is None:
            self._task = asyncio.create_task(self._sync_forever(), name="counters")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def sync(self) -> None:
        """Send this process's new hits and learn everyone's totals (one round trip)."""
        assert self.redis is not None
        now = time.time()
        for key in [k for k in self._mine if (k[3] + 1) * k[2] < now]:  # windows over
            self._mine.pop(key, None)
            self._flushed.pop(key, None)
            self._others.pop(key, None)
        pending = [(k, n - self._flushed[k]) for k, n in self._mine.items()
                   if n > self._flushed[k] or k in self._others]
        if pending:
            async with self.redis.pipeline(transaction=False) as pipe:
                for (name, client, seconds, window), delta in pending:
                    redis_key = f"{self.prefix}:{name}:{client}:{seconds}:{window}"
                    pipe.incrby(redis_key, delta)
                    pipe.expire(redis_key, seconds + 60)
                replies = await pipe.execute()
            for i, (key, delta) in enumerate(pending):
                self._flushed[key] += delta
                self._others[key] = int(replies[2 * i]) - self._flushed[key]

    async def _sync_forever(self) -> None:
        while True:
            await asyncio.sleep(self.sync_seconds)
            try:
                await self.sync()
            except (RedisError, OSError) as exc:
                _log.debug("counters not shared this round: %s", exc)

