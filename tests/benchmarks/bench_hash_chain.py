"""The cost of the hash chain on the command path: the append before and after, paired.

Run: `DATABASE_URL=... REDIS_URL=... python -m tests.benchmarks.bench_hash_chain [--games 6]`.
Replays random Duel games (real events and views) into two games at once, move by move,
alternating which goes first, each on its own connection: one with the append statement as
it was before the chain (kept below, writing no hash), one with `EventStore.append` as it is
(digests in Python, chained in the statement). `synchronous_commit` is off on this
benchmark's connections, so the figures are the statement's own cost, not the disk's flush
(the same for both, and most of a real commit on this machine). Also times `content_digest`
per event.
Figures, not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import uuid
from typing import Any

import asyncpg
import msgspec

from api.service.commands import to_new_events
from domain.kernel import get_game
from domain.kernel.game import fold
from domain.kernel.playout import random_playout
from infra.event_store import SCHEMA_VERSION, CommandMeta, EventStore
from infra.hash_chain import content_digest
from projections.views import build_views
from tests.benchmarks.service import bench_database, run, servers_from_env

BEFORE = """
WITH g AS (
    UPDATE games SET version = $3, summary = $8::jsonb, over = $9
    WHERE game_id = $1 AND version = $2
      AND NOT EXISTS (SELECT 1 FROM commands c WHERE c.game_id = $1 AND c.command_id = $5)
    RETURNING game_id
), e AS (
    INSERT INTO events (game_id, version, type, payload, command_id, seat, schema_version)
    SELECT g.game_id, $2 + x.n, x.t, x.p::jsonb, $5, $6, $10
    FROM g, unnest($4::text[], $11::text[]) WITH ORDINALITY AS x(t, p, n)
), c AS (
    INSERT INTO commands (game_id, command_id, seat, body_hash, first_version, last_version)
    SELECT g.game_id, $5, $6, $7, $2 + 1, $3 FROM g
), w AS (
    INSERT INTO views (game_id, version, seat, view)
    SELECT g.game_id, $3, y.s, y.v FROM g, unnest($12::int[], $13::text[]) AS y(s, v)
)
SELECT count(*), now() FROM g
"""
"""The append statement before the hash chain (migration 0004's schema)."""


async def append_before(conn: asyncpg.Connection, game_id: uuid.UUID, expected: int,
                        events: Any, meta: CommandMeta, summary: dict[str, Any], over: bool,
                        views: list[tuple[int, str]]) -> None:
    last = expected + len(events)
    row = await conn.fetchrow(
        BEFORE, game_id, expected, last, [e.type for e in events], meta.command_id,
        meta.seat, meta.body_hash, msgspec.json.encode(summary).decode(), over,
        SCHEMA_VERSION, [e.payload.decode() for e in events], [s for s, _ in views],
        [v for _, v in views])
    assert row is not None and row[0] == 1


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    admin, _ = servers_from_env()
    game = get_game("duel")
    rng = random.Random(7)
    before: list[float] = []
    after: list[float] = []
    digests: list[float] = []
    async with bench_database(admin) as dsn:
        conn = await asyncpg.connect(dsn, server_settings={"synchronous_commit": "off"})
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=1,
                                         server_settings={"synchronous_commit": "off"})
        assert pool is not None
        store = EventStore(pool)
        own = await asyncpg.connect(dsn, server_settings={"synchronous_commit": "off"})
        try:
            for number in range(args.games):
                played = random_playout(game, rng, keep_steps=True)
                opening = to_new_events(played.opening)
                ids = [uuid.uuid4(), uuid.uuid4()]
                state = fold(game, played.opening)
                views = build_views(game, state, 2)
                for game_id in ids:
                    await store.create_game(game_id, "duel", (), {}, ("a", "b"),
                                            ("h0", "h1"), opening, {}, False, views)
                version = len(opening)
                for turn, (command, events) in enumerate(played.steps):
                    for e in events:
                        state = game.evolve(state, e)
                    new = to_new_events(events)
                    views = build_views(game, state, 2)
                    summary, over = game.summary(state), game.is_over(state)
                    meta = CommandMeta(f"c{turn}", game.command_seat(command), "h")
                    order = (0, 1) if (number + turn) % 2 else (1, 0)
                    for side in order:
                        started = time.perf_counter()
                        if side == 0:
                            await append_before(conn, ids[0], version, new, meta, summary,
                                                over, views)
                            before.append(time.perf_counter() - started)
                        else:
                            await store.append(ids[1], version, new, meta, summary, over,
                                               views, conn=own)
                            after.append(time.perf_counter() - started)
                    started = time.perf_counter()
                    for n, e in enumerate(new, start=version + 1):
                        content_digest(ids[1], n, e.type, e.payload)
                    digests.append((time.perf_counter() - started) / max(1, len(new)))
                    version += len(new)
        finally:
            await pool.close()
            await conn.close()
            await own.close()
    pairs = [b - a for a, b in zip(before, after, strict=True)]
    print(f"{len(before)} appends each side, {args.games} Duel games, synchronous_commit off")
    print(f"append before the chain   median {statistics.median(before) * 1e3:.3f} ms")
    print(f"append with the chain     median {statistics.median(after) * 1e3:.3f} ms")
    print(f"paired difference         median {statistics.median(pairs) * 1e3:+.3f} ms "
          f"(quartiles {statistics.quantiles(pairs, n=4)[0] * 1e3:+.3f} / "
          f"{statistics.quantiles(pairs, n=4)[2] * 1e3:+.3f})")
    print(f"content_digest per event  median {statistics.median(digests) * 1e6:.1f} µs")


if __name__ == "__main__":
    run(main)
