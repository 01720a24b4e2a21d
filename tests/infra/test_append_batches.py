"""Group commit of appends (`infra/append_batches.py`) on a real PostgreSQL: appends to
different games that arrive together share a transaction, and each keeps its own outcome."""

from __future__ import annotations

import asyncio
import uuid

import asyncpg
import pytest

from infra.append_batches import AppendBatches
from infra.db import create_pool
from infra.event_store import (
    CommandMeta,
    EventStore,
    GameBusy,
    NewEvent,
    VersionConflict,
)
from infra.hash_chain import StoredLink, first_mismatch
from tests.conftest import own_database

database_url, pool = own_database("batches")
"""Games of a made-up kind (`test`): on a database of their own."""


def _events(n: int, tag: str) -> list[NewEvent]:
    return [NewEvent("Tick", f'{{"type":"Tick","n":{i},"tag":"{tag}"}}'.encode())
            for i in range(n)]


async def _games(store: EventStore, n: int) -> list[uuid.UUID]:
    ids = [uuid.uuid4() for _ in range(n)]
    for game_id in ids:
        await store.create_game(game_id, "test", (), {}, ("a", "b"), ("h0", "h1"),
                                _events(2, "open"), {"phase": "x"})
    return ids


async def _chain_holds(pool: asyncpg.Pool, game_id: uuid.UUID) -> bool:
    async with pool.acquire() as conn:
        game = await conn.fetchrow(
            "SELECT version, head, salt FROM games WHERE game_id = $1", game_id)
        rows = await conn.fetch(
            "SELECT version, type, payload::text, hash FROM events WHERE game_id = $1 "
            "ORDER BY version", game_id)
    links = [StoredLink(r[0], r[1], r[2], bytes(r[3])) for r in rows]
    return first_mismatch(game_id, links, game["version"], bytes(game["head"]),
                          bytes(game["salt"])) is None


async def test_appends_arriving_together_share_transactions(pool: asyncpg.Pool) -> None:
    """Twelve games' appends made in the same turn of the event loop, one transaction in
    flight at a time: the first goes alone at once, the eleven that queued behind it go
    together; every game gets its own versions, views, summary and chain."""
    batches = AppendBatches(pool, max_batch=32, flushers=1)
    store = EventStore(pool, batches)
    ids = await _games(EventStore(pool), 12)
    results = await asyncio.gather(*(
        store.append(g, 2, _events(3, str(i)), CommandMeta(f"k{i}", 0, "h"), {"i": i}, False,
                     views=[(0, f'{{"seat": 0, "i": {i}}}'), (-1, f'{{"i": {i}}}')])
        for i, g in enumerate(ids)))
    assert [(r.first_version, r.last_version, r.replayed) for r in results] == [(3, 5, False)] * 12
    assert (batches.transactions, batches.appends) == (2, 12)
    for i, game_id in enumerate(ids):
        stream = await store.read_stream(game_id)
        assert [e.version for e in stream] == [1, 2, 3, 4, 5]
        assert {e.command_id for e in stream[2:]} == {f"k{i}"}
        assert await _chain_holds(pool, game_id)
        async with pool.acquire() as conn:
            views = await conn.fetch(
                "SELECT seat, view::text FROM views WHERE game_id = $1 AND version = 5 "
                "ORDER BY seat", game_id)
            summary = await conn.fetchval("SELECT summary::text FROM games WHERE game_id = $1",
                                          game_id)
        assert [r[0] for r in views] == [-1, 0] and f'"i": {i}' in views[1][1]
        assert summary == f'{{"i": {i}}}'


async def test_a_stale_append_in_a_batch_conflicts_alone(pool: asyncpg.Pool) -> None:
    """A batch member whose expected version moved writes nothing and gets its conflict;
    the members beside it commit (outcomes are not coupled)."""
    batches = AppendBatches(pool, max_batch=32, flushers=1)
    store = EventStore(pool, batches)
    ids = await _games(EventStore(pool), 6)

    async def one(i: int, game_id: uuid.UUID) -> str:
        expected = 1 if i == 3 else 2  # game 3's client read an old version
        try:
            await store.append(game_id, expected, _events(1, str(i)),
                               CommandMeta(f"s{i}", 0, "h"), {}, False)
        except VersionConflict as exc:
            return f"conflict at {exc.actual}"
        return "ok"

    outcomes = await asyncio.gather(*(one(i, g) for i, g in enumerate(ids)))
    assert outcomes == ["ok", "ok", "ok", "conflict at 2", "ok", "ok"]
    assert batches.transactions < batches.appends
    versions = [len(await store.read_stream(g)) for g in ids]
    assert versions == [3, 3, 3, 2, 3, 3]


