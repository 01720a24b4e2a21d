"""The bot interface: the levels, and the move a level chooses for a seat's input."""

from __future__ import annotations

import random
from typing import Any

from domain.bots.greedy import greedy_move
from domain.bots.inputs import Budget, SeatInput
from domain.bots.strong import strong_move
from domain.kernel.game import Game
from domain.kernel.meta import unwrap

LEVELS: tuple[str, ...] = ("random", "greedy", "strong")

__all__ = ["LEVELS", "Budget", "SeatInput", "choose"]


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
        return greedy_move(game, inp, rng)
    if level == "strong":
        return strong_move(game, inp, rng, budget or Budget())
    raise ValueError(f"unknown bot level {level!r}; known: {LEVELS}")
