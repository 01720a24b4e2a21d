"""A search over the seat's information set: determinised UCB at the root.

Each iteration samples a state consistent with the seat's view (the kind's determiniser),
picks a root move by UCB1 over the results so far, and plays the game out with random
moves (every seat, hidden parts as sampled). The move with the best mean result wins. The
budget is a number of playouts and an optional `expired` callable: no clock in here.

A kind's knowledge may tune the search with optional attributes:
- `root_moves`: only that many of the moves the evaluator ranks best on a first sample are
  searched, where legal moves are many variants of a few choices (7 Wonders lists every way
  to pay for a card) and a small budget spread over all of them would learn little;
- `rollout_move`: the playouts' moves (for example builds before discards), else random;
- `playout_value`: a finished playout's value (for example by place as well as by win,
  which tells more apart in games of many seats), else `outcome`;
- `playout_horizon`: playouts stop after that many commands and are scored by the
  evaluator, squashed to 0-1 by `evaluation_scale`, rather than played to the end.
"""

from __future__ import annotations

import math
import random
from typing import Any

from domain.bots.greedy import best_by_evaluation, move_value
from domain.bots.inputs import Budget, SeatInput
from domain.bots.knowledge import Knowledge, knowledge_for
from domain.kernel.errors import DomainError
from domain.kernel.game import Game

EXPLORATION = 0.7
MAX_PLAYOUT_COMMANDS = 2_000


def strong_move(game: Game, inp: SeatInput, rng: random.Random, budget: Budget) -> Any:
    know = knowledge_for(game.kind)
    if know is None:
        return rng.choice(list(inp.moves))
    moves = list(inp.moves)
    keep = int(getattr(know, "root_moves", 0))
    if keep and len(moves) > keep:
        sample = know.determinise(game, inp.view, inp.seat, moves, rng)
        if sample is not None:
            moves = _best_moves(game, know, sample, inp.seat, moves, keep)
    n = len(moves)
    visits = [0] * n
    totals = [0.0] * n
    first_state = None
    for it in range(max(budget.playouts, 1)):
        if budget.expired is not None and it and budget.expired():
            break
        state = know.determinise(game, inp.view, inp.seat, moves, rng)
        if state is None:
            break
        if first_state is None:
            first_state = state
        i = _ucb_pick(visits, totals, it, rng)
        try:
            _, after = game.step(state, moves[i])
        except DomainError:
            visits[i] += 1  # not playable in this sample: count it as a loss there
            continue
        visits[i] += 1
        totals[i] += _playout(game, know, after, inp.seat, rng)
    if first_state is None:
        return rng.choice(moves)
    if not any(visits):
        return best_by_evaluation(game, know, first_state, inp, rng)
    return moves[max(range(n), key=lambda j: (totals[j] / visits[j] if visits[j] else -1.0))]


def _best_moves(
    game: Game, know: Knowledge, state: Any, seat: int, moves: list[Any], keep: int
) -> list[Any]:
    """The `keep` moves the evaluator ranks best one move ahead on `state`."""
    scored = []
    for i, move in enumerate(moves):
        value = move_value(game, know, state, move, seat)
        if value is not None:
            scored.append((-value, i))
    scored.sort()
    return [moves[i] for _, i in scored[:keep]] or moves


def _ucb_pick(visits: list[int], totals: list[float], it: int, rng: random.Random) -> int:
    unvisited = [j for j, v in enumerate(visits) if v == 0]
    if unvisited:
        return rng.choice(unvisited)
    log_n = math.log(it + 1)
    return max(
        range(len(visits)),
        key=lambda j: totals[j] / visits[j] + EXPLORATION * math.sqrt(log_n / visits[j]),
    )


def _playout(game: Game, know: Knowledge, state: Any, seat: int, rng: random.Random) -> float:
    step, legal, acting, over = game.step, game.legal_moves, game.acting_seats, game.is_over
    value = getattr(know, "playout_value", know.outcome)
    policy = getattr(know, "rollout_move", None)
    horizon = int(getattr(know, "playout_horizon", 0)) or MAX_PLAYOUT_COMMANDS
    for _ in range(horizon):
        if over(state):
            return float(value(game, state, seat))
        who = acting(state)
        if not who:
            break
        mover = who[0] if len(who) == 1 else rng.choice(who)
        moves = legal(state, mover)
        if not moves:  # a sample's hidden part led where the rules leave a seat stuck
            return _squashed(game, know, state, seat)
        move = rng.choice(moves) if policy is None else policy(game, state, mover, moves, rng)
        _, state = step(state, move)
    if horizon < MAX_PLAYOUT_COMMANDS and not over(state):
        return _squashed(game, know, state, seat)
    return 0.5


def _squashed(game: Game, know: Knowledge, state: Any, seat: int) -> float:
    """The evaluator's value of an unfinished playout as a result between 0 and 1."""
    scale = float(getattr(know, "evaluation_scale", 5.0))
    return 1.0 / (1.0 + math.exp(-know.evaluate(game, state, seat) / scale))