async def test_a_replayed_command_in_a_batch_returns_its_outcome(pool: asyncpg.Pool) -> None:
    """A command id seen before, retried beside other games' new appends: its first outcome,
    nothing appended twice."""
    batches = AppendBatches(pool, max_batch=32, flushers=1)
    store = EventStore(pool, batches)
    ids = await _games(EventStore(pool), 4)
    first = await store.append(ids[0], 2, _events(2, "a"), CommandMeta("again", 0, "h"), {},
                               False)
    results = await asyncio.gather(  # the first goes alone; the replay queues behind it
        *(store.append(g, 2, _events(1, "b"), CommandMeta("new", 0, "h"), {}, False)
          for g in ids[1:]),
        store.append(ids[0], 2, _events(2, "a"), CommandMeta("again", 0, "h"), {}, False))
    assert (results[-1].first_version, results[-1].last_version, results[-1].replayed) == (
        first.first_version, first.last_version, True)
    assert [r.replayed for r in results[:-1]] == [False] * 3
    assert batches.transactions == 3  # the first outcome; the first of these alone; a batch
    assert len(await store.read_stream(ids[0])) == 4


async def test_a_failed_statement_fails_only_its_own_game(
    database_url: str, pool: asyncpg.Pool
) -> None:
    """One game's row is locked by another transaction past the lock timeout: its statement
    fails, the whole batch rolls back, and every other append of it is made again alone and
    commits; only the locked game is refused (busy)."""
    short = await create_pool(database_url, min_size=1, max_size=4, lock_timeout_ms=300)
    try:
        batches = AppendBatches(short, max_batch=32, flushers=1)
        store = EventStore(short, batches)
        ids = await _games(EventStore(pool), 5)
        locked = ids[2]
        async with pool.acquire() as holder:
            transaction = holder.transaction()
            await transaction.start()
            await holder.execute("SELECT 1 FROM games WHERE game_id = $1 FOR UPDATE", locked)
            try:
                outcomes = await asyncio.gather(*(
                    store.append(g, 2, _events(1, str(i)), CommandMeta(f"l{i}", 0, "h"), {},
                                 False)
                    for i, g in enumerate(ids)), return_exceptions=True)
            finally:
                await transaction.rollback()
        assert [type(o).__name__ for o in outcomes] == [
            "AppendResult", "AppendResult", "GameBusy", "AppendResult", "AppendResult"]
        assert isinstance(outcomes[2], GameBusy)
        assert [len(await store.read_stream(g)) for g in ids] == [3, 3, 2, 3, 3]
        for game_id in ids:
            assert await _chain_holds(pool, game_id)
    finally:
        await short.close()


@pytest.mark.parametrize("flushers", [1, 2])
async def test_many_rounds_keep_every_stream_whole(pool: asyncpg.Pool, flushers: int) -> None:
    """Ten games, twenty moves each, every move racing every other game's: the streams come
    out gap-free and chained, each move committed once."""
    batches = AppendBatches(pool, max_batch=4, flushers=flushers)
    store = EventStore(pool, batches)
    ids = await _games(EventStore(pool), 10)

    async def play(i: int, game_id: uuid.UUID) -> None:
        version = 2
        for move in range(20):
            result = await store.append(game_id, version, _events(1 + move % 3, f"{i}.{move}"),
                                        CommandMeta(f"m{move}", 0, "h"), {}, False)
            version = result.last_version

    await asyncio.gather(*(play(i, g) for i, g in enumerate(ids)))
    assert batches.appends == 200 and batches.transactions < 200
    for game_id in ids:
        stream = await store.read_stream(game_id)
        assert [e.version for e in stream] == list(range(1, 3 + sum(1 + m % 3 for m in range(20))))
        assert await _chain_holds(pool, game_id)


async def test_an_interrupted_batch_is_looked_up_and_made_again(pool: asyncpg.Pool) -> None:
    """The task running a batch is cancelled while its statements wait on a row lock: no
    append of it is lost or reported as another's replay; each is made again alone once the
    lock goes."""
    batches = AppendBatches(pool, max_batch=32, flushers=1)
    store = EventStore(pool, batches)
    ids = await _games(EventStore(pool), 3)
    async with pool.acquire() as holder:
        transaction = holder.transaction()
        await transaction.start()
        await holder.execute("SELECT 1 FROM games WHERE game_id = $1 FOR UPDATE", ids[1])
        appends = [asyncio.create_task(store.append(
            g, 2, _events(1, str(i)), CommandMeta(f"i{i}", 0, "h"), {}, False))
            for i, g in enumerate(ids)]
        await asyncio.sleep(0.3)  # the batch waits on the held row
        running = list(batches._tasks)
        assert running and batches.transactions == 2  # the first alone, then the batch
        for task in running:
            task.cancel()
        await asyncio.sleep(0.2)
        await transaction.rollback()
    results = await asyncio.gather(*appends)
    assert [(r.first_version, r.last_version, r.replayed) for r in results] == [(3, 3, False)] * 3
    assert [len(await store.read_stream(g)) for g in ids] == [3, 3, 3]
