"""The PostgreSQL event store: one stream per game, appended with an expected version.

Global order. Every append takes one transaction-scoped advisory lock before it draws its
first position and holds it until commit, so appends commit in position order: once a
reader sees position p, every position below p is committed (or rolled back for good). A
reader paging by position therefore never skips an event that commits late. The cost is
one append at a time across all games, a few milliseconds each; per-game version checks and
`UNIQUE (game_id, version)` stay the concurrency rule a client sees.

Idempotency. A command id (the client's idempotency key) is stored with the versions its
command produced, in the same transaction as its events; a command id seen before returns
that outcome and appends nothing. Rejected commands append nothing and are not recorded, so
retrying one is decided afresh.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Any

import asyncpg
import msgspec

APPEND_LOCK_KEY = 7_270_002
"""pg_advisory_xact_lock key that serialises appends (see the module docstring)."""

SCHEMA_VERSION = 1
"""Version of the event envelope written now; readers upcast older ones."""

CREATED = "game-created"
"""Command id of a game's opening append (every append has a `commands` row: commit points)."""

TxHook = Callable[[asyncpg.Connection], Awaitable[None]]
"""Work done inside the append's transaction (inline projections)."""


class NewEvent(msgspec.Struct, frozen=True):
    """An event to append: its type name and its msgspec JSON."""

    type: str
    payload: bytes


class StoredEvent(msgspec.Struct, frozen=True):
    position: int
    game_id: uuid.UUID
    version: int
    type: str
    payload: str
    """The event's JSON text, as encoded by the game."""
    command_id: str | None
    seat: int | None
    recorded_at: datetime
    schema_version: int


class GameRecord(msgspec.Struct, frozen=True):
    game_id: uuid.UUID
    kind: str
    expansions: tuple[str, ...]
    options: dict[str, Any]
    seat_names: tuple[str, ...]
    token_hashes: tuple[str, ...]
    created_at: datetime
    version: int
    summary: dict[str, Any]
    over: bool


class CommandMeta(msgspec.Struct, frozen=True):
    """Who caused an append: the idempotency key, the seat and a hash of the request."""

    command_id: str | None
    seat: int | None
    body_hash: str = ""


class AppendResult(msgspec.Struct, frozen=True):
    first_version: int
    last_version: int
    replayed: bool
    """True when the command id was seen before and nothing was appended now."""


class VersionConflict(Exception):
    """The stream is not at the version the command was decided on."""

    def __init__(self, game_id: uuid.UUID, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id} is at version {actual}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class IdempotencyKeyReused(Exception):
    """A command id seen before arrived with a different body."""


class UnknownGame(Exception):
    pass


_EVENT_COLUMNS = (
    "position, game_id, version, type, payload::text AS payload, command_id, seat, "
    "recorded_at, schema_version"
)
_GAME_COLUMNS = (
    "game_id, kind, expansions, options::text AS options, seat_names, token_hashes, "
    "created_at, version, summary::text AS summary, over"
)


def _event(row: asyncpg.Record) -> StoredEvent:
    return StoredEvent(**dict(row.items()))


def _game(row: asyncpg.Record) -> GameRecord:
    data = dict(row.items())
    data["options"] = msgspec.json.decode(data["options"])
    data["summary"] = msgspec.json.decode(data["summary"])
    data["expansions"] = tuple(data["expansions"])
    data["seat_names"] = tuple(data["seat_names"])
    data["token_hashes"] = tuple(data["token_hashes"])
    return GameRecord(**data)


