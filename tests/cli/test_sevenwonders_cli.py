"""`polis simulate 7wonders` and `polis replay-traces` on 7 Wonders records, run as a user would."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tests.cli.test_engine_cli import polis
from tests.shared_paths import SHARED

TRACES = SHARED / "traces" / "7wonders-joffrey-sw.jsonl.gz"


@pytest.mark.parametrize("players", [2, 7])
def test_simulate_reports_outcomes_as_json(players: int) -> None:
    run = polis("simulate", "7wonders", "--players", str(players), "--games", "5", "--seed",
                "4", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["kind"] == "7wonders" and report["players"] == players
    assert report["games"] == 5 and report["games_per_second"] > 0
    assert sum(report["victories"].values()) == 5
    assert set(report["victories"]) == {"points", "draw"}


def test_simulate_refuses_a_seat_count_out_of_range() -> None:
    run = polis("simulate", "7wonders", "--players", "8", "--games", "1")
    assert run.returncode == 2 and "from 2 to 7" in run.stderr


def test_simulated_games_written_as_traces_replay(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    run = polis("simulate", "7wonders", "--players", "4", "--games", "3", "--seed", "2",
                "--trace-out", str(out))
    assert run.returncode == 0, run.stderr
    replay = polis("replay-traces", str(out), "--json")
    assert replay.returncode == 0, replay.stdout[-2000:]
    report = json.loads(replay.stdout.strip().splitlines()[-1])
    assert report["games"] == 3 and report["agreed"] == 3


@pytest.mark.skipif(not TRACES.exists(), reason="shared traces missing")
def test_replay_traces_reads_both_formats_line_by_line(tmp_path: Path) -> None:
    with gzip.open(TRACES, "rt", encoding="utf-8") as handle:
        first, second = next(handle), next(handle)
    broken = json.loads(second)
    broken["turns"][3]["state"]["shields"][0] += 1
    path = tmp_path / "mixed.jsonl"
    path.write_text(first + json.dumps(broken) + "\n", encoding="utf-8")
    run = polis("replay-traces", str(path), "--json")
    assert run.returncode == 1
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["games"] == 2 and report["agreed"] == 1
    assert report["disagreements"][0]["field"] == "shields"
    assert report["disagreements"][0]["move_index"] == 3


@pytest.mark.skipif(not TRACES.exists(), reason="shared traces missing")
def test_replay_traces_over_the_shared_file_agrees() -> None:
    run = polis("replay-traces", str(TRACES), "--json")
    assert run.returncode == 0, run.stdout[-2000:]
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["games"] == 100 and report["agreed"] == 100
    assert report["disagreements"] == [] and report["rule_exceptions"] == []
