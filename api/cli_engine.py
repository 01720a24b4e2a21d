"""Engine commands of the `polis` CLI: random simulations and the replay of recorded games."""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec

from domain.kernel import get_game
from domain.kernel.playout import random_playout


def add_commands(sub: Any) -> None:
    sim = sub.add_parser("simulate", help="play random games and report speed and outcomes")
    sim.add_argument("kind", choices=["duel"])
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true", help="last line: one JSON object")
    sim.set_defaults(func=simulate)

    rep = sub.add_parser("replay-traces", help="replay recorded games and compare every state")
    rep.add_argument("file", type=Path)
    rep.add_argument("--json", action="store_true", help="last line: one JSON object")
    rep.set_defaults(func=replay_traces)


def simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    game = get_game(args.kind)
    rng = random.Random(args.seed)
    outcomes: Counter[str] = Counter()
    commands = 0
    started = time.perf_counter()
    for _ in range(args.games):
        played = random_playout(game, rng)
        commands += played.commands
        summary = game.summary(played.state)
        outcomes["draw" if summary["winner"] is None else summary["victory"]] += 1
    seconds = time.perf_counter() - started
    report = {
        "games": args.games,
        "seed": args.seed,
        "seconds": round(seconds, 4),
        "games_per_second": round(args.games / seconds, 1),
        "average_turns": round(commands / args.games, 2),
        "victories": {k: outcomes.get(k, 0) for k in ("civilian", "military", "scientific")},
        "draws": outcomes.get("draw", 0),
    }
    report["victories"]["draw"] = outcomes.get("draw", 0)
    print(f"{args.games} games in {seconds:.2f} s: {report['games_per_second']} games/s")
    print(f"average turns (commands) per game: {report['average_turns']}")
    for kind in ("civilian", "military", "scientific", "draw"):
        n = outcomes.get(kind, 0)
        print(f"  {kind:<10} {n:>7}  {100.0 * n / args.games:5.1f} %")
    if args.json:
        print(json.dumps(report))
    return 0


def _read_lines(path: Path) -> list[str]:
    with path.open("rb") as raw:
        magic = raw.read(2)
    opener: Any = gzip.open if magic == b"\x1f\x8b" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return list(handle)


def replay_traces(args: argparse.Namespace) -> int:
    from domain.duel.trace_replay import TraceError, replay_trace

    try:
        lines = _read_lines(args.file)
    except OSError as exc:
        print(f"cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    games = moves = agreed = 0
    disagreements: list[dict[str, Any]] = []
    exceptions: list[dict[str, Any]] = []
    malformed: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            result = replay_trace(json.loads(line))
        except (json.JSONDecodeError, TraceError) as exc:
            malformed.append({"line": number, "reason": str(exc)})
            print(f"line {number}: {exc}")
            continue
        games += 1
        moves += result.moves
        agreed += result.agreed
        for d in result.disagreements:
            record = msgspec.to_builtins(d)
            record["line"] = number
            if d.known_exception is None:
                disagreements.append(record)
                print(
                    f"seed {d.seed}: move {d.move_index} {json.dumps(d.move)}: {d.field} "
                    f"recorded {json.dumps(d.recorded)}, Polis {json.dumps(d.polis)}"
                )
            else:
                exceptions.append(record)
                print(f"seed {d.seed}: move {d.move_index}: rule exception: {d.known_exception}")
    print(f"{games} games, {moves} moves, {agreed} agree fully, "
          f"{games - agreed} disagree, {len(malformed)} malformed lines")
    if args.json:
        print(json.dumps({
            "games": games,
            "moves": moves,
            "agreed": agreed,
            "disagreements": disagreements,
            "rule_exceptions": exceptions,
            "malformed": malformed,
        }))
    return 0 if agreed == games and not malformed else 1
