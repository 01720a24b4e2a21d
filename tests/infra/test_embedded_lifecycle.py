"""The embedded servers' life cycle across processes: shared, stopped by the last user, and
recovered after a `kill -9` (a user, the watchdog, PostgreSQL itself)."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import asyncpg
import pytest

from infra.embedded import (
    EmbeddedPostgres,
    SharedValkey,
    default_data_dir,
    process_name,
    redis_ping,
)
from infra.embedded_users import control_dir

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]

# A user of both servers: prints their URLs and its watchdogs' pids, then waits for a line.
USER = """
import json, sys
from pathlib import Path
from infra.embedded import start_postgres, start_redis
data = Path(sys.argv[1])
print(json.dumps({"pg": start_postgres(data / "pg"), "redis": start_redis(data / "redis")[0]}),
      flush=True)
sys.stdin.readline()
"""


class User:
    """A process using the embedded servers of `data`, run from an unrelated directory."""

    def __init__(self, data: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", USER, str(data)], cwd=tempfile.gettempdir(),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, f"the user exited with {self.process.wait()}"
        urls = json.loads(line)
        self.pg: str = urls["pg"]
        self.redis: str = urls["redis"]

    def exit(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        assert self.process.wait(30) == 0

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(5)


@pytest.fixture
def data() -> Iterator[Path]:
    """A data directory every user may traverse (as root PostgreSQL runs as `nobody`)."""
    path = Path(tempfile.mkdtemp(prefix="polis-embedded-"))
    path.chmod(0o755)
    yield path
    for server in (EmbeddedPostgres(path / "pg"), SharedValkey(path / "redis")):
        server.stop()  # whatever a failing test left running
    shutil.rmtree(path, ignore_errors=True)


def _postmaster_pid(data: Path) -> int:
    return int((data / "pg" / "postmaster.pid").read_text().split()[0])


def _redis_pid(data: Path) -> int:
    return int(json.loads((data / "redis" / "server.json").read_text())["pid"])


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1].split("/")[0])


def _works(user: User) -> None:
    async def query() -> int:
        conn = await asyncpg.connect(user.pg)
        try:
            value: int = await conn.fetchval("SELECT 41 + 1")
            return value
        finally:
            await conn.close()

    assert asyncio.run(query()) == 42
    assert redis_ping(_port(user.redis))


def _eventually(check: Callable[[], bool], timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def _stopped(data: Path, pg_pid: int, redis_pid: int) -> bool:
    return (
        process_name(pg_pid) is None
        and process_name(redis_pid) is None
        and not (data / "pg" / "postmaster.pid").exists()
    )


def test_users_share_the_servers_and_the_last_to_exit_stops_them(data: Path) -> None:
    first = User(data)
    pg_pid, redis_pid = _postmaster_pid(data), _redis_pid(data)
    second = User(data)
    assert (second.pg, second.redis) == (first.pg, first.redis)
    assert (_postmaster_pid(data), _redis_pid(data)) == (pg_pid, redis_pid)
    first.exit()
    _works(second)  # still served for the remaining user
    second.exit()
    assert _stopped(data, pg_pid, redis_pid)  # at once, not by the watchdog's next look
    assert list((control_dir(data / "pg") / "users").iterdir()) == []


def test_a_killed_last_user_does_not_keep_the_servers_alive(data: Path) -> None:
    user = User(data)
    pg_pid, redis_pid = _postmaster_pid(data), _redis_pid(data)
    user.kill()  # no atexit: only the watchdog can notice
    assert _eventually(lambda: _stopped(data, pg_pid, redis_pid))


def test_stale_servers_of_a_killed_predecessor_are_recovered_and_stopped(data: Path) -> None:
    """`kill -9` of the user and of the watchdogs leaves running servers with a stale user
    file; killing PostgreSQL too leaves a postmaster.pid and socket lock of a dead process."""
    user = User(data)
    pg_pid, redis_pid = _postmaster_pid(data), _redis_pid(data)
    watchdogs = [
        int(line.split()[0])
        for line in subprocess.run(
            ["ps", "-ww", "-eo", "pid=,args="], capture_output=True, text=True, check=True
        ).stdout.splitlines()
        if "infra.embedded_users watch" in line and str(data) in line
    ]
    assert len(watchdogs) == 2
    for pid in watchdogs:
        os.kill(pid, signal.SIGKILL)
    user.kill()

    # The servers outlived everybody: the next user joins them as they are.
    joined = User(data)
    assert (_postmaster_pid(data), _redis_pid(data)) == (pg_pid, redis_pid)
    _works(joined)
    assert len(list((control_dir(data / "pg") / "users").iterdir())) == 1  # dead user gone
    for pid, name in ((pg_pid, "postgres"), (redis_pid, process_name(redis_pid))):
        os.kill(pid, signal.SIGKILL)  # now the servers die too, with their files left behind
        def gone(pid: int = pid, name: str | None = name) -> bool:
            return process_name(pid) != name

        assert _eventually(gone)
    joined.kill()
    assert (data / "pg" / "postmaster.pid").exists()
    assert (data / "pg" / ".s.PGSQL.5432.lock").exists()

    # A new user starts fresh servers over the stale files, and stops them on exit.
    fresh = User(data)
    new_pg, new_redis = _postmaster_pid(data), _redis_pid(data)
    assert new_pg != pg_pid
    _works(fresh)
    fresh.exit()
    assert _stopped(data, new_pg, new_redis)


def test_the_default_data_directory_does_not_depend_on_the_current_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    seen = set()
    for cwd in (tmp_path, ROOT):
        monkeypatch.chdir(cwd)
        seen.add(default_data_dir())
    (path,) = seen
    assert path.is_absolute()
    if sys.platform.startswith("linux") and os.geteuid() == 0:
        assert path == Path("/var/lib/polis")  # parents every user may traverse
    else:
        assert path == tmp_path / "xdg" / "polis"
