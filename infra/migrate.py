"""Versioned SQL migrations: `infra/migrations/NNNN_name.sql`, each applied once, in order.

Applied by `polis migrate` and at start-up. An advisory lock lets several API processes
start together without applying a file twice.
"""

from __future__ import annotations

import re
from importlib import resources

import asyncpg

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_LOCK_KEY = 7_270_001  # pg_advisory_xact_lock key reserved for migrations


def migration_files() -> list[tuple[int, str, str]]:
    """(version, file name, SQL) of every migration shipped with the package, in order."""
    found = []
    for entry in (resources.files("infra") / "migrations").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    versions = [v for v, _, _ in found]
    if len(set(versions)) != len(versions):
        raise RuntimeError(f"two migrations share a number: {versions}")
    return found


async def migrate(conn: asyncpg.Connection) -> list[str]:
    """Apply the pending migrations; return the names of those applied now."""
    applied_now: list[str] = []
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _LOCK_KEY)
        await conn.execute(
            """CREATE TABLE IF NOT EXISTS schema_migrations (
                   version    integer PRIMARY KEY,
                   name       text        NOT NULL,
                   applied_at timestamptz NOT NULL DEFAULT now())"""
        )
        done = {r["version"] for r in await conn.fetch("SELECT version FROM schema_migrations")}
        for version, name, sql in migration_files():
            if version in done:
                continue
            await conn.execute(sql)
            await conn.execute(
                "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", version, name
            )
            applied_now.append(name)
    return applied_now


async def pending(conn: asyncpg.Connection) -> list[str]:
    """Names of migrations not applied yet (readiness fails while any are)."""
    exists = await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
    done = (
        {r["version"] for r in await conn.fetch("SELECT version FROM schema_migrations")}
        if exists
        else set()
    )
    return [name for version, name, _ in migration_files() if version not in done]
