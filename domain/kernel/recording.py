"""Between a game's stored events and a trace record, both ways, for any game.

- Export: the service keeps each command's events (grouped by command id) but not the
  command itself. `steps_from_events` finds it again: the one legal move of the seat whose
  `decide` gives exactly the stored events (the domain is pure, so a command is known by its
  events; two commands with the same events leave the same game).
- Import: `Recorder` stands in for a game while a format's replayer plays a record through
  the engine, and keeps the opening events and each command with its events; the replayer
  has then checked every state against the record, so the events are the game it records.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.kernel.errors import DomainError
from domain.kernel.game import Game
from domain.kernel.traces import PlayedGame, TraceError, TraceResult


def steps_from_events(
    game: Game, opening: Sequence[Any], groups: Sequence[tuple[int | None, list[Any]]]
) -> list[tuple[Any, list[Any]]]:
    """Each group of events (the seat that caused it, its events) with the command that
    produced it; TraceError when no legal move of that seat gives those events."""
    state = game.initial_state()
    for event in opening:
        state = game.evolve(state, event)
    steps: list[tuple[Any, list[Any]]] = []
    decide, evolve = game.decide, game.evolve
    for number, (seat, events) in enumerate(groups, start=1):
        if seat is None:
            raise TraceError(f"command {number} names no seat")
        command = None
        for move in game.legal_moves(state, seat):
            try:
                if decide(state, move) == events:
                    command = move
                    break
            except DomainError:
                continue
        if command is None:
            raise TraceError(f"command {number}: no legal move of seat {seat} gives its events")
        steps.append((command, events))
        for event in events:
            state = evolve(state, event)
    return steps


class Recorder:
    """A game that keeps what it starts and steps; everything else is the wrapped game's."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.seats = 0
        self.opening: list[Any] = []
        self.steps: list[tuple[Any, list[Any]]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def start(
        self, seats: int, options: Mapping[str, Any], rng: random.Random, deal: Any | None
    ) -> list[Any]:
        events = self.game.start(seats, options, rng, deal)
        self.seats, self.opening, self.steps = seats, list(events), []
        return events

    def step(self, state: Any, command: Any) -> tuple[list[Any], Any]:
        events, after = self.game.step(state, command)
        self.steps.append((command, list(events)))
        return events, after


def import_by_replay(
    record: dict[str, Any],
    game: Game,
    replay: Callable[[dict[str, Any], Any], TraceResult],
    expansions: tuple[str, ...] = (),
    options: dict[str, Any] | None = None,
) -> PlayedGame:
    """The game a record holds, played through the engine by its format's `replay`; a
    TraceError names the first problem (a disagreement, an unfinished game)."""
    recorder = Recorder(game)
    result = replay(record, recorder)
    for d in result.disagreements:
        if d.known_exception is None:
            where = "the set-up or result" if d.move_index < 0 else f"move {d.move_index}"
            raise TraceError(f"{where}: {d.field}: recorded {d.recorded!r}, Polis {d.polis!r}")
    if not recorder.opening:
        raise TraceError("the record sets up no game")
    state = game.initial_state()
    for event in recorder.opening:
        state = game.evolve(state, event)
    for _, events in recorder.steps:
        for event in events:
            state = game.evolve(state, event)
    if not game.is_over(state):
        raise TraceError(f"the recorded game is not finished ({len(recorder.steps)} moves)")
    return PlayedGame(
        kind=game.kind, expansions=expansions, seats=recorder.seats, options=dict(options or {}),
        seed=result.seed, opening=recorder.opening, steps=recorder.steps,
    )
