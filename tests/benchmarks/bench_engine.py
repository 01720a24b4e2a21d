"""Engine benchmark: random Duel games per second, the cost of `legal_moves` and of `view`.

Run: `python -m tests.benchmarks.bench_engine [--games N] [--seed S] [--expansions agora]
[--only-games]` (one core, prints
figures; the README beside it keeps the measured ones). Not a test: no timing asserts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from domain.duel import DuelGame
from domain.kernel import get_game
from domain.kernel.game import fold
from domain.kernel.playout import random_playout
from infra.engine_build import describe


def games_per_second(game: DuelGame, games: int, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    commands = 0
    started = time.process_time()  # CPU time: the machine is shared
    for _ in range(games):
        commands += random_playout(game, rng).commands
    seconds = time.process_time() - started
    return games / seconds, commands / games


def legal_moves_cost(game: DuelGame, games: int, seed: int) -> tuple[float, float, float]:
    """Mean and 99th percentile microseconds per call over real game positions, and the
    mean number of moves returned."""
    rng = random.Random(seed)
    samples: list[float] = []
    sizes: list[int] = []
    for _ in range(games):
        state = fold(game, game.start(2, {}, rng, None))
        while not game.is_over(state):
            seat = game.acting_seats(state)[0]
            started = time.perf_counter()
            moves = game.legal_moves(state, seat)
            samples.append((time.perf_counter() - started) * 1e6)
            sizes.append(len(moves))
            _, state = game.step(state, rng.choice(moves))
    samples.sort()
    return statistics.fmean(samples), samples[int(len(samples) * 0.99)], statistics.fmean(sizes)


def view_cost(game: DuelGame, games: int, seed: int) -> float:
    """Mean microseconds per view over real positions, each viewed by both seats and the
    spectator in a row (as the service stores them at every commit point)."""
    rng = random.Random(seed)
    spent, views = 0.0, 0
    for _ in range(games):
        state = fold(game, game.start(2, {}, rng, None))
        while not game.is_over(state):
            started = time.perf_counter()
            for seat in (0, 1, None):
                game.view(state, seat)
            spent += time.perf_counter() - started
            views += 3
            seat = rng.choice(game.acting_seats(state))
            _, state = game.step(state, rng.choice(game.legal_moves(state, seat)))
    return spent * 1e6 / views


def fold_cost(game: DuelGame, games: int, seed: int) -> float:
    """Microseconds to fold a whole recorded game from its events (the service's path)."""
    rng = random.Random(seed)
    histories = [random_playout(game, rng, keep_events=True).events for _ in range(games)]
    started = time.perf_counter()
    for events in histories:
        fold(game, events)
    return (time.perf_counter() - started) * 1e6 / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--expansions", default="", help="e.g. agora")
    parser.add_argument("--only-games", action="store_true",
                        help="only the games per second (for paired runs)")
    args = parser.parse_args()
    game: Any = get_game("duel", tuple(e for e in args.expansions.split(",") if e))
    random_playout(game, random.Random(0))  # warm the memo tables
    rate, turns = games_per_second(game, args.games, args.seed)
    print(f"random games: {rate:,.0f} games/s on one core ({turns:.1f} commands per game; "
          f"rules {describe()})")
    if args.only_games:
        return
    mean, p99, size = legal_moves_cost(game, max(1, args.games // 10), args.seed)
    print(f"legal_moves: {mean:.1f} us mean, {p99:.1f} us p99, {size:.1f} moves per call")
    print(f"view: {view_cost(game, max(1, args.games // 10), args.seed):.1f} us per view "
          "(two seats and the spectator of each position)")
    print(f"fold of a whole game: {fold_cost(game, max(1, args.games // 10), args.seed):,.0f} us")


if __name__ == "__main__":
    main()
