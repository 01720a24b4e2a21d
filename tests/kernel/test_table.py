"""A table before its game (`domain/kernel/table.py`, `table_game.py`): players take, leave
and lose seats, the table starts once full (or early, by its host, with enough players),
or expires; then the game is the ruleset's, dealt at the start."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.kernel import DomainError
from domain.kernel.registry import get_game
from domain.kernel.table import (
    SeatCleared,
    SeatDeclined,
    SeatLeft,
    SeatTaken,
    TableExpired,
    TableSeat,
    TableStarted,
    Waiting,
    clear,
    decline,
    evolve_table,
    expire,
    join,
    leave,
    opened,
    start_early,
)
from domain.kernel.table_game import TableGame, TableView


def _table(*seats: TableSeat, host: str | None = "h", low: int = 3) -> Any:
    return evolve_table(None, opened(list(seats), host, "public", (low, 7)))


def _apply(state: Any, events: list[Any]) -> Any:
    for event in events:
        state = evolve_table(state, event)
    return state


def _code(call: Any, *args: Any) -> str:
    with pytest.raises(DomainError) as refused:
        call(*args)
    return refused.value.code


def test_players_fill_free_seats_and_the_last_one_starts_the_table() -> None:
    table = _table(TableSeat(player="h", name="Host"), TableSeat(), TableSeat())
    first = join(table, "a", "Ada")
    assert first == [SeatTaken(seat=1, player="a", name="Ada")]
    table = _apply(table, first)
    assert _code(join, table, "a", "Ada") == "already_seated"
    assert _code(join, table, "b", "Brutus", 1) == "seat_taken"
    assert _code(join, table, "b", "Brutus", 9) == "invalid_seat"
    last = join(table, "b", "Brutus")
    assert last == [SeatTaken(seat=2, player="b", name="Brutus"), TableStarted(order=(0, 1, 2))]


def test_a_reserved_seat_is_its_players_only() -> None:
    table = _table(TableSeat(player="h", name="Host"), TableSeat(player="c", reserved=True),
                   TableSeat())
    assert _code(join, table, "x", "X", 1) == "seat_reserved"
    # the first free seat that is not reserved; the invited player gets its own
    assert join(table, "x", "X")[0] == SeatTaken(seat=2, player="x", name="X")
    assert join(table, "c", "Cleo")[0] == SeatTaken(seat=1, player="c", name="Cleo")
    table = _apply(table, join(table, "x", "X"))
    assert _code(join, table, "y", "Y") == "table_full"


def test_an_invited_player_declines_and_the_seat_opens_to_anyone() -> None:
    table = _table(TableSeat(player="h", name="Host"), TableSeat(player="c", reserved=True),
                   TableSeat(player="d", reserved=True))
    assert table.invited == {"c": 1, "d": 2}
    assert _code(decline, table, "x") == "not_invited"
    assert _code(decline, table, "h") == "not_invited"  # seated, not invited
    declined = decline(table, "c")
    assert declined == [SeatDeclined(seat=1, player="c")]
    table = _apply(table, declined)
    assert table.invited == {"d": 2} and table.free == (1, 2)
    assert _code(decline, table, "c") == "not_invited"
    assert join(table, "x", "X") == [SeatTaken(seat=1, player="x", name="X")]
    table = _apply(table, join(table, "d", "Dido"))
    assert table.invited == {} and _code(decline, table, "d") == "not_invited"


def test_leaving_and_the_host_removing_free_the_seat() -> None:
    table = _apply(_table(TableSeat(player="h", name="Host"), TableSeat(), TableSeat(),
                          TableSeat()), [SeatTaken(seat=1, player="a", name="Ada"),
                                         SeatTaken(seat=2, player="b", name="Brutus")])
    assert leave(table, "a") == [SeatLeft(seat=1, player="a")]
    assert _code(leave, table, "z") == "not_seated"
    assert _code(clear, table, "a", 2) == "not_host"
    assert clear(table, "h", 2) == [SeatCleared(seat=2, player="b")]
    assert _code(clear, table, "h", 3) == "seat_empty"
    table = _apply(table, leave(table, "a") + clear(table, "h", 2))
    assert isinstance(table, Waiting) and table.free == (1, 2, 3)


def test_the_host_starts_early_with_enough_players_and_empty_seats_are_dropped() -> None:
    """7 Wonders takes 2 to 7 seats, but a table of four never starts as the two-player
    Free City variant: three players at least."""
    table = _table(TableSeat(player="h", name="Host"), TableSeat(), TableSeat(), TableSeat(),
                   low=2)
    table = _apply(table, join(table, "a", "Ada"))
    assert _code(start_early, table, "h") == "too_few_players"  # 7 Wonders: 3 or more
    table = _apply(table, join(table, "b", "Brutus", 3))
    assert _code(start_early, table, "a") == "not_host"
    assert start_early(table, "h") == [TableStarted(order=(0, 1, 3), early=True)]


def test_an_expired_table_takes_nothing_and_a_started_one_no_seat() -> None:
    table = _table(TableSeat(player="h", name="Host"), TableSeat(), TableSeat())
    closed = _apply(table, expire(table))
    assert expire(table) == [TableExpired()] and expire(closed) == []
    assert _code(join, closed, "a", "Ada") == "table_expired"
    assert _code(join, object(), "a", "Ada") == "table_started"


def test_a_table_folds_into_a_dealt_game() -> None:
    """The ruleset behind a table: no move and no acting seat while it waits, the table's
    view for everyone, then the game dealt at the start as any other game."""
    game = TableGame(get_game("7wonders"))
    opening = opened([TableSeat(player="h", name="Host"), TableSeat(), TableSeat()], "h",
                     "private", game.seat_range())
    state = game.evolve(game.initial_state(), opening)
    assert game.legal_moves(state, 0) == [] and game.acting_seats(state) == ()
    assert not game.is_over(state) and game.summary(state)["phase"] == "waiting"
    shown = game.view(state, 1)
    assert isinstance(shown, TableView) and [s.state for s in shown.seats] == [
        "taken", "open", "open"]
    assert _code(game.step, state, object()) == "table_waiting"
    events: list[Any] = [*join(state, "a", "Ada"), *join(
        evolve_table(state, join(state, "a", "Ada")[0]), "b", "Brutus")]
    for event in events:
        state = game.evolve(state, event)
    assert isinstance(events[-1], TableStarted)
    for event in game.start(3, {}, random.Random(5), None):
        state = game.evolve(state, event)
    assert game.acting_seats(state) == (0, 1, 2) and game.legal_moves(state, 0)
    assert game.redact(events[0], None) == events[0]  # who sits where is public


def test_an_expired_table_is_over() -> None:
    game = TableGame(get_game("duel"))
    state = game.evolve(None, opened([TableSeat(), TableSeat()], None, "public",
                                     game.seat_range()))
    state = game.evolve(state, TableExpired())
    assert game.is_over(state) and game.summary(state)["phase"] == "expired"
    assert _code(game.decide, state, object()) == "table_expired"
