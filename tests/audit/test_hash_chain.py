"""The hash chain on a real PostgreSQL: computed at append, recomputed by anyone, and every
edited, deleted or reordered stored row caught at its version."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import uuid

import asyncpg
import pytest

from api.service.audit import audit_game
from api.service.game_service import GameService
from infra.db import create_database, drop_database
from infra.event_store import CommandMeta, EventStore, NewEvent
from infra.migrate import migrate, migration_files
from tests.audit.play import play_to_end
from tests.conftest import own_database

database_url, pool = own_database("chain")
"""Games of a made-up kind (`test`): on a database of their own."""

PAYLOADS: list[dict[str, object]] = [
    {"type": "Dealt", "cards": [3, 1, 2], "note": "Ä\u00e9\u2028\"q\"\\ \n\t\u0001"},
    {"type": "Picked", "seat": 0, "z": {"b": None, "a": True, "ä": -7}},
    {"type": "Picked", "seat": 1, "z": {}, "list": []},
    {"type": "Built", "card": 42, "cost": {"coins": 2, "wood": 1}},
    {"type": "Built", "card": 7, "cost": {}},
]


def third_party_chain(
    game_id: uuid.UUID, events: list[tuple[str, dict[str, object]]], salt: bytes = b""
) -> str:
    """The chain as openapi/audit.md describes it, written with the standard library only."""
    current = bytes(32)
    for version, (type_name, payload) in enumerate(events, start=1):
        canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"),
                               ensure_ascii=False)
        text = f"{game_id}\n{version}\n{type_name}\n{canonical}"
        digest = hashlib.sha256(text.encode("utf-8")).digest()
        current = hashlib.sha256(salt + current + digest).digest()
    return current.hex()


async def _salt(pool: asyncpg.Pool, game_id: uuid.UUID) -> bytes:
    return bytes(await pool.fetchval("SELECT salt FROM games WHERE game_id = $1", game_id))


def _new(payload: dict[str, object]) -> NewEvent:
    return NewEvent(str(payload["type"]), json.dumps(payload).encode())


async def _game(store: EventStore) -> uuid.UUID:
    """Two opening events, then appends of two and one events: versions 1 to 5."""
    game_id = uuid.uuid4()
    await store.create_game(game_id, "test", (), {}, ("a", "b"), ("h0", "h1"),
                            [_new(p) for p in PAYLOADS[:2]], {})
    await store.append(game_id, 2, [_new(p) for p in PAYLOADS[2:4]], CommandMeta("c1", 0), {},
                       False)
    await store.append(game_id, 4, [_new(PAYLOADS[4])], CommandMeta("c2", 1), {}, False)
    return game_id


async def test_the_head_is_what_a_third_party_computes(pool: asyncpg.Pool) -> None:
    store = EventStore(pool)
    game_id = await _game(store)
    report = await audit_game(store, game_id)
    assert report.intact and report.events == 5 and report.first_mismatch is None
    salt = await _salt(pool, game_id)
    assert len(salt) == 32 and report.chain_salt is None  # the game runs: the salt is secret
    expected = third_party_chain(game_id, [(str(p["type"]), p) for p in PAYLOADS], salt)
    record = await store.get_game(game_id)
    assert record is not None
    assert report.head_hash == record.head_hash == expected
    # without the salt, the events do not give the head (hash_chain.py: why the salt)
    assert third_party_chain(game_id, [(str(p["type"]), p) for p in PAYLOADS]) != expected


async def _tampered(pool: asyncpg.Pool, sql: str) -> tuple[int, str]:
    store = EventStore(pool)
    game_id = await _game(store)
    for statement in sql.split(";"):
        await pool.execute(statement, game_id)
    report = await audit_game(store, game_id)
    assert not report.intact and report.first_mismatch is not None
    return report.first_mismatch.version, report.first_mismatch.reason


@pytest.mark.parametrize(("sql", "version", "reason"), [
    # an edited payload, an edited type, an edited hash
    ("UPDATE events SET payload = jsonb_set(payload, '{card}', '43') "
     "WHERE game_id = $1 AND version = 4", 4, "hash_mismatch"),
    ("UPDATE events SET type = 'Discarded' WHERE game_id = $1 AND version = 2", 2,
     "hash_mismatch"),
    ("UPDATE events SET hash = sha256(hash) WHERE game_id = $1 AND version = 3", 3,
     "hash_mismatch"),
    # a deleted row: in the middle, and the last one
    ("DELETE FROM events WHERE game_id = $1 AND version = 3", 3, "version_missing"),
    ("DELETE FROM events WHERE game_id = $1 AND version = 5", 5, "version_missing"),
    # reordered rows: versions 3 and 4 swapped (their hashes travel with them)
    ("UPDATE events SET version = 99 WHERE game_id = $1 AND version = 3;"
     "UPDATE events SET version = 3 WHERE game_id = $1 AND version = 4;"
     "UPDATE events SET version = 4 WHERE game_id = $1 AND version = 99", 3, "hash_mismatch"),
    # a row added past the game's version, and a head that is not the last hash
    ("INSERT INTO events (game_id, version, type, payload, hash) "
     "SELECT game_id, 6, type, payload, hash FROM events WHERE game_id = $1 AND version = 5",
     6, "version_unexpected"),
    ("UPDATE games SET head = sha256(head) WHERE game_id = $1", 5, "head_mismatch"),
])
async def test_tampering_is_caught_at_its_version(
    pool: asyncpg.Pool, sql: str, version: int, reason: str
) -> None:
    assert await _tampered(pool, sql) == (version, reason)


async def test_a_whole_recomputed_chain_still_differs_from_the_published_head(
    pool: asyncpg.Pool,
) -> None:
    """Whoever rewrites an event and recomputes every later hash changes the head hash that
    the game's summary published: a copy of it kept elsewhere shows the change."""
    store = EventStore(pool)
    game_id = await _game(store)
    published = (await audit_game(store, game_id)).head_hash
    edited = [*PAYLOADS[:3], {**PAYLOADS[3], "card": 43}, PAYLOADS[4]]
    forged = third_party_chain(game_id, [(str(p["type"]), p) for p in edited],
                               await _salt(pool, game_id))
    assert forged != published


