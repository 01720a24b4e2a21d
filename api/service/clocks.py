"""Clocks as the service serves them: the `clock` option checked at creation, each seat's
clock computed from the kept game's commit points and their commit times (no read), and the
game's next deadline for the `deadlines` table (`infra/deadlines.py`, fired by
`api/runners/timeouts.py`).

Times: a commit point's time is PostgreSQL's time of its append, so every process computes
the same clocks and deadlines are due by the database's clock. "Now" in a read (a summary,
a view) is the serving host's clock, never earlier than the last commit point (hosts are
expected to keep NTP time; a deadline is fired by the database's clock all the same).
"""

from __future__ import annotations

import bisect
import uuid
from datetime import UTC, datetime
from typing import Annotated, Any

import msgspec

from api.service.bot_seats import bot_levels
from api.service.folded import Folded, FoldedGames
from api.service.refusals import Invalid, RuleRefused
from domain.bots import LEVELS
from domain.kernel import DomainError
from domain.kernel.clocks import (
    CLOCK_OPTION,
    ClockOption,
    TimedPoint,
    next_due,
    parse_clock,
    seat_times,
)
from infra import service_clock
from infra.deadlines import Deadline


def _described(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


class SeatClockOut(msgspec.Struct):
    """One seat's clock (the `clock` option), as of `clocks_as_of`."""

    seat: int
    remaining_seconds: Annotated[float, _described(
        "Seconds left in the seat's bank as of `clocks_as_of` (0 once it ran out).")]
    running: Annotated[bool, _described(
        "The seat must act and its clock runs (in simultaneous choices, each seat's own).")]
    deadline: Annotated[datetime | None, _described(
        "When the seat's clock runs out if it does not act (UTC); null when not running. "
        "Count down to it: it does not move while the clock runs.")]
    timeouts_in_a_row: Annotated[int, _described(
        "Times the seat's clock ran out since it last moved in time.")]
    bot: Annotated[bool, _described(
        "The server's bot plays this seat: handed to it after `timeouts_to_bot` timeouts in a "
        "row (a `SeatHandedToBot` event), or a bot seat from the start.")]


ClocksAt = tuple[list[SeatClockOut] | None, datetime | None]
"""The seats' clocks and the time they are as of (None, None: no `clock` option)."""


def checked_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options to store: `clock` checked and written in full (defaults filled in);
    `invalid_option` saying what is wrong otherwise."""
    if not isinstance(options.get("rated", False), bool):
        raise Invalid("invalid_options", "`rated` is true or false")
    if CLOCK_OPTION not in options:
        return options
    try:
        clock = parse_clock(options[CLOCK_OPTION])
    except DomainError as exc:
        raise RuleRefused(exc.code, exc.reason) from None
    if clock.bot not in LEVELS:
        raise RuleRefused("invalid_option", f"clock: bot must be one of {LEVELS}")
    return {**options, CLOCK_OPTION: msgspec.to_builtins(clock)}


def clock_option(folded: Folded) -> ClockOption | None:
    """The game's clock (None: no `clock` option, or one that does not parse: an imported
    game's options are not checked, and such a game is over anyway)."""
    value = folded.record.options.get(CLOCK_OPTION)
    try:
        return None if value is None else msgspec.convert(value, ClockOption)
    except msgspec.ValidationError:
        return None


def timed_points(folded: Folded, upto: int | None = None) -> list[TimedPoint]:
    points = folded.points
    if upto is not None:
        points = points[:upto]
    return [TimedPoint(p.at, p.seat, p.acting, p.version) for p in points]


def _utc(at: float) -> datetime:
    return datetime.fromtimestamp(at, UTC)


def clocks_of(
    folded: Folded, version: int | None = None, now: float | None = None
) -> ClocksAt:
    """The seats' clocks in the state at `version` (default: the kept game's last), as of
    `now` (default: that version's commit time), with the time they are as of; (None, None)
    without the option. `now` is kept between that commit point and the next one."""
    clock = clock_option(folded)
    if clock is None or not folded.points:
        return None, None
    versions = [p.version for p in folded.points]
    upto = len(versions) if version is None else max(1, bisect.bisect_right(versions, version))
    points = timed_points(folded, upto)
    at = points[-1].at
    if now is None:
        now = at
    elif upto < len(versions):
        now = min(now, folded.points[upto].at)
    now = max(now, at)
    marks = [m for m in folded.marks if m.version <= points[-1].version]
    seats = len(folded.record.seat_names)
    bots = [level is not None for level in bot_levels(folded.record.options, seats)]
    shown = [
        SeatClockOut(seat, round(t.remaining, 3), t.running,
                     None if t.deadline is None else _utc(t.deadline), t.timeouts_in_a_row,
                     t.bot)
        for seat, t in enumerate(seat_times(clock, seats, points, marks, now, bots))
    ]
    return shown, _utc(now)


async def served_clocks(
    games: FoldedGames, game_id: uuid.UUID, options: dict[str, Any], version: int,
    at_commit: bool = False,
) -> ClocksAt:
    """The clocks of a game at `version`, as of this host's clock (a read) or of the
    version's commit (`at_commit`: a live update), folding what other processes appended
    first; no read without the option or when the kept game is current."""
    if CLOCK_OPTION not in options:
        return None, None
    folded = await games.get(game_id)
    if folded.version < version:
        async with folded.lock:
            await games.refresh(folded)
    return clocks_of(folded, version, None if at_commit else service_clock.now())


def deadline_of(folded: Folded) -> Deadline:
    """The game's next deadline at its kept version, for the `deadlines` table."""
    clock = clock_option(folded)
    due = None
    if clock is not None and not folded.game.is_over(folded.state):
        due = next_due(clock, len(folded.record.seat_names), timed_points(folded),
                       folded.marks)
    if due is None:
        return Deadline(folded.version)
    return Deadline(folded.version, _utc(due.at), due.seat, due.action)
