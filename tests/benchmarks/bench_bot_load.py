"""Another game's command time while strong bots think in the same API process.

Run: `DATABASE_URL=... REDIS_URL=... python -m tests.benchmarks.bench_bot_load
[--processes 0 2] [--games 3] [--seconds 20] [--rounds 2]`. One API process (uvicorn, as the
tests start it) on a database of its own. A round first plays a duel of two players alone
(sequential `POST /commands`, 20 a second, random legal moves: the figure without bots),
then creates `--games` 7 Wonders games of seven `strong` bots (`POLIS_BOT_SECONDS=2`, the
default) and plays the duel again while they think. Printed: p50 / p95 / max of the duel's
`POST /commands`, and the bots' moves in that time. `--processes` is `POLIS_BOT_PROCESSES`:
0 thinks in a thread of the API process (as before `api/runners/bot_thinking.py`), 2 in a pool of
two processes (the default). Rounds alternate the settings (A B A B). Figures, not a test:
the README beside it keeps the measured ones.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import tempfile
import time
from pathlib import Path

from tests.benchmarks.service import (
    RawHttp,
    bench_database,
    percentile,
    run,
    servers_from_env,
    start_api,
)


async def commands(http: RawHttp, seconds: float, rng: random.Random) -> list[float]:
    """Latencies of a duel's `POST /commands` for `seconds` (a new duel when one ends)."""
    latencies: list[float] = []
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        status, body = await http.request("POST", "/games", {
            "kind": "duel", "seats": [{"name": "a"}, {"name": "b"}],
            "seed": rng.randrange(2**31)})
        assert status == 201, body
        game_id, tokens = body["game"]["game_id"], [s["token"] for s in body["seats"]]
        over = False
        while not over and time.monotonic() < stop:
            status, game = await http.request("GET", f"/games/{game_id}")
            over = game["over"]
            for seat in game["summary"].get("acting", []):
                _, moves = await http.request("GET", f"/games/{game_id}/legal-moves",
                                              token=tokens[seat])
                if not moves["moves"]:
                    continue
                started = time.perf_counter()
                status, reply = await http.request(
                    "POST", f"/games/{game_id}/commands",
                    {"expected_version": moves["version"], "command": rng.choice(moves["moves"])},
                    token=tokens[seat])
                latencies.append(time.perf_counter() - started)
                assert status in (200, 409), reply
                break
            await asyncio.sleep(0.05)
    return latencies


async def bot_moves(port: int) -> int:
    """The API's `polis_bot_moves_total` (`/metrics` is text: read without the JSON client)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    text = (await reader.read()).decode("utf-8", "replace")
    writer.close()
    found = re.search(r"^polis_bot_moves_total\{[^}]*\} (\d+)", text, re.M)
    return int(found.group(1)) if found else 0


def figures(samples: list[float]) -> str:
    return " / ".join(f"{v * 1000:.1f}" for v in (
        percentile(samples, 0.5), percentile(samples, 0.95), max(samples, default=0.0)))


async def one_round(dsn: str, redis: str, logs: Path, processes: int, games: int,
                    seconds: float, seed: int) -> None:
    api = start_api(dsn, redis, logs, {"POLIS_BOT_PROCESSES": str(processes)})
    http = RawHttp("127.0.0.1", api.port)
    rng = random.Random(seed)
    try:
        alone = await commands(http, seconds / 2, rng)
        for g in range(games):
            status, body = await http.request("POST", "/games", {
                "kind": "7wonders", "seats": [{"bot": "strong"}] * 7, "seed": seed * 10 + g})
            assert status == 201, body
        await asyncio.sleep(1.0)  # the bots start thinking
        before = await bot_moves(api.port)
        loaded = await commands(http, seconds, rng)
        made = await bot_moves(api.port) - before
        print(f"{processes:>9} {figures(alone):>24} {figures(loaded):>24} {made:>9}",
              flush=True)
    finally:
        await http.close()
        api.stop()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--processes", type=int, nargs="*", default=[0, 2])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    database, redis = servers_from_env()
    print(f"{args.games} games of 7 strong bots; POST /commands of another game, ms "
          "(p50 / p95 / max)")
    print(f"{'processes':>9} {'without bots':>24} {'with bots':>24} {'bot moves':>9}")
    with tempfile.TemporaryDirectory() as logs:
        for r in range(args.rounds):
            for processes in args.processes:
                async with bench_database(database) as dsn:  # no bots left from a round
                    await one_round(dsn, redis, Path(logs), processes, args.games,
                                    args.seconds, r + 1)


if __name__ == "__main__":
    run(main)
