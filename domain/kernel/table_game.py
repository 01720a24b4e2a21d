"""The ruleset the service plays, with its table (`domain/kernel/table.py`) in front: the
stream of a game created with seats to fill opens with table events, and the game's own
state begins at `TableStarted` (at once for a game whose players all sit from the start).
A game created full of named seats and bots never sees a table event, and this wrapper then
behaves exactly as `MetaGame` (`Resign`, forfeits), which it extends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Union, get_args

import msgspec

from domain.kernel.clocks import DEFAULT_BOT
from domain.kernel.errors import DomainError
from domain.kernel.game import Game, Seat
from domain.kernel.meta import MetaGame
from domain.kernel.table import (
    TABLE_EVENTS,
    Closed,
    TableStarted,
    Visibility,
    Waiting,
    evolve_table,
)


class TableSeatView(msgspec.Struct, frozen=True):
    seat: int
    state: str
    """`open` (any player may take it), `reserved` (one player may), `taken`, `bot`."""
    player: str | None = None
    name: str | None = None


class TableView(msgspec.Struct, frozen=True, tag="table", tag_field="view"):
    """What everyone sees of a table before its game: who sits where, what is free."""

    phase: str
    """`waiting`, or `expired` (the table closed before it filled)."""
    seats: list[TableSeatView]
    host: str | None
    visibility: Visibility
    min_seats: int
    acting: list[int] = msgspec.field(default_factory=list)


def table_view(state: Waiting | Closed) -> TableView:
    table = state.table if isinstance(state, Closed) else state

    def seat(i: int) -> TableSeatView:
        s = table.seats[i]
        kind = ("bot" if s.bot else "taken" if s.taken else "reserved" if s.reserved
                else "open")
        return TableSeatView(i, kind, s.player, s.name)

    return TableView("expired" if isinstance(state, Closed) else "waiting",
                     [seat(i) for i in range(len(table.seats))], table.host,
                     table.visibility, table.min_seats)


class TableGame(MetaGame):
    """A ruleset with `Resign` and forfeits (`MetaGame`) behind its table: see the module
    docstring. Every state of a table (`Waiting`, `Closed`) is answered here; any other is
    the game's, handed on."""

    def __init__(self, inner: Game, leaver_bot: str = DEFAULT_BOT) -> None:
        super().__init__(inner, leaver_bot)
        self.event_type = Union[(*get_args(self.event_type), *TABLE_EVENTS)]

    def decide(self, state: Any, command: msgspec.Struct) -> list[msgspec.Struct]:
        _refuse_at_table(state)
        return super().decide(state, command)

    def evolve(self, state: Any, event: msgspec.Struct) -> Any:
        if isinstance(event, TableStarted):
            return self.inner.initial_state()
        if isinstance(event, TABLE_EVENTS):
            return evolve_table(state if isinstance(state, Waiting) else None, event)
        return super().evolve(state, event)

    def step(self, state: Any, command: msgspec.Struct) -> tuple[list[Any], Any]:
        _refuse_at_table(state)
        return super().step(state, command)

    def legal_moves(self, state: Any, seat: Seat) -> Sequence[msgspec.Struct]:
        return [] if isinstance(state, (Waiting, Closed)) else super().legal_moves(state, seat)

    def acting_seats(self, state: Any) -> tuple[Seat, ...]:
        return () if isinstance(state, (Waiting, Closed)) else super().acting_seats(state)

    def is_over(self, state: Any) -> bool:
        if isinstance(state, (Waiting, Closed)):
            return isinstance(state, Closed)
        return super().is_over(state)

    def seat_count(self, state: Any) -> int:
        if isinstance(state, (Waiting, Closed)):
            return len((state.table if isinstance(state, Closed) else state).seats)
        return super().seat_count(state)

    def view(self, state: Any, seat: Seat | None) -> msgspec.Struct:
        if isinstance(state, (Waiting, Closed)):
            return table_view(state)
        return super().view(state, seat)

    def redact(self, event: msgspec.Struct, seat: Seat | None) -> msgspec.Struct:
        if isinstance(event, TABLE_EVENTS):
            return event  # who sits where is public
        return super().redact(event, seat)

    def summary(self, state: Any) -> dict[str, Any]:
        if isinstance(state, (Waiting, Closed)):
            table = state.table if isinstance(state, Closed) else state
            return {"phase": "expired" if isinstance(state, Closed) else "waiting",
                    "acting": [], "free": list(table.free), "seats": len(table.seats),
                    "visibility": table.visibility, "winner": None, "ranking": [],
                    "reserved": [{"seat": seat, "player": player}
                                 for player, seat in table.invited.items()]}
        return super().summary(state)


def _refuse_at_table(state: Any) -> None:
    if isinstance(state, Closed):
        raise DomainError("table_expired", "the table expired: no game is played here")
    if isinstance(state, Waiting):
        raise DomainError("table_waiting", "the game has not started: seats are still open")
