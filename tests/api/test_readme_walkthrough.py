"""The README's walkthroughs run as written: the 7 Wonders game with Leaders, Faith and two
bots, and the table three guests fill ("Players and tables"). Each shell block is taken from
the README unchanged but for the service's address, and played to the end against a real
server (with quick bots, so a game takes seconds)."""

from __future__ import annotations

import json
import re
import secrets
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from infra.db import create_database, drop_database
from infra.settings import Settings
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess

ROOT = Path(__file__).resolve().parents[2]
SECTION = "## Walkthrough: a 7 Wonders game with Leaders, Faith and bots"
TABLES = "## Players and tables"


def _walkthrough(title: str = SECTION) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(title, 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    return block.group(1)


@pytest.fixture(scope="module")
async def quick_bots(settings: Settings, admin_dsn: str,
                     tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[ApiProcess]:
    """A server on a database of its own (the lobby shows only the walkthrough's tables)."""
    name = f"polis_walk_{secrets.token_hex(4)}"
    dsn = await create_database(admin_dsn, name)
    env = {**api_env(settings), "DATABASE_URL": dsn, "POLIS_BOT_SECONDS": "0.05",
           "POLIS_BOT_PLAYOUTS": "8", "POLIS_BOT_POLL_SECONDS": "0.05"}
    server = ApiProcess(env, tmp_path_factory.mktemp("walkthrough"), "walkthrough")
    try:
        yield server.start()
    finally:
        server.stop()
        await drop_database(admin_dsn, name)


def test_the_seven_wonders_walkthrough_plays_a_whole_game(
    quick_bots: ApiProcess, tmp_path: Path
) -> None:
    script = _walkthrough()
    assert "B=http://127.0.0.1:8000\n" in script
    script = script.replace("B=http://127.0.0.1:8000", f"B={quick_bots.url}", 1)
    run = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path,
                         capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stderr[-3000:]
    ranking = json.loads(run.stdout.strip().splitlines()[-1])
    assert sorted(ranking) == [0, 1, 2]
    created = json.loads((tmp_path / "game.json").read_text())
    assert created["game"]["expansions"] == ["leaders", "faith"]
    assert created["game"]["options"]["bots"] == [None, "greedy", "strong"]


def test_the_players_and_tables_walkthrough_plays_a_whole_game(
    quick_bots: ApiProcess, tmp_path: Path
) -> None:
    script = _walkthrough(TABLES)
    assert "B=http://127.0.0.1:8000\n" in script
    script = script.replace("B=http://127.0.0.1:8000", f"B={quick_bots.url}", 1)
    run = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path,
                         capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stderr[-3000:]
    lines = run.stdout.strip().splitlines()
    assert lines[:4] == ["[1, 2]", "1", "2", "play"], lines
    assert sorted(json.loads(lines[-1])) == [0, 1, 2]