class EventStore:
    """Reads and appends game streams through an asyncpg pool."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    # -- games --------------------------------------------------------------------------
    async def create_game(
        self,
        game_id: uuid.UUID,
        kind: str,
        expansions: Sequence[str],
        options: dict[str, Any],
        seat_names: Sequence[str],
        token_hashes: Sequence[str],
        opening: Sequence[NewEvent],
        summary: dict[str, Any],
        over: bool = False,
        within: Sequence[TxHook] = (),
    ) -> AppendResult:
        """Create the game row and append its opening events, in one transaction."""
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(
                """INSERT INTO games (game_id, kind, expansions, options, seat_names,
                                      token_hashes)
                   VALUES ($1, $2, $3, $4::jsonb, $5, $6)""",
                game_id, kind, list(expansions), msgspec.json.encode(options).decode(),
                list(seat_names), list(token_hashes),
            )
            return await self._append_locked(
                conn, game_id, 0, opening, CommandMeta(CREATED, None), summary, over, within
            )

    async def get_game(self, game_id: uuid.UUID) -> GameRecord | None:
        row = await self.pool.fetchrow(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE game_id = $1", game_id
        )
        return None if row is None else _game(row)

    async def list_games(
        self, limit: int = 50, offset: int = 0, kind: str | None = None
    ) -> list[GameRecord]:
        rows = await self.pool.fetch(
            f"""SELECT {_GAME_COLUMNS} FROM games WHERE ($3::text IS NULL OR kind = $3)
                ORDER BY created_at DESC, game_id LIMIT $1 OFFSET $2""",
            limit, offset, kind,
        )
        return [_game(r) for r in rows]

    async def game_ids(self) -> list[uuid.UUID]:
        return [r["game_id"] for r in await self.pool.fetch("SELECT game_id FROM games")]

    # -- streams ------------------------------------------------------------------------
    async def read_stream(
        self, game_id: uuid.UUID, after_version: int = 0, up_to_version: int | None = None
    ) -> list[StoredEvent]:
        """Events of one game with after_version < version <= up_to_version, in order."""
        rows = await self.pool.fetch(
            f"""SELECT {_EVENT_COLUMNS} FROM events
                WHERE game_id = $1 AND version > $2 AND ($3::bigint IS NULL OR version <= $3)
                ORDER BY version""",
            game_id, after_version, up_to_version,
        )
        return [_event(r) for r in rows]

    async def read_all(self, after_position: int = 0, limit: int = 1000) -> list[StoredEvent]:
        """Events of every game in global order, after `after_position`; never skips one."""
        rows = await self.pool.fetch(
            f"SELECT {_EVENT_COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2",
            after_position, limit,
        )
        return [_event(r) for r in rows]

    async def find_command(
        self, game_id: uuid.UUID, command_id: str, body_hash: str | None = None
    ) -> AppendResult | None:
        """The outcome of a command id seen before; IdempotencyKeyReused when `body_hash`
        is given and the command seen then had another body."""
        row = await self.pool.fetchrow(
            """SELECT first_version, last_version, body_hash FROM commands
               WHERE game_id = $1 AND command_id = $2""",
            game_id, command_id,
        )
        if row is None:
            return None
        if body_hash is not None and row["body_hash"] != body_hash:
            raise IdempotencyKeyReused(command_id)
        return AppendResult(row["first_version"], row["last_version"], replayed=True)

    async def commit_points(self, game_id: uuid.UUID, since_version: int) -> set[int]:
        """Versions at or after `since_version` that ended an append (states seats act on)."""
        rows = await self.pool.fetch(
            "SELECT last_version FROM commands WHERE game_id = $1 AND last_version >= $2",
            game_id, since_version,
        )
        return {r["last_version"] for r in rows}

    async def append(
        self,
        game_id: uuid.UUID,
        expected_version: int,
        events: Sequence[NewEvent],
        meta: CommandMeta,
        summary: dict[str, Any],
        over: bool,
        within: Sequence[TxHook] = (),
    ) -> AppendResult:
        """Append `events` as versions expected_version+1.. or raise VersionConflict.

        A command id seen before returns its original outcome (replayed=True) whatever the
        expected version; with another body it raises IdempotencyKeyReused.
        """
        async with self.pool.acquire() as conn, conn.transaction():
            return await self._append_locked(
                conn, game_id, expected_version, events, meta, summary, over, within
            )

    async def _append_locked(
        self,
        conn: asyncpg.Connection,
        game_id: uuid.UUID,
        expected_version: int,
        events: Sequence[NewEvent],
        meta: CommandMeta,
        summary: dict[str, Any],
        over: bool,
        within: Sequence[TxHook],
    ) -> AppendResult:
        await conn.execute("SELECT pg_advisory_xact_lock($1)", APPEND_LOCK_KEY)
        if meta.command_id is not None:
            seen = await conn.fetchrow(
                """SELECT first_version, last_version, body_hash FROM commands
                   WHERE game_id = $1 AND command_id = $2""",
                game_id, meta.command_id,
            )
            if seen is not None:
                if seen["body_hash"] != meta.body_hash:
                    raise IdempotencyKeyReused(meta.command_id)
                return AppendResult(seen["first_version"], seen["last_version"], replayed=True)
        actual = await conn.fetchval("SELECT version FROM games WHERE game_id = $1", game_id)
        if actual is None:
            raise UnknownGame(str(game_id))
        if actual != expected_version:
            raise VersionConflict(game_id, expected_version, actual)
        first = expected_version + 1
        last = expected_version + len(events)
        try:
            await conn.execute(
                """INSERT INTO events (game_id, version, type, payload, command_id, seat,
                                       schema_version)
                   SELECT $1, v, t, p::jsonb, $5, $6, $7
                   FROM unnest($2::bigint[], $3::text[], $4::text[]) AS x(v, t, p)
                   ORDER BY v""",
                game_id, list(range(first, last + 1)), [e.type for e in events],
                [e.payload.decode() for e in events], meta.command_id, meta.seat,
                SCHEMA_VERSION,
            )
        except asyncpg.UniqueViolationError as exc:  # only if the version check is bypassed
            raise VersionConflict(game_id, expected_version, expected_version + 1) from exc
        await conn.execute(
            """UPDATE games SET version = $2, summary = $3::jsonb, over = $4
               WHERE game_id = $1""",
            game_id, last, msgspec.json.encode(summary).decode(), over,
        )
        if meta.command_id is not None:
            await conn.execute(
                """INSERT INTO commands (game_id, command_id, seat, body_hash, first_version,
                                         last_version)
                   VALUES ($1, $2, $3, $4, $5, $6)""",
                game_id, meta.command_id, meta.seat, meta.body_hash, first, last,
            )
        for hook in within:
            await hook(conn)
        return AppendResult(first, last, replayed=False)
