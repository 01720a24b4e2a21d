"""The README's 7 Wonders walkthrough (Leaders, Faith and two bots) runs as written: the
shell block is taken from the README unchanged but for the service's address, and played
to the end against a real server (with quick bots, so the game takes seconds)."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from infra.settings import Settings
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess

ROOT = Path(__file__).resolve().parents[2]
SECTION = "## Walkthrough: a 7 Wonders game with Leaders, Faith and bots"


def _walkthrough() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(SECTION, 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    return block.group(1)


@pytest.fixture(scope="module")
def quick_bots(settings: Settings, tmp_path_factory: pytest.TempPathFactory
               ) -> Iterator[ApiProcess]:
    env = {**api_env(settings), "POLIS_BOT_SECONDS": "0.05", "POLIS_BOT_PLAYOUTS": "8",
           "POLIS_BOT_POLL_SECONDS": "0.05"}
    server = ApiProcess(env, tmp_path_factory.mktemp("walkthrough"), "walkthrough")
    try:
        yield server.start()
    finally:
        server.stop()


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
