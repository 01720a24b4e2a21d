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

from domain.kernel import DomainError, get_game, kinds
from domain.kernel.playout import random_playout
from domain.kernel.traces import PlayedGame, TraceError, replay_record, write_record
from infra.engine_build import describe


def add_commands(sub: Any) -> None:
    sim = sub.add_parser("simulate", help="play random games and report speed and outcomes")
    sim.add_argument("kind", choices=kinds(), help="the game kind")
    sim.add_argument("--players", type=int, default=None,
                     help="seats per game (default: the kind's usual count)")
    sim.add_argument("--expansions", default="",
                     help="comma-separated expansions to attach, e.g. agora,leaders")
    sim.add_argument("--games", type=int, default=100, help="how many games to play")
    sim.add_argument("--seed", type=int, default=0, help="seed of the run's random moves")
    sim.add_argument("--trace-out", type=Path, default=None,
                     help="write each game as one trace line (JSON) to this file")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option, repeatable; VALUE is JSON (a bare word is a "
                          "string), e.g. --option 'leader_costs={\"nero\": 1}'")
    sim.add_argument("--json", action="store_true", help="last line: one JSON object")
    sim.set_defaults(func=simulate)

    rep = sub.add_parser("replay-traces", help="replay recorded games and compare every state")
    rep.add_argument("file", type=Path, help="trace file, one JSON record a line (gzip or plain)")
    rep.add_argument("--json", action="store_true", help="last line: one JSON object")
    rep.set_defaults(func=replay_traces)


EXIT_DISAGREE = 1
"""replay-traces: some game disagrees or some line is malformed."""
EXIT_USAGE = 2
"""A bad argument (an unknown expansion, a player count out of range)."""
EXIT_UNREADABLE = 3
"""The input file cannot be read as text: missing, truncated (gzip) or not UTF-8."""


class Reporter:
    """Human text to stdout, or to stderr when `--json` keeps stdout for the JSON alone;
    progress on stderr at most every few seconds, so long runs show they are alive."""

    def __init__(self, json_output: bool, total: int, what: str) -> None:
        self.out = sys.stderr if json_output else sys.stdout
        self.total = total
        self.what = what
        self.started = self.last = time.perf_counter()

    def say(self, text: str) -> None:
        print(text, file=self.out)

    def progress(self, done: int) -> None:
        now = time.perf_counter()
        if now - self.last >= 5.0:
            self.last = now
            print(f"... {done}/{self.total} {self.what} in {now - self.started:.0f} s",
                  file=sys.stderr, flush=True)


def _seats(game: Any, players: int | None) -> int:
    low, high = game.seat_range()
    return min(max(3, low), high) if players is None else players


