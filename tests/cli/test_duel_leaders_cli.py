"""`polis simulate duel --expansions leaders[,agora] --trace-out` writes `duel-leaders-
trace/1` games that `polis replay-traces` agrees with, move by move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_duel_trace_cli import polis


@pytest.mark.parametrize("expansions", ["leaders", "agora,leaders"])
def test_leaders_traces_round_trip(tmp_path: Path, expansions: str) -> None:
    path = tmp_path / "leaders.jsonl"
    run = polis("simulate", "duel", "--expansions", expansions, "--games", "8", "--seed", "6",
                "--trace-out", str(path), "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["expansions"] == expansions.split(",")
    assert sum(report["victories"].values()) == 8
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert {r["format"] for r in records} == {"duel-leaders-trace/1"}
    assert all(len(r["setup"]["leaders"]["drafted"]) == 2 for r in records)
    kinds = {m["move"]["kind"] for r in records for m in r["moves"]}
    assert {"pick_leader", "choose_leader", "declare_recruitment"} <= kinds
    replay = polis("replay-traces", str(path), "--json")
    assert replay.returncode == 0, replay.stdout[-2000:]
    assert json.loads(replay.stdout.strip().splitlines()[-1])["agreed"] == 8


def test_a_tampered_leaders_trace_disagrees(tmp_path: Path) -> None:
    path = tmp_path / "leaders.jsonl"
    run = polis("simulate", "duel", "--expansions", "leaders", "--games", "1", "--seed", "1",
                "--trace-out", str(path))
    assert run.returncode == 0, run.stderr
    record = json.loads(path.read_text(encoding="utf-8"))
    declared = next(m for m in record["moves"] if m["move"]["kind"] == "declare_recruitment")
    declared["state"]["coins"] = [c + 1 for c in declared["state"]["coins"]]
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    replay = polis("replay-traces", str(path), "--json")
    assert replay.returncode != 0
    assert json.loads(replay.stdout.strip().splitlines()[-1])["agreed"] == 0
