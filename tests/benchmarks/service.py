"""Shared pieces of the service benchmarks: a fresh database, API processes, percentiles.

The benchmarks run the service as deployed (uvicorn processes) against the PostgreSQL and
Redis named by `DATABASE_URL` and `REDIS_URL`, on a database of their own that is dropped
at the end, so they can run next to the tests.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import secrets
import statistics
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg
import msgspec

from infra.db import create_database, drop_database
from infra.migrate import migrate
from tests.api.servers import ApiProcess


def run(main: Any) -> None:
    """Run a benchmark's coroutine on uvloop when installed (the client's own overhead
    competes with the server for the same cores)."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(main())
        return
    uvloop.run(main())


def percentile(samples: list[float], q: float) -> float:
    """The q-quantile (0..1) of `samples` by nearest rank; 0 for no samples."""
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def millis(samples: list[float]) -> str:
    """`p50 / p95 / p99` of seconds, in milliseconds."""
    return " / ".join(f"{percentile(samples, q) * 1000:.1f}" for q in (0.5, 0.95, 0.99))


def median_range(values: list[float], digits: int = 0) -> str:
    """`median (min–max)` of the values."""
    f = f",.{digits}f"
    return (f"{statistics.median(values):{f}} ({min(values):{f}}–{max(values):{f}})")


def servers_from_env() -> tuple[str, str]:
    database, redis = os.environ.get("DATABASE_URL"), os.environ.get("REDIS_URL")
    if not database or not redis:
        sys.exit("set DATABASE_URL and REDIS_URL (a real PostgreSQL and Redis)")
    return database, redis


@asynccontextmanager
async def bench_database(admin_dsn: str) -> AsyncIterator[str]:
    """A migrated database of its own, dropped at the end (migrated by the checkout of
    `POLIS_BENCH_TREE` when set, the one the server then runs from)."""
    name = f"polis_bench_{secrets.token_hex(4)}"
    dsn = await create_database(admin_dsn, name)
    other = os.environ.get("POLIS_BENCH_TREE")
    if other:  # the schema of the tree that serves, so a pair compares schemas too
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "api.cli", "migrate", cwd=other,
            env={**os.environ, "DATABASE_URL": dsn}, stdout=asyncio.subprocess.DEVNULL)
        if await process.wait() != 0:
            raise RuntimeError(f"migrating with {other} failed")
    else:
        conn = await asyncpg.connect(dsn)
        try:
            await migrate(conn)
        finally:
            await conn.close()
    try:
        yield dsn
    finally:
        await drop_database(admin_dsn, name)


def start_api(
    dsn: str, redis: str, log_dir: Path, extra: dict[str, str] | None = None,
    workers: int | None = None,
) -> ApiProcess:
    """An API process (`polis serve --workers N` when `workers` is given) with limits far
    above any benchmark's rate."""
    env = {
        "DATABASE_URL": dsn, "REDIS_URL": redis,
        "POLIS_CHANNEL": f"polis:bench:{secrets.token_hex(4)}",
        "POLIS_RATE_CREATE": "1000000/1", "POLIS_RATE_COMMANDS": "1000000/1",
        # every player's sockets come from one client address here (64 games: 128 sockets)
        "POLIS_MAX_SOCKETS_PER_CLIENT": "100000",
        **(extra or {}),
    }
    api = ApiProcess(env, log_dir, "bench", workers)
    other = os.environ.get("POLIS_BENCH_TREE")
    if other:  # measure another source tree (an older commit) with the same client
        api.root = Path(other)
    return api.start()



