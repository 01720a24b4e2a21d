"""What a faster engine buys the `strong` bot: the same bot with more playouts against itself.

Run: `.venv/bin/python -m tests.benchmarks.bench_bot_budget --kind duel --more 400 --less 200
--games 200 [--jobs 2]` (`--kind 7wonders:3`: the bot with `--more` takes one seat, the
others play with `--less`; seats rotate game by game). Prints the win rate of the `--more`
seat with its 95 % interval (Wilson), against the rate of an even game (1/seats).

Why playouts and not seconds: the engines give the same outputs for the same seed, faster or
not (`tests/domain/test_seeded_streams.py`), so the bot of the faster engine thinking for the
time the slower one took for `--less` playouts is exactly this bot with `--less` times the
speed-up, whatever the machine's load while it runs. The speed-up itself is measured apart
(`--speed`: seconds per `strong` move at `--less` playouts over the same positions, to run on
the tree before and the tree after, paired).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

from domain.bots import Budget, SeatInput, choose
from domain.bots.knowledge import knowledge_for
from domain.kernel.game import fold
from domain.kernel.registry import get_game


def _kind(spec: str) -> tuple[str, tuple[str, ...], int]:
    kind, *parts = spec.split(":")
    seats = int(parts.pop()) if parts and parts[-1].isdigit() else 2
    return kind, tuple(parts), seats


def play(spec: str, seed: int, hero: int, more: int, less: int) -> float:
    """One game; the result of seat `hero` (1 win, 0 loss, shares of ties)."""
    kind, expansions, seats = _kind(spec)
    game = get_game(kind, expansions)
    rng = random.Random(seed)
    state = fold(game, game.start(seats, {}, rng, None))
    budgets = [Budget(playouts=more if s == hero else less) for s in range(seats)]
    while not game.is_over(state):
        seat = game.acting_seats(state)[0]
        inp = SeatInput(seat, game.view(state, seat), game.legal_moves(state, seat))
        _, state = game.step(state, choose("strong", game, inp, rng, budgets[seat]))
    know = knowledge_for(kind)
    assert know is not None
    return float(know.outcome(game, state, hero))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def speed(spec: str, playouts: int, positions: int, seed: int) -> float:
    """Seconds of CPU per `strong` move at `playouts`, over the positions of random games."""
    kind, expansions, seats = _kind(spec)
    game = get_game(kind, expansions)
    rng = random.Random(seed)
    spent, moves = 0.0, 0
    while moves < positions:
        state = fold(game, game.start(seats, {}, rng, None))
        while not game.is_over(state) and moves < positions:
            seat = game.acting_seats(state)[0]
            inp = SeatInput(seat, game.view(state, seat), game.legal_moves(state, seat))
            started = time.process_time()
            choose("strong", game, inp, random.Random(moves), Budget(playouts=playouts))
            spent += time.process_time() - started
            moves += 1
            _, state = game.step(state, rng.choice(list(inp.moves)))
    return spent / moves


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kind", default="duel")
    parser.add_argument("--more", type=int, default=400)
    parser.add_argument("--less", type=int, default=200)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--speed", type=int, default=0,
                        help="only time that many strong moves at --less playouts")
    args = parser.parse_args()
    if args.speed:
        per_move = speed(args.kind, args.less, args.speed, args.seed)
        print(f"{args.kind}: strong at {args.less} playouts: {per_move * 1000:.1f} ms CPU a move")
        return
    seats = _kind(args.kind)[2]
    jobs = [(args.kind, args.seed + i, i % seats, args.more, args.less)
            for i in range(args.games)]
    started = time.monotonic()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play, *zip(*jobs, strict=True)))
    wins = sum(results)
    low, high = wilson(wins, len(results))
    print(f"{args.kind}: strong at {args.more} playouts vs strong at {args.less}: "
          f"{wins:g} of {len(results)} ({wins / len(results):.1%}, 95 % interval "
          f"{low:.1%}-{high:.1%}; even: {1 / seats:.1%}) in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
