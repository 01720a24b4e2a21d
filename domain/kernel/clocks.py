"""Time controls per seat, computed from a game's commit points and their times (pure).

The `clock` option (`{"bank_seconds": 300, "increment_seconds": 10, "on_timeout": "bot"}`)
is parsed by `parse_clock`; `clocks_at` gives each seat's remaining seconds at a moment from
the commit points (the time of each append, the seat that caused it, the seats that may act
after it). A seat's clock runs only while it may act: between two commit points, every seat
acting after the first one loses the time between them (so in simultaneous choices each
seat's own clock runs); a seat's append adds the increment to its bank.

Not wired into the service yet: the `clock` option is still refused as unknown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import msgspec

from domain.kernel.errors import DomainError

ON_TIMEOUT = ("bot", "forfeit")


class ClockOption(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    bank_seconds: float
    increment_seconds: float = 0.0
    on_timeout: str = "bot"
    bot: str = "greedy"
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


class SeatClock(NamedTuple):
    remaining: float
    running: bool


def clocks_at(
    clock: ClockOption, seats: int, points: Sequence[TimedPoint], now: float
) -> list[SeatClock]:
    """Each seat's remaining seconds (negative once run out) and whether it runs at `now`."""
    left = [float(clock.bank_seconds)] * seats
    for i, point in enumerate(points):
        if i > 0 and point.seat is not None and 0 <= point.seat < seats:
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


def clock_of(options: Mapping[str, Any]) -> ClockOption | None:
    value = options.get("clock")
    return None if value is None else parse_clock(value)
