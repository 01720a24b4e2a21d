"""Real API processes for the tests: uvicorn subprocesses on free loopback ports."""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from infra.embedded import free_port

ROOT = Path(__file__).resolve().parents[2]


class ApiProcess:
    """`uvicorn api.app:create_app --factory` with the given environment; or, with
    `workers`, `polis serve --workers N` as deployed (access log included)."""

    def __init__(
        self, env: dict[str, str], log_dir: Path, name: str, workers: int | None = None
    ) -> None:
        self.port = free_port()
        self.env = env
        self.log = log_dir / f"{name}.log"
        self.workers = workers
        self.root = ROOT
        """The source tree the server runs from (benchmarks compare two trees)."""
        self._process: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        if self.workers is not None:
            return [sys.executable, "-m", "api.cli", "serve", "--host", "127.0.0.1",
                    "--port", str(self.port), "--workers", str(self.workers)]
        return [sys.executable, "-m", "uvicorn", "api.app:create_app", "--factory",
                "--host", "127.0.0.1", "--port", str(self.port), "--ws-max-size", "65536",
                "--log-level", "warning", "--ws-per-message-deflate", "false",
                # as `polis serve`: the app reads X-Forwarded-For itself (api/http/forwarded.py)
                "--no-proxy-headers",
                # as `polis serve` (Settings.keep_alive_seconds): no keep-alive race
                "--timeout-keep-alive", "75"]

    @property
    def pid(self) -> int | None:
        """The server's process id (its workers are its children), while it runs."""
        return None if self._process is None else self._process.pid

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ApiProcess:
        """Start it and wait until it is ready; on any failure or interruption (Ctrl-C
        included) it is stopped before the exception goes on."""
        env = {**os.environ, **self.env}
        with self.log.open("ab") as log:
            # a group of its own: stopping it stops its workers, whatever became of it
            self._process = subprocess.Popen(
                self.command(), cwd=self.root, env=env, stdout=log, stderr=subprocess.STDOUT,
                process_group=0,
            )
        _RUNNING.add(self)
        try:
            self._wait_ready(timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_ready(self, timeout: float) -> None:
        assert self._process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"API exited early:\n{self.log.read_text()[-3000:]}")
            try:
                if httpx.get(self.url + "/ready", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"API not ready:\n{self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: the process dies without any shutdown (a crashed replica)."""
        process, self._process = self._process, None
        _RUNNING.discard(self)
        if process is not None:
            _signal_group(process, signal.SIGKILL)
            process.wait()

    def stop(self) -> None:
        """SIGTERM (a graceful shutdown), SIGKILL after 10 s; then nothing of its group is
        left (a worker whose parent died included)."""
        process, self._process = self._process, None
        _RUNNING.discard(self)
        if process is None:
            return
        _signal_group(process, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(10)
        _signal_group(process, signal.SIGKILL)
        process.wait()


_RUNNING: set[ApiProcess] = set()
"""Servers started and not stopped yet: stopped when the test process exits, whatever way
(a fixture's own teardown does it first)."""


def _signal_group(process: subprocess.Popen[bytes], signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signum)


@atexit.register
def _stop_every_server() -> None:
    for server in list(_RUNNING):
        server.stop()
