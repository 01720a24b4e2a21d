"""The PostgreSQL event store: one stream per game, appended with an expected version.

Per-game appends. An append is one SQL statement: it moves the game's row from the expected
version to the new one (`UPDATE ... WHERE version = expected`) and, only if that row moved,
inserts the events, the command's outcome and the views. The row lock serialises appends to
one game; appends to different games never wait for each other's locks (those that arrive
together may share a transaction and its commit: `infra/append_batches.py`, where each is
still its own statement and outcome). A race on one game is lost
by the statement whose expected version no longer matches, and `UNIQUE (game_id, version)`
backs the rule up.

Distribution. Every table is keyed by `game_id` first (games, events, commands, views), and
every statement of the command path names one game_id, so on Citus each table is
distributed by `game_id` (colocated) and a command touches one shard. A batch of appends
(`infra/append_batches.py`) spans games, hence shards: set `POLIS_APPEND_BATCH=0` there.

Gap-free global reads. Events carry the id of the transaction that wrote them (`tx`).
`read_all` pages by (tx, position) and returns only events whose transaction is older than
the oldest transaction still in progress (`pg_snapshot_xmin`), so an event that commits late
can never fall behind a reader's cursor, and no writer waits for another game's.

Idempotency. A command id (the client's idempotency key) is stored with the versions its
command produced, in the same statement as its events; a command id seen before returns
that outcome and appends nothing. Rejected commands append nothing and are not recorded.

Tamper evidence. Every event carries a hash chained to the previous event of its game
(`infra/hash_chain.py`, `openapi/audit.md`): Python computes each new event's digest before
the append, and the append statement chains the digests onto the game's `head` (read in the
same statement, from the row it moves, with the game's secret salt) and stores the new head,
so an append is still one statement and one round trip. The salt never leaves the database
while the game runs (the head would otherwise reveal hidden choices: see hash_chain.py).

Broken connections. A connection that fails after a statement committed (for example while
it is given back to the pool) never turns a committed append into an error: the outcome is
kept, and an append whose reply was lost is looked up by its command id.
"""

from __future__ import annotations

import contextlib
import logging
import re
import uuid
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Any, TypeVar

import asyncpg
import msgspec

from infra.append_batches import AppendBatches, BatchFailed
from infra.hash_chain import GENESIS, StoredLink, chain, content_digests, new_salt
from infra.notifications import OutboxRow, outbox_args, outbox_cte

_log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
"""Version of the event envelope written now; readers upcast older ones."""

CREATED = "game-created"
"""Command id of a game's opening append (every append has a `commands` row: commit points)."""

CONNECTION_ERRORS: tuple[type[BaseException], ...] = (
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.AdminShutdownError,
    ConnectionError,
    OSError,
)
"""Failures after which a statement's outcome is unknown (the server may have committed)."""

_LOST_OR_BATCH_FAILED: tuple[type[BaseException], ...] = (BatchFailed, *CONNECTION_ERRORS)

T = TypeVar("T")


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
    tx: int = 0
    """Id of the transaction that wrote it (global readers page by (tx, position))."""


class StreamRow(msgspec.Struct, frozen=True, array_like=True):
    """What a process folding a game needs of one event: its command's outcome included."""

    version: int
    payload: str
    command_id: str | None
    seat: int | None
    body_hash: str | None
    first_version: int | None
    recorded_at: datetime | None = None
    """When the append committed (PostgreSQL's time): the clocks' commit times."""
    hash: bytes | None = None
    """The event's chain hash (`infra/hash_chain.py`)."""


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
    deal: str = "random"
    """'random' (secret), 'seeded' (the creator can compute it), 'explicit' or 'unrecorded'."""
    head_hash: str = ""
    """Hex SHA-256 of the game's last event in its hash chain (`infra/hash_chain.py`)."""
    imported: bool = False
    """Recorded elsewhere and imported for study: finished, never takes commands."""
    salt: bytes = b""
    """The game's secret chain salt: published only once the game is over."""
    players: tuple[str | None, ...] = ()
    """The player holding each seat (None: a named seat, a bot or a free seat); shorter
    than the seats for a game created before players existed."""
    visibility: str = "private"
    """`public`: a table listed in the lobby while it waits; `private`: by invitation."""
    host: str | None = None
    """The player who opened the table."""
    waiting: bool = False
    """A table with seats still open: no deal drawn yet."""
    invite_hash: str | None = None
    """SHA-256 hex of a private table's invitation code (None: none, or revoked)."""

    @property
    def public_salt(self) -> str | None:
        """The chain salt as hex once the game is over (anyone may then recompute the
        chain); None while it runs."""
        return self.salt.hex() if self.over else None


