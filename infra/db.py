"""The asyncpg pool every component shares."""

from __future__ import annotations

import asyncpg


async def create_pool(
    dsn: str, min_size: int = 1, max_size: int = 10, lock_timeout_ms: int = 0
) -> asyncpg.Pool:
    """A pool whose connections hand jsonb over as text (msgspec encodes and decodes it).

    `lock_timeout_ms` bounds how long a statement waits for a row lock (0: no bound), so a
    game held by a slow transaction refuses its own commands instead of filling the pool.
    """
    pool = await asyncpg.create_pool(
        dsn, min_size=min_size, max_size=max_size, command_timeout=30,
        server_settings={"lock_timeout": str(lock_timeout_ms)}, reset=keep_session,
    )
    assert pool is not None
    return pool


async def keep_session(conn: asyncpg.Connection) -> None:
    """Give a connection back to the pool as it is: the service keeps no session state
    (no LISTEN, no session locks, no SET), so asyncpg's default reset would only cost one
    more round trip per query."""


def with_database(dsn: str, database: str) -> str:
    """`dsn` pointing at another database on the same server (URL form, any query kept)."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(dsn)
    return urlunsplit(parts._replace(path="/" + database))


async def create_database(admin_dsn: str, database: str) -> str:
    """Create `database` (a plain identifier) and return its DSN."""
    if not database.replace("_", "").isalnum():
        raise ValueError(f"not a plain database name: {database!r}")
    conn = await asyncpg.connect(admin_dsn)
    try:
        await conn.execute(f'CREATE DATABASE "{database}"')
    finally:
        await conn.close()
    return with_database(admin_dsn, database)


async def drop_database(admin_dsn: str, database: str) -> None:
    conn = await asyncpg.connect(admin_dsn)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    finally:
        await conn.close()
