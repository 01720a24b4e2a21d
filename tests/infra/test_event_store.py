"""The event store on a real PostgreSQL: versions, conflicts, idempotency, global order."""

from __future__ import annotations

import asyncio
import random
import uuid

import asyncpg
import msgspec
import pytest

from infra.db import create_database, create_pool, drop_database
from infra.event_store import (
    CommandMeta,
    EventStore,
    IdempotencyKeyReused,
    NewEvent,
    StoredEvent,
    UnknownGame,
    VersionConflict,
)
from infra.migrate import migrate, migration_files, pending
from projections.views import read_view
from tests.conftest import own_database

database_url, pool = own_database("store")
"""Games of a made-up kind (`test`): on a database of their own."""


def _events(n: int, tag: str = "e") -> list[NewEvent]:
    return [NewEvent("Tick", f'{{"type":"Tick","n":{i},"tag":"{tag}"}}'.encode()) for i in range(n)]


async def _new_game(store: EventStore, opening: int = 2) -> uuid.UUID:
    game_id = uuid.uuid4()
    await store.create_game(
        game_id, "test", (), {}, ("a", "b"), ("h0", "h1"), _events(opening), {"phase": "x"}
    )
    return game_id


async def test_migrations_apply_once(pool: asyncpg.Pool) -> None:
    async with pool.acquire() as conn:
        assert await migrate(conn) == []
        assert await pending(conn) == []
        rows = await conn.fetch("SELECT version FROM schema_migrations ORDER BY version")
    assert [r["version"] for r in rows] == [v for v, _, _ in migration_files()]


async def test_views_use_lz4_where_the_server_has_it(pool: asyncpg.Pool) -> None:
    """Migration 0008: views are compressed with lz4 when the server was built with it, and a
    stored view reads back whole either way."""
    async with pool.acquire() as conn:
        has_lz4 = await conn.fetchval(
            """SELECT 'lz4' = ANY (enumvals) FROM pg_settings
               WHERE name = 'default_toast_compression'""")
        method = await conn.fetchval(
            """SELECT attcompression::text FROM pg_attribute
               WHERE attrelid = 'views'::regclass AND attname = 'view'""")
    assert method == ("l" if has_lz4 else "")  # "": the server default (pglz)
    store = EventStore(pool)
    game_id = await _new_game(store)
    big = '{"filler": "' + "abc" * 4000 + '"}'  # over the TOAST threshold: compressed
    await store.append(game_id, 2, _events(1), CommandMeta("c1", 0, "h"), {}, False,
                       views=[(0, big)])
    async with pool.acquire() as conn:
        row = await conn.fetchrow(
            """SELECT view, pg_column_compression(view) AS method FROM views
               WHERE game_id = $1 AND version = 3 AND seat = 0""", game_id)
    assert row["view"] == big
    assert row["method"] == ("lz4" if has_lz4 else "pglz")


async def test_an_append_to_an_unknown_game_writes_nothing(pool: asyncpg.Pool) -> None:
    """Views have no foreign key to games (migration 0009): the append statement itself
    writes a view only with the games row it updates."""
    store = EventStore(pool)
    game_id = uuid.uuid4()
    with pytest.raises(UnknownGame):
        await store.append(game_id, 0, _events(1), CommandMeta("c1", 0, "h"), {}, False,
                           views=[(0, "{}"), (-1, "{}")])
    async with pool.acquire() as conn:
        for table in ("events", "commands", "views"):
            assert await conn.fetchval(
                f"SELECT count(*) FROM {table} WHERE game_id = $1", game_id) == 0


async def test_an_append_updates_its_game_row_heap_only(pool: asyncpg.Pool) -> None:
    """Migration 0010: no index covers a column an append changes (but `over`, once), so
    PostgreSQL updates the game's row in place of its indexes (a HOT update)."""
    store = EventStore(pool)
    game_id = await _new_game(store)
    async with pool.acquire() as conn, conn.transaction():
        await store.append(game_id, 2, _events(2), CommandMeta("c1", 0, "h"), {"turn": 1},
                           False, views=[(0, "{}")], conn=conn)
        updated, hot = await conn.fetchrow(
            """SELECT pg_stat_get_xact_tuples_updated('games'::regclass),
                      pg_stat_get_xact_tuples_hot_updated('games'::regclass)""")
    # counts of this backend not yet flushed to the statistics (earlier appends on the same
    # connection within a second) may add in: every one of them is HOT too
    assert updated >= 1 and hot == updated