def _processes() -> tuple[dict[int, int], dict[int, float]]:
    """(parent, user + system CPU seconds) of every process alive now (Linux `/proc`)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue  # ended meanwhile
        fields = raw[raw.rindex(")") + 2:].split()
        parents[int(entry)] = int(fields[1])
        times[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    return parents, times


def cpu_by_process() -> dict[int, float]:
    """User + system CPU seconds of every process alive now."""
    return _processes()[1]


async def database_backends(dsn: str) -> list[int]:
    """Process ids of the PostgreSQL backends connected to `dsn`'s database now (its CPU
    can be read from `/proc` when the server runs on this machine)."""
    conn = await asyncpg.connect(dsn)
    try:
        rows = await conn.fetch(
            """SELECT pid FROM pg_stat_activity
               WHERE datname = current_database() AND pid <> pg_backend_pid()""")
    finally:
        await conn.close()
    return [r["pid"] for r in rows]


def process_cpu(pid: int) -> float:
    """User + system CPU seconds of process `pid` and of its descendants alive now (Linux
    `/proc`): the server's own cost, whatever the load generator spends."""
    parents, times = _processes()
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += times.get(current, 0.0)
        todo.extend(child for child, parent in parents.items() if parent == current)
    return total


class RawHttp:
    """A minimal HTTP/1.1 keep-alive client: a load generator must cost far less than the
    server it measures (a full-featured client spends more CPU per request than Polis)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._used = 0.0

    async def request(
        self, method: str, path: str, body: object = None, token: str | None = None
    ) -> tuple[int, Any]:
        """(status, decoded JSON body) of one request."""
        if self._writer is not None and time.monotonic() - self._used > 3.0:
            await self.close()  # the server drops keep-alive connections idle for 5 s
        self._used = time.monotonic()
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        assert self._reader is not None
        payload = b"" if body is None else msgspec.json.encode(body)
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}",
                f"Content-Length: {len(payload)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        if token:
            head.append(f"Authorization: Bearer {token}")
        self._writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        raw = await self._reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        length = 0
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name.lower() == "content-length":
                length = int(value)
        data = await self._reader.readexactly(length)
        return status, msgspec.json.decode(data) if data else None

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(Exception):
                await self._writer.wait_closed()
            self._writer = None


class RawSocket:
    """A minimal WebSocket client (RFC 6455, text frames), for the same reason as `RawHttp`:
    a general library costs the load generator more per message than the server it
    measures. Client frames are masked with a zero key (valid framing, no XOR to compute):
    a benchmark's own traffic, never a browser's."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._reader, self._writer = reader, writer

    @classmethod
    async def connect(cls, host: str, port: int, path: str, token: str | None) -> RawSocket:
        reader, writer = await asyncio.open_connection(host, port)
        key = base64.b64encode(secrets.token_bytes(16)).decode()
        head = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Upgrade: websocket",
                "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if token:
            head.append(f"Authorization: Bearer {token}")
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode())
        answer = await reader.readuntil(b"\r\n\r\n")
        if b" 101 " not in answer.split(b"\r\n", 1)[0]:
            raise RuntimeError(f"no WebSocket upgrade: {answer[:200]!r}")
        return cls(reader, writer)

    def send(self, message: object) -> None:
        payload = msgspec.json.encode(message)
        n = len(payload)
        if n < 126:
            head = bytes((0x81, 0x80 | n))
        elif n < 65536:
            head = bytes((0x81, 0x80 | 126)) + n.to_bytes(2, "big")
        else:
            head = bytes((0x81, 0x80 | 127)) + n.to_bytes(8, "big")
        self._writer.write(head + b"\0\0\0\0" + payload)

    async def receive(self) -> Any:
        """The next text message, decoded (answers pings; None once the server closed)."""
        parts: list[bytes] = []
        while True:
            first, second = await self._reader.readexactly(2)
            n = second & 0x7F
            if n == 126:
                n = int.from_bytes(await self._reader.readexactly(2), "big")
            elif n == 127:
                n = int.from_bytes(await self._reader.readexactly(8), "big")
            data = await self._reader.readexactly(n)
            opcode = first & 0x0F
            if opcode == 8:
                return None
            if opcode == 9:  # ping: pong with the same data
                self._writer.write(bytes((0x8A, 0x80 | len(data))) + b"\0\0\0\0" + data)
                continue
            if opcode in (0, 1, 2):
                parts.append(data)
                if first & 0x80:
                    return msgspec.json.decode(b"".join(parts))

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            self._writer.write(b"\x88\x80\0\0\0\0")
            self._writer.close()
            await self._writer.wait_closed()
