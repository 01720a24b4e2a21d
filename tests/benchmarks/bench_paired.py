"""Engines of several trees side by side: random games per second, paired, on one core.

Run: `python -m tests.benchmarks.bench_paired --tree base=fe022e8 --tree now=HEAD
[--tree compiled=/path/to/a/compiled/tree] [--rounds 6] [--core 1] [--kinds duel,faith7p]`

Why: this machine kind's speed moves from one day to the next (the same tree measured 1,240
Duel games/s on one day and 452 two days later), so an absolute figure says little; the
ratio of two trees measured in the same minutes does. Each tree is a git revision (exported
with `git archive` into a temporary folder) or a folder holding one (an exported tree with
compiled rules, say). Every round runs each kind's benchmark once per tree, in one order
and the next round in the reverse order, each in its own process pinned to one core
(`taskset`, when the machine has it), with `PYTHONPATH` set to the tree and the same
interpreter (or, with `--python NAME=INTERPRETER`, another one for that tree: the same
folder under two names compares two interpreters). It prints each tree's median (min–max)
and each tree's ratio to the first, pair by pair (the round's figures divided), median
(min–max).

With `--bars`, the first tree is taken to be the issue's (`fe022e8`) and each kind's bar is
restated as the ratio it asks of that tree's figure on the day the issue measured it (its
table; Agora and Duel Leaders from the same day's paired run, the benchmarks README): a bar
met on that day's machine is a ratio met on any day's. Figures, not a test: nothing asserts.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Kind:
    module: str
    args: tuple[str, ...]
    bar: float
    """games/s the issue asks for."""
    issue_figure: float
    """games/s of the issue's tree (`fe022e8`) on the day the issue measured it."""


KINDS: dict[str, Kind] = {
    "duel": Kind("tests.benchmarks.bench_engine", ("--games", "600"), 2000, 804),
    "agora": Kind("tests.benchmarks.bench_engine",
                  ("--games", "300", "--expansions", "agora"), 1000, 394),
    "duel-leaders": Kind("tests.benchmarks.bench_engine",
                         ("--games", "400", "--expansions", "leaders"), 1000, 506),
    "7p": Kind("tests.benchmarks.bench_sevenwonders", ("--players", "7", "--games", "100"),
               1000, 297),
    "leaders7p": Kind("tests.benchmarks.bench_sevenwonders",
                      ("--players", "7", "--games", "60", "--expansions", "leaders"), 600, 184),
    "faith7p": Kind("tests.benchmarks.bench_sevenwonders",
                    ("--players", "7", "--games", "30", "--expansions", "faith"), 300, 66),
}

_RATE = re.compile(r"([\d,]+(?:\.\d+)?) games/s")


def parse_rate(output: str) -> float:
    """The last `N games/s` a benchmark printed."""
    found = _RATE.findall(output)
    if not found:
        raise ValueError(f"no games/s figure in the benchmark's output: {output[-300:]!r}")
    return float(found[-1].replace(",", ""))


def export(revision: str, into: Path) -> Path:
    """A git revision of this repository, as files (no .git, no build products)."""
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", revision], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def run_once(
    tree: Path, kind: Kind, core: int | None, scale: float, python: str = sys.executable
) -> float:
    args = list(kind.args)
    games = args.index("--games") + 1
    args[games] = str(max(1, round(int(args[games]) * scale)))
    command = [python, "-m", kind.module, *args, "--only-games"]
    if core is not None and shutil.which("taskset"):
        command = ["taskset", "-c", str(core), *command]
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} in {tree} failed:\n{done.stderr[-2000:]}")
    return parse_rate(done.stdout)


def spread(values: list[float], digits: int = 0) -> str:
    """'median (min–max)'."""
    fmt = f"{{:,.{digits}f}}"
    return (f"{fmt.format(statistics.median(values))} "
            f"({fmt.format(min(values))}–{fmt.format(max(values))})")


def measure(trees: dict[str, Path], kinds: list[str], rounds: int, core: int | None,
            scale: float, pythons: dict[str, str] | None = None
            ) -> dict[str, dict[str, list[float]]]:
    """kind -> tree -> games/s per round, the trees' order reversed every other round."""
    pythons = pythons or {}
    figures: dict[str, dict[str, list[float]]] = {k: {t: [] for t in trees} for k in kinds}
    names = list(trees)
    for number in range(rounds):
        order = names if number % 2 == 0 else names[::-1]
        for kind in kinds:
            for name in order:
                figures[kind][name].append(run_once(
                    trees[name], KINDS[kind], core, scale, pythons.get(name, sys.executable)))
        print(f"round {number + 1} of {rounds} done", file=sys.stderr, flush=True)
    return figures


def report(figures: dict[str, dict[str, list[float]]], bars: bool) -> list[str]:
    lines = []
    for kind, by_tree in figures.items():
        names = list(by_tree)
        first = by_tree[names[0]]
        lines.append(f"{kind}:")
        for name in names:
            line = f"  {name}: {spread(by_tree[name])} games/s"
            if name != names[0]:
                ratios = [b / a for a, b in zip(first, by_tree[name], strict=True)]
                line += f"; /{names[0]} per round {spread(ratios, 2)}"
                if bars:
                    needed = KINDS[kind].bar / KINDS[kind].issue_figure
                    met = "met" if statistics.median(ratios) >= needed else "not met"
                    line += f"; the bar asks {needed:.2f}: {met}"
            lines.append(line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tree", action="append", required=True, metavar="NAME=REV_OR_DIR",
                        help="a tree to measure; the first is the one the others are divided by")
    parser.add_argument("--kinds", default=",".join(KINDS),
                        help=f"comma-separated, of: {', '.join(KINDS)}")
    parser.add_argument("--python", action="append", default=[], metavar="NAME=INTERPRETER",
                        help="run tree NAME with another interpreter (one with the project's "
                        "dependencies, a venv's python); the same folder may be given twice")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--core", type=int, default=1, help="the core to pin to; -1: none")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply every kind's number of games (a quick look: 0.1)")
    parser.add_argument("--bars", action="store_true",
                        help="the first tree is the issue's: restate each bar as a ratio to it")
    options = parser.parse_args()
    kinds = [k for k in options.kinds.split(",") if k]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        parser.error(f"unknown kinds {unknown}; known: {', '.join(KINDS)}")
    with tempfile.TemporaryDirectory(prefix="polis-paired-") as scratch:
        trees: dict[str, Path] = {}
        for spec in options.tree:
            name, _, where = spec.partition("=")
            if not name or not where or name in trees:
                parser.error(f"--tree {spec!r}: give NAME=REVISION or NAME=FOLDER, names unique")
            folder = Path(where)
            trees[name] = folder.resolve() if folder.is_dir() else export(
                where, Path(scratch) / name)
        pythons: dict[str, str] = {}
        for spec in options.python:
            name, _, interpreter = spec.partition("=")
            if name not in trees or not Path(interpreter).is_file():
                parser.error(f"--python {spec!r}: give NAME=INTERPRETER for a --tree NAME")
            pythons[name] = interpreter
        core = None if options.core < 0 else options.core
        figures = measure(trees, kinds, options.rounds, core, options.scale, pythons)
    print(f"{options.rounds} rounds, core {core}, games/s in CPU time, median (min–max)")
    for line in report(figures, options.bars):
        print(line)


if __name__ == "__main__":
    main()
