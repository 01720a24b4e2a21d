"""Projection rebuild benchmark: events folded into views per second.

Run: `DATABASE_URL=... python -m tests.benchmarks.bench_rebuild [--games 535] [--rounds 2]
[--trees A B]`. Fills a database of its own with random complete games (events written
directly, as the service would have appended them), then times `rebuild` over all of them:
the first round writes every view, later rounds replace them all. With `--trees`, each round
runs the rebuild of checkout A, then of checkout B (A B A B, each in a process started in
that checkout, on the same database), and prints the paired ratio B/A. Figures, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
import uuid
from pathlib import Path

import msgspec

from api.service.commands import event_type_name
from domain.kernel import get_game
from infra.db import create_pool
from infra.event_store import CREATED, EventStore
from projections.rebuild import rebuild
from tests.benchmarks.service import bench_database, median_range, run, servers_from_env


def random_game(seed: int) -> list[tuple[int, str, str, str]]:
    """(version, type, payload, command id) of one random Duel game, appended per command."""
    game = get_game("duel")
    rng = random.Random(seed)
    rows: list[tuple[int, str, str, str]] = []

    def add(events: list[msgspec.Struct], command_id: str) -> None:
        for event in events:
            rows.append((len(rows) + 1, event_type_name(event),
                         msgspec.json.encode(event).decode(), command_id))

    opening = game.start(2, {}, rng, None)
    add(opening, CREATED)
    state = game.initial_state()
    for event in opening:
        state = game.evolve(state, event)
    turn = 0
    while not game.is_over(state):
        seat = rng.choice(game.acting_seats(state))
        events, state = game.step(state, rng.choice(game.legal_moves(state, seat)))
        add(list(events), f"c{turn}")
        turn += 1
    return rows


async def fill(store: EventStore, games: int) -> int:
    """Write `games` random games; return the number of events."""
    total = 0
    async with store.pool.acquire() as conn:
        for seed in range(games):
            game_id = uuid.uuid4()
            rows = random_game(seed)
            await conn.execute(
                """INSERT INTO games (game_id, kind, seat_names, token_hashes, version)
                   VALUES ($1, 'duel', '{a,b}', '{x,y}', $2)""", game_id, len(rows))
            await conn.copy_records_to_table(
                "events", records=[(game_id, *r) for r in rows],
                columns=["game_id", "version", "type", "payload", "command_id"],
            )
            total += len(rows)
    return total


_REBUILD = """
import asyncio, sys, time
from infra.db import create_pool
from infra.event_store import EventStore
from projections.rebuild import rebuild
async def main():
    pool = await create_pool(sys.argv[1], 1, 4)
    try:
        started = time.perf_counter()
        views = await rebuild(EventStore(pool))
        print(time.perf_counter() - started, views)
    finally:
        await pool.close()
asyncio.run(main())
"""


async def rebuild_in(tree: Path, dsn: str) -> tuple[float, int]:
    """(seconds, views) of one rebuild run by checkout `tree`'s own code."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", _REBUILD, dsn, cwd=tree,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"rebuild in {tree} failed:\n{err.decode()[-2000:]}")
    seconds, views = out.split()
    return float(seconds), int(views)


async def compare(dsn: str, events: int, trees: list[Path], rounds: int) -> None:
    """Rebuild with each checkout in turn (A B A B) and print both rates and B/A."""
    rates: dict[Path, list[float]] = {tree: [] for tree in trees}
    ratios = []
    for round_no in range(rounds):
        for tree in trees:
            seconds, _ = await rebuild_in(tree, dsn)
            rates[tree].append(events / seconds)
            print(f"round {round_no + 1}, {tree}: {events / seconds:,.0f} events/s", flush=True)
        ratios.append(rates[trees[1]][-1] / rates[trees[0]][-1])
    for name, tree in zip("AB", trees, strict=True):
        print(f"{name} {tree}: {median_range(rates[tree])} events/s")
    print(f"B/A: {statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f}), "
          f"pair by pair")


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=535)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--trees", type=Path, nargs=2, metavar=("A", "B"),
                        help="compare the rebuild of two checkouts, paired")
    args = parser.parse_args()
    admin, _ = servers_from_env()
    async with bench_database(admin) as dsn:
        pool = await create_pool(dsn, 1, 4)
        try:
            store = EventStore(pool)
            events = await fill(store, args.games)
            if args.trees:
                await rebuild(store)  # every view written once: each round then replaces
                print(f"{args.games} games, {events:,} events", flush=True)
                await compare(dsn, events, args.trees, args.rounds)
                return
            rates = []
            for round_no in range(args.rounds):
                started = time.perf_counter()
                views = await rebuild(store)
                seconds = time.perf_counter() - started
                rates.append(events / seconds)
                print(f"round {round_no + 1}: {args.games} games, {events:,} events, "
                      f"{views:,} views in {seconds:.2f} s: {events / seconds:,.0f} events/s",
                      flush=True)
            print(f"rebuild: {median_range(rates)} events/s "
                  f"({views / args.games:.0f} views per game)")
        finally:
            await pool.close()


if __name__ == "__main__":
    run(main)
