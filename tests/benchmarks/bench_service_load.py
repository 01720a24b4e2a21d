"""Load benchmark: random games played over REST against one API process.

Run: `DATABASE_URL=... REDIS_URL=... python -m tests.benchmarks.bench_service_load
[--games 1 16 64] [--seconds 20] [--rounds 2] [--workers 1] [--mode reads|known|reply|ws]`. Each of
N concurrent players loops, in `reads` mode (the default): `GET /legal-moves` for a seat
that may act, `POST /commands` with a random one of them, then `GET /games/{id}` for whose
turn is next. In `reply` mode the command asks for `include: ["moves"]`, and its reply says
who acts next and, when that is the same seat, its moves: a move is then one request, or two
when the turn passes to the other seat (its moves are read with `GET /legal-moves` naming the
version the reply gave as `min_version`). In `ws`
mode each seat follows the game over a WebSocket with `include=moves` and a move is one
`command` message on the acting seat's socket (latency: until its `command_accepted`); the
game is created and first read over REST. `known` mode is `reads` with both reads naming
the version of the player's last command reply (`min_version`), as a polling client would.
A new game starts when one ends. Prints moves/s,
p50 / p95 / p99 of `POST /commands` (of the command message in `ws` mode), requests
per move, the server's CPU per move (user + system of the server process and its workers,
from `/proc`) and that of the database's PostgreSQL backends (when the server runs here)
per round; rounds of each N alternate (A B A B). The players use a minimal HTTP client so
that the load generator costs far less CPU than the server.
`POLIS_BENCH_TREE=/path` serves from another checkout (a before/after pair). Figures, not
a test: the README beside it keeps the measured ones.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

from tests.benchmarks.service import (
    RawHttp,
    RawSocket,
    bench_database,
    cpu_by_process,
    database_backends,
    median_range,
    millis,
    process_cpu,
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


class Tally:
    """What the players of one round did."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.requests = 0


