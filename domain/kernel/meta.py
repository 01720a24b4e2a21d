"""Commands every game kind takes, added around its ruleset: `Resign`, and forfeits.

The registry wraps each ruleset in `MetaGame`. The wrapper adds the `Resign` command and
the `SeatResigned` and `SeatForfeited` events (forfeits are appended by the service, on a
clock running out, never sent by a client) and otherwise hands everything to the game: its
own commands, events, views, legal moves and traces are unchanged.

Clocks (`domain/kernel/clocks.py`) add two events the service appends, never a client:
`SeatTimedOut` (the seat's clock ran out and its bot plays that move) and `SeatHandedToBot`
(after `timeouts_to_bot` timeouts in a row the seat's bot plays for it to the end). They
leave the game's state as it was: they are a record of the clock, read by the service.

Leaving (`Resign`, or a forfeit when a clock runs out under `on_timeout: forfeit`): one
rule for every kind, on the game's actual seat count (`seat_count`: a 2-player 7 Wonders
game is a two-seat game, like a Duel).

- When the seat leaves a single seat in the game (in a game of two seats, or as the last
  but one seat of a larger game), the game ends and that seat wins (`winner`; `victory`
  `resignation` or `forfeit`). The summary names the seat that left (`resigned` or
  `forfeited`), lists every seat that left (`left`) and its `ranking` is the winner, then
  the seats that left, the last to leave first. The state becomes `Ended` (the game's
  last state and how it ended); an ended game has no acting seat and refuses every
  command (`game_over`).
- While two seats or more remain, the game goes on. The event says so (`ends_game:
  false`) and is followed by `SeatHandedToBot`, the hand-over a clock makes after too many
  timeouts, so the service's bots play the seat to the end (at the clock's `bot` level;
  `greedy` without a clock). The seat's player may send no command any more (`seat_left`:
  the domain refuses its `Resign`, the service its token's other commands, as the domain
  cannot tell the seat's bot from its player). The game is scored by its own rules; the
  summary's `left` lists the seats that left and how from then on, and once the game is
  over its `ranking` and `winner`, and the views' `ranking` and `rank` where a game's view
  has them, put those seats last whatever their scores (`domain/kernel/standings.py`).
  The state is `PlayingOn` (the game's own state and the seats that left), so the game's
  code never sees a state of another shape.

Events stored before this rule (`SeatResigned`/`SeatForfeited` without `ends_game`) ended
the game whatever its seat count, and still do when folded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Union, get_args

import msgspec

from domain.kernel.clocks import DEFAULT_BOT, ClockMark, ClockOption
from domain.kernel.errors import DomainError
from domain.kernel.game import Game, Seat, seat_count
from domain.kernel.standings import Leaver, own_places, sole_first, standings


class Resign(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True,
             forbid_unknown_fields=True):
    """The seat leaves: it loses; the game ends if one seat remains, else its bot plays on."""

    seat: int


class SeatResigned(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    """The seat resigned (`Resign`): the game ended, or goes on without it (`ends_game`)."""

    seat: int
    winner: int | None
    ends_game: bool = True
    """False: the game goes on without the seat (its bot plays it, it is ranked last)."""


class SeatForfeited(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    """Appended by the service when a seat's clock runs out and its option says forfeit."""

    seat: int
    winner: int | None
    ends_game: bool = True
    """False: the game goes on without the seat (its bot plays it, it is ranked last)."""


