"""Load benchmark: random games played over REST against one API process.

Run: `DATABASE_URL=... REDIS_URL=... python -m tests.benchmarks.bench_service_load
[--games 1 16 64] [--seconds 20] [--rounds 2] [--workers 1]`. Each of N concurrent players
loops: `GET /legal-moves` for a seat that may act, `POST /commands` with a random one of
them, then `GET /games/{id}` for whose turn is next; it starts a new game when one ends.
Prints moves/s (one move = those three requests) and p50 / p95 / p99 of `POST /commands`
per round; rounds of each N alternate (A B A B). The players use a minimal HTTP client so
that the load generator costs far less CPU than the server. Figures, not a test: the
README beside it keeps the measured ones.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.benchmarks.service import (
    RawHttp,
    bench_database,
    median_range,
    millis,
    run,
    servers_from_env,
    start_api,
)


async def new_game(http: RawHttp, rng: random.Random) -> tuple[str, list[str]]:
    status, body = await http.request("POST", "/games", {
        "kind": "duel", "seats": [{"name": "a"}, {"name": "b"}], "seed": rng.randrange(2**31),
    })
    if status != 201:
        raise RuntimeError(f"create refused: {status} {body}")
    return body["game"]["game_id"], [s["token"] for s in body["seats"]]


async def player(
    http: RawHttp, rng: random.Random, stop: float, latencies: list[float]
) -> int:
    """Play random games until `stop`; return the number of moves made."""
    moves = 0
    game_id, tokens = await new_game(http, rng)
    acting: list[Any] = [0]
    while time.monotonic() < stop:
        seat = rng.choice(acting)
        _, listed = await http.request("GET", f"/games/{game_id}/legal-moves",
                                       token=tokens[seat])
        if listed["moves"]:
            started = time.perf_counter()
            status, body = await http.request(
                "POST", f"/games/{game_id}/commands",
                {"expected_version": listed["version"], "command": rng.choice(listed["moves"])},
                token=tokens[seat],
            )
            latencies.append(time.perf_counter() - started)
            if status != 200:
                raise RuntimeError(f"command refused: {status} {body}")
            moves += 1
        _, summary = await http.request("GET", f"/games/{game_id}")
        if summary["over"]:
            game_id, tokens = await new_game(http, rng)
            acting = [0]
        else:
            acting = summary["summary"]["acting"] or [0]
    return moves


async def run_round(port: int, games: int, seconds: float, seed: int) -> tuple[float, list[float]]:
    latencies: list[float] = []
    clients = [RawHttp("127.0.0.1", port) for _ in range(games)]
    try:
        stop = time.monotonic() + seconds
        started = time.monotonic()
        counts = await asyncio.gather(*(
            player(http, random.Random(seed * 1000 + i), stop, latencies)
            for i, http in enumerate(clients)
        ))
        elapsed = time.monotonic() - started
    finally:
        for http in clients:
            await http.close()
    return sum(counts) / elapsed, latencies


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1, 16, 64])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--workers", type=int, default=None,
                        help="run `polis serve --workers N` (default: one uvicorn process)")
    args = parser.parse_args()
    admin, redis = servers_from_env()
    async with bench_database(admin) as dsn:
        with tempfile.TemporaryDirectory() as logs:
            api = start_api(dsn, redis, Path(logs), workers=args.workers)
            try:
                rates: dict[int, list[float]] = {n: [] for n in args.games}
                for round_no in range(args.rounds):
                    for n in args.games:
                        rate, latencies = await run_round(api.port, n, args.seconds,
                                                          round_no + 1)
                        rates[n].append(rate)
                        print(f"round {round_no + 1}, {n:>3} games: {rate:8,.0f} moves/s, "
                              f"POST /commands p50/p95/p99 {millis(latencies)} ms", flush=True)
                for n in args.games:
                    print(f"{n:>3} games at once: {median_range(rates[n])} moves/s")
            finally:
                api.stop()


if __name__ == "__main__":
    run(main)
