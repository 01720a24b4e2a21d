"""The kernel wrapper every ruleset is played in: `Resign` and forfeits, for every kind."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain.kernel import DomainError, fold
from domain.kernel.meta import Ended, MetaGame, Resign, SeatForfeited, SeatResigned
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


@pytest.mark.parametrize(("kind", "seats", "winner"), [("duel", 2, 1), ("7wonders", 3, None)])
def test_a_forfeit_ends_the_game(kind: str, seats: int, winner: int | None) -> None:
    game, state = _started(kind, seats)
    assert game.acting_seats(state)
    events = game.forfeit_events(state, 0)
    assert events == [SeatForfeited(seat=0, winner=winner)]
    ended = fold(game, events, state)
    assert isinstance(ended, Ended) and game.is_over(ended)
    assert game.acting_seats(ended) == () and game.legal_moves(ended, 1) == []
    assert game.summary(ended)["forfeited"] == 0
    assert game.summary(ended)["winner"] == winner
    assert game.view(ended, 1) == game.view(state, 1)
    assert game.forfeit_events(ended, 1) == []
    with pytest.raises(DomainError) as refused:
        game.step(ended, Resign(seat=1))
    assert refused.value.code == "game_over"
