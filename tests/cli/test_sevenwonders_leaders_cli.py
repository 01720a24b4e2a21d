"""`polis simulate 7wonders --expansions leaders` and `polis replay-traces` on its
`7w-trace/1+leaders` records, run as a user would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_engine_cli import polis


@pytest.mark.parametrize("players", [2, 7])
def test_simulate_with_leaders_reports_outcomes(players: int) -> None:
    run = polis("simulate", "7wonders", "--expansions", "leaders", "--players", str(players),
                "--games", "4", "--seed", "3", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["kind"] == "7wonders" and report["players"] == players
    assert report["games"] == 4 and sum(report["victories"].values()) == 4


def test_leaders_games_written_as_traces_replay_with_full_agreement(tmp_path: Path) -> None:
    out = tmp_path / "leaders.jsonl"
    run = polis("simulate", "7wonders", "--expansions", "leaders", "--players", "5",
                "--games", "4", "--seed", "2", "--trace-out", str(out))
    assert run.returncode == 0, run.stderr
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert {r["format"] for r in records} == {"7w-trace/1+leaders"}
    first = records[0]
    assert first["extends"] == "7w-trace/1" and len(first["setup"]["leaders"]["hands"]) == 5
    steps = {t["step"] for r in records for t in r["turns"]}
    assert {"leader_draft", "recruitment", "play"} <= steps
    assert "leaders" in first["result"]["scores"][0]
    replay = polis("replay-traces", str(out), "--json")
    assert replay.returncode == 0, replay.stdout[-2000:]
    report = json.loads(replay.stdout.strip().splitlines()[-1])
    assert report["games"] == 4 and report["agreed"] == 4

    # A changed recruitment is caught: the recorded coins no longer agree.
    record = records[0]
    turn = next(t for t in record["turns"] if t["step"] == "recruitment")
    turn["state"]["coins"][0] += 1
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps(record) + "\n", encoding="utf-8")
    run = polis("replay-traces", str(broken), "--json")
    assert run.returncode == 1
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["disagreements"][0]["field"] == "coins"
