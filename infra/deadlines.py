"""The `deadlines` table (migration 0007): the next clock deadline of each game with a clock.

One row per game, keyed by game_id, written after each append of the game (`upsert`, only
ever forward: a row computed at an older version never replaces a newer one, so writers in
any order and retries are harmless) and claimed when due (`claim_due`: `FOR UPDATE SKIP
LOCKED`, so each due row is held by one process at a time, which fires it and writes the
game's next deadline before it lets go). `stale` finds the running games whose row is
missing or behind the game (an append whose deadline write was lost with its process).
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import NamedTuple

import asyncpg


class Deadline(NamedTuple):
    """What is due for a game, computed at `version` (due_at None: nothing)."""

    version: int
    due_at: datetime | None = None
    seat: int | None = None
    action: str | None = None


class Claimed(NamedTuple):
    game_id: uuid.UUID
    version: int
    due_at: datetime
    seat: int
    action: str
    now: datetime
    """PostgreSQL's time of the claim (deadlines are due by the database's clock)."""


_UPSERT = """
INSERT INTO deadlines (game_id, version, due_at, seat, action) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (game_id) DO UPDATE
SET version = EXCLUDED.version, due_at = EXCLUDED.due_at, seat = EXCLUDED.seat,
    action = EXCLUDED.action
WHERE deadlines.version < EXCLUDED.version
"""

_SET = """
UPDATE deadlines SET version = greatest(version, $2), due_at = $3, seat = $4, action = $5
WHERE game_id = $1
"""

_CLAIM = """
SELECT game_id, version, due_at, seat, action, polis_now() FROM deadlines
WHERE due_at <= polis_now()
ORDER BY due_at
LIMIT $1
FOR UPDATE SKIP LOCKED
"""

_STALE = """
SELECT g.game_id FROM games g LEFT JOIN deadlines d ON d.game_id = g.game_id
WHERE NOT g.over AND g.options ? 'clock' AND (d.game_id IS NULL OR d.version < g.version)
LIMIT $1
"""


async def upsert(conn: asyncpg.Connection, game_id: uuid.UUID, deadline: Deadline) -> None:
    """Write the game's deadline unless a row of a newer version is there."""
    await conn.execute(_UPSERT, game_id, *deadline)


async def claim_due(conn: asyncpg.Connection, limit: int) -> list[Claimed]:
    """Lock up to `limit` due rows that no other transaction holds (call in a transaction:
    the rows stay locked until it ends)."""
    return [Claimed(*r) for r in await conn.fetch(_CLAIM, limit)]


async def settle(conn: asyncpg.Connection, game_id: uuid.UUID, deadline: Deadline) -> None:
    """Write the next deadline of a claimed row (in the claiming transaction)."""
    await conn.execute(_SET, game_id, *deadline)


async def stale(conn: asyncpg.Connection, limit: int) -> list[uuid.UUID]:
    """Running games with a clock whose deadline row is missing or older than the game."""
    return [r[0] for r in await conn.fetch(_STALE, limit)]


_NEXT = """
SELECT EXTRACT(EPOCH FROM min(due_at) - polis_now())::float8 FROM deadlines WHERE due_at IS NOT NULL
"""


async def seconds_to_next(conn: asyncpg.Connection) -> float | None:
    """Seconds until the earliest deadline of any game (negative: overdue; None: none),
    by the database's clock."""
    found: float | None = await conn.fetchval(_NEXT)
    return found
