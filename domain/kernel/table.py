"""A table before its game: open seats, players taking and leaving them, the start.

A game created with every seat filled by named seats and bots (no player) starts at once,
as always: its stream holds no table event and nothing here applies. A game with a seat a
player holds from the start opens with `TableOpened` and `TableStarted` at once, so its
stream says who sat where. A game created with open seats (any player may take one)
or reserved ones (one player may) is a *table* first: its stream opens with `TableOpened`,
players come and go (`SeatTaken`, `SeatLeft`, `SeatCleared` by the host, `SeatDeclined` by
a player who turns an invitation down: the seat opens), and the game
begins with `TableStarted` followed, in the same append, by the game's own opening events
(the deal is drawn then, not before). A table that never fills ends with `TableExpired`.
Every change is an event of the game's stream, so replay and audit see who sat where and
when.

The service appends these events (a join is a player's request, not a seat's command);
the rules here refuse what may not happen, with a reason: a taken or unknown seat, a player
seated twice, a start with too few players, anything once the table started or expired.
When a table starts early (7 Wonders from 3 players), its empty seats are dropped and the
seated ones keep their order: `TableStarted.order` lists, for each game seat, the table
seat it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from domain.kernel.errors import DomainError

Visibility = Literal["public", "private"]


class TableSeat(msgspec.Struct, frozen=True, kw_only=True):
    """A seat of a table: who may sit there, and who does."""

    player: str | None = None
    """The player seated (or the one it is reserved for, with `reserved`)."""
    name: str | None = None
    """The seated player's display name (a named seat's or a bot's name)."""
    reserved: bool = False
    """Only `player` may take it (an invitation); False: open to any player."""
    bot: str | None = None
    """A bot level: the service plays the seat."""
    fixed: bool = False
    """A seat filled at creation (a named seat with its own token, or a bot)."""

    @property
    def taken(self) -> bool:
        return self.fixed or (self.player is not None and not self.reserved)


