"""Commands every game kind takes, added around its ruleset: `Resign`, and forfeits.

The registry wraps each ruleset in `MetaGame`. The wrapper adds the `Resign` command and
the `SeatResigned` and `SeatForfeited` events (forfeits are appended by the service, on a
clock running out, never sent by a client) and otherwise hands everything to the game: its
own commands, events, views, legal moves and traces are unchanged.

Clocks (`domain/kernel/clocks.py`) add two events the service appends, never a client:
`SeatTimedOut` (the seat's clock ran out and its bot plays that move) and `SeatHandedToBot`
(after `timeouts_to_bot` timeouts in a row the seat's bot plays for it to the end). They
leave the game's state as it was: they are a record of the clock, read by the service.

The state is the game's own state until a seat resigns or forfeits; from then on it is an
`Ended` (the game's last state and how it ended), so the game's code never sees a state of
another shape while the game is running. An ended game has no acting seat and refuses
every command (`game_over`).

Outcome (chosen for every kind alike, whatever its scoring): in a game for exactly two
seats the other seat wins; in games for more seats nobody is declared winner, and the
`ranking` in the summary puts the seat that left last (the others are not ranked: the
game stopped before its scoring). The summary's `resigned` (or `forfeited`) names the seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Union, get_args

import msgspec

from domain.kernel.clocks import ClockMark, ClockOption
from domain.kernel.errors import DomainError
from domain.kernel.game import Game, Seat


class Resign(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True,
             forbid_unknown_fields=True):
    """The seat leaves the game: it ends, the seat loses."""

    seat: int


class SeatResigned(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    seat: int
    winner: int | None


class SeatForfeited(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    """Appended by the service when a seat's clock runs out and its option says forfeit."""

    seat: int
    winner: int | None


