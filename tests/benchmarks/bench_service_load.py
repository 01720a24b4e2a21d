"""Load benchmark: random games played over REST against one API process.

Run: `DATABASE_URL=... REDIS_URL=... python -m tests.benchmarks.bench_service_load
[--games 1 16 64] [--seconds 20] [--rounds 2]`. Each of N concurrent players loops: read
the game's summary for whose turn it is, `GET /legal-moves`, `POST /commands` with a random
move, and starts a new game when one ends. Prints moves/s (one move = those three requests)
and p50 / p95 / p99 of `POST /commands`, per round; rounds of each N alternate (A B A B).
Figures, not a test: the README beside it keeps the measured ones.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

import httpx

from tests.benchmarks.service import (
    bench_database,
    median_range,
    millis,
    servers_from_env,
    start_api,
)


async def new_game(http: httpx.AsyncClient, rng: random.Random) -> tuple[str, list[str]]:
    response = await http.post("/games", json={
        "kind": "duel", "seats": [{"name": "a"}, {"name": "b"}], "seed": rng.randrange(2**31),
    })
    response.raise_for_status()
    body = response.json()
    return body["game"]["game_id"], [s["token"] for s in body["seats"]]


async def player(
    http: httpx.AsyncClient, rng: random.Random, stop: float, latencies: list[float]
) -> int:
    """Play random games until `stop`; return the number of moves made."""
    moves = 0
    game_id, tokens = await new_game(http, rng)
    acting = [0]
    while time.monotonic() < stop:
        seat = rng.choice(acting)
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        listed = (await http.get(f"/games/{game_id}/legal-moves", headers=auth)).json()
        if not listed["moves"]:
            summary = (await http.get(f"/games/{game_id}")).json()
            if summary["over"]:
                game_id, tokens = await new_game(http, rng)
                acting = [0]
            else:
                acting = summary["summary"]["acting"]
            continue
        started = time.perf_counter()
        response = await http.post(
            f"/games/{game_id}/commands", headers=auth,
            json={"expected_version": listed["version"], "command": rng.choice(listed["moves"])},
        )
        latencies.append(time.perf_counter() - started)
        if response.status_code != 200:
            raise RuntimeError(f"command refused: {response.status_code} {response.text}")
        moves += 1
        summary = (await http.get(f"/games/{game_id}")).json()
        if summary["over"]:
            game_id, tokens = await new_game(http, rng)
            acting = [0]
        else:
            acting = summary["summary"]["acting"] or [0]
    return moves


async def run_round(url: str, games: int, seconds: float, seed: int) -> tuple[float, list[float]]:
    latencies: list[float] = []
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        stop = time.monotonic() + seconds
        started = time.monotonic()
        counts = await asyncio.gather(*(
            player(http, random.Random(seed * 1000 + i), stop, latencies) for i in range(games)
        ))
        elapsed = time.monotonic() - started
    return sum(counts) / elapsed, latencies


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1, 16, 64])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1, help="API worker processes")
    args = parser.parse_args()
    admin, redis = servers_from_env()
    async with bench_database(admin) as dsn:
        with tempfile.TemporaryDirectory() as logs:
            api = start_api(dsn, redis, Path(logs), {"POLIS_WORKERS": str(args.workers)})
            try:
                rates: dict[int, list[float]] = {n: [] for n in args.games}
                for round_no in range(args.rounds):
                    for n in args.games:
                        rate, latencies = await run_round(api.url, n, args.seconds, round_no + 1)
                        rates[n].append(rate)
                        print(f"round {round_no + 1}, {n:>3} games: {rate:8,.0f} moves/s, "
                              f"POST /commands p50/p95/p99 {millis(latencies)} ms", flush=True)
                for n in args.games:
                    print(f"{n:>3} games at once: {median_range(rates[n])} moves/s")
            finally:
                api.stop()


if __name__ == "__main__":
    asyncio.run(main())
