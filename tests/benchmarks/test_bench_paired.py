"""The paired engine runner (`bench_paired.py`): it reads the benchmarks' figures, divides
round by round and restates the issue's bars as ratios. What it measures is not asserted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.benchmarks.bench_paired import KINDS, REPO, export, parse_rate, report


def test_reads_the_last_figure_whatever_its_format() -> None:
    # bench_engine prints "1,240 games/s", bench_sevenwonders "167.9 games/s".
    assert parse_rate("warm-up\nrandom games: 1,240 games/s on one core (71.5 commands)") == 1240
    assert parse_rate("7 players: 167.9 games/s on one core\n") == 167.9
    assert parse_rate("3 players: 10 games/s\n7 players: 2,001.5 games/s\n") == 2001.5
    with pytest.raises(ValueError, match="no games/s figure"):
        parse_rate("Traceback: something failed")


def test_ratios_are_taken_round_by_round_and_bars_restated_against_the_first_tree() -> None:
    duel = KINDS["duel"]
    needed = duel.bar / duel.issue_figure  # 2,000 against 804: 2.49
    figures = {"duel": {
        "base": [100.0, 200.0, 400.0],
        "fast": [260.0, 500.0, 1000.0],  # 2.6, 2.5, 2.5 a round: medians of figures mislead
        "slow": [120.0, 240.0, 480.0],
    }}
    lines = report(figures, bars=True)
    assert lines[0] == "duel:"
    assert lines[1] == "  base: 200 (100–400) games/s"
    assert "/base per round 2.50 (2.50–2.60)" in lines[2]
    assert f"the bar asks {needed:.2f}: met" in lines[2]
    assert "/base per round 1.20 (1.20–1.20)" in lines[3]
    assert lines[3].endswith("not met")
    assert "bar" not in "".join(report(figures, bars=False))


def test_runs_trees_side_by_side_end_to_end() -> None:
    """Two names for this very tree (the second run by a named interpreter), a few games
    each: one figure per round and tree."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.benchmarks.bench_paired", "--tree", f"a={REPO}",
         "--tree", f"b={REPO}", "--python", f"b={sys.executable}", "--kinds", "duel,7p",
         "--rounds", "2", "--scale", "0.02", "--core", "-1"],
        cwd=REPO, capture_output=True, text=True, timeout=300, check=True,
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("2 rounds")
    assert [line for line in lines if not line.startswith(" ")][1:] == ["duel:", "7p:"]
    assert sum("/a per round" in line for line in lines) == 2
    assert done.stderr.count("done") == 2


def test_a_revision_is_exported_without_its_history(tmp_path: Path) -> None:
    if not (REPO / ".git").exists():
        pytest.skip("not a git checkout")
    tree = export("HEAD", tmp_path / "head")
    assert (tree / "domain" / "kernel" / "playout.py").is_file()
    assert (tree / "tests" / "benchmarks" / "bench_engine.py").is_file()
    assert not (tree / ".git").exists()


def test_refuses_an_interpreter_for_a_tree_it_was_not_given() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tests.benchmarks.bench_paired", "--tree", f"a={REPO}",
         "--python", f"b={sys.executable}", "--rounds", "1"],
        cwd=REPO, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert "--python" in done.stderr and "for a --tree NAME" in done.stderr
