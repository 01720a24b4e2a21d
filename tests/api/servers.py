"""Real API processes for the tests: uvicorn subprocesses on free loopback ports."""

from __future__ import annotations

import os
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
                # as `polis serve`: the app reads X-Forwarded-For itself (api/forwarded.py)
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
        env = {**os.environ, **self.env}
        with self.log.open("ab") as log:
            self._process = subprocess.Popen(
                self.command(), cwd=self.root, env=env, stdout=log, stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"API exited early:\n{self.log.read_text()[-3000:]}")
            try:
                if httpx.get(self.url + "/ready", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"API not ready:\n{self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: the process dies without any shutdown (a crashed replica)."""
        process, self._process = self._process, None
        if process is not None:
            process.kill()
            process.wait()

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
