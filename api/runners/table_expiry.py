"""Tables that never fill expire: every process sweeps now and then for tables waiting longer
than `POLIS_TABLE_EXPIRY_SECONDS` and closes them with a `TableExpired` event.

Any number of processes may sweep: the event is appended at the version the table was read
at, so a table expires once whoever gets there first (the others find it closed, and
append nothing). Its players are told as any table change is (`Tables.on_table`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid

import asyncpg

from api.service.refusals import Refusal
from api.service.tables import Tables

_log = logging.getLogger(__name__)

_DUE = """
SELECT game_id FROM games
WHERE waiting AND NOT over AND created_at < now() - make_interval(secs => $1)
ORDER BY created_at LIMIT $2
"""


class TableExpiry:
    """The sweep of one process (see the module docstring)."""

    def __init__(self, tables: Tables, pool: asyncpg.Pool, after_seconds: float,
                 every_seconds: float | None = None, batch: int = 50) -> None:
        self.tables = tables
        self.pool = pool
        self.after_seconds = after_seconds
        self.every_seconds = every_seconds or min(30.0, max(0.2, after_seconds / 4))
        self.batch = batch
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="table-expiry")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def sweep(self) -> int:
        """Expire the tables due now; how many of them are closed now (by this process or
        another that got there first)."""
        due: list[uuid.UUID] = [r[0] for r in await self.pool.fetch(
            _DUE, self.after_seconds, self.batch)]
        closed = 0
        for game_id in due:
            try:
                record = await self.tables.expire(game_id)
            except Refusal:
                continue  # it started or closed meanwhile
            closed += record.over
        return closed

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.every_seconds)
            try:
                await self.sweep()
            except Exception:  # a lost connection: the next sweep tries again
                _log.exception("table expiry sweep failed")