async def test_versions_have_no_gaps(pool: asyncpg.Pool) -> None:
    store = EventStore(pool)
    game_id = await _new_game(store)
    result = await store.append(game_id, 2, _events(3), CommandMeta("c1", 0, "h"), {}, False)
    assert (result.first_version, result.last_version, result.replayed) == (3, 5, False)
    stream = await store.read_stream(game_id)
    assert [e.version for e in stream] == [1, 2, 3, 4, 5]
    assert [e.seat for e in stream] == [None, None, 0, 0, 0]
    assert stream[2].command_id == "c1"
    assert [e.version for e in await store.read_stream(game_id, 3, 4)] == [4]
    game = await store.get_game(game_id)
    assert game is not None and game.version == 5


async def test_stale_expected_version_conflicts(pool: asyncpg.Pool) -> None:
    store = EventStore(pool)
    game_id = await _new_game(store)
    with pytest.raises(VersionConflict) as info:
        await store.append(game_id, 1, _events(1), CommandMeta(None, 0), {}, False)
    assert info.value.actual == 2
    assert len(await store.read_stream(game_id)) == 2


async def test_racing_appends_one_winner(pool: asyncpg.Pool) -> None:
    store = EventStore(pool)
    game_id = await _new_game(store)

    async def attempt(i: int) -> bool:
        try:
            await store.append(
                game_id, 2, _events(2, f"w{i}"), CommandMeta(f"k{i}", 0, "h"), {}, False
            )
            return True
        except VersionConflict:
            return False

    wins = await asyncio.gather(*(attempt(i) for i in range(10)))
    assert sum(wins) == 1
    stream = await store.read_stream(game_id)
    assert [e.version for e in stream] == [1, 2, 3, 4]
    assert len({e.command_id for e in stream[2:]}) == 1


async def test_command_id_seen_before_returns_the_outcome(pool: asyncpg.Pool) -> None:
    store = EventStore(pool)
    game_id = await _new_game(store)
    meta = CommandMeta("same", 1, "body")
    first = await store.append(game_id, 2, _events(2), meta, {}, False)
    again = await store.append(game_id, 2, _events(2), meta, {}, False)
    later = await store.append(game_id, 4, _events(1), meta, {}, False)
    assert (again.first_version, again.last_version, again.replayed) == (3, 4, True)
    assert later == again and not first.replayed
    assert len(await store.read_stream(game_id)) == 4
    with pytest.raises(IdempotencyKeyReused):
        await store.append(game_id, 4, _events(1), CommandMeta("same", 1, "other"), {}, False)
    found = await store.find_command(game_id, "same")
    assert found is not None and found.last_version == 4


async def test_racing_duplicates_append_once(pool: asyncpg.Pool) -> None:
    store = EventStore(pool)
    game_id = await _new_game(store)
    meta = CommandMeta("dup", 0, "body")
    results = await asyncio.gather(
        *(store.append(game_id, 2, _events(1), meta, {}, False) for _ in range(8))
    )
    assert sum(not r.replayed for r in results) == 1
    assert {(r.first_version, r.last_version) for r in results} == {(3, 3)}
    assert len(await store.read_stream(game_id)) == 3


async def _read_position_after(
    conn: asyncpg.Connection, game_ids: list[uuid.UUID], after: int
) -> list[int]:
    rows = await conn.fetch(
        "SELECT position FROM events WHERE position > $1 AND game_id = ANY($2) ORDER BY position",
        after, game_ids,
    )
    return [r["position"] for r in rows]


async def test_unserialised_inserts_would_let_a_reader_skip(pool: asyncpg.Pool) -> None:
    """The hazard, shown without the store: a position committed late falls behind a cursor."""
    store = EventStore(pool)
    games = [await _new_game(store, opening=0) for _ in range(2)]
    insert = (
        "INSERT INTO events (game_id, version, type, payload) "
        "VALUES ($1, 1, 'Tick', '{}') RETURNING position"
    )
    async with pool.acquire() as slow, pool.acquire() as fast, pool.acquire() as reader:
        tx = slow.transaction()
        await tx.start()
        early = await slow.fetchval(insert, games[0])
        late = await fast.fetchval(insert, games[1])  # commits at once (autocommit)
        cursor = max(await _read_position_after(reader, games, 0))
        assert cursor == late > early
        await tx.commit()
        assert await _read_position_after(reader, games, cursor) == []  # `early` was skipped


async def test_appends_to_other_games_never_wait_and_readers_skip_nothing(
    pool: asyncpg.Pool,
) -> None:
    """The same race through the store: an append held open on one game does not delay an
    append to another, and the global reader shows neither until the older one commits."""
    store = EventStore(pool)
    games = [await _new_game(store, opening=0) for _ in range(2)]
    start = await _cursor(store)
    async with pool.acquire() as slow:
        tx = slow.transaction()
        await tx.start()
        await store.append(games[0], 0, _events(1), CommandMeta(None, 0), {}, False, conn=slow)
        # no global lock: this append commits while the other transaction is still open
        await asyncio.wait_for(
            store.append(games[1], 0, _events(1), CommandMeta(None, 0), {}, False), 5
        )
        assert [e for e in await store.read_all(start) if e.game_id in games] == []
        await tx.commit()
    seen = await _read_until(store, start, games, 2)
    assert [e.game_id for e in seen] == games  # the older transaction's event first


