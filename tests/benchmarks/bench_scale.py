"""The per-process costs that set how far Polis scales out, and a check of the model on
two and four local processes (tests/benchmarks/README.md, "Scale model").

    python -m tests.benchmarks.bench_scale [--games 40] [--rate 40] [--seconds 8]

One process A takes every command (a paced stream of `--rate` moves a second over
`--games` Duel games, `include: ["moves"]`); a second process B is measured while it
(1) serves none of them, (2) serves them all (it read each once: it hears their
wake-ups), (3) holds one, then four spectator sockets per game, (4) holds them with no move
being made. The differences give CPU per wake-up received, per socket pushed to and per
idle socket; A gives CPU per move appended, the database its bytes per event. Then the
same stream over P = 2 and 4 processes, each taking the commands of its share of the
games and holding one socket on each of them, compared with what the figures predict.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncpg
import httpx

from tests.api.clients import Follower
from tests.api.servers import ApiProcess
from tests.benchmarks.service import (
    RawHttp,
    bench_database,
    process_cpu,
    run,
    servers_from_env,
    start_api,
)


class Stream:
    """Paced random moves over a set of games, each sent to the process serving it."""

    def __init__(self, games: list[tuple[str, list[str]]], https: list[RawHttp],
                 home: list[int]) -> None:
        self.games, self.home = games, home
        self.https = [RawHttp("127.0.0.1", https[h].port) for h in home]
        """One connection per game (a connection carries one request at a time)."""
        self.state: dict[str, tuple[int, list[Any], int]] = {}
        self.moves = [0] * len(https)
        self.busy: set[str] = set()
        self.rng = random.Random(7)

    def _free(self, game_id: str) -> Any:
        return lambda _task: self.busy.discard(game_id)

    async def close(self) -> None:
        for http in self.https:
            await http.close()

    async def move(self, i: int) -> None:
        game_id, tokens = self.games[i]
        http = self.https[i]
        seat, listed, version = self.state.get(game_id, (-1, [], 0))
        if not listed:
            _, summary = await http.request("GET", f"/games/{game_id}")
            acting = summary["summary"]["acting"]
            if summary["over"] or not acting:
                return
            seat = acting[0]
            _, read = await http.request("GET", f"/games/{game_id}/legal-moves",
                                         token=tokens[seat])
            listed, version = read["moves"], read["version"]
        status, body = await http.request(
            "POST", f"/games/{game_id}/commands",
            {"expected_version": version, "command": self.rng.choice(listed),
             "include": ["moves"]}, token=tokens[seat])
        if status != 200:
            self.state.pop(game_id, None)
            return
        self.moves[self.home[i]] += 1
        after = body["next"]
        mine = seat in after["acting"] and after["moves"]
        self.state[game_id] = (seat, after["moves"] if mine else [], after["version"])

    async def run(self, rate: float, seconds: float) -> None:
        tasks: set[asyncio.Task[None]] = set()
        order = itertools.cycle(range(len(self.games)))
        stop = time.monotonic() + seconds
        tick = time.monotonic()
        while tick < stop:
            i = next(order)
            if self.games[i][0] not in self.busy:
                self.busy.add(self.games[i][0])
                task = asyncio.create_task(self.move(i))
                task.add_done_callback(self._free(self.games[i][0]))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            tick += 1 / rate
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
        await asyncio.gather(*tasks, return_exceptions=True)


async def metric(url: str, name: str) -> float:
    async with httpx.AsyncClient(timeout=10) as http:
        text = (await http.get(f"{url}/metrics")).text
    return sum(float(line.split()[-1]) for line in text.splitlines()
               if line.startswith(name + "{"))


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def measured(api: ApiProcess, work: Any) -> tuple[float, float, float]:
    """(CPU seconds of `api`, wake-ups it received, pushes: its fan-out's sends) during
    `work`."""
    assert api.pid is not None
    cpu, wakes = process_cpu(api.pid), await metric(api.url, "polis_wakeups_received_total")
    await work
    return (process_cpu(api.pid) - cpu,
            await metric(api.url, "polis_wakeups_received_total") - wakes, 0.0)


async def follow_all(stack: contextlib.AsyncExitStack, api: ApiProcess,
                     games: list[tuple[str, list[str]]], each: int) -> list[Follower]:
    found = []
    for game_id, _ in games:
        for _ in range(each):
            found.append(await stack.enter_async_context(Follower(api.ws_url, game_id, None)))
    for follower in found:
        await follower.wait_for(lambda m: m["type"] == "snapshot")
    return found


async def costs(dsn: str, redis: str, logs: Path, args: argparse.Namespace) -> dict[str, float]:
    channel = {"POLIS_CHANNEL": f"polis:bench:scale:{random.randrange(10**6)}",
               "POLIS_MAX_SOCKETS_PER_CLIENT": "10000", "POLIS_BOTS": "off"}
    a = start_api(dsn, redis, logs, channel)
    b = start_api(dsn, redis, logs, channel)
    try:
        ha, hb = RawHttp("127.0.0.1", a.port), RawHttp("127.0.0.1", b.port)
        games = []
        for seed in range(args.games):
            _, body = await ha.request("POST", "/games", {
                "kind": "duel", "seats": [{"name": "a"}, {"name": "b"}], "seed": seed})
            games.append((body["game"]["game_id"], [s["token"] for s in body["seats"]]))
        stream = Stream(games, [ha], [0] * len(games))
        rate, secs = args.rate, args.seconds
        assert a.pid is not None and b.pid is not None
        cpu_a = process_cpu(a.pid)
        idle, _, _ = await measured(b, stream.run(rate, secs))
        for game_id, tokens in games:  # B serves them now (one read each): it hears them
            await hb.request("GET", f"/games/{game_id}/legal-moves", token=tokens[0])
        await asyncio.sleep(0.5)
        heard_cpu, heard, _ = await measured(b, stream.run(rate, secs))
        moves_a, cpu_a = stream.moves[0], process_cpu(a.pid) - cpu_a
        out = {"cpu_move_ms": cpu_a / moves_a * 1000,
               "cpu_wake_ms": (heard_cpu - idle) / max(heard, 1) * 1000,
               "idle_cpu_s": idle / secs}
        async with contextlib.AsyncExitStack() as stack:
            rss0 = rss_kib(b.pid)
            one = await follow_all(stack, b, games, 1)
            moved = stream.moves[0]
            cpu1, _, _ = await measured(b, stream.run(rate, secs))
            updates1 = stream.moves[0] - moved
            await follow_all(stack, b, games, 3)
            moved = stream.moves[0]
            cpu4, _, _ = await measured(b, stream.run(rate, secs))
            updates4 = stream.moves[0] - moved
            per_push = ((cpu4 / updates4) - (cpu1 / updates1)) / 3
            out["cpu_push_ms"] = per_push * 1000
            out["cpu_version_read_ms"] = (cpu1 / updates1 - per_push
                                          - (heard_cpu - idle) / max(heard, 1)) * 1000
            sockets = len(one) * 4
            out["rss_socket_kib"] = (rss_kib(b.pid) - rss0) / sockets
            quiet, _, _ = await measured(b, asyncio.sleep(secs))
            out["cpu_idle_socket_us_s"] = max(0.0, quiet - idle) / secs / sockets * 1e6
        conn = await asyncpg.connect(dsn)
        try:
            size = await conn.fetchval(
                "SELECT pg_total_relation_size('events') + pg_total_relation_size('views')"
                " + pg_total_relation_size('commands')")
            events = await conn.fetchval("SELECT count(*) FROM events")
        finally:
            await conn.close()
        out["bytes_event"] = size / events
        out["moves_s"] = moves_a / (2 * secs)
        await stream.close()
        await ha.close()
        await hb.close()
        return out
    finally:
        a.stop()
        b.stop()


async def spread(dsn: str, redis: str, logs: Path, args: argparse.Namespace, p: int,
                 figures: dict[str, float]) -> None:
    """P processes, each taking its share's commands and holding one socket on each of its
    games and on each game of the next process's share; measured against the model."""
    channel = {"POLIS_CHANNEL": f"polis:bench:spread:{random.randrange(10**6)}",
               "POLIS_MAX_SOCKETS_PER_CLIENT": "10000", "POLIS_BOTS": "off"}
    apis = [start_api(dsn, redis, logs, channel) for _ in range(p)]
    try:
        https = [RawHttp("127.0.0.1", api.port) for api in apis]
        games, home = [], []
        for seed in range(args.games):
            _, body = await https[seed % p].request("POST", "/games", {
                "kind": "duel", "seats": [{"name": "a"}, {"name": "b"}], "seed": seed})
            games.append((body["game"]["game_id"], [s["token"] for s in body["seats"]]))
            home.append(seed % p)
        stream = Stream(games, https, home)
        async with contextlib.AsyncExitStack() as stack:
            for i, api in enumerate(apis):
                mine = [g for g, h in zip(games, home, strict=True) if h in (i, (i - 1) % p)]
                await follow_all(stack, api, mine, 1)
            await asyncio.sleep(0.5)
            before = [(process_cpu(api.pid or 0), await metric(api.url,
                       "polis_wakeups_received_total")) for api in apis]
            moved = list(stream.moves)
            await stream.run(args.rate, args.seconds)
            for i, api in enumerate(apis):
                cpu = process_cpu(api.pid or 0) - before[i][0]
                wakes = await metric(api.url, "polis_wakeups_received_total") - before[i][1]
                own = stream.moves[i] - moved[i]
                other = stream.moves[(i + 1) % p] - moved[(i + 1) % p]
                # its own moves (their wake-ups come back to it: in cpu_move), the others'
                # wake-ups, a read of each version another process made, a push per socket
                predicted = (own * figures["cpu_move_ms"]
                             + max(0.0, wakes - own) * figures["cpu_wake_ms"]
                             + other * figures["cpu_version_read_ms"]
                             + (own + other) * figures["cpu_push_ms"]) / 1000 + (
                                 figures["idle_cpu_s"] * args.seconds)
                print(f"P={p} process {i}: {own} moves here, {wakes:.0f} wake-ups received "
                      f"(one channel: {sum(stream.moves) - sum(moved)}), CPU {cpu:.2f} s, "
                      f"model {predicted:.2f} s ({cpu / predicted:.2f}x)")
        await stream.close()
        for http in https:
            await http.close()
    finally:
        for api in apis:
            api.stop()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rate", type=float, default=40.0)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--processes", type=int, nargs="*", default=[2, 4])
    args = parser.parse_args()
    database, redis = servers_from_env()
    logs = Path(tempfile.mkdtemp(prefix="polis-scale-"))
    async with bench_database(database) as dsn:
        figures = await costs(dsn, redis, logs, args)
    for name, value in figures.items():
        print(f"{name:>22}: {value:,.3f}")
    for p in args.processes:
        async with bench_database(database) as dsn:
            await spread(dsn, redis, logs, args, p, figures)


if __name__ == "__main__":
    run(main)
