"""The bot interface: a seat's input (view and legal moves), a budget, a chosen move."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from domain.kernel.game import Game
from domain.kernel.meta import unwrap

LEVELS: tuple[str, ...] = ("random", "greedy", "strong")


@dataclass(frozen=True, slots=True)
class SeatInput:
    """Everything a bot is given: exactly what its seat may see."""

    seat: int
    view: Any
    """`Game.view(state, seat)`: the seat's redacted view."""
    moves: Sequence[Any]
    """`Game.legal_moves(state, seat)`: what the seat may submit now."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much thinking a move may take; the caller owns the clock."""

    playouts: int = 200
    """Games played out per move by the strong bot (its main budget)."""
    expired: Callable[[], bool] | None = None
    """Asked between playouts: True stops the search (a deadline set by the service)."""


def choose(
    level: str, game: Game, inp: SeatInput, rng: random.Random, budget: Budget | None = None
) -> Any:
    """The move `level` plays for `inp`; one of `inp.moves`. A ruleset wrapped by the
    service (`domain.kernel.meta.MetaGame`) is unwrapped first: each kind's knowledge
    recognises its own game type, and the wrapper's `Resign` is never a bot's move."""
    game = unwrap(game)
    if not inp.moves:
        raise ValueError("a bot was asked to move with no legal move")
    if level == "random" or len(inp.moves) == 1:
        return rng.choice(list(inp.moves))
    if level == "greedy":
        from domain.bots.greedy import greedy_move

        return greedy_move(game, inp, rng)
    if level == "strong":
        from domain.bots.strong import strong_move

        return strong_move(game, inp, rng, budget or Budget())
    raise ValueError(f"unknown bot level {level!r}; known: {LEVELS}")
