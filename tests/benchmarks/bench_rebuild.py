"""Projection rebuild benchmark: events folded into views per second.

Run: `DATABASE_URL=... python -m tests.benchmarks.bench_rebuild [--games 535] [--rounds 2]`.
Fills a database of its own with random complete games (events written directly, as the
service would have appended them), then times `rebuild` over all of them: the first round
writes every view, later rounds replace them all. Figures, not a test.
"""

from __future__ import annotations

import argparse
import random
import time
import uuid

import msgspec

from api.commands import event_type_name
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


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=535)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    admin, _ = servers_from_env()
    async with bench_database(admin) as dsn:
        pool = await create_pool(dsn, 1, 4)
        try:
            store = EventStore(pool)
            events = await fill(store, args.games)
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
