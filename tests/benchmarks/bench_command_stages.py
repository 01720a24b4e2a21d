"""Where the time of one move goes inside the service (no HTTP): stage by stage.

Run: `DATABASE_URL=... python -m tests.benchmarks.bench_command_stages [--moves 600]`.
Plays random Duel games through the service's own pipeline on PostgreSQL and times, per
move, `legal_moves` (one read of newer events, then the rules), and inside a command: the
rules' `step`, the per-seat views, the append statement, and the whole command. The HTTP
layer's share is the load benchmark's `POST /commands` time minus the whole command here.
Figures, not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import uuid
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import msgspec

import api.service.commands as pipeline
from api.service.game_service import GameService
from infra.db import create_pool
from infra.event_store import EventStore
from tests.benchmarks.service import bench_database, percentile, run, servers_from_env

Samples = defaultdict[str, list[float]]


def timed(samples: Samples, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            samples[name].append(time.perf_counter() - started)
    return wrapper


def timed_async(samples: Samples, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return await function(*args, **kwargs)
        finally:
            samples[name].append(time.perf_counter() - started)
    return wrapper


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--moves", type=int, default=600)
    args = parser.parse_args()
    admin, _ = servers_from_env()
    samples: Samples = defaultdict(list)
    async with bench_database(admin) as dsn:
        pool = await create_pool(dsn, 1, 4)
        try:
            store = EventStore(pool)
            service = GameService(store, lambda committed: None)
            store.append = timed_async(samples, "append statement", store.append)  # type: ignore[method-assign]
            # api.service.commands' own binding of projections.views.build_views (not re-exported)
            pipeline.build_views = timed(  # type: ignore[attr-defined]
                samples, "views (3 audiences)", pipeline.build_views)  # type: ignore[attr-defined]
            wrapped: set[int] = set()
            rng = random.Random(1)
            game_id: uuid.UUID | None = None
            tokens: list[str] = []
            for move in range(args.moves):
                if game_id is None:
                    record, tokens = await service.create("duel", [], {}, ["a", "b"], None, move)
                    game_id = record.game_id
                folded = await service.folded(game_id)
                if folded.game.is_over(folded.state):
                    game_id = None
                    continue
                if id(folded.game) not in wrapped:
                    wrapped.add(id(folded.game))
                    folded.game.step = timed(samples, "rules: step", folded.game.step)  # type: ignore[method-assign]
                seat = rng.choice(folded.game.acting_seats(folded.state))
                started = time.perf_counter()
                version, moves = await service.legal_moves(folded, seat)
                samples["legal_moves (read + rules)"].append(time.perf_counter() - started)
                command = msgspec.json.decode(rng.choice(moves))
                started = time.perf_counter()
                await service.submit(game_id, tokens[seat], version, command, None)
                samples["whole command"].append(time.perf_counter() - started)
        finally:
            await pool.close()
    print(f"{'stage':<28} {'median':>8} {'p90':>8}  (ms, {args.moves} moves)")
    for name, values in samples.items():
        print(f"{name:<28} {statistics.median(values) * 1000:8.3f} "
              f"{percentile(values, 0.9) * 1000:8.3f}")


if __name__ == "__main__":
    run(main)
