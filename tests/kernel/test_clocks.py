"""Clocks from commit points and their times (`domain/kernel/clocks.py`)."""

from __future__ import annotations

import pytest

from domain.kernel import DomainError
from domain.kernel.clocks import SeatClock, TimedPoint, clocks_at, deadline_of, parse_clock


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
