"""The kernel wrapper every ruleset is played in: `Resign` and forfeits, for every kind."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain.kernel import DomainError, fold
from domain.kernel.clocks import parse_clock
from domain.kernel.meta import (
    Ended,
    MetaGame,
    Resign,
    SeatForfeited,
    SeatHandedToBot,
    SeatResigned,
    SeatTimedOut,
)
from domain.kernel.registry import get_game, get_ruleset


def _started(kind: str, seats: int) -> tuple[MetaGame, object]:
    game = get_ruleset(kind)
    assert isinstance(game, MetaGame)
    events = game.start(seats, {}, random.Random(1), None)
    return game, fold(game, events)


def test_the_bare_game_is_unchanged_and_the_wrapper_adds_resign() -> None:
    bare = get_game("duel")
    assert not isinstance(bare, MetaGame)
    game = get_ruleset("duel")
    command = msgspec.convert({"type": "Resign", "seat": 1}, game.command_type)
    assert command == Resign(seat=1)
    event = msgspec.json.decode(
        msgspec.json.encode(SeatResigned(seat=1, winner=0)), type=game.event_type)
    assert event == SeatResigned(seat=1, winner=0)


@pytest.mark.parametrize(("kind", "seats", "winner"), [("duel", 2, 1), ("7wonders", 2, 1)])
def test_a_forfeit_ends_a_two_seat_game(kind: str, seats: int, winner: int | None) -> None:
    """The leaving rule (`domain/kernel/meta.py`): in a game of two seats, the Duel or the
    2-player 7 Wonders (Free City variant), the other seat wins."""
    game, state = _started(kind, seats)
    assert game.acting_seats(state)
    events = game.forfeit_events(state, 0)
    assert events == [SeatForfeited(seat=0, winner=winner)]
    ended = fold(game, events, state)
    assert isinstance(ended, Ended) and game.is_over(ended)
    assert game.acting_seats(ended) == () and game.legal_moves(ended, 1) == []
    assert game.summary(ended)["forfeited"] == 0
    assert game.summary(ended)["winner"] == winner
    assert game.summary(ended)["victory"] == "forfeit"
    assert game.view(ended, 1) == game.view(state, 1)
    assert game.forfeit_events(ended, 1) == []
    with pytest.raises(DomainError) as refused:
        game.step(ended, Resign(seat=1))
    assert refused.value.code == "game_over"


def test_a_timeout_leaves_the_state_and_hands_over_after_enough_in_a_row() -> None:
    """Issue 17: `on_timeout: bot` records the timeout (the state is unchanged: the seat's
    bot owes the move); the N-th in a row hands the seat to its bot; `forfeit` forfeits."""
    game, state = _started("duel", 2)
    clock = parse_clock({"bank_seconds": 1, "timeouts_to_bot": 2, "bot": "random"})
    first = game.timeout_events(state, 0, clock, 1)
    assert first == [SeatTimedOut(seat=0, in_a_row=1)]
    assert fold(game, first, state) == state
    assert game.timeout_events(state, 0, clock, 2) == [
        SeatTimedOut(seat=0, in_a_row=2), SeatHandedToBot(seat=0, bot="random")]
    forfeit = parse_clock({"bank_seconds": 1, "on_timeout": "forfeit"})
    assert game.timeout_events(state, 0, forfeit, 1) == [SeatForfeited(seat=0, winner=1)]
    for event in (SeatTimedOut(seat=1, in_a_row=3), SeatHandedToBot(seat=1, bot="greedy")):
        wire = msgspec.json.decode(msgspec.json.encode(event), type=game.event_type)
        assert wire == event and game.redact(wire, 0) == event