async def _cursor(store: EventStore) -> tuple[int, int]:
    cursor = (0, 0)
    while batch := await store.read_all(cursor, limit=10_000):
        cursor = (batch[-1].tx, batch[-1].position)
    return cursor


async def _read_until(
    store: EventStore, cursor: tuple[int, int], games: list[uuid.UUID], count: int
) -> list[StoredEvent]:
    """Page through every game until `count` events of `games` came (a transaction still
    open anywhere on the server holds the reader back, never makes it skip)."""
    seen: list[StoredEvent] = []
    async with asyncio.timeout(60):
        while len(seen) < count:
            batch = await store.read_all(cursor)
            if batch:
                cursor = (batch[-1].tx, batch[-1].position)
                seen.extend(e for e in batch if e.game_id in games)
            else:
                await asyncio.sleep(0.01)
    return seen


async def test_global_reader_never_skips_under_concurrent_writers(pool: asyncpg.Pool) -> None:
    store = EventStore(pool)
    games = [await _new_game(store, opening=0) for _ in range(6)]
    cursor = await _cursor(store)
    rng = random.Random(7)
    done = asyncio.Event()
    written = 0

    async def writer(game_id: uuid.UUID) -> None:
        nonlocal written
        version = 0
        for _ in range(15):
            n = rng.randint(1, 3)
            async with pool.acquire() as conn, conn.transaction():
                await store.append(game_id, version, _events(n), CommandMeta(None, 0), {},
                                   False, conn=conn)
                await conn.execute("SELECT pg_sleep($1)", rng.random() * 0.01)
            version += n
            written += n

    seen: list[StoredEvent] = []

    async def reader() -> None:
        nonlocal cursor
        while not done.is_set():
            batch = await store.read_all(cursor)
            if batch:
                cursor = (batch[-1].tx, batch[-1].position)
            seen.extend(e for e in batch if e.game_id in games)
            await asyncio.sleep(0)

    reading = asyncio.create_task(reader())
    await asyncio.gather(*(writer(g) for g in games))
    done.set()
    await reading
    seen.extend(await _read_until(store, cursor, games, written - len(seen)))
    async with pool.acquire() as conn:
        every = await _read_position_after(conn, games, 0)
    assert sorted(e.position for e in seen) == every  # each once, none skipped
    for game_id in games:  # and each game's events in version order
        versions = [e.version for e in seen if e.game_id == game_id]
        assert versions == sorted(versions)


async def test_a_database_of_the_first_schema_migrates_forward(admin_dsn: str) -> None:
    """Games written before per-game appends keep their events, views and order."""
    name = f"polis_migrate_{uuid.uuid4().hex[:8]}"
    dsn = await create_database(admin_dsn, name)
    try:
        conn = await asyncpg.connect(dsn)
        try:
            for version, _, sql in migration_files():
                if version <= 2:  # the schema as it was
                    await conn.execute(sql)
            game_id = uuid.uuid4()
            await conn.execute(
                "INSERT INTO games (game_id, kind, seat_names, token_hashes, version) "
                "VALUES ($1, 'test', '{a}', '{h}', 2)", game_id)
            await conn.execute(
                "INSERT INTO events (game_id, version, type, payload) VALUES "
                "($1, 1, 'Tick', '{\"n\": 1}'), ($1, 2, 'Tick', '{\"n\": 2}')", game_id)
            await conn.execute(
                "INSERT INTO views (game_id, version, seat, view) VALUES ($1, 2, -1, $2)",
                game_id, '{"seen": [1, 2]}')
            await conn.execute(
                "CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT "
                "NULL, applied_at timestamptz NOT NULL DEFAULT now())")
            await conn.execute(
                "INSERT INTO schema_migrations (version, name) VALUES (1, 'a'), (2, 'b')")
            applied = await migrate(conn)
            assert applied == [f for v, f, _ in migration_files() if v > 2]
        finally:
            await conn.close()
        pool = await create_pool(dsn, 1, 2)
        try:
            store = EventStore(pool)
            record = await store.get_game(game_id)
            assert record is not None and record.deal == "unrecorded"
            assert [e.version for e in await store.read_all()] == [1, 2]
            stored = await read_view(pool, game_id, None)
            assert stored is not None and msgspec.json.decode(stored[1]) == {"seen": [1, 2]}
            result = await store.append(game_id, 2, _events(1), CommandMeta("c", 0, "h"),
                                        {}, False, [(-1, '{"seen": [1, 2, 3]}')])
            assert result.last_version == 3
        finally:
            await pool.close()
    finally:
        await drop_database(admin_dsn, name)
