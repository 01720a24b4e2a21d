"""Time controls per seat, computed from a game's commit points and their times (pure).

The `clock` option (`{"bank_seconds": 300, "increment_seconds": 10, "on_timeout": "bot"}`)
is parsed by `parse_clock`; `clocks_at` gives each seat's remaining seconds at a moment from
the commit points (the time of each append, the seat that caused it, the seats that may act
after it). A seat's clock runs only while it may act: between two commit points, every seat
acting after the first one loses the time between them (so in simultaneous choices each
seat's own clock runs); a seat's append adds the increment to its bank. Time past zero is
never carried over a commit point (a seat is at 0 at worst when the next append lands), so
a timeout fired late costs the seat nothing more.

Timeouts are events (`domain/kernel/meta.py`): a `SeatTimedOut` (the seat's bot then owes
its move) and, after `timeouts_to_bot` of them in a row, a `SeatHandedToBot`. They reach
this module as `ClockMark`s; `seat_times` is what the service shows of each seat and
`next_due` is what the service must do next and when (`api/service/clocks.py` serves both).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import msgspec

from domain.kernel.errors import DomainError

CLOCK_OPTION = "clock"
"""The service option of a game's time control."""
ON_TIMEOUT = ("bot", "forfeit")
DEFAULT_BOT = "greedy"
"""The bot level that plays a seat when nothing names one (a clock's `bot` does)."""


