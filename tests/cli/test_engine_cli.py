"""The engine commands of the `polis` CLI, run as a user would."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.shared_paths import DUEL_TRACES


def polis(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "api.cli", *args], capture_output=True, text=True, timeout=300
    )


def test_simulate_reports_outcomes_as_json() -> None:
    run = polis("simulate", "duel", "--games", "20", "--seed", "7", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["games"] == 20
    assert report["seconds"] > 0 and report["games_per_second"] > 0
    assert sum(report["victories"].values()) == 20
    assert set(report["victories"]) >= {"civilian", "military", "scientific"}


def test_simulate_is_deterministic_for_a_seed() -> None:
    first = json.loads(polis("simulate", "duel", "--games", "5", "--seed", "3", "--json")
                       .stdout.splitlines()[-1])
    second = json.loads(polis("simulate", "duel", "--games", "5", "--seed", "3", "--json")
                        .stdout.splitlines()[-1])
    assert first["victories"] == second["victories"]
    assert first["average_turns"] == second["average_turns"]


@pytest.mark.skipif(not DUEL_TRACES.exists(), reason="shared traces missing")
def test_replay_traces_reports_bad_lines_and_keeps_going(tmp_path: Path) -> None:
    with gzip.open(DUEL_TRACES, "rt", encoding="utf-8") as handle:
        lines = [next(handle), next(handle)]
    broken = json.loads(lines[1])
    broken["moves"][10]["state"]["pawn"] = 5
    path = tmp_path / "few.jsonl"
    path.write_text(lines[0] + "not json\n" + json.dumps(broken) + "\n", encoding="utf-8")
    run = polis("replay-traces", str(path), "--json")
    assert run.returncode == 1
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["games"] == 2 and report["agreed"] == 1
    assert report["malformed"][0]["line"] == 2
    assert report["disagreements"][0]["field"] == "pawn"
    assert report["disagreements"][0]["move_index"] == 10


@pytest.mark.skipif(not DUEL_TRACES.exists(), reason="shared traces missing")
def test_replay_traces_over_the_shared_file_agrees() -> None:
    run = polis("replay-traces", str(DUEL_TRACES), "--json")
    assert run.returncode == 0, run.stdout[-2000:]
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["games"] == 104 and report["agreed"] == 104
    assert report["disagreements"] == []
