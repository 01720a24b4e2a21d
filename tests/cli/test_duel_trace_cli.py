"""`polis simulate duel --trace-out` writes games that `polis replay-traces` agrees with."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def polis(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "api.cli", *args], capture_output=True, text=True, timeout=300
    )


def test_base_game_traces_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "duel.jsonl"
    run = polis("simulate", "duel", "--games", "12", "--seed", "4", "--trace-out", str(path))
    assert run.returncode == 0, run.stderr
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 12
    assert {json.loads(line)["format"] for line in lines} == {"duel-trace/1"}
    replay = polis("replay-traces", str(path), "--json")
    assert replay.returncode == 0, replay.stdout[-2000:]
    report = json.loads(replay.stdout.strip().splitlines()[-1])
    assert report["games"] == report["agreed"] == 12


def test_agora_traces_round_trip_and_political_supremacy_is_a_victory_type(
    tmp_path: Path,
) -> None:
    path = tmp_path / "agora.jsonl"
    run = polis("simulate", "duel", "--expansions", "agora", "--games", "10", "--seed", "2",
                "--trace-out", str(path), "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["expansions"] == ["agora"]
    assert set(report["victories"]) == {"civilian", "military", "scientific", "political",
                                        "draw"}
    assert sum(report["victories"].values()) == 10
    lines = path.read_text(encoding="utf-8").splitlines()
    assert {json.loads(line)["format"] for line in lines} == {"duel-agora-trace/1"}
    replay = polis("replay-traces", str(path), "--json")
    assert replay.returncode == 0, replay.stdout[-2000:]
    assert json.loads(replay.stdout.strip().splitlines()[-1])["agreed"] == 10


def test_an_unknown_expansion_is_refused() -> None:
    run = polis("simulate", "duel", "--expansions", "pantheon", "--games", "1")
    assert run.returncode == 2 and "unknown_expansion" in run.stderr
