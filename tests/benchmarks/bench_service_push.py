"""Push benchmark: from a command's send to the WebSocket update, with many live games.

Run: `DATABASE_URL=... REDIS_URL=... python -m tests.benchmarks.bench_service_push
[--games 500] [--rate 50] [--seconds 30] [--idle 1000]`. Opens `--games` games on one API
process, each followed by its two seats and a spectator (three WebSockets), then submits
`--rate` random moves per second spread over the games (`POST /commands`) and times, for
each of the three sockets of the game, the time from just before the POST to the arrival of
the update of the new version: p50 / p99. Then it measures idle sockets: the server's
resident memory per 1,000 extra idle spectator sockets, and the PostgreSQL transactions of
the benchmark's database while nothing is played. Figures, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncpg
import msgspec
from websockets.asyncio.client import ClientConnection, connect

from tests.benchmarks.bench_service_load import new_game
from tests.benchmarks.service import (
    RawHttp,
    bench_database,
    millis,
    run,
    servers_from_env,
    start_api,
)


class Watcher:
    """One WebSocket of one game; records when each version's update arrived."""

    def __init__(self, socket: ClientConnection, arrivals: dict[tuple[str, int], list[float]],
                 game_id: str) -> None:
        self.socket = socket
        self.arrivals = arrivals
        self.game_id = game_id

    async def read(self) -> None:
        decode = msgspec.json.decode
        async for raw in self.socket:
            now = time.perf_counter()
            message: dict[str, Any] = decode(raw)
            if message["type"] == "update":
                self.arrivals.setdefault((self.game_id, message["version"]), []).append(now)


async def follow(
    url: str, token: str | None, arrivals: dict[tuple[str, int], list[float]], game_id: str
) -> tuple[ClientConnection, asyncio.Task[None]]:
    socket = await connect(url, max_size=None, ping_interval=None)
    await socket.send(msgspec.json.encode({"type": "follow", "token": token}).decode())
    while msgspec.json.decode(await socket.recv())["type"] != "snapshot":
        pass
    return socket, asyncio.create_task(Watcher(socket, arrivals, game_id).read())


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def transactions(dsn: str) -> int:
    conn = await asyncpg.connect(dsn)
    try:
        value: int = await conn.fetchval(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database "
            "WHERE datname = current_database()")
        return value
    finally:
        await conn.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rate", type=float, default=50.0, help="moves per second")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--idle", type=int, default=1000, help="idle sockets to add")
    parser.add_argument("--idle-seconds", type=float, default=20.0)
    args = parser.parse_args()
    admin, redis = servers_from_env()
    rng = random.Random(1)
    async with bench_database(admin) as dsn:
        with tempfile.TemporaryDirectory() as logs:
            api = start_api(dsn, redis, Path(logs))
            assert api._process is not None
            pid = api._process.pid
            http = RawHttp("127.0.0.1", api.port)
            sockets: list[ClientConnection] = []
            tasks: list[asyncio.Task[None]] = []
            arrivals: dict[tuple[str, int], list[float]] = {}
            try:
                games = [await new_game(http, rng) for _ in range(args.games)]
                for game_id, tokens in games:
                    url = f"{api.ws_url}/games/{game_id}/ws"
                    for token in (*tokens, None):
                        socket, task = await follow(url, token, arrivals, game_id)
                        sockets.append(socket)
                        tasks.append(task)
                print(f"{args.games} games, {len(sockets)} sockets open; playing "
                      f"{args.rate:g} moves/s for {args.seconds:g} s", flush=True)
                sent: dict[tuple[str, int], float] = {}
                interval = 1 / args.rate
                stop = time.perf_counter() + args.seconds
                next_at = time.perf_counter()
                order = list(range(len(games)))
                while time.perf_counter() < stop:
                    rng.shuffle(order)
                    for index in order:
                        if time.perf_counter() >= stop:
                            break
                        game_id, tokens = games[index]
                        for seat in (0, 1):
                            _, listed = await http.request(
                                "GET", f"/games/{game_id}/legal-moves", token=tokens[seat])
                            if listed["moves"]:
                                break
                        if not listed["moves"]:
                            continue  # over: leave it
                        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
                        next_at = max(next_at + interval, time.perf_counter())
                        started = time.perf_counter()
                        status, body = await http.request(
                            "POST", f"/games/{game_id}/commands",
                            {"expected_version": listed["version"],
                             "command": rng.choice(listed["moves"])},
                            token=tokens[seat])
                        if status == 200:
                            sent[(game_id, body["version"])] = started
                await asyncio.sleep(1.0)
                latencies = [arrived - sent[key]
                             for key, times in arrivals.items() if key in sent
                             for arrived in times]
                expected = 3 * len(sent)
                print(f"push: {len(sent)} moves, {len(latencies)}/{expected} updates, "
                      f"send to update p50/p95/p99 {millis(latencies)} ms", flush=True)

                before = rss_kib(pid)
                for i in range(args.idle):
                    game_id, _ = games[i % len(games)]
                    socket, task = await follow(
                        f"{api.ws_url}/games/{game_id}/ws", None, arrivals, game_id)
                    sockets.append(socket)
                    tasks.append(task)
                await asyncio.sleep(2.0)
                after = rss_kib(pid)
                print(f"idle: {(after - before) / 1024 * 1000 / args.idle:.1f} MB per 1,000 "
                      f"idle sockets (server RSS {before / 1024:.0f} -> {after / 1024:.0f} MB)",
                      flush=True)
                await asyncio.sleep(11.0)  # the joins' statistics reach pg_stat_database
                counted = await transactions(dsn)
                await asyncio.sleep(args.idle_seconds)
                idle_tx = await transactions(dsn) - counted - 1
                print(f"idle: {len(sockets)} sockets, {idle_tx} PostgreSQL transactions in "
                      f"{args.idle_seconds:g} s ({idle_tx / args.idle_seconds:.2f}/s)")
            finally:
                for task in tasks:
                    task.cancel()
                for socket in sockets:
                    await socket.close()
                await http.close()
                api.stop()


if __name__ == "__main__":
    run(main)