class SeatTimedOut(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    """The seat's clock ran out (`on_timeout: bot`): its bot plays the move it owes."""

    seat: int
    in_a_row: int
    """Timeouts of this seat in a row, this one included."""


class SeatHandedToBot(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    """The seat's bot plays it to the end (it timed out too often, or left a game going on)."""

    seat: int
    bot: str
    """The bot level that plays the seat."""


CLOCK_EVENTS = (SeatTimedOut, SeatHandedToBot)
LEAVE_EVENTS = (SeatResigned, SeatForfeited)
META_EVENTS = (*LEAVE_EVENTS, *CLOCK_EVENTS)


def clock_mark(version: int, event: SeatTimedOut | SeatHandedToBot) -> ClockMark:
    """The clock's record of a clock event at `version`."""
    if isinstance(event, SeatTimedOut):
        return ClockMark(version, event.seat, "timeout", event.in_a_row)
    return ClockMark(version, event.seat, "bot")


def clock_marks(first_version: int, events: Iterable[Any]) -> list[ClockMark]:
    """The clock's records of an append's events, the first at `first_version`."""
    return [clock_mark(first_version + i, e) for i, e in enumerate(events)
            if isinstance(e, CLOCK_EVENTS)]


class Ended(msgspec.Struct, frozen=True):
    """A game ended by a resignation or a forfeit: the game's state at that point."""

    inner: Any
    seat: int
    winner: int | None
    how: str
    """`resigned` or `forfeited`."""
    left: tuple[Leaver, ...] = ()
    """The seats that had left before, the game going on (`PlayingOn`)."""


class PlayingOn(msgspec.Struct, frozen=True):
    """A game that goes on after seats left it: the game's own state and those seats."""

    inner: Any
    left: tuple[Leaver, ...]


def left_seats(state: Any) -> tuple[int, ...]:
    """The seats that left the game (in the order they left), whose player may no longer
    act; () for a game nobody left."""
    if isinstance(state, PlayingOn):
        return tuple(leaver.seat for leaver in state.left)
    if isinstance(state, Ended):
        return (*(leaver.seat for leaver in state.left), state.seat)
    return ()


def _own(state: Any) -> Any:
    return state.inner if isinstance(state, (Ended, PlayingOn)) else state


def _members(union: Any) -> tuple[Any, ...]:
    args = get_args(union)
    return args if args else (union,)


class MetaGame:
    """A game kind's ruleset with `Resign` and forfeits (see the module docstring)."""

    def __init__(self, inner: Game, leaver_bot: str = DEFAULT_BOT) -> None:
        self.inner = inner
        self.kind = inner.kind
        self.leaver_bot = leaver_bot
        """The bot level that plays a seat that left a game going on (without a clock's
        `bot` to say otherwise, passed in: a forfeit names its clock's)."""
        self.command_type: Any = Union[(*_members(inner.command_type), Resign)]
        self.event_type: Any = Union[(*_members(inner.event_type), *META_EVENTS)]
        self.deal_type = getattr(inner, "deal_type", None)

    def __getattr__(self, name: str) -> Any:  # a game's own extras (traces, rules, ...)
        return getattr(self.inner, name)

    # Leaving -------------------------------------------------------------------------
    def seat_count(self, state: Any) -> int:
        return seat_count(self.inner, _own(state))

    def leave_events(
        self, state: Any, seat: Seat, how: str, bot: str | None = None
    ) -> list[msgspec.Struct]:
        """The events of `seat` leaving (`resigned` or `forfeited`), by the module's rule;
        DomainError when it may not leave (the game is over, the seat left already)."""
        if self.is_over(state):
            raise DomainError("game_over", "the game is over")
        seats = self.seat_count(state)
        if not 0 <= seat < seats:
            raise DomainError("invalid_seat", f"the game has no seat {seat}")
        gone = left_seats(state)
        if seat in gone:
            raise DomainError("seat_left", f"seat {seat} has left the game")
        remaining = [s for s in range(seats) if s != seat and s not in gone]
        event = SeatResigned if how == "resigned" else SeatForfeited
        if len(remaining) == 1:
            return [event(seat=seat, winner=remaining[0])]
        return [event(seat=seat, winner=None, ends_game=False),
                SeatHandedToBot(seat=seat, bot=bot or self.leaver_bot)]

    def forfeit_events(
        self, state: Any, seat: Seat, bot: str | None = None
    ) -> list[msgspec.Struct]:
        """The events of `seat` forfeiting (its clock ran out); [] when the game is over or
        the seat has left (its bot plays it: its clock no longer runs)."""
        if self.is_over(state) or seat in left_seats(state):
            return []
        return self.leave_events(state, seat, "forfeited", bot)

    def timeout_events(
        self, state: Any, seat: Seat, clock: ClockOption, in_a_row: int
    ) -> list[msgspec.Struct]:
        """The events of `seat`'s clock running out for the `in_a_row`-th time in a row:
        a forfeit, or a timeout (and the hand-over to its bot once there were enough)."""
        if self.is_over(state) or seat in left_seats(state):
            return []
        if clock.on_timeout == "forfeit":
            return self.forfeit_events(state, seat, clock.bot)
        events: list[msgspec.Struct] = [SeatTimedOut(seat=seat, in_a_row=in_a_row)]
        if in_a_row >= clock.timeouts_to_bot:
            events.append(SeatHandedToBot(seat=seat, bot=clock.bot))
        return events

    def _left(self, state: Any, event: SeatResigned | SeatForfeited) -> Any:
        how = "resigned" if isinstance(event, SeatResigned) else "forfeited"
        before = state.left if isinstance(state, PlayingOn) else ()
        if event.ends_game:
            return Ended(_own(state), event.seat, event.winner, how, before)
        return PlayingOn(_own(state), (*before, Leaver(event.seat, how)))

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
            return self.leave_events(state, command.seat, "resigned")
        return self.inner.decide(_own(state), command)

    def evolve(self, state: Any, event: msgspec.Struct) -> Any:
        if isinstance(event, LEAVE_EVENTS):
            return self._left(state, event)
        if isinstance(event, CLOCK_EVENTS):
            return state
        if isinstance(state, PlayingOn):
            return PlayingOn(self.inner.evolve(state.inner, event), state.left)
        return self.inner.evolve(state, event)

    def step(self, state: Any, command: msgspec.Struct) -> tuple[list[Any], Any]:
        if isinstance(state, Ended) or isinstance(command, Resign):
            events = self.decide(state, command)
            for event in events:
                state = self.evolve(state, event)
            return events, state
        if isinstance(state, PlayingOn):
            events, inner = self.inner.step(state.inner, command)
            return events, PlayingOn(inner, state.left)
        return self.inner.step(state, command)

    def legal_moves(self, state: Any, seat: Seat) -> Sequence[msgspec.Struct]:
        """A seat that left still has its moves: its bot plays them."""
        if isinstance(state, Ended):
            return []
        return self.inner.legal_moves(_own(state), seat)

    def acting_seats(self, state: Any) -> tuple[Seat, ...]:
        if isinstance(state, Ended):
            return ()
        return self.inner.acting_seats(_own(state))

    def command_seat(self, command: msgspec.Struct) -> Seat:
        if isinstance(command, Resign):
            return command.seat
        return self.inner.command_seat(command)

    def is_over(self, state: Any) -> bool:
        return isinstance(state, Ended) or self.inner.is_over(_own(state))

    def view(self, state: Any, seat: Seat | None) -> msgspec.Struct:
        shown = self.inner.view(_own(state), seat)
        if not isinstance(state, PlayingOn) or not self.inner.is_over(state.inner):
            return shown
        ranking, rank = getattr(shown, "ranking", None), getattr(shown, "rank", None)
        if not ranking or rank is None:
            return shown
        places = own_places(ranking, rank)
        ranking, rank = standings(ranking, places, left_seats(state))
        return msgspec.structs.replace(shown, ranking=ranking, rank=rank)

    def redact(self, event: msgspec.Struct, seat: Seat | None) -> msgspec.Struct:
        if isinstance(event, META_EVENTS):
            return event
        return self.inner.redact(event, seat)

    def catalog(self) -> dict[str, Any]:
        return self.inner.catalog()

    def summary(self, state: Any) -> dict[str, Any]:
        if isinstance(state, Ended):
            return self._ended_summary(state)
        if not isinstance(state, PlayingOn):
            return self.inner.summary(state)
        summary = dict(self.inner.summary(state.inner))
        summary["left"] = [{"seat": x.seat, "how": x.how} for x in state.left]
        ranking = summary.get("ranking")
        if self.inner.is_over(state.inner) and ranking:
            shown = self.inner.view(state.inner, None)
            places = own_places(ranking, getattr(shown, "rank", None))
            ranked, placed = standings(ranking, places, left_seats(state))
            summary["ranking"] = list(ranked)
            summary["winner"] = sole_first(ranked, placed)
        return summary

    def _ended_summary(self, state: Ended) -> dict[str, Any]:
        summary = dict(self.inner.summary(state.inner))
        gone = left_seats(state)
        summary.update({
            "phase": "over",
            "acting": [],
            "winner": state.winner,
            "victory": "resignation" if state.how == "resigned" else "forfeit",
            state.how: state.seat,
            "left": [*({"seat": x.seat, "how": x.how} for x in state.left),
                     {"seat": state.seat, "how": state.how}],
        })
        if "ranking" in summary:
            first = [] if state.winner is None else [state.winner]
            summary["ranking"] = [*first, *reversed(gone)]
        return summary


def wrap(game: Game, leaver_bot: str = DEFAULT_BOT) -> Game:
    return game if isinstance(game, MetaGame) else MetaGame(game, leaver_bot)


def unwrap(game: Game) -> Game:
    """The game's own ruleset under the wrapper: what code dispatching on the game's type
    (the bots' knowledge) must be given, since the wrapper hides that type."""
    while isinstance(game, MetaGame):
        game = game.inner
    return game
