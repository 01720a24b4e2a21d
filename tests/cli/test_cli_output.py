"""The CLI's output contract: `--json` keeps stdout for one JSON document; unreadable input
gets one line on stderr and its own exit code (3), apart from disagreeing games (1)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from tests.cli.test_engine_cli import polis
from tests.shared_paths import DUEL_TRACES


def test_simulate_json_output_parses_as_a_whole() -> None:
    run = polis("simulate", "duel", "--games", "5", "--seed", "2", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)  # the whole of stdout, not its last line
    assert report["games"] == 5
    assert "games/s" in run.stderr  # the human summary went to stderr


def test_replay_traces_json_output_parses_as_a_whole(tmp_path: Path) -> None:
    with gzip.open(DUEL_TRACES, "rt", encoding="utf-8") as handle:
        line = next(handle)
    path = tmp_path / "one.jsonl"
    path.write_text(line, encoding="utf-8")
    run = polis("replay-traces", str(path), "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["agreed"] == 1


def test_truncated_gzip_is_unreadable_input(tmp_path: Path) -> None:
    data = DUEL_TRACES.read_bytes()
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(data[: len(data) // 2])
    run = polis("replay-traces", str(path), "--json")
    assert run.returncode == 3
    assert run.stdout == ""
    assert run.stderr.strip().count("\n") == 0 and "truncated" in run.stderr


def test_non_utf8_file_is_unreadable_input(tmp_path: Path) -> None:
    path = tmp_path / "latin1.jsonl"
    path.write_bytes('{"format": "duel-trace/1", "name": "Séville"}\n'.encode("latin-1"))
    run = polis("replay-traces", str(path))
    assert run.returncode == 3
    assert "not UTF-8" in run.stderr and "Traceback" not in run.stderr


def test_missing_file_is_unreadable_input(tmp_path: Path) -> None:
    run = polis("replay-traces", str(tmp_path / "absent.jsonl"))
    assert run.returncode == 3
    assert "cannot read" in run.stderr and "Traceback" not in run.stderr


def test_unknown_expansion_is_a_usage_error() -> None:
    run = polis("simulate", "duel", "--expansions", "nonesuch", "--games", "1")
    assert run.returncode == 2
    assert "nonesuch" in run.stderr and "Traceback" not in run.stderr
