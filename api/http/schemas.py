"""Request and response bodies of the REST API (msgspec validates them on the way in)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

import msgspec

from api.service.clocks import SeatClockOut
from api.service.replies import IncludeList, NextOut

NO_NUL = "^[^\x00]*$"
"""Strings are stored as PostgreSQL text, which cannot hold NUL characters."""
MAX_INT = 2**53 - 1
"""Largest integer accepted for versions and offsets (exact in every JSON client, and far
from overflowing PostgreSQL's bigint when a limit is added to it)."""

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=NO_NUL)]
Key = Annotated[str, msgspec.Meta(min_length=1, max_length=128, pattern=NO_NUL)]
Version = Annotated[int, msgspec.Meta(ge=0, le=MAX_INT)]
JsonValue = Annotated[msgspec.Raw, msgspec.Meta(description="a JSON value defined by the game")]


class SeatIn(msgspec.Struct, forbid_unknown_fields=True):
    """One of: `name` (a seat with its own token), `bot` (with an optional `name`), `open`
    (any player may take it) or `player` (reserved for that player; the creator's own id
    seats the creator)."""

    name: Name | None = None
    """Required for a named seat; a bot's seat is named after its level by default."""
    bot: Annotated[str, msgspec.Meta(max_length=16, pattern=NO_NUL)] | None = None
    """A level (`random`, `greedy`, `strong`): the server plays this seat."""
    open: bool = False
    """Any player may take this seat (`joinTable`): the game waits until it is taken."""
    player: Annotated[str, msgspec.Meta(max_length=64, pattern=NO_NUL)] | None = None
    """A player id: the seat is that player's (an invitation; the creator's own id seats the
    creator at once)."""


class CreateGame(msgspec.Struct, forbid_unknown_fields=True):
    kind: Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=NO_NUL)]
    seats: Annotated[list[SeatIn], msgspec.Meta(min_length=1, max_length=16)]
    expansions: list[Annotated[str, msgspec.Meta(max_length=64, pattern=NO_NUL)]] = []
    options: dict[str, Any] = {}
    deal: dict[str, Any] | None = None
    """An explicit deal in the game's own format; random (from `seed`) when absent."""
    seed: int | None = None
    """Seed of the random deal; recorded only through the events it produces."""
    visibility: Literal["public", "private"] = "private"
    """A table with seats to fill: `public` is listed in the lobby; `private` is joined
    with its invitation code (`invite` of the reply)."""


class SeatPublic(msgspec.Struct):
    seat: int
    name: str
    """The seat's name ("" for a table's free or reserved seat)."""
    player: str | None = None
    """The player holding the seat (a player's id), if a player does."""


class SeatToken(msgspec.Struct):
    seat: int
    name: str
    token: str
    """The seat's secret bearer token; shown once, stored only as a hash."""


class GameSummary(msgspec.Struct):
    game_id: str
    kind: str
    expansions: list[str]
    options: dict[str, Any]
    seats: list[SeatPublic]
    created_at: datetime
    version: int
    over: bool
    summary: dict[str, Any]
    """Public facts from the game (phase, turn, winner, ...)."""
    deal: str = "random"
    """How the deal was made: `random` (secret), `seeded` (from a `seed` its creator chose,
    who can therefore compute it), `explicit` (given in full), or `unrecorded` (a game
    created before this was recorded)."""
    head_hash: str = ""
    """Hex SHA-256 of the game's last event in its hash chain (see audit.md): keep it to
    check later that the game's record was not changed."""
    chain_salt: str | None = None
    """The game's secret chain salt (hex), published once the game is over: with the full
    event log it recomputes `head_hash` (see audit.md). Null while the game runs; empty for
    games finished before salts existed."""
    imported: bool = False
    """A game recorded elsewhere and imported for study (`importGame`): finished, no commands."""
    waiting: bool = False
    """A table still filling its seats: no deal yet (`summary.phase` is `waiting`)."""
    visibility: Literal["public", "private"] = "private"
    host: str | None = None
    """The player who opened the table."""
    clocks: Annotated[list[SeatClockOut] | None, msgspec.Meta(description=(
        "Each seat's clock, by seat (the `clock` option; null without it), as of "
        "`clocks_as_of`."))] = None
    clocks_as_of: Annotated[datetime | None, msgspec.Meta(description=(
        "When `clocks` were computed (UTC, the serving host's time of the request)."))] = None


class GameCreated(msgspec.Struct):
    game: GameSummary
    seats: list[SeatToken]
    """A token for each named seat (none for bots, players' seats or free ones)."""
    invite: str | None = None
    """A private table's invitation code (shown only here; the host can make a new one)."""


class GameList(msgspec.Struct):
    games: list[GameSummary]
    limit: int
    offset: int


class ViewOut(msgspec.Struct):
    game_id: str
    version: int
    """The version this view reflects (the last commit point at or before the one asked)."""
    seat: int | None
    """The caller's seat; null for a spectator."""
    view: JsonValue
    clocks: Annotated[list[SeatClockOut] | None, msgspec.Meta(description=(
        "Each seat's clock at this version, by seat (the `clock` option; null without it)."
        ))] = None
    clocks_as_of: Annotated[datetime | None, msgspec.Meta(description=(
        "When `clocks` were computed (UTC)."))] = None


class MovesOut(msgspec.Struct):
    game_id: str
    version: int
    seat: int
    moves: list[JsonValue]
    """Commands the seat may submit now, each ready to send as `command`."""


class SubmitCommand(msgspec.Struct, forbid_unknown_fields=True):
    expected_version: Version
    """The game version the command was decided on (see the simultaneous-choice rule)."""
    command: dict[str, Any]
    """The game's command, tagged by `type`."""
    idempotency_key: Key | None = None
    """Or the `Idempotency-Key` header; a key seen before returns the original outcome."""
    include: IncludeList | None = None
    """`moves` and/or `view`: the reply then carries `next` (one request per move)."""


class CommandAccepted(msgspec.Struct, omit_defaults=True):
    game_id: str
    first_version: int
    """First version the command appended."""
    version: int
    """The game's version after the command."""
    replayed: bool
    """True when the idempotency key was seen before and nothing was appended now."""
    next: NextOut | None = None
    """Only when the command asked for it with `include`: the game after the command, as
    the submitting seat sees it (from the server's memory, no second request needed)."""


class EventOut(msgspec.Struct):
    version: int
    type: str
    seat: int | None
    """The seat whose command caused the event; null for set-up."""
    recorded_at: datetime
    event: JsonValue
    """The event as the caller may see it."""


class EventsOut(msgspec.Struct):
    game_id: str
    version: int
    """The game's current version."""
    redacted: bool
    """False once the game is over: everyone then reads the full log."""
    events: list[EventOut]


class Health(msgspec.Struct):
    status: str


class Readiness(msgspec.Struct):
    status: str
    """"ready" when PostgreSQL answers and is migrated; Redis is reported, not required."""
    database: bool
    redis: bool
    """Redis answers and this process is subscribed to wake-ups."""
    pending_migrations: list[str]