class TableOpened(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    """A table with seats to fill: every seat as created, its host and who may find it."""

    seats: tuple[TableSeat, ...]
    host: str | None
    visibility: Visibility
    min_seats: int
    """The fewest seats the game is played with (the host may start once that many sit)."""


class SeatTaken(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    seat: int
    player: str
    name: str


class SeatLeft(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    """The player left the table before its start."""

    seat: int
    player: str


class SeatCleared(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    """The host removed the seat's player before the start."""

    seat: int
    player: str


class SeatDeclined(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    """The player a seat was reserved for turned the invitation down: the seat is open."""

    seat: int
    player: str


class TableStarted(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    """The game begins; its opening events follow. `order[i]`: the table seat that is game
    seat `i` (empty table seats are dropped when the host starts early)."""

    order: tuple[int, ...]
    early: bool = False


class TableExpired(msgspec.Struct, frozen=True, tag_field="type", tag=True, kw_only=True):
    """The table did not fill in time: it is closed, no game is played."""


TABLE_EVENTS = (TableOpened, SeatTaken, SeatLeft, SeatCleared, SeatDeclined, TableStarted,
                TableExpired)
TableEvent = (TableOpened | SeatTaken | SeatLeft | SeatCleared | SeatDeclined | TableStarted
              | TableExpired)


class Waiting(msgspec.Struct, frozen=True):
    """A table whose game has not begun."""

    seats: tuple[TableSeat, ...]
    host: str | None
    visibility: Visibility
    min_seats: int

    @property
    def free(self) -> tuple[int, ...]:
        """Seats a player may still take."""
        return tuple(i for i, s in enumerate(self.seats) if not s.taken)

    @property
    def full(self) -> bool:
        return not self.free

    @property
    def invited(self) -> dict[str, int]:
        """The players a seat is still reserved for, with that seat."""
        return {s.player: i for i, s in enumerate(self.seats)
                if s.reserved and s.player is not None}

    def seat_of(self, player: str) -> int | None:
        return next((i for i, s in enumerate(self.seats)
                     if s.player == player and s.taken), None)


class Closed(msgspec.Struct, frozen=True):
    """A table that expired before its game began."""

    table: Waiting


def opened(seats: Sequence[TableSeat], host: str | None, visibility: Visibility,
           seat_range: tuple[int, int]) -> TableOpened:
    """The event that opens a table; DomainError for a seat count the game does not take."""
    low, high = seat_range
    if not low <= len(seats) <= high:
        raise DomainError("invalid_seat_count", f"the game takes {low} to {high} seats")
    # a table opened for more than two never starts as a two-player game: two players is
    # each family's own game (7 Wonders' Free City variant, like Duel), chosen at creation
    fewest = len(seats) if len(seats) <= 2 else max(low, 3)
    return TableOpened(seats=tuple(seats), host=host, visibility=visibility, min_seats=fewest)


def evolve_table(state: Waiting | None, event: TableEvent) -> Waiting | Closed:
    """The table after one of its events (TableStarted is the game's to fold)."""
    if isinstance(event, TableOpened):
        return Waiting(event.seats, event.host, event.visibility, event.min_seats)
    assert isinstance(state, Waiting), f"{type(event).__name__} on a table not waiting"
    if isinstance(event, TableExpired):
        return Closed(state)
    seats = list(state.seats)
    if isinstance(event, SeatTaken):
        seats[event.seat] = TableSeat(player=event.player, name=event.name)
    elif isinstance(event, (SeatLeft, SeatCleared, SeatDeclined)):
        seats[event.seat] = TableSeat()
    return msgspec.structs.replace(state, seats=tuple(seats))


def _waiting(state: object) -> Waiting:
    if isinstance(state, Closed):
        raise DomainError("table_expired", "the table expired: no game will be played here")
    if not isinstance(state, Waiting):
        raise DomainError("table_started", "the game has started: seats no longer change")
    return state


def join(state: object, player: str, name: str, seat: int | None = None) -> list[TableEvent]:
    """`player` takes `seat` (the first free one when None): SeatTaken, then TableStarted
    when that fills the table."""
    table = _waiting(state)
    if table.seat_of(player) is not None:
        raise DomainError("already_seated", "you already have a seat at this table")
    if seat is None:
        mine = [i for i, s in enumerate(table.seats) if s.reserved and s.player == player]
        free = mine or [i for i in table.free if not table.seats[i].reserved]
        if not free:
            raise DomainError("table_full", "no free seat is left at this table")
        seat = free[0]
    if not 0 <= seat < len(table.seats):
        raise DomainError("invalid_seat", f"the table has no seat {seat}")
    wanted = table.seats[seat]
    if wanted.taken:
        raise DomainError("seat_taken", f"seat {seat} is taken")
    if wanted.reserved and wanted.player != player:
        raise DomainError("seat_reserved", f"seat {seat} is reserved for another player")
    events: list[TableEvent] = [SeatTaken(seat=seat, player=player, name=name)]
    after = evolve_table(table, events[0])
    assert isinstance(after, Waiting)
    if after.full:
        events.append(TableStarted(order=tuple(range(len(after.seats)))))
    return events


def leave(state: object, player: str) -> list[TableEvent]:
    """`player` leaves the table before it starts."""
    table = _waiting(state)
    seat = table.seat_of(player)
    if seat is None or table.seats[seat].fixed:
        raise DomainError("not_seated", "you have no seat at this table")
    return [SeatLeft(seat=seat, player=player)]


def decline(state: object, player: str) -> list[TableEvent]:
    """`player` turns down the seat reserved for it: the seat opens to whoever may join."""
    table = _waiting(state)
    seat = table.invited.get(player)
    if seat is None:
        raise DomainError("not_invited", "no seat of this table is reserved for you")
    return [SeatDeclined(seat=seat, player=player)]


def clear(state: object, host: str, seat: int) -> list[TableEvent]:
    """The host removes the player of `seat` before the start."""
    table = _waiting(state)
    if table.host is None or host != table.host:
        raise DomainError("not_host", "only the table's host may do this")
    if not 0 <= seat < len(table.seats):
        raise DomainError("invalid_seat", f"the table has no seat {seat}")
    taken = table.seats[seat]
    if not taken.taken or taken.fixed or taken.player is None:
        raise DomainError("seat_empty", f"no player sits at seat {seat}")
    return [SeatCleared(seat=seat, player=taken.player)]


def start_early(state: object, host: str) -> list[TableEvent]:
    """The host starts with the seats taken, dropping the free ones (reserved included)."""
    table = _waiting(state)
    if table.host is None or host != table.host:
        raise DomainError("not_host", "only the table's host may do this")
    order = tuple(i for i, s in enumerate(table.seats) if s.taken)
    if len(order) < table.min_seats:
        raise DomainError("too_few_players", f"the game needs {table.min_seats} players; "
                          f"{len(order)} are seated")
    return [TableStarted(order=order, early=len(order) < len(table.seats))]


def expire(state: object) -> list[TableEvent]:
    """The table's time ran out: [] when it has started or expired already."""
    return [TableExpired()] if isinstance(state, Waiting) else []