async def test_migration_chains_the_games_written_before_it(admin_dsn: str) -> None:
    """Games stored before the chain get theirs from the migration, equal to what the
    append computes (the SQL canonical encoding agrees with Python's). Migration 0012 then
    leaves a finished game's chain as it was (its published head stays valid, with an empty
    salt) and gives a running game a salt and its chain recomputed under it."""
    name = f"polis_chain_{uuid.uuid4().hex[:8]}"
    dsn = await create_database(admin_dsn, name)
    try:
        conn = await asyncpg.connect(dsn)
        try:
            await conn.execute("CREATE TABLE schema_migrations (version integer PRIMARY KEY,"
                               " name text NOT NULL, applied_at timestamptz DEFAULT now())")
            for version, file_name, sql in migration_files():
                if version < 5:
                    await conn.execute(sql)
                    await conn.execute("INSERT INTO schema_migrations VALUES ($1, $2)",
                                       version, file_name)
            finished, running = uuid.uuid4(), uuid.uuid4()
            for game_id, over in ((finished, True), (running, False)):
                await conn.execute(
                    "INSERT INTO games (game_id, kind, seat_names, token_hashes, version, over)"
                    " VALUES ($1, 'test', '{a}', '{h}', 5, $2)", game_id, over)
                for version, p in enumerate(PAYLOADS, start=1):
                    await conn.execute(
                        "INSERT INTO events (game_id, version, type, payload) "
                        "VALUES ($1, $2, $3, $4::jsonb)", game_id, version, p["type"],
                        json.dumps(p))
            assert await migrate(conn) == [n for v, n, _ in migration_files() if v >= 5]
        finally:
            await conn.close()
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=2)
        try:
            store = EventStore(pool)
            events = [(str(p["type"]), p) for p in PAYLOADS]
            report = await audit_game(store, finished)
            assert report.intact, report
            assert report.chain_salt == ""
            assert report.head_hash == third_party_chain(finished, events)
            salt = await _salt(pool, running)
            report = await audit_game(store, running)
            assert report.intact and len(salt) == 32 and report.chain_salt is None, report
            assert report.head_hash == third_party_chain(running, events, salt)
            # and the chain goes on from there at the next append
            await store.append(running, 5, [_new(PAYLOADS[3])], CommandMeta("c9", 0), {},
                               False)
            assert (await audit_game(store, running)).intact
        finally:
            await pool.close()
    finally:
        await drop_database(admin_dsn, name)


async def test_a_played_game_verifies_and_the_cli_names_a_tampered_version(
    pool: asyncpg.Pool, service: GameService, database_url: str
) -> None:
    game_id, _ = await play_to_end(service, "duel", 2, seed=5, commands=12)
    record = await service.record(game_id)
    report = await audit_game(service.store, game_id)
    assert report.intact and report.head_hash == record.head_hash

    env = {"DATABASE_URL": database_url, "PATH": "/usr/bin:/bin"}

    def verify() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "api.cli", "verify", "--game", str(game_id)],
            capture_output=True, text=True, timeout=120, env=env)

    run = verify()
    assert run.returncode == 0, run.stderr
    assert "intact" in run.stdout and record.head_hash in run.stdout
    await pool.execute("UPDATE events SET payload = payload || '{\"x\": 1}' "
                       "WHERE game_id = $1 AND version = 9", game_id)
    run = verify()
    assert run.returncode == 1
    assert f"game {game_id}: version 9: hash_mismatch" in run.stdout
