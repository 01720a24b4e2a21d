"""Tables that never fill expire: every process sweeps now and then for tables waiting longer
than `POLIS_TABLE_EXPIRY_SECONDS` and closes them with a `TableExpired` event.

Any number of processes may sweep: the event is appended at the version the table was read
at, so a table expires once whoever gets there first (the others find it closed, and
append nothing). Its players are told as any table change is (`Tables.on_table`).
"""

from __future__ import annotations

import uuid

import asyncpg

from api.runners.periodic import Periodic
from api.service.refusals import Refusal
from api.service.tables import Tables

_DUE = """
SELECT game_id FROM games
WHERE waiting AND NOT over AND created_at < polis_now() - make_interval(secs => $1)
ORDER BY created_at LIMIT $2
"""


class TableExpiry(Periodic):
    """The sweep of one process (see the module docstring)."""

    def __init__(self, tables: Tables, pool: asyncpg.Pool, after_seconds: float,
                 every_seconds: float | None = None, batch: int = 50) -> None:
        super().__init__("table expiry sweep", lambda: self.every_seconds, self.sweep)
        self.tables = tables
        self.pool = pool
        self.after_seconds = after_seconds
        self.every_seconds = every_seconds or min(30.0, max(0.2, after_seconds / 4))
        self.batch = batch

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
