"""7 Wonders engine benchmark: random games per second for 3, 5 and 7 players, the cost of
`legal_moves` and of folding a game.

Run: `python -m tests.benchmarks.bench_sevenwonders [--games N] [--seed S] [--players 3,5,7]
[--expansions leaders,faith] [--only-games]` (one core, prints figures; the README beside it
keeps the measured ones). Times are the process's CPU time, not wall time, so a busy shared
machine slows them less. Not a test: no timing asserts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from domain.kernel import get_game
from domain.kernel.game import fold
from domain.kernel.playout import random_playout
from domain.sevenwonders import SevenWondersGame
from infra.engine_build import describe


def games_per_second(game: SevenWondersGame, players: int, games: int,
                     seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    commands = 0
    started = time.process_time()
    for _ in range(games):
        commands += random_playout(game, rng, seats=players).commands
    seconds = time.process_time() - started
    return games / seconds, commands / games


def legal_moves_cost(game: SevenWondersGame, players: int, games: int,
                     seed: int) -> tuple[float, float, float]:
    """Mean and 99th percentile microseconds per call over real positions, and the mean
    number of moves returned."""
    rng = random.Random(seed)
    samples: list[float] = []
    sizes: list[int] = []
    for _ in range(games):
        state = fold(game, game.start(players, {}, rng, None))
        while not game.is_over(state):
            seat = rng.choice(game.acting_seats(state))
            started = time.process_time()
            moves = game.legal_moves(state, seat)
            samples.append((time.process_time() - started) * 1e6)
            sizes.append(len(moves))
            _, state = game.step(state, rng.choice(moves))
    samples.sort()
    return statistics.fmean(samples), samples[int(len(samples) * 0.99)], statistics.fmean(sizes)


def fold_cost(game: SevenWondersGame, players: int, games: int, seed: int) -> float:
    """Microseconds to fold a whole game from its events (the service's path)."""
    rng = random.Random(seed)
    histories = [random_playout(game, rng, keep_events=True, seats=players).events
                 for _ in range(games)]
    started = time.process_time()
    for events in histories:
        fold(game, events)
    return (time.process_time() - started) * 1e6 / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="3,5,7")
    parser.add_argument("--expansions", default="", help="e.g. leaders,faith")
    parser.add_argument("--only-games", action="store_true",
                        help="only the games per second (for paired runs)")
    args = parser.parse_args()
    game: SevenWondersGame = get_game(  # type: ignore[assignment]
        "7wonders", tuple(e for e in args.expansions.split(",") if e))
    for players in (int(p) for p in args.players.split(",")):
        random_playout(game, random.Random(0), seats=players)  # warm the memo tables
        rate, turns = games_per_second(game, players, args.games, args.seed)
        if args.only_games:
            print(f"{players} players: {rate:,.1f} games/s on one core ({turns:.1f} commands "
                  f"per game; rules {describe()})")
            continue
        mean, p99, size = legal_moves_cost(game, players, max(1, args.games // 10), args.seed)
        folded = fold_cost(game, players, max(1, args.games // 10), args.seed)
        print(f"{players} players: {rate:,.0f} games/s on one core ({turns:.1f} commands per "
              f"game); legal_moves {mean:.1f} us mean, {p99:.1f} us p99, {size:.1f} moves; "
              f"fold of a game {folded:,.0f} us")


if __name__ == "__main__":
    main()