class TableRow(msgspec.Struct, frozen=True):
    """A game's players and table columns (`games.players`, visibility, host, invitation,
    waiting), written at its creation and with each append that seats players."""

    players: tuple[str | None, ...] = ()
    visibility: str = "private"
    host: str | None = None
    invite_hash: str | None = None
    waiting: bool = False
    invited: tuple[str | None, ...] = ()
    """By seat: the player a free seat is reserved for (an invitation), else None."""

    def columns(self, seats: int) -> tuple[Any, ...]:
        players = [*self.players, *[None] * (seats - len(self.players))][:seats]
        invited = [*self.invited, *[None] * (seats - len(self.invited))][:seats]
        return players, self.visibility, self.host, self.invite_hash, self.waiting, invited


_RESEAT = """
UPDATE games SET players = $2::uuid[], seat_names = $3, token_hashes = $4,
                 options = $5::jsonb, waiting = $6
WHERE game_id = $1
"""

_HELD = """
INSERT INTO seats_held (player_id, game_id, seat, invited)
SELECT x.p, $1, x.n - 1, x.i FROM (
    SELECT p, n, false AS i FROM unnest($2::uuid[]) WITH ORDINALITY AS h(p, n)
    UNION ALL
    SELECT p, n, true FROM unnest($3::uuid[]) WITH ORDINALITY AS r(p, n)
) AS x WHERE x.p IS NOT NULL
"""


async def reseat(
    conn: asyncpg.Connection, game_id: uuid.UUID, players: Sequence[str | None],
    seat_names: Sequence[str], token_hashes: Sequence[str], options: dict[str, Any],
    waiting: bool, invited: Sequence[str | None] = (),
) -> None:
    """Write who holds each seat after a table's append (in its transaction): the game's
    row and `seats_held` (with the players still invited to a seat)."""
    await conn.execute(_RESEAT, game_id, list(players), list(seat_names), list(token_hashes),
                       msgspec.json.encode(options).decode(), waiting)
    await conn.execute("DELETE FROM seats_held WHERE game_id = $1", game_id)
    await conn.execute(_HELD, game_id, list(players), list(invited))


class Created(msgspec.Struct, frozen=True):
    """A new game as stored: when, its chain salt and its head hash."""

    created_at: datetime
    salt: bytes
    head: bytes


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
    recorded_at: datetime | None = None
    """When the events were recorded (their `recorded_at`), for an append made now."""
    head: bytes | None = None
    """The game's chain hash after an append made now."""


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


class GameBusy(Exception):
    """The game's row stayed locked longer than the lock time-out (a slow transaction)."""


_EVENT_COLUMNS = (
    "position, game_id, version, type, payload::text AS payload, command_id, seat, "
    "recorded_at, schema_version, tx"
)
_GAME_COLUMNS = (
    "game_id, kind, expansions, options::text AS options, seat_names, token_hashes, "
    "created_at, version, summary::text AS summary, over, deal, "
    "encode(head, 'hex') AS head_hash, imported, salt, players::text[] AS players, "
    "visibility, host::text AS host, waiting, invite_hash"
)

