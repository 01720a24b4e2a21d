"""The contract every game of the family fulfils, so that the service never names a game.

A game is a decider: ``decide(state, command) -> events`` and ``evolve(state, event) ->
state``, both pure. Randomness happens only in ``start`` (with a seeded RNG passed in) and
its outcomes are written into the first events, so folding events never needs the RNG.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import msgspec

Seat = int
"""A seat index, 0-based. ``None`` in views and redaction means a spectator."""


class Game(Protocol):
    """What the service needs from a game kind; one instance per (kind, expansions) ruleset."""

    kind: str
    command_type: Any
    """The msgspec tagged union of this game's commands (for decoding client input)."""
    event_type: Any
    """The msgspec tagged union of this game's events (for decoding stored payloads)."""
    deal_type: Any
    """The msgspec type of an explicit deal (for decoding one from a client)."""

    def seat_range(self) -> tuple[int, int]:
        """Minimum and maximum number of seats."""
        ...

    def start(
        self, seats: int, options: Mapping[str, Any], rng: random.Random, deal: Any | None
    ) -> list[msgspec.Struct]:
        """The opening events of a game: the deal, drawn from `rng` or given explicitly."""
        ...

    def initial_state(self) -> Any:
        """The state before the first event."""
        ...

    def decide(self, state: Any, command: msgspec.Struct) -> list[msgspec.Struct]:
        """Events that `command` produces, or raise DomainError with the reason."""
        ...

    def evolve(self, state: Any, event: msgspec.Struct) -> Any:
        """The state after `event`; total over valid histories."""
        ...

    def step(self, state: Any, command: msgspec.Struct) -> tuple[list[Any], Any]:
        """`decide` and the state its events lead to, in one pass (for bots and replays)."""
        ...

    def legal_moves(self, state: Any, seat: Seat) -> Sequence[msgspec.Struct]:
        """Every command `seat` may submit now."""
        ...

    def acting_seats(self, state: Any) -> tuple[Seat, ...]:
        """Seats that may act now (several during simultaneous choices); empty when over."""
        ...

    def command_seat(self, command: msgspec.Struct) -> Seat:
        """The seat a command is issued by."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def view(self, state: Any, seat: Seat | None) -> msgspec.Struct:
        """What `seat` (or a spectator, for None) may know of `state`."""
        ...

    def redact(self, event: msgspec.Struct, seat: Seat | None) -> msgspec.Struct:
        """The version of `event` that `seat` (or a spectator) may see."""
        ...

    def catalog(self) -> dict[str, Any]:
        """The game's data (cards, ...) by the ids its views and commands use."""
        ...

    def summary(self, state: Any) -> dict[str, Any]:
        """Public facts for game listings (phase, age, winner, explicit deal, ...)."""
        ...


def seat_count(game: Game, state: Any) -> int:
    """The seats of a started game: the kind's one seat count, or, for a kind played by a
    varying number of seats, the `seats` its state keeps (the convention such a kind
    follows; `tests/kernel/test_meta.py` checks it for every registered kind)."""
    low, high = game.seat_range()
    if low == high:
        return low
    seats = getattr(state, "seats", None)
    if not isinstance(seats, int) or not low <= seats <= high:
        raise TypeError(f"{game.kind}: the state keeps no seat count (`seats`)")
    return seats


def fold(game: Game, events: Sequence[msgspec.Struct], state: Any | None = None) -> Any:
    """Fold `events` onto `state` (the initial state when None)."""
    current = game.initial_state() if state is None else state
    evolve = game.evolve
    for event in events:
        current = evolve(current, event)
    return current
