"""Shared pieces of the service benchmarks: a fresh database, API processes, percentiles.

The benchmarks run the service as deployed (uvicorn processes) against the PostgreSQL and
Redis named by `DATABASE_URL` and `REDIS_URL`, on a database of their own that is dropped
at the end, so they can run next to the tests.
"""

from __future__ import annotations

import os
import secrets
import statistics
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg

from infra.db import create_database, drop_database
from infra.migrate import migrate
from tests.api.servers import ApiProcess


def percentile(samples: list[float], q: float) -> float:
    """The q-quantile (0..1) of `samples` by nearest rank; 0 for no samples."""
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def millis(samples: list[float]) -> str:
    """`p50 / p95 / p99` of seconds, in milliseconds."""
    return " / ".join(f"{percentile(samples, q) * 1000:.1f}" for q in (0.5, 0.95, 0.99))


def median_range(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} ({min(values):,.0f}–{max(values):,.0f})"


def servers_from_env() -> tuple[str, str]:
    database, redis = os.environ.get("DATABASE_URL"), os.environ.get("REDIS_URL")
    if not database or not redis:
        sys.exit("set DATABASE_URL and REDIS_URL (a real PostgreSQL and Redis)")
    return database, redis


@asynccontextmanager
async def bench_database(admin_dsn: str) -> AsyncIterator[str]:
    """A migrated database of its own, dropped at the end."""
    name = f"polis_bench_{secrets.token_hex(4)}"
    dsn = await create_database(admin_dsn, name)
    conn = await asyncpg.connect(dsn)
    try:
        await migrate(conn)
    finally:
        await conn.close()
    try:
        yield dsn
    finally:
        await drop_database(admin_dsn, name)


def start_api(
    dsn: str, redis: str, log_dir: Path, extra: dict[str, str] | None = None
) -> ApiProcess:
    env = {
        "DATABASE_URL": dsn, "REDIS_URL": redis,
        "POLIS_CHANNEL": f"polis:bench:{secrets.token_hex(4)}",
        "POLIS_RATE_CREATE": "1000000/1", "POLIS_RATE_COMMANDS": "1000000/1",
        **(extra or {}),
    }
    return ApiProcess(env, log_dir, "bench").start()

