"""Ratings of bots and random-move players from simulated rated games
(`projections/ratings.py`; README "Ratings and matchmaking"; figures in this folder's
README).

Run: `.venv/bin/python -m tests.benchmarks.bench_ratings --kind duel --seats 2 --players 1
--games 200 --extra 1500 --playouts 20` (`--games` cycle through every lineup, `--extra`
through those without the strong bot, all shuffled together: the cheap games narrow the
other identities' sigma).
In-process, no server: each game is played by the domain engine (the service's ruleset,
`get_ruleset`), each seat by a bot level or a random-move player, given only its seat's
view and legal moves; the game's places (`final_places`) rate its seats with the service's
own update (`rate`: openskill's Plackett-Luce). Identities: one per bot level (as the
service rates bots) and `--players` random-move players of their own. Lineups cycle so
every identity meets every other. The check: the leaderboard orders random < greedy <
strong, each interval mu ± 2 sigma (about 95%) apart from the next level's.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time

import domain.packages  # noqa: F401  (registers the kinds)
from domain.bots import Budget, SeatInput, choose
from domain.kernel.game import fold
from domain.kernel.registry import get_ruleset
from projections.ratings import MODEL, final_places, rate


def play(kind: str, levels: list[str], seed: int, playouts: int) -> list[int]:
    """One game; each seat's place."""
    game = get_ruleset(kind, (), {})
    rng = random.Random(seed)
    state = fold(game, game.start(len(levels), {}, rng, None))
    budget = Budget(playouts=playouts)
    while not game.is_over(state):
        seat = game.acting_seats(state)[0]
        inp = SeatInput(seat, game.view(state, seat), game.legal_moves(state, seat))
        _, state = game.step(state, choose(levels[seat], game, inp, rng, budget))
    return final_places(game, state, len(levels))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--playouts", type=int, default=30)
    parser.add_argument("--players", type=int, default=3, help="random-move players")
    parser.add_argument("--kind", default="7wonders")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--extra", type=int, default=0,
                        help="more games among the other identities (no strong bot: cheap)")
    args = parser.parse_args()
    level = {"strong bot": "strong", "greedy bot": "greedy", "random bot": "random",
             **{f"player {i + 1}": "random" for i in range(args.players)}}
    lineups = list(itertools.combinations(level, args.seats))
    random.Random(1).shuffle(lineups)
    cheap = [lineup for lineup in lineups if "strong bot" not in lineup]
    schedule = [lineups[n % len(lineups)] for n in range(args.games)]
    schedule += [cheap[n % len(cheap)] for n in range(args.extra)]
    random.Random(2).shuffle(schedule)
    ratings = {name: (MODEL.mu, MODEL.sigma) for name in level}
    games = dict.fromkeys(level, 0)
    started = time.perf_counter()
    for n, drawn in enumerate(schedule):
        lineup = list(drawn)
        random.Random(n).shuffle(lineup)
        places = play(args.kind, [level[name] for name in lineup], 1000 + n, args.playouts)
        after = rate([ratings[name] for name in lineup], places)
        for name, new in zip(lineup, after, strict=True):
            ratings[name] = new
            games[name] += 1
        if n % 100 == 99:
            print(f"{n + 1} games, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    seconds = time.perf_counter() - started
    board = sorted(level, key=lambda name: -(ratings[name][0] - 3 * ratings[name][1]))
    print(f"{len(schedule)} games of {args.kind} ({args.seats} seats), strong bot "
          f"{args.playouts} playouts, {seconds:.0f} s")
    print("| rank | player | level | games | mu | sigma | mu - 3 sigma | mu ± 2 sigma |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | --- |")
    for rank, name in enumerate(board, 1):
        mu, sigma = ratings[name]
        print(f"| {rank} | {name} | {level[name]} | {games[name]} | {mu:.1f} | {sigma:.2f} | "
              f"{mu - 3 * sigma:.1f} | {mu - 2 * sigma:.1f} to {mu + 2 * sigma:.1f} |")

    def interval(lv: str) -> tuple[float, float]:
        found = [ratings[n] for n in level if level[n] == lv]
        return (min(m - 2 * s for m, s in found), max(m + 2 * s for m, s in found))

    rnd, greedy, strong = interval("random"), interval("greedy"), interval("strong")
    apart = rnd[1] < greedy[0] and greedy[1] < strong[0]
    print(f"random < greedy < strong with intervals apart: {'yes' if apart else 'no'} "
          f"(random up to {rnd[1]:.1f}, greedy {greedy[0]:.1f} to {greedy[1]:.1f}, "
          f"strong from {strong[0]:.1f})")


if __name__ == "__main__":
    main()
