"""Win rates of the bot levels against each other (`strong` vs `random` and `greedy`, ...).

Run: `.venv/bin/python -m tests.benchmarks.bench_bots --games 200 --playouts 60 --kinds duel`
and `... --playouts 30 --kinds 7wonders:3` (`--kinds duel 7wonders:3 7wonders:5`,
`--pairs strong:random strong:greedy greedy:random`); figures and method in the README.
A kind names its expansions after colons, its seat count last: `duel:leaders`,
`duel:agora:leaders`, `7wonders:faith:3`.
Each pairing plays `--games` games, seats alternating (in 7 Wonders the first level takes one
seat, the second level all others). Draws count half. Bots get only their seat's view and
legal moves, as in the service.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from domain.bots import Budget, SeatInput, choose
from domain.kernel.game import fold
from domain.kernel.registry import get_game


def play(
    kind: str, seats: int, levels: list[str], seed: int, playouts: int,
    expansions: tuple[str, ...] = (),
) -> list[float]:
    """One game; each seat's result (1 win, 0 loss, shares of ties)."""
    game = get_game(kind, expansions)
    rng = random.Random(seed)
    state = fold(game, game.start(seats, {}, rng, None))
    budget = Budget(playouts=playouts)
    while not game.is_over(state):
        for seat in game.acting_seats(state):
            inp = SeatInput(seat, game.view(state, seat), game.legal_moves(state, seat))
            move = choose(levels[seat], game, inp, rng, budget)
            _, state = game.step(state, move)
            break
    from domain.bots.knowledge import knowledge_for

    know = knowledge_for(kind)
    assert know is not None
    return [know.outcome(game, state, s) for s in range(seats)]


def pairing(
    kind: str, seats: int, a: str, b: str, games: int, playouts: int,
    expansions: tuple[str, ...] = (),
) -> tuple[float, float]:
    wins = 0.0
    seconds: list[float] = []
    for i in range(games):
        hero = i % seats
        levels = [b] * seats
        levels[hero] = a
        t0 = time.perf_counter()
        result = play(kind, seats, levels, 10_000 + i, playouts, expansions)
        seconds.append(time.perf_counter() - t0)
        wins += result[hero]
    return wins / games, statistics.median(seconds)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=60)
    parser.add_argument("--kinds", nargs="*", default=["duel", "7wonders:3", "7wonders:5"])
    parser.add_argument(
        "--pairs", nargs="*", default=["strong:random", "strong:greedy", "greedy:random"]
    )
    args = parser.parse_args()
    print(f"{'kind':<20} {'pairing':<16} {'games':>5} {'win rate':>8} {'s/game':>7}")
    for spec in args.kinds:
        kind, *parts = spec.split(":")
        seats = int(parts.pop()) if parts and parts[-1].isdigit() else 2
        expansions = tuple(parts)
        for pair in args.pairs:
            a, b = pair.split(":")
            rate, sec = pairing(kind, seats, a, b, args.games, args.playouts, expansions)
            print(f"{spec:<20} {a + ' vs ' + b:<16} {args.games:>5} {rate:>8.1%} {sec:>7.2f}",
                  flush=True)


if __name__ == "__main__":
    main()
