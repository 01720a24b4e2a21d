"""Games played to the end with uniformly random legal moves (simulations, tests, bots)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.kernel.game import Game, fold


class Playout:
    __slots__ = ("commands", "events", "opening", "state", "steps")

    def __init__(
        self,
        state: Any,
        commands: int,
        events: list[Any],
        opening: list[Any],
        steps: list[tuple[Any, list[Any]]],
    ) -> None:
        self.state = state
        self.commands = commands
        self.events = events
        """Every event in order, when asked for (`keep_events`)."""
        self.opening = opening
        """The events of `Game.start`."""
        self.steps = steps
        """Each command with its events, when asked for (`keep_steps`)."""


def random_playout(
    game: Game,
    rng: random.Random,
    keep_events: bool = False,
    max_commands: int = 10_000,
    seats: int = 2,
    options: Mapping[str, Any] | None = None,
    keep_steps: bool = False,
) -> Playout:
    """Play one game; the same `rng` seed gives the same game."""
    opening = game.start(seats, options or {}, rng, None)
    state = fold(game, opening)
    events: list[Any] = list(opening) if keep_events else []
    steps: list[tuple[Any, list[Any]]] = []
    commands = 0
    while not game.is_over(state):
        if commands >= max_commands:
            raise RuntimeError("playout did not end: a rule leaves the game without an end")
        seat = rng.choice(game.acting_seats(state))
        moves = game.legal_moves(state, seat)
        command = rng.choice(moves)
        new_events, state = game.step(state, command)
        if keep_events:
            events.extend(new_events)
        if keep_steps:
            steps.append((command, new_events))
        commands += 1
    return Playout(state, commands, events, list(opening), steps)
