"""The service's time: the host's clock plus an offset that only a simulation moves.

PostgreSQL's `polis_now()` (migration 0017) is `now()` plus `service_clock.offset_seconds`,
and everything the service stores or compares in time comes from it (events' commit times,
deadlines, the outbox's due times and leases, chat, tickets). The offset is 0 and stays 0
unless time injection is on (`POLIS_TIME_INJECTION`, for simulations and tests), where
`advance` moves it forward: a day of turn-based play runs in minutes, every replica
agreeing, because they all read one row.

Python code that needs the time the database would give (clocks shown as of now, a
notification's timestamp, a clock runner's sleep) calls `now()`: the host's time plus the
offset this process last read (`refresh`). Processes with injection on read it again every
`REFRESH_SECONDS` and at once when they are the one that moved it.
"""

from __future__ import annotations

import time

import asyncpg

REFRESH_SECONDS = 0.25
"""How often a process with time injection on reads the offset again."""

_offset = 0.0


def now() -> float:
    """The service's time, in seconds since the epoch."""
    return time.time() + _offset


def offset() -> float:
    """Seconds the service's clock is ahead of the host's (0 unless time was injected)."""
    return _offset


async def refresh(conn: asyncpg.Connection | asyncpg.Pool) -> float:
    """Read the offset from the database; the offset."""
    global _offset
    found = await conn.fetchval("SELECT offset_seconds FROM service_clock")
    _offset = float(found or 0.0)
    return _offset


async def advance(conn: asyncpg.Connection | asyncpg.Pool, seconds: float) -> float:
    """Move the service's clock `seconds` forward, for every process; the new offset."""
    global _offset
    if seconds < 0:
        raise ValueError("the service's clock only moves forward")
    found = await conn.fetchval(
        "UPDATE service_clock SET offset_seconds = offset_seconds + $1 RETURNING offset_seconds",
        float(seconds))
    _offset = float(found)
    return _offset