async def player(
    http: RawHttp, rng: random.Random, stop: float, tally: Tally, mode: str
) -> int:
    """Play random games until `stop`; return the number of moves made."""
    if mode == "reply":
        return await reply_player(http, rng, stop, tally)
    if mode == "ws":
        return await ws_player(http, http.port, rng, stop, tally)
    latencies = tally.latencies
    moves = 0
    game_id, tokens = await new_game(http, rng)
    acting: list[Any] = [0]
    known = ""  # `known` mode: the reads name the version the client last saw
    while time.monotonic() < stop:
        seat = rng.choice(acting)
        _, listed = await http.request("GET", f"/games/{game_id}/legal-moves{known}",
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
            if mode == "known":
                known = f"?min_version={body['version']}"
        _, summary = await http.request("GET", f"/games/{game_id}{known}")
        if summary["over"]:
            game_id, tokens = await new_game(http, rng)
            acting, known = [0], ""
        else:
            acting = summary["summary"]["acting"] or [0]
        tally.requests += 3 if listed["moves"] else 2
    return moves


async def reply_player(http: RawHttp, rng: random.Random, stop: float, tally: Tally) -> int:
    """`player` in reply mode: the command's reply tells what comes next."""
    moves = 0
    game_id, tokens = await new_game(http, rng)
    listed: list[Any] = []
    seat, version = -1, 0
    acting: list[int] = [0]
    while time.monotonic() < stop:
        if not listed or seat not in acting:
            seat = rng.choice(acting)
            _, read = await http.request(
                "GET", f"/games/{game_id}/legal-moves?min_version={version}", token=tokens[seat])
            tally.requests += 1
            if "moves" not in read:
                raise RuntimeError(f"legal-moves refused: {read}")
            listed, version = read["moves"], read["version"]
            if not listed:  # between two versions: ask whose turn it is
                _, summary = await http.request("GET", f"/games/{game_id}")
                tally.requests += 1
                acting = summary["summary"]["acting"] or [0]
                continue
        started = time.perf_counter()
        status, body = await http.request(
            "POST", f"/games/{game_id}/commands",
            {"expected_version": version, "command": rng.choice(listed), "include": ["moves"]},
            token=tokens[seat],
        )
        tally.latencies.append(time.perf_counter() - started)
        tally.requests += 1
        if status != 200:
            raise RuntimeError(f"command refused: {status} {body}")
        moves += 1
        after = body["next"]
        acting, listed, version = after["acting"], after["moves"], after["version"]
        if not acting:  # over (a commit point where nobody acts is the end)
            game_id, tokens = await new_game(http, rng)
            seat, listed, acting, version = -1, [], [0], 0  # a new game: no version known
    return moves


def database_ms(done: Round) -> str:
    return "n/a" if done.database_ms is None else f"{done.database_ms:.2f} ms"


class SeatSocket:
    """One seat's socket in `ws` mode: the latest snapshot or update, and replies."""

    def __init__(self, socket: RawSocket) -> None:
        self.socket = socket
        self.version = -1
        self.moves: list[Any] = []
        self.replies: dict[str, asyncio.Future[Any]] = {}
        self.changed = asyncio.Event()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            message = await self.socket.receive()
            if message is None:
                return
            kind = message["type"]
            if kind in ("snapshot", "update"):
                self.version, self.moves = message["version"], message.get("moves") or []
                self.changed.set()
            elif kind in ("command_accepted", "command_rejected"):
                self.replies.pop(message["request_id"]).set_result(message)

    async def at_least(self, version: int) -> None:
        while self.version < version:
            self.changed.clear()
            await self.changed.wait()

    async def close(self) -> None:
        self.task.cancel()
        await self.socket.close()


async def ws_player(
    http: RawHttp, port: int, rng: random.Random, stop: float, tally: Tally
) -> int:
    """`player` in `ws` mode: each seat follows over a WebSocket with `include=moves`, and a
    move is one `command` message, its moves taken from the seat's last update."""
    moves = 0
    while time.monotonic() < stop:
        game_id, tokens = await new_game(http, rng)
        tally.requests += 1
        seats = [SeatSocket(await RawSocket.connect(
            "127.0.0.1", port, f"/games/{game_id}/ws?include=moves", token)) for token in tokens]
        try:
            version = (await http.request("GET", f"/games/{game_id}"))[1]["version"]
            tally.requests += 1
            for seat in seats:
                await seat.at_least(version)
            while time.monotonic() < stop:
                acting = [s for s in seats if s.version == version and s.moves]
                if not acting:
                    break  # over
                seat = rng.choice(acting)
                request_id = f"r{moves}"
                reply = asyncio.get_running_loop().create_future()
                seat.replies[request_id] = reply
                started = time.perf_counter()
                seat.socket.send({"type": "command", "request_id": request_id,
                                  "expected_version": version,
                                  "command": rng.choice(seat.moves)})
                answer = await reply
                tally.latencies.append(time.perf_counter() - started)
                tally.requests += 1
                if answer["type"] != "command_accepted":
                    raise RuntimeError(f"command refused: {answer}")
                moves += 1
                version = answer["version"]
                for other in seats:
                    await other.at_least(version)
        finally:
            for seat in seats:
                await seat.close()
    return moves


class Round(NamedTuple):
    rate: float
    """Moves per second."""
    latencies: list[float]
    cpu_ms: float
    """The server's CPU milliseconds per move."""
    requests: float
    """Requests per move."""
    database_ms: float | None
    """CPU milliseconds per move of the database's PostgreSQL backends (None when the
    server runs elsewhere)."""
    client_ms: float
    """CPU milliseconds per move of this load generator (it shares the machine)."""


async def run_round(
    port: int, pid: int, dsn: str, games: int, seconds: float, seed: int, mode: str
) -> Round:
    tally = Tally()
    clients = [RawHttp("127.0.0.1", port) for _ in range(games)]
    try:
        stop = time.monotonic() + seconds
        started, cpu, before = time.monotonic(), process_cpu(pid), cpu_by_process()
        own = time.process_time()
        counts = await asyncio.gather(*(
            player(http, random.Random(seed * 1000 + i), stop, tally, mode)
            for i, http in enumerate(clients)
        ))
        elapsed, cpu, after = time.monotonic() - started, process_cpu(pid) - cpu, cpu_by_process()
        own = time.process_time() - own
    finally:
        for http in clients:
            await http.close()
    moves = max(1, sum(counts))
    backends = [p for p in await database_backends(dsn) if p in after]
    database = sum(after[p] - before.get(p, 0.0) for p in backends) if backends else None
    return Round(sum(counts) / elapsed, tally.latencies, cpu * 1000 / moves,
                 tally.requests / moves, None if database is None else database * 1000 / moves,
                 own * 1000 / moves)


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1, 16, 64])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--workers", type=int, default=None,
                        help="run `polis serve --workers N` (default: one uvicorn process)")
    parser.add_argument("--mode", choices=["reads", "known", "reply", "ws"], default="reads",
                        help="reads: legal moves, command, summary per move; known: the "
                             "same, the reads naming the version of the last command's reply "
                             "(`min_version`); reply: the "
                             "command's reply (include) says what comes next; ws: each seat "
                             "follows over a WebSocket with its moves in the updates, a move "
                             "is one command message")
    args = parser.parse_args()
    admin, redis = servers_from_env()
    async with bench_database(admin) as dsn:
        with tempfile.TemporaryDirectory() as logs:
            api = start_api(dsn, redis, Path(logs), workers=args.workers)
            assert api.pid is not None
            try:
                rounds: dict[int, list[Round]] = {n: [] for n in args.games}
                for round_no in range(args.rounds):
                    for n in args.games:
                        done = await run_round(api.port, api.pid, dsn, n, args.seconds,
                                               round_no + 1, args.mode)
                        rounds[n].append(done)
                        print(f"round {round_no + 1}, {n:>3} games: {done.rate:8,.0f} moves/s, "
                              f"POST /commands p50/p95/p99 {millis(done.latencies)} ms, "
                              f"{done.requests:.2f} requests and {done.cpu_ms:.2f} ms of "
                              f"server CPU per move, PostgreSQL {database_ms(done)}, "
                              f"load generator {done.client_ms:.2f} ms",
                              flush=True)
                for n in args.games:
                    done_n = rounds[n]
                    database = [r.database_ms for r in done_n if r.database_ms is not None]
                    print(f"{n:>3} games at once ({args.mode}): "
                          f"{median_range([r.rate for r in done_n])} moves/s, server CPU "
                          f"{median_range([r.cpu_ms for r in done_n], 2)} ms per move, "
                          "PostgreSQL CPU "
                          f"{median_range(database, 2) + ' ms' if database else 'n/a'} per move, "
                          "load generator CPU "
                          f"{median_range([r.client_ms for r in done_n], 2)} ms per move")
            finally:
                api.stop()


if __name__ == "__main__":
    run(main)
