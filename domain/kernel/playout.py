"""Games played to the end with uniformly random legal moves (simulations, tests, bots)."""

from __future__ import annotations

import random
from typing import Any

from domain.kernel.game import Game, fold


class Playout:
    __slots__ = ("commands", "events", "state")

    def __init__(self, state: Any, commands: int, events: list[Any]) -> None:
        self.state = state
        self.commands = commands
        self.events = events


def random_playout(
    game: Game, rng: random.Random, keep_events: bool = False, max_commands: int = 10_000
) -> Playout:
    """Play one game; the same `rng` seed gives the same game."""
    opening = game.start(2, {}, rng, None)
    state = fold(game, opening)
    events: list[Any] = list(opening) if keep_events else []
    commands = 0
    while not game.is_over(state):
        if commands >= max_commands:
            raise RuntimeError("playout did not end: a rule leaves the game without an end")
        seat = rng.choice(game.acting_seats(state))
        moves = game.legal_moves(state, seat)
        new_events, state = game.step(state, rng.choice(moves))
        if keep_events:
            events.extend(new_events)
        commands += 1
    return Playout(state, commands, events)