class OptionError(ValueError):
    """A `--option` that is not KEY=VALUE with a JSON value."""


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """`--option KEY=VALUE` pairs as a game's options: VALUE is JSON, or a string when it
    is a bare word (`leader_panel=abilities`); text that starts like JSON must be JSON."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise OptionError(f"--option {pair!r}: expected KEY=VALUE")
        if key in options:
            raise OptionError(f"--option {key!r} is given twice")
        try:
            options[key] = json.loads(text)
        except ValueError as exc:
            if not text.strip() or text.lstrip()[0] in '{["-0123456789':
                raise OptionError(f"--option {key}: the value is not JSON ({exc})") from None
            options[key] = text
    return options


def simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    expansions = tuple(e for e in args.expansions.split(",") if e)
    try:
        options = parse_options(args.option)
        game = get_game(args.kind, expansions, options)
    except OptionError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_USAGE
    except DomainError as exc:
        print(f"{exc.code}: {exc.reason}", file=sys.stderr)
        return EXIT_USAGE
    seats = _seats(game, args.players)
    low, high = game.seat_range()
    if not low <= seats <= high:
        print(f"--players must be from {low} to {high} for {args.kind}", file=sys.stderr)
        return EXIT_USAGE
    try:  # a game kind may check its options only when a game starts
        game.start(seats, options, random.Random(args.seed), None)
    except DomainError as exc:
        print(f"{exc.code}: {exc.reason}", file=sys.stderr)
        return EXIT_USAGE
    try:
        trace = args.trace_out.open("w", encoding="utf-8") if args.trace_out else None
    except OSError as exc:
        print(f"cannot write {args.trace_out}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    report_to = Reporter(args.json, args.games, "games")
    rng = random.Random(args.seed)
    outcomes: Counter[str] = Counter()
    commands = 0
    started = time.perf_counter()
    try:
        for number in range(args.games):
            played = random_playout(game, rng, seats=seats, options=options,
                                    keep_steps=trace is not None)
            commands += played.commands
            summary = game.summary(played.state)
            outcomes["draw" if summary["winner"] is None else summary["victory"]] += 1
            if trace is not None:
                record = write_record(game, PlayedGame(
                    kind=args.kind, expansions=expansions, seats=seats, options=options,
                    seed=f"{args.seed}/{number}", opening=played.opening, steps=played.steps,
                ))
                trace.write(json.dumps(record, ensure_ascii=False) + "\n")
            report_to.progress(number + 1)
    except TraceError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_USAGE
    finally:
        if trace is not None:
            trace.close()
    seconds = time.perf_counter() - started
    types = tuple(getattr(game, "victory_types", ()))
    types += tuple(sorted(k for k in outcomes if k not in types and k != "draw"))
    victories = {k: outcomes.get(k, 0) for k in types}
    victories["draw"] = outcomes.get("draw", 0)
    report = {
        "kind": args.kind,
        "expansions": list(expansions),
        "players": seats,
        "games": args.games,
        "seed": args.seed,
        "options": options,
        "seconds": round(seconds, 4),
        "games_per_second": round(args.games / seconds, 1),
        "average_turns": round(commands / args.games, 2),
        "victories": victories,
        "draws": outcomes.get("draw", 0),
        "engines": describe(),  # the pure rules or the compiled ones (`make engines-compiled`)
    }
    say = report_to.say
    say(f"{args.games} games in {seconds:.2f} s: {report['games_per_second']} games/s")
    say(f"average turns (commands) per game: {report['average_turns']}")
    for kind, n in victories.items():
        say(f"  {kind:<10} {n:>7}  {100.0 * n / args.games:5.1f} %")
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
    try:
        lines = _read_lines(args.file)
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    except EOFError:
        print(f"cannot read {args.file}: the compressed file is truncated", file=sys.stderr)
        return EXIT_UNREADABLE
    except UnicodeDecodeError as exc:
        print(f"cannot read {args.file}: not UTF-8 text (byte {exc.start})", file=sys.stderr)
        return EXIT_UNREADABLE
    report_to = Reporter(args.json, len(lines), "lines")
    say = report_to.say
    games = moves = agreed = 0
    disagreements: list[dict[str, Any]] = []
    exceptions: list[dict[str, Any]] = []
    malformed: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            result = replay_record(json.loads(line))
        except (json.JSONDecodeError, TraceError) as exc:
            malformed.append({"line": number, "reason": str(exc)})
            say(f"line {number}: {exc}")
            continue
        finally:
            report_to.progress(number)
        games += 1
        moves += result.moves
        agreed += result.agreed
        for d in result.disagreements:
            record = msgspec.to_builtins(d)
            record["line"] = number
            if d.known_exception is None:
                disagreements.append(record)
                say(
                    f"seed {d.seed}: move {d.move_index} {json.dumps(d.move)}: {d.field} "
                    f"recorded {json.dumps(d.recorded)}, Polis {json.dumps(d.polis)}"
                )
            else:
                exceptions.append(record)
                say(f"seed {d.seed}: move {d.move_index}: rule exception: {d.known_exception}")
    say(f"{games} games, {moves} moves, {agreed} agree fully, "
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
    return 0 if agreed == games and not malformed else EXIT_DISAGREE