_APPEND = """
WITH RECURSIVE chain AS (  -- each new event's hash: SHA-256(salt || previous hash || digest)
    SELECT 0 AS n, head AS h, salt AS s FROM games WHERE game_id = $1 AND version = $2
    UNION ALL
    SELECT chain.n + 1, sha256(chain.s || chain.h || ($14::bytea[])[chain.n + 1]), chain.s
    FROM chain WHERE chain.n < cardinality($14::bytea[])
), g AS (
    UPDATE games SET version = $3, summary = $8::jsonb, over = $9,
                     head = (SELECT h FROM chain ORDER BY n DESC LIMIT 1)
    WHERE game_id = $1 AND version = $2 AND NOT imported
      AND NOT EXISTS (SELECT 1 FROM commands c WHERE c.game_id = $1 AND c.command_id = $5)
    RETURNING game_id, head
), e AS (
    INSERT INTO events (game_id, version, type, payload, command_id, seat, schema_version, hash)
    SELECT g.game_id, $2 + x.n, x.t, x.p::jsonb, $5, $6, $10, chain.h
    FROM g, unnest($4::text[], $11::text[]) WITH ORDINALITY AS x(t, p, n)
    JOIN chain ON chain.n = x.n
), c AS (
    INSERT INTO commands (game_id, command_id, seat, body_hash, first_version, last_version)
    SELECT g.game_id, $5, $6, $7, $2 + 1, $3 FROM g
), w AS (
    INSERT INTO views (game_id, version, seat, view)
    SELECT g.game_id, $3, y.s, y.v FROM g, unnest($12::int[], $13::text[]) AS y(s, v)
)
SELECT count(*), polis_now(), (array_agg(g.head))[1] FROM g
"""

def _parameters(sql: str) -> int:
    """The highest `$n` a statement takes (the outbox's arrays follow it)."""
    return max(int(n) for n in re.findall(r"\$(\d+)", sql))


_APPEND_NOTIFYING = _APPEND.replace(
    "\nSELECT count(*)", outbox_cte(_parameters(_APPEND) + 1) + "SELECT count(*)")
"""The append with notification rows (`infra/notifications.py`): still one statement, and
the rows are written only if the events are."""

_CREATE = """
WITH g AS (
    INSERT INTO games (game_id, kind, expansions, options, seat_names, token_hashes, version,
                       summary, over, deal, head, imported, salt, players, visibility, host,
                       invite_hash, waiting)
    VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8::jsonb, $9, $10, $18, $19, $20, $21::uuid[],
            $22, $23::uuid, $24, $25)
    RETURNING game_id, created_at
), s AS (
    INSERT INTO seats_held (player_id, game_id, seat)
    SELECT x.p, g.game_id, x.n - 1 FROM g, unnest($21::uuid[]) WITH ORDINALITY AS x(p, n)
    WHERE x.p IS NOT NULL
), r AS (
    INSERT INTO seats_held (player_id, game_id, seat, invited)
    SELECT x.p, g.game_id, x.n - 1, true FROM g, unnest($26::uuid[]) WITH ORDINALITY AS x(p, n)
    WHERE x.p IS NOT NULL
), e AS (
    INSERT INTO events (game_id, version, type, payload, command_id, seat, schema_version, hash)
    SELECT g.game_id, x.n, x.t, x.p::jsonb, $11, NULL, $12, x.h
    FROM g, unnest($13::text[], $14::text[], $17::bytea[]) WITH ORDINALITY AS x(t, p, h, n)
), c AS (
    INSERT INTO commands (game_id, command_id, seat, body_hash, first_version, last_version)
    SELECT g.game_id, $11, NULL, '', 1, $7 FROM g
), w AS (
    INSERT INTO views (game_id, version, seat, view)
    SELECT g.game_id, $7, y.s, y.v FROM g, unnest($15::int[], $16::text[]) AS y(s, v)
)
SELECT created_at FROM g
"""

_CREATE_NOTIFYING = _CREATE.replace(
    "\nSELECT created_at", outbox_cte(_parameters(_CREATE) + 1) + "SELECT created_at")
"""The creation with notification rows (an invitation): still one statement."""

_WHY_NOT = """
SELECT g.version, c.first_version, c.last_version, c.body_hash
FROM games g LEFT JOIN commands c ON c.game_id = g.game_id AND c.command_id = $2
WHERE g.game_id = $1
"""

Views = Sequence[tuple[int, str]]
"""(seat key, view JSON) of every audience, written at an append's last version."""


def _event(row: asyncpg.Record) -> StoredEvent:
    return StoredEvent(**dict(row.items()))


