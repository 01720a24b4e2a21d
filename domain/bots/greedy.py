"""One move ahead: each legal move applied to a state sampled from the view, scored by the
kind's evaluator (points, coins and threats at stake); ties broken at random. Where seats
choose together (7 Wonders) the kind's `settle` reveals the step before it is scored."""

from __future__ import annotations

import random
from typing import Any

from domain.bots.inputs import SeatInput
from domain.bots.knowledge import Knowledge, knowledge_for
from domain.kernel.errors import DomainError
from domain.kernel.game import Game


def greedy_move(game: Game, inp: SeatInput, rng: random.Random) -> Any:
    know = knowledge_for(game.kind)
    state = None if know is None else know.determinise(game, inp.view, inp.seat, inp.moves, rng)
    if know is None or state is None:
        return rng.choice(list(inp.moves))
    return best_by_evaluation(game, know, state, inp, rng)


def best_by_evaluation(
    game: Game, know: Knowledge, state: Any, inp: SeatInput, rng: random.Random
) -> Any:
    best: list[Any] = []
    best_value = float("-inf")
    for move in inp.moves:
        value = move_value(game, know, state, move, inp.seat)
        if value is None:
            continue  # legal for the seat, refused in this sample (a hidden part differs)
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return rng.choice(best or list(inp.moves))


def move_value(game: Game, know: Knowledge, state: Any, move: Any, seat: int) -> float | None:
    """The evaluator's value of `move` on `state` for `seat`; None when refused there. A
    kind whose choices are revealed together settles the step first (`settle`)."""
    try:
        _, after = game.step(state, move)
    except DomainError:
        return None
    settle = getattr(know, "settle", None)
    if settle is not None and not game.is_over(after):
        after = settle(game, state, after, seat)
    if game.is_over(after):
        return know.outcome(game, after, seat) * 1000.0
    return know.evaluate(game, after, seat)
