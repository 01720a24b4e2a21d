"""The API processes the tests start are stopped on any exit: an interrupted start (Ctrl-C
while the browser tests' server came up left it running) and a test process that ends
without its fixtures' teardown."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from infra.settings import Settings
from tests.api.conftest import api_env
from tests.api.servers import ROOT, ApiProcess


def _env_of(settings: Settings) -> tuple[dict[str, str], bytes]:
    """An environment for a server, and the mark that every process of it carries."""
    mark = f"{settings.channel}:{uuid.uuid4().hex}"
    return {**api_env(settings), "POLIS_CHANNEL": mark}, f"POLIS_CHANNEL={mark}".encode()


def _none_left(mark: bytes, within: float = 10.0) -> bool:
    """Whether no process (a server or any of its workers, orphaned or not) carries `mark`
    in its environment, within `within` seconds."""
    if not Path("/proc/self/environ").exists():
        pytest.skip("no /proc to look for processes in")
    deadline = time.monotonic() + within
    while True:
        alive = []
        for environ in Path("/proc").glob("[0-9]*/environ"):
            with contextlib.suppress(OSError):
                if mark in environ.read_bytes().split(b"\0"):
                    alive.append(environ.parent.name)
        if not alive:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


class InterruptedWhileStarting(ApiProcess):
    """Ctrl-C arrives while the server starts (its workers being spawned)."""

    started_pid: int | None = None

    def _wait_ready(self, timeout: float) -> None:
        self.started_pid = self.pid
        time.sleep(1.0)
        raise KeyboardInterrupt


def test_an_interrupted_start_leaves_no_process(settings: Settings, tmp_path: Path) -> None:
    env, mark = _env_of(settings)
    server = InterruptedWhileStarting(env, tmp_path, "interrupted", workers=2)
    with pytest.raises(KeyboardInterrupt):
        server.start()
    assert server.started_pid is not None and server.pid is None
    assert _none_left(mark)


def test_a_test_process_that_exits_without_teardown_stops_its_servers(
    settings: Settings, tmp_path: Path
) -> None:
    script = (
        "import json, sys; from pathlib import Path; from tests.api.servers import ApiProcess; "
        "server = ApiProcess(json.loads(sys.argv[1]), Path(sys.argv[2]), 'left', workers=2)"
        ".start(); print(server.pid, flush=True); sys.exit(0)"
    )
    env, mark = _env_of(settings)
    done = subprocess.run(
        [sys.executable, "-c", script, json.dumps(env), str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().isdigit()  # it did start
    assert _none_left(mark)
