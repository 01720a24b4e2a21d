"""The asyncpg pool every component shares, and what a lost connection looks like.

A terminated backend (`pg_terminate_backend`, a restart, a fail-over) first sends a FATAL
error, then closes its socket. When the error reaches an idle connection, asyncpg's protocol
cannot place it and waits, in its "consume the error" state, for a sync point that never
comes; until the close is processed the connection still looks open, so the pool hands it
out, and its next statement fails with `InternalClientError: cannot switch to state ...;
another operation (2) is in progress` (nothing was sent). `Connection` reports that as what
it is, a lost connection, and closes the connection so it is never handed out again.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import asyncpg
from asyncpg import exceptions

T = TypeVar("T")

LOST_CONNECTION: tuple[type[BaseException], ...] = (
    asyncpg.PostgresConnectionError,  # ConnectionDoesNotExistError among them
    asyncpg.InterfaceError,
    exceptions.InternalClientError,
    exceptions.AdminShutdownError,
    exceptions.CrashShutdownError,
    exceptions.CannotConnectNowError,
    exceptions.TooManyConnectionsError,
    ConnectionError,
    OSError,
)
"""Failures of the connection, not of the statement: a read may be made again on another
connection; a write's outcome is unknown (the server may have committed it)."""


def lost_connection(exc: BaseException) -> bool:
    return isinstance(exc, LOST_CONNECTION)


class Connection(asyncpg.Connection):  # type: ignore[misc]
    """An asyncpg connection whose statements fail as a lost connection (and close it)
    when its protocol is stuck behind a FATAL error it received while idle (the module
    docstring), rather than with an internal error a caller cannot tell apart from a bug."""

    async def _lost_if_stuck(self, statement: Awaitable[T]) -> T:
        try:
            return await statement
        except exceptions.InternalClientError as exc:
            self.terminate()
            raise exceptions.ConnectionDoesNotExistError(
                f"connection lost (its server ended it): {exc}") from exc

    async def execute(self, query: str, *args: Any, **kwargs: Any) -> str:
        return await self._lost_if_stuck(super().execute(query, *args, **kwargs))

    async def executemany(self, command: str, args: Any, **kwargs: Any) -> None:
        await self._lost_if_stuck(super().executemany(command, args, **kwargs))

    async def fetch(self, query: str, *args: Any, **kwargs: Any) -> list[Any]:
        return await self._lost_if_stuck(super().fetch(query, *args, **kwargs))

    async def fetchval(self, query: str, *args: Any, **kwargs: Any) -> Any:
        return await self._lost_if_stuck(super().fetchval(query, *args, **kwargs))

    async def fetchrow(self, query: str, *args: Any, **kwargs: Any) -> Any:
        return await self._lost_if_stuck(super().fetchrow(query, *args, **kwargs))

    async def fetchmany(self, query: str, args: Any, **kwargs: Any) -> list[Any]:
        return await self._lost_if_stuck(super().fetchmany(query, args, **kwargs))


async def read_again(read: Callable[[], Awaitable[T]], attempts: int = 3) -> T:
    """`read()`, made again (on another pooled connection) when its connection is lost:
    a read changes nothing, so it is safe to repeat. The last loss is raised."""
    for _ in range(attempts - 1):
        try:
            return await read()
        except LOST_CONNECTION:
            continue
    return await read()


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
        connection_class=Connection,
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
