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


def test_options_reach_the_game_and_its_traces(tmp_path: Path) -> None:
    """`--option KEY=VALUE` (JSON values, repeatable): the leaders' cost overrides and the
    variant panel are the games' options, recorded in each trace and replayed with them."""
    path = tmp_path / "options.jsonl"
    run = polis("simulate", "duel", "--expansions", "leaders", "--games", "3", "--seed", "2",
                "--option", 'leader_costs={"Nero": 1, "darius": 3}',
                "--option", "leader_panel=abilities", "--trace-out", str(path), "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["options"] == {"leader_costs": {"Nero": 1, "darius": 3},
                                 "leader_panel": "abilities"}
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for record in records:
        costs = record["setup"]["leaders"]["costs"]
        assert costs["Nero"] == 1 and costs["Darius"] == 3, costs
        assert len(costs) == 16  # the 'abilities' panel only
        assert record["options"]["leader_panel"] == "abilities"
    replay = polis("replay-traces", str(path), "--json")
    assert replay.returncode == 0, replay.stdout[-2000:]
    assert json.loads(replay.stdout.strip().splitlines()[-1])["agreed"] == 3


@pytest.mark.parametrize(("option", "message"), [
    ("leader_panel", "expected KEY=VALUE"),
    ("=3", "expected KEY=VALUE"),
    ('leader_costs={"nero": 1', "not JSON"),
    ("leader_costs=[1]", "invalid_option"),
    ('leader_costs={"nobody": 1}', "no leader 'nobody'"),
    ('leader_costs={"nero": -1}', "from 0 to 99"),
    ("leader_panel=everyone", "invalid_option"),
    ("speed=3", "unknown_option"),
])
def test_a_bad_option_is_one_line_and_exit_code_2(option: str, message: str) -> None:
    run = polis("simulate", "duel", "--expansions", "leaders", "--games", "1",
                "--option", option)
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], run.stderr


def test_options_given_twice_and_options_of_a_game_without_any() -> None:
    twice = polis("simulate", "duel", "--expansions", "leaders", "--option",
                  "leader_panel=abilities", "--option", "leader_panel=victory_points")
    assert twice.returncode == 2 and "given twice" in twice.stderr
    base = polis("simulate", "duel", "--option", "leader_panel=abilities")
    assert base.returncode == 2 and "unknown_option" in base.stderr
