"""Sharing one embedded server between processes: it stops when the last of them is gone.

Each server directory `D` has a control directory `D.run/` beside it holding:

- `lock`: an exclusive `flock` taken around every start, join, release and check, so these
  never interleave across processes;
- `users/<pid>-<nonce>`: one file per process using the server, `flock`ed by that process for
  as long as it lives. The kernel drops the lock when the process dies however it dies (even
  `kill -9`), so a file whose lock can be taken belongs to a dead user and is removed; process
  ids are never trusted, so a reused id cannot keep a server alive;
- `watchdog.lock`: held by a small detached process (`python -m infra.embedded_users watch`)
  that checks every second and stops the server once no live user remains, so a killed last
  user does not leave the server running for ever. A clean exit stops it at once (`atexit`).
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import fcntl
import importlib
import logging
import os
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Protocol

_log = logging.getLogger(__name__)

WATCH_INTERVAL = 1.0


class SharedServer(Protocol):
    """A server that lives in `directory`, found again from its files by any process."""

    directory: Path

    def url(self) -> str | None:
        """The server's URL when it runs and answers; None otherwise (stale files removed)."""

    def start(self) -> str:
        """Start it (it is not running) and return its URL."""

    def stop(self) -> None:
        """Stop it if it runs; idempotent."""


def control_dir(directory: Path) -> Path:
    return directory.with_name(directory.name + ".run")


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive flock on `path` (created) for the block."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _try_lock(handle: IO[str]) -> bool:
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


def _held_by_another(path: Path) -> bool:
    """True when another open file holds the flock on `path` (its holder is alive)."""
    try:
        handle = path.open("a")
    except FileNotFoundError:
        return False
    with handle:
        if _try_lock(handle):
            fcntl.flock(handle, fcntl.LOCK_UN)
            return False
        return True


def live_users(directory: Path) -> int:
    """Count the live users of the server in `directory`, removing dead users' files.

    Call with the control lock held.
    """
    users = control_dir(directory) / "users"
    count = 0
    for entry in users.glob("*"):
        if _held_by_another(entry):
            count += 1
        else:
            entry.unlink(missing_ok=True)
    return count


class Lease:
    """This process's use of a shared server; `release` (also run at exit) ends it."""

    def __init__(self, server: SharedServer, handle: IO[str], url: str) -> None:
        self.server = server
        self.url = url
        self._handle: IO[str] | None = handle

    def release(self) -> None:
        handle, self._handle = self._handle, None
        if handle is None:
            return
        _leases.pop(self.server.directory, None)
        control = control_dir(self.server.directory)
        with locked(control / "lock"):
            Path(handle.name).unlink(missing_ok=True)
            handle.close()  # drops this process's flock
            if live_users(self.server.directory) == 0:
                self.server.stop()


_leases: dict[Path, Lease] = {}


def acquire(server: SharedServer) -> Lease:
    """Join the server in `server.directory` as a user, starting it when nobody runs it."""
    existing = _leases.get(server.directory)
    if existing is not None:
        return existing
    control = control_dir(server.directory)
    (control / "users").mkdir(parents=True, exist_ok=True)
    with locked(control / "lock"):
        path = control / "users" / f"{os.getpid()}-{secrets.token_hex(4)}"
        handle = path.open("w")
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            url = server.url()
            if url is None:
                _log.info("starting the embedded server in %s", server.directory)
                url = server.start()
            _ensure_watchdog(server)
        except BaseException:
            path.unlink(missing_ok=True)
            handle.close()
            raise
    lease = Lease(server, handle, url)
    _leases[server.directory] = lease
    atexit.register(lease.release)
    return lease


def _ensure_watchdog(server: SharedServer, timeout: float = 15.0) -> None:
    """Start the watchdog of `server` unless one runs; wait until it holds its lock."""
    lock = control_dir(server.directory) / "watchdog.lock"
    if _held_by_another(lock):
        return
    cls = type(server)
    source_root = str(Path(__file__).resolve().parents[1])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [source_root, env.get("PYTHONPATH")]))
    with (control_dir(server.directory) / "watchdog.log").open("ab") as log:
        subprocess.Popen(
            [sys.executable, "-m", "infra.embedded_users", "watch",
             f"{cls.__module__}:{cls.__qualname__}", str(server.directory)],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, cwd="/", env=env,
            start_new_session=True,  # no terminal signal reaches it
        )
    deadline = time.monotonic() + timeout
    while not _held_by_another(lock):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the watchdog of {server.directory} did not start (see {log.name})")
        time.sleep(0.02)


def watch(server: SharedServer, interval: float = WATCH_INTERVAL) -> None:
    """The watchdog's loop: stop the server once it has no live user, then exit."""
    control = control_dir(server.directory)
    with (control / "watchdog.lock").open("a") as guard:
        if not _try_lock(guard):
            return  # another watchdog already runs
        while True:
            with locked(control / "lock"):
                if live_users(server.directory) == 0:
                    server.stop()
                    # Let go of the watchdog lock before the control lock, so a user that
                    # starts the server next never mistakes this exiting watchdog for a live one.
                    fcntl.flock(guard, fcntl.LOCK_UN)
                    return
            time.sleep(interval)


def main(argv: list[str]) -> int:
    """`watch MODULE:CLASS DIRECTORY`: run the watchdog of that server."""
    if len(argv) != 3 or argv[0] != "watch":
        print("usage: python -m infra.embedded_users watch MODULE:CLASS DIRECTORY",
              file=sys.stderr)
        return 2
    module, _, name = argv[1].partition(":")
    cls = getattr(importlib.import_module(module), name)
    watch(cls(Path(argv[2])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