def _game(row: asyncpg.Record) -> GameRecord:
    data = dict(row.items())
    data["options"] = msgspec.json.decode(data["options"])
    data["summary"] = msgspec.json.decode(data["summary"])
    data["expansions"] = tuple(data["expansions"])
    data["seat_names"] = tuple(data["seat_names"])
    data["token_hashes"] = tuple(data["token_hashes"])
    data["players"] = tuple(data["players"] or ())
    return GameRecord(**data)


class EventStore:
    """Reads and appends game streams through an asyncpg pool."""

    def __init__(self, pool: asyncpg.Pool, batches: AppendBatches | None = None) -> None:
        self.pool = pool
        self.batches = batches
        """Group commit of appends to different games (`infra/append_batches.py`); None:
        each append is a transaction of its own."""

    async def run(self, work: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """`work` on a pooled connection; a failure while giving the connection back is
        logged, never raised (the work's outcome stands)."""
        conn = await self.pool.acquire()
        try:
            return await work(conn)
        finally:
            try:
                await self.pool.release(conn)
            except Exception as exc:  # the connection broke after the work: keep its result
                _log.warning("connection lost while released to the pool: %s", exc)
                with contextlib.suppress(Exception):
                    conn.terminate()

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
        views: Views = (),
        deal: str = "random",
        imported: bool = False,
        conn: asyncpg.Connection | None = None,
        table: TableRow | None = None,
        outbox: Sequence[OutboxRow] = (),
    ) -> Created:
        """Create the game row, its opening events and views in one statement, under a new
        chain salt. With `conn`, the statement runs there (in the caller's transaction).
        `outbox`: notifications written in the same statement."""
        salt = new_salt()
        hashes = opening_hashes(game_id, opening, salt)

        def create(conn: asyncpg.Connection) -> Awaitable[datetime]:
            return conn.fetchval(  # type: ignore[no-any-return]
                _CREATE_NOTIFYING if outbox else _CREATE, game_id, kind, list(expansions),
                msgspec.json.encode(options).decode(),
                list(seat_names), list(token_hashes), len(opening),
                msgspec.json.encode(summary).decode(), over, deal, CREATED, SCHEMA_VERSION,
                [e.type for e in opening], [e.payload.decode() for e in opening],
                [s for s, _ in views], [v for _, v in views],
                hashes, hashes[-1] if hashes else GENESIS, imported, salt,
                *(table or TableRow()).columns(len(seat_names)),
                *(outbox_args(outbox) if outbox else ()),
            )

        created: datetime = await (create(conn) if conn is not None else self.run(create))
        return Created(created, salt, hashes[-1] if hashes else GENESIS)

    async def get_game(self, game_id: uuid.UUID) -> GameRecord | None:
        row = await self.run(lambda conn: conn.fetchrow(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE game_id = $1", game_id
        ))
        return None if row is None else _game(row)

    async def list_games(
        self, limit: int = 50, offset: int = 0, kind: str | None = None
    ) -> list[GameRecord]:
        rows = await self.run(lambda conn: conn.fetch(
            f"""SELECT {_GAME_COLUMNS} FROM games WHERE ($3::text IS NULL OR kind = $3)
                ORDER BY created_at DESC, game_id LIMIT $1 OFFSET $2""",
            limit, offset, kind,
        ))
        return [_game(r) for r in rows]

    async def game_ids(self) -> list[uuid.UUID]:
        rows = await self.run(lambda conn: conn.fetch("SELECT game_id FROM games"))
        return [r["game_id"] for r in rows]

    async def records(self, game_ids: Sequence[uuid.UUID]) -> list[GameRecord]:
        rows = await self.run(lambda conn: conn.fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE game_id = ANY($1::uuid[])", list(game_ids)
        ))
        return [_game(r) for r in rows]

    async def versions(self, game_ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, int]:
        """The current version of each game (one query for every game a process follows)."""
        rows = await self.run(lambda conn: conn.fetch(
            "SELECT game_id, version FROM games WHERE game_id = ANY($1::uuid[])", list(game_ids)
        ))
        return {r["game_id"]: r["version"] for r in rows}

    # -- streams ------------------------------------------------------------------------
    async def read_stream(
        self, game_id: uuid.UUID, after_version: int = 0, up_to_version: int | None = None
    ) -> list[StoredEvent]:
        """Events of one game with after_version < version <= up_to_version, in order."""
        rows = await self.run(lambda conn: conn.fetch(
            f"""SELECT {_EVENT_COLUMNS} FROM events
                WHERE game_id = $1 AND version > $2 AND ($3::bigint IS NULL OR version <= $3)
                ORDER BY version""",
            game_id, after_version, up_to_version,
        ))
        return [_event(r) for r in rows]

    async def read_streams(self, game_ids: Sequence[uuid.UUID]) -> list[asyncpg.Record]:
        """(game_id, version, payload, command_id) of every event of `game_ids`, in game
        and version order (rebuilds)."""
        rows: list[asyncpg.Record] = await self.run(lambda conn: conn.fetch(
            """SELECT game_id, version, payload::text AS payload, command_id FROM events
               WHERE game_id = ANY($1::uuid[]) ORDER BY game_id, version""",
            list(game_ids),
        ))
        return rows

    async def stream_rows(self, game_id: uuid.UUID, after_version: int = 0) -> list[StreamRow]:
        """Events after `after_version` with their command's outcome, for folding."""
        rows = await self.run(lambda conn: conn.fetch(
            """SELECT e.version, e.payload::text AS payload, e.command_id, e.seat,
                      c.body_hash, c.first_version, e.recorded_at, e.hash
               FROM events e LEFT JOIN commands c
                    ON c.game_id = e.game_id AND c.command_id = e.command_id
               WHERE e.game_id = $1 AND e.version > $2 ORDER BY e.version""",
            game_id, after_version,
        ))
        return [StreamRow(*r) for r in rows]

    async def read_all(
        self, after: tuple[int, int] = (0, 0), limit: int = 1000
    ) -> list[StoredEvent]:
        """Events of every game after the cursor (tx, position), in commit-safe order: only
        events of transactions older than every one in progress, so none is ever skipped."""
        rows = await self.run(lambda conn: conn.fetch(
            f"""SELECT {_EVENT_COLUMNS} FROM events
                WHERE (tx, position) > ($1, $2)
                  AND tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
                ORDER BY tx, position LIMIT $3""",
            after[0], after[1], limit,
        ))
        return [_event(r) for r in rows]

    async def find_command(
        self, game_id: uuid.UUID, command_id: str, body_hash: str | None = None
    ) -> AppendResult | None:
        """The outcome of a command id seen before; IdempotencyKeyReused when `body_hash`
        is given and the command seen then had another body."""
        row = await self.run(lambda conn: conn.fetchrow(
            """SELECT first_version, last_version, body_hash FROM commands
               WHERE game_id = $1 AND command_id = $2""",
            game_id, command_id,
        ))
        if row is None:
            return None
        if body_hash is not None and row["body_hash"] != body_hash:
            raise IdempotencyKeyReused(command_id)
        return AppendResult(row["first_version"], row["last_version"], replayed=True)

    async def append(
        self,
        game_id: uuid.UUID,
        expected_version: int,
        events: Sequence[NewEvent],
        meta: CommandMeta,
        summary: dict[str, Any],
        over: bool,
        views: Views = (),
        conn: asyncpg.Connection | None = None,
        outbox: Sequence[OutboxRow] = (),
    ) -> AppendResult:
        """Append `events` as versions expected_version+1.. with the views of the last one,
        or raise VersionConflict. `outbox`: notifications written in the same statement.

        A command id seen before returns its original outcome (replayed=True) whatever the
        expected version; with another body it raises IdempotencyKeyReused. With `conn`, the
        statement runs there (inside the caller's transaction, if any).
        """
        command_id = meta.command_id or f"auto:{uuid.uuid4()}"
        last = expected_version + len(events)
        args = (
            game_id, expected_version, last, [e.type for e in events], command_id, meta.seat,
            meta.body_hash, msgspec.json.encode(summary).decode(), over, SCHEMA_VERSION,
            [e.payload.decode() for e in events], [s for s, _ in views], [v for _, v in views],
            content_digests(game_id, expected_version + 1, [(e.type, e.payload) for e in events]),
            *(outbox_args(outbox) if outbox else ()),
        )
        statement = _APPEND_NOTIFYING if outbox else _APPEND
        batches = self.batches if conn is None else None

        async def attempt(
            c: asyncpg.Connection | None
        ) -> tuple[int, datetime | None, bytes | None]:
            try:
                if c is None:
                    assert batches is not None
                    row = await batches.fetchrow(statement, game_id, args)
                else:
                    row = await c.fetchrow(statement, *args)
            except asyncpg.exceptions.LockNotAvailableError:
                raise GameBusy(str(game_id)) from None
            except asyncpg.UniqueViolationError:  # a twin committed between the checks
                return 0, None, None
            assert row is not None
            return row[0], row[1], row[2]

        broke = False
        tries = 0
        while tries < 3:
            try:
                if conn is not None:
                    appended, at, head = await attempt(conn)
                elif batches is not None:
                    appended, at, head = await attempt(None)
                else:
                    appended, at, head = await self.run(attempt)
            except _LOST_OR_BATCH_FAILED as exc:
                lost = exc.cause if isinstance(exc, BatchFailed) else exc
                batches = None  # alone from now on
                if not isinstance(lost, CONNECTION_ERRORS):
                    continue  # another append of its batch failed: this one is made again
                if conn is not None:
                    raise
                _log.warning("connection lost during an append to %s: %s", game_id, lost)
                broke = True
                tries += 1
                continue  # the lookup below (or a retry) tells whether it committed
            if appended:
                return AppendResult(expected_version + 1, last, replayed=False, recorded_at=at,
                                    head=None if head is None else bytes(head))
            outcome = await self._why_not(game_id, expected_version, command_id, meta.body_hash,
                                          conn)
            # after a broken connection, our own committed append is not a replay
            return AppendResult(outcome.first_version, outcome.last_version,
                                replayed=outcome.replayed and not broke)
        raise ConnectionError(f"the append to {game_id} kept losing its connection")

    async def _why_not(
        self, game_id: uuid.UUID, expected: int, command_id: str, body_hash: str,
        conn: asyncpg.Connection | None,
    ) -> AppendResult:
        """Why an append wrote nothing: a replay (returned), or the error to raise."""
        async def query(c: asyncpg.Connection) -> asyncpg.Record | None:
            return await c.fetchrow(_WHY_NOT, game_id, command_id)

        row = await (query(conn) if conn is not None else self.run(query))
        if row is None:
            raise UnknownGame(str(game_id))
        if row["first_version"] is not None:
            if row["body_hash"] != body_hash:
                raise IdempotencyKeyReused(command_id)
            return AppendResult(row["first_version"], row["last_version"], replayed=True)
        raise VersionConflict(game_id, expected, row["version"])


