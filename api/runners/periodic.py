"""A task that runs one piece of work every few seconds in the process, for the sweeps that
every process runs and a database lock or a version check makes safe to run anywhere
(tables' expiry, matchmaking rounds)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

_log = logging.getLogger(__name__)


class Periodic:
    """`work` every `every()` seconds from `start` to `stop`; a failure (a lost connection)
    is logged and the next turn tries again."""

    def __init__(self, name: str, every: Callable[[], float],
                 work: Callable[[], Awaitable[object]]) -> None:
        self.name = name
        self.every = every
        self.work = work
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name=self.name)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.every())
            try:
                await self.work()
            except Exception:
                _log.exception("%s failed", self.name)