class SeatTimedOut(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    """The seat's clock ran out (`on_timeout: bot`): its bot plays the move it owes."""

    seat: int
    in_a_row: int
    """Timeouts of this seat in a row, this one included."""


class SeatHandedToBot(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    """The seat timed out `timeouts_to_bot` times in a row: its bot plays it to the end."""

    seat: int
    bot: str
    """The bot level that plays the seat."""


CLOCK_EVENTS = (SeatTimedOut, SeatHandedToBot)
META_EVENTS = (SeatResigned, SeatForfeited, *CLOCK_EVENTS)


def clock_mark(version: int, event: SeatTimedOut | SeatHandedToBot) -> ClockMark:
    """The clock's record of a clock event at `version`."""
    if isinstance(event, SeatTimedOut):
        return ClockMark(version, event.seat, "timeout", event.in_a_row)
    return ClockMark(version, event.seat, "bot")


class Ended(msgspec.Struct, frozen=True):
    """A game ended by a resignation or a forfeit: the game's state at that point."""

    inner: Any
    seat: int
    winner: int | None
    how: str
    """`resigned` or `forfeited`."""


def _members(union: Any) -> tuple[Any, ...]:
    args = get_args(union)
    return args if args else (union,)


class MetaGame:
    """A game kind's ruleset with `Resign` and forfeits (see the module docstring)."""

    def __init__(self, inner: Game) -> None:
        self.inner = inner
        self.kind = inner.kind
        self.command_type: Any = Union[(*_members(inner.command_type), Resign)]
        self.event_type: Any = Union[(*_members(inner.event_type), *META_EVENTS)]
        self.deal_type = getattr(inner, "deal_type", None)

    def __getattr__(self, name: str) -> Any:  # a game's own extras (traces, rules, ...)
        return getattr(self.inner, name)

    # The outcome of a seat leaving ------------------------------------------------------
    def winner_after_leaving(self, seat: Seat) -> int | None:
        low, high = self.inner.seat_range()
        return 1 - seat if (low, high) == (2, 2) and seat in (0, 1) else None

    def forfeit_events(self, state: Any, seat: Seat) -> list[msgspec.Struct]:
        """The events of `seat` forfeiting (its clock ran out); [] when the game is over."""
        if self.is_over(state):
            return []
        return [SeatForfeited(seat=seat, winner=self.winner_after_leaving(seat))]

    def timeout_events(
        self, state: Any, seat: Seat, clock: ClockOption, in_a_row: int
    ) -> list[msgspec.Struct]:
        """The events of `seat`'s clock running out for the `in_a_row`-th time in a row:
        a forfeit, or a timeout (and the hand-over to its bot once there were enough)."""
        if self.is_over(state):
            return []
        if clock.on_timeout == "forfeit":
            return self.forfeit_events(state, seat)
        events: list[msgspec.Struct] = [SeatTimedOut(seat=seat, in_a_row=in_a_row)]
        if in_a_row >= clock.timeouts_to_bot:
            events.append(SeatHandedToBot(seat=seat, bot=clock.bot))
        return events

    # The Game protocol --------------------------------------------------------------------
    def seat_range(self) -> tuple[int, int]:
        return self.inner.seat_range()

    def start(self, seats: int, options: Mapping[str, Any], rng: Any,
              deal: Any | None) -> list[msgspec.Struct]:
        return self.inner.start(seats, options, rng, deal)

    def initial_state(self) -> Any:
        return self.inner.initial_state()

    def decide(self, state: Any, command: msgspec.Struct) -> list[msgspec.Struct]:
        if isinstance(state, Ended):
            raise DomainError("game_over", f"the game is over: seat {state.seat} {state.how}")
        if isinstance(command, Resign):
            if self.inner.is_over(state):
                raise DomainError("game_over", "the game is over")
            return [SeatResigned(seat=command.seat, winner=self.winner_after_leaving(command.seat))]
        return self.inner.decide(state, command)

    def evolve(self, state: Any, event: msgspec.Struct) -> Any:
        if isinstance(event, SeatResigned):
            return Ended(state, event.seat, event.winner, "resigned")
        if isinstance(event, SeatForfeited):
            return Ended(state, event.seat, event.winner, "forfeited")
        if isinstance(event, CLOCK_EVENTS):
            return state
        return self.inner.evolve(state, event)

    def step(self, state: Any, command: msgspec.Struct) -> tuple[list[Any], Any]:
        if isinstance(state, Ended) or isinstance(command, Resign):
            events = self.decide(state, command)
            for event in events:
                state = self.evolve(state, event)
            return events, state
        return self.inner.step(state, command)

    def legal_moves(self, state: Any, seat: Seat) -> Sequence[msgspec.Struct]:
        if isinstance(state, Ended):
            return []
        return self.inner.legal_moves(state, seat)

    def acting_seats(self, state: Any) -> tuple[Seat, ...]:
        if isinstance(state, Ended):
            return ()
        return self.inner.acting_seats(state)

    def command_seat(self, command: msgspec.Struct) -> Seat:
        if isinstance(command, Resign):
            return command.seat
        return self.inner.command_seat(command)

    def is_over(self, state: Any) -> bool:
        return isinstance(state, Ended) or self.inner.is_over(state)

    def view(self, state: Any, seat: Seat | None) -> msgspec.Struct:
        return self.inner.view(state.inner if isinstance(state, Ended) else state, seat)

    def redact(self, event: msgspec.Struct, seat: Seat | None) -> msgspec.Struct:
        if isinstance(event, META_EVENTS):
            return event
        return self.inner.redact(event, seat)

    def catalog(self) -> dict[str, Any]:
        return self.inner.catalog()

    def summary(self, state: Any) -> dict[str, Any]:
        if not isinstance(state, Ended):
            return self.inner.summary(state)
        summary = dict(self.inner.summary(state.inner))
        others = [s for s in summary.get("ranking") or [] if s != state.seat]
        summary.update({
            "phase": "over",
            "acting": [],
            "winner": state.winner,
            "victory": "resignation" if state.how == "resigned" else "forfeit",
            state.how: state.seat,
        })
        if "ranking" in summary:
            summary["ranking"] = [*others, state.seat] if others else [state.seat]
        return summary


def wrap(game: Game) -> Game:
    return game if isinstance(game, MetaGame) else MetaGame(game)


def unwrap(game: Game) -> Game:
    """The game's own ruleset under the wrapper: what code dispatching on the game's type
    (the bots' knowledge) must be given, since the wrapper hides that type."""
    while isinstance(game, MetaGame):
        game = game.inner
    return game