def opening_hashes(
    game_id: uuid.UUID, opening: Sequence[NewEvent], salt: bytes
) -> list[bytes]:
    """The chain hashes of a new game's events (versions 1..n), from the genesis hash."""
    hashes, current = [], GENESIS
    for digest in content_digests(game_id, 1, [(e.type, e.payload) for e in opening]):
        current = chain(current, digest, salt)
        hashes.append(current)
    return hashes


class ChainRead(msgspec.Struct, frozen=True):
    """A game's chain as stored, read in one snapshot."""

    version: int
    head: bytes
    salt: bytes
    over: bool
    links: list[StoredLink]


async def chain_links(store: EventStore, game_id: uuid.UUID) -> ChainRead | None:
    """The game's version, head hash, salt and every event as the chain sees it, read in one
    snapshot (None for an unknown game)."""
    async def read(conn: asyncpg.Connection) -> ChainRead | None:
        async with conn.transaction(isolation="repeatable_read", readonly=True):
            game = await conn.fetchrow(
                "SELECT version, head, salt, over FROM games WHERE game_id = $1", game_id)
            if game is None:
                return None
            rows = await conn.fetch(
                """SELECT version, type, payload::text, hash FROM events
                   WHERE game_id = $1 ORDER BY version, position""", game_id)
        return ChainRead(game["version"], bytes(game["head"]), bytes(game["salt"]), game["over"],
                         [StoredLink(*r) for r in rows])

    return await store.run(read)
