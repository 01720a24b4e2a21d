"""`polis simulate 7wonders --expansions faith` (and `leaders,faith`) and `polis
replay-traces` on the games it writes, run as a user would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_engine_cli import polis


@pytest.mark.parametrize(("expansions", "players"), [("faith", 2), ("faith", 5),
                                                     ("faith", 7), ("leaders,faith", 3)])
def test_simulated_faith_games_replay_in_full_agreement(
    tmp_path: Path, expansions: str, players: int,
) -> None:
    out = tmp_path / "games.jsonl"
    run = polis("simulate", "7wonders", "--expansions", expansions, "--players", str(players),
                "--games", "3", "--seed", "6", "--json", "--trace-out", str(out))
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["games"] == 3 and sum(report["victories"].values()) == 3
    assert report["expansions"] == expansions.split(",")
    first = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert first["format"] == "7w-faith-trace/1"
    assert first["turns"][0]["step"] in ("prayer", "play") and first["setup"]["gods"]
    replay = polis("replay-traces", str(out), "--json")
    assert replay.returncode == 0, replay.stdout[-2000:]
    result = json.loads(replay.stdout.strip().splitlines()[-1])
    assert result["games"] == 3 and result["agreed"] == 3


def test_faith_serves_seven_seats_and_refuses_eight() -> None:
    run = polis("simulate", "7wonders", "--expansions", "faith", "--players", "8",
                "--games", "1")
    assert run.returncode == 2 and "from 2 to 7" in run.stderr
