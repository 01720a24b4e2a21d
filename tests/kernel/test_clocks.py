"""Clocks from commit points and their times (`domain/kernel/clocks.py`)."""

from __future__ import annotations

import pytest

from domain.kernel import DomainError
from domain.kernel.clocks import (
    ClockMark,
    Due,
    SeatClock,
    SeatTime,
    TimedPoint,
    clocks_at,
    deadline_of,
    next_due,
    owes_move,
    parse_clock,
    seat_times,
    timeouts_in_a_row,
)


def test_only_the_acting_seat_runs_and_a_move_adds_the_increment() -> None:
    clock = parse_clock({"bank_seconds": 300, "increment_seconds": 10})
    points = [TimedPoint(0, None, (0,)), TimedPoint(30, 0, (1,)), TimedPoint(50, 1, (0,))]
    assert clocks_at(clock, 2, points, 55) == [
        SeatClock(300 - 30 + 10 - 5, True), SeatClock(300 - 20 + 10, False)]
    assert deadline_of(clock, 2, points, 0) == 50 + 280
    assert deadline_of(clock, 2, points, 1) is None


def test_in_simultaneous_choices_each_seat_s_own_clock_runs() -> None:
    clock = parse_clock({"bank_seconds": 60})
    points = [TimedPoint(0, None, (0, 1, 2)), TimedPoint(10, 1, (0, 2))]
    assert [c.remaining for c in clocks_at(clock, 3, points, 25)] == [35, 50, 35]


@pytest.mark.parametrize("bad", [
    {"bank_seconds": 0}, {"bank_seconds": 10, "on_timeout": "pass"},
    {"bank_seconds": 10, "extra": 1}, {"increment_seconds": 1}, "300",
    {"bank_seconds": 10, "timeouts_to_bot": 0},
])
def test_a_bad_clock_is_refused(bad: object) -> None:
    with pytest.raises(DomainError) as refused:
        parse_clock(bad)
    assert refused.value.code == "invalid_option"


def test_time_past_zero_is_not_carried_over_a_commit_point() -> None:
    """A timeout fired late costs the seat nothing more: it is at 0, plus its increment."""
    clock = parse_clock({"bank_seconds": 10, "increment_seconds": 2})
    points = [TimedPoint(0, None, (0,), 1), TimedPoint(13, 0, (1,), 2)]
    assert clocks_at(clock, 2, points, 13)[0] == SeatClock(2, False)


def test_timeouts_in_a_row_count_until_the_seat_moves_in_time() -> None:
    """Issue 17: a seat that timed out N times in a row is handed to its bot; the move its
    bot owes after a timeout does not end the run, a move of the seat's own does."""
    clock = parse_clock({"bank_seconds": 5, "timeouts_to_bot": 2})
    points = [TimedPoint(0, None, (0,), 1)]
    assert next_due(clock, 2, points, []) == Due(5, 0, "timeout")
    points.append(TimedPoint(5, None, (0,), 2))             # SeatTimedOut(0, 1)
    marks = [ClockMark(2, 0, "timeout", 1)]
    assert owes_move(clock, points, marks, 0)
    assert next_due(clock, 2, points, marks) == Due(5, 0, "bot")
    shown = seat_times(clock, 2, points, marks, 5.5)
    assert shown[0] == SeatTime(0, False, None, 1, False)
    points.append(TimedPoint(5.2, 0, (1,), 3))              # the bot's move
    assert timeouts_in_a_row(points, marks, 0) == 1
    points.append(TimedPoint(6, 1, (0,), 4))
    assert next_due(clock, 2, points, marks) == Due(6, 0, "timeout")  # nothing left
    assert timeouts_in_a_row(points, marks, 0) == 1
    points.append(TimedPoint(6.5, 0, (1,), 5))              # seat 0 moves in time (late)
    assert timeouts_in_a_row(points, marks, 0) == 0


def test_a_seat_handed_to_its_bot_has_no_running_clock_and_its_moves_are_due_at_once() -> None:
    clock = parse_clock({"bank_seconds": 5, "timeouts_to_bot": 1})
    points = [TimedPoint(0, None, (0, 1), 1), TimedPoint(5, None, (0, 1), 3)]
    marks = [ClockMark(2, 0, "timeout", 1), ClockMark(3, 0, "bot")]
    shown = seat_times(clock, 2, points, marks, 6)
    assert shown[0].bot and not shown[0].running and shown[0].deadline is None
    assert shown[1] == SeatTime(0, True, 5, 0, False)   # simultaneous: its own clock ran
    assert next_due(clock, 2, points, marks) == Due(5, 0, "bot")
    points.append(TimedPoint(5.1, 0, (0, 1), 4))
    assert next_due(clock, 2, points, marks) == Due(5.1, 0, "bot")  # it acts again
    assert seat_times(clock, 2, points, marks, 5.1)[1].deadline == 5.1  # at 0: due too
    assert next_due(clock, 2, [*points[:1], TimedPoint(7, 1, (), 9)], []) is None


def test_a_clock_never_runs_for_a_seat_that_may_not_act() -> None:
    clock = parse_clock({"bank_seconds": 5})
    assert next_due(clock, 2, [TimedPoint(0, None, (), 1)], []) is None
    assert next_due(clock, 2, [], []) is None