class ClockOption(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    bank_seconds: float
    increment_seconds: float = 0.0
    on_timeout: str = "bot"
    bot: str = DEFAULT_BOT
    """The bot level that plays a timed-out move (`on_timeout: bot`)."""
    timeouts_to_bot: int = 3
    """A seat that timed out this many times in a row is handed to its bot."""


def parse_clock(value: Any) -> ClockOption:
    """The clock option, or DomainError `invalid_option` saying what is wrong."""
    try:
        clock = msgspec.convert(value, ClockOption)
    except msgspec.ValidationError as exc:
        raise DomainError("invalid_option", f"clock: {exc}") from None
    if not 0 < clock.bank_seconds <= 86_400 * 30:
        raise DomainError("invalid_option", "clock: bank_seconds must be in (0, 30 days]")
    if not 0 <= clock.increment_seconds <= 86_400:
        raise DomainError("invalid_option", "clock: increment_seconds must be in [0, 1 day]")
    if clock.on_timeout not in ON_TIMEOUT:
        raise DomainError("invalid_option", f"clock: on_timeout must be one of {ON_TIMEOUT}")
    if clock.timeouts_to_bot < 1:
        raise DomainError("invalid_option", "clock: timeouts_to_bot must be at least 1")
    return clock


class TimedPoint(NamedTuple):
    at: float
    """When the append committed (seconds, any epoch shared by all points and `now`)."""
    seat: int | None
    """The seat whose command made the append (None: set-up, the service)."""
    acting: tuple[int, ...]
    """The seats that may act after it."""
    version: int = 0
    """The game's version at this point (places `ClockMark`s among the points)."""


class ClockMark(NamedTuple):
    """A clock event of the game: `timeout` (SeatTimedOut) or `bot` (SeatHandedToBot)."""

    version: int
    seat: int
    kind: str
    in_a_row: int = 0


class SeatClock(NamedTuple):
    remaining: float
    running: bool


def clocks_at(
    clock: ClockOption, seats: int, points: Sequence[TimedPoint], now: float
) -> list[SeatClock]:
    """Each seat's remaining seconds (negative once run out) and whether it runs at `now`."""
    left = [float(clock.bank_seconds)] * seats
    for i, point in enumerate(points):
        if i > 0:
            left = [max(0.0, x) for x in left]
            if point.seat is not None and 0 <= point.seat < seats:
                left[point.seat] += clock.increment_seconds
        until = points[i + 1].at if i + 1 < len(points) else now
        for seat in point.acting:
            if 0 <= seat < seats:
                left[seat] -= max(0.0, until - point.at)
    running: tuple[int, ...] = points[-1].acting if points else ()
    return [SeatClock(left[s], s in running) for s in range(seats)]


def deadline_of(
    clock: ClockOption, seats: int, points: Sequence[TimedPoint], seat: int
) -> float | None:
    """When `seat` runs out if nothing happens (None: its clock is not running)."""
    if not points or seat not in points[-1].acting:
        return None
    last = points[-1].at
    return last + clocks_at(clock, seats, points, last)[seat].remaining


class SeatTime(NamedTuple):
    """What the service shows of one seat's clock."""

    remaining: float
    """Seconds left at `now` (0 once run out)."""
    running: bool
    deadline: float | None
    """When it runs out if nothing happens (None: not running)."""
    timeouts_in_a_row: int
    bot: bool
    """The seat is played by its bot (handed over, or a bot seat from the start)."""


class Due(NamedTuple):
    """The next thing the service must do for a game's clocks, and when."""

    at: float
    seat: int
    action: str
    """`timeout` (the seat's clock runs out) or `bot` (its bot owes a move now)."""


def _moves_after(points: Sequence[TimedPoint], seat: int, version: int) -> int:
    return sum(1 for p in points if p.version > version and p.seat == seat)


def _last(marks: Sequence[ClockMark], seat: int, kind: str) -> ClockMark | None:
    return next((m for m in reversed(marks) if m.seat == seat and m.kind == kind), None)


def timeouts_in_a_row(
    points: Sequence[TimedPoint], marks: Sequence[ClockMark], seat: int
) -> int:
    """The seat's timeouts since it last moved in time. After a timeout its next append is
    the move its bot owes (or a move the seat sent first); one more of its own ends the run.
    A seat handed to its bot keeps the run that handed it over."""
    last = _last(marks, seat, "timeout")
    if last is None:
        return 0
    if handed_to_bot(marks, seat) or _moves_after(points, seat, last.version) <= 1:
        return last.in_a_row
    return 0


def handed_to_bot(marks: Sequence[ClockMark], seat: int) -> bool:
    return _last(marks, seat, "bot") is not None


def owes_move(clock: ClockOption, points: Sequence[TimedPoint], marks: Sequence[ClockMark],
              seat: int) -> bool:
    """The seat timed out (`on_timeout: bot`) and its bot has not played the move yet."""
    last = _last(marks, seat, "timeout")
    return (clock.on_timeout == "bot" and last is not None
            and _moves_after(points, seat, last.version) == 0)


def seat_times(
    clock: ClockOption, seats: int, points: Sequence[TimedPoint],
    marks: Sequence[ClockMark], now: float, bots: Sequence[bool] = (),
) -> list[SeatTime]:
    """Each seat's clock at `now` as the service shows it: a seat handed to its bot, or
    whose bot owes a timed-out move, has no running clock."""
    out = []
    for seat, (left, running) in enumerate(clocks_at(clock, seats, points, now)):
        handed = handed_to_bot(marks, seat)
        running = running and not handed and not owes_move(clock, points, marks, seat)
        out.append(SeatTime(
            max(0.0, left), running, now + left if running else None,
            timeouts_in_a_row(points, marks, seat),
            handed or (seat < len(bots) and bots[seat]),
        ))
    return out


def next_due(
    clock: ClockOption, seats: int, points: Sequence[TimedPoint], marks: Sequence[ClockMark]
) -> Due | None:
    """The earliest thing due after the last commit point (None: nothing, as when no seat
    may act): a bot move owed now, or the first running clock to run out."""
    if not points:
        return None
    last = points[-1]
    found: list[Due] = []
    for seat, shown in enumerate(seat_times(clock, seats, points, marks, last.at)):
        if seat not in last.acting:
            continue
        if shown.running and shown.deadline is not None:
            found.append(Due(shown.deadline, seat, "timeout"))
        elif handed_to_bot(marks, seat) or owes_move(clock, points, marks, seat):
            found.append(Due(last.at, seat, "bot"))
    return min(found, default=None)


def clock_of(options: Mapping[str, Any]) -> ClockOption | None:
    value = options.get(CLOCK_OPTION)
    return None if value is None else parse_clock(value)
