"""The service's envelopes as msgspec types (openapi.json and asyncapi.yaml); the game layer
inside them (views, events, commands) is typed per ruleset in `polis_client.rulesets`."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

Include = Literal["moves", "view"]
"""What a command's reply may carry of the game after it (`include`): the submitting seat's
legal moves and/or its view."""


class Problem(msgspec.Struct, kw_only=True):
    """An RFC 9457 problem details body; switch on `code`."""

    code: str
    message: str = ""
    details: dict[str, Any] = {}
    request_id: str | None = None
    type: str = "about:blank"
    title: str = ""
    status: int | None = None
    detail: str = ""


class SeatPublic(msgspec.Struct):
    seat: int
    name: str
    player: str | None = None
    """The player holding the seat, if a player does."""


class SeatToken(msgspec.Struct):
    seat: int
    name: str
    token: str


class GameSummary(msgspec.Struct, kw_only=True):
    game_id: str
    kind: str
    expansions: list[str]
    options: dict[str, Any]
    seats: list[SeatPublic]
    created_at: str
    version: int
    over: bool
    summary: dict[str, Any]
    deal: str = "random"
    waiting: bool = False
    """A table still filling its seats (no deal yet)."""
    visibility: str = "private"
    host: str | None = None


class GameCreated(msgspec.Struct):
    game: GameSummary
    seats: list[SeatToken]
    invite: str | None = None
    """A private table's invitation code."""


class PlayerCreated(msgspec.Struct):
    player_id: str
    name: str
    token: str
    """The guest's secret token: send it as `token` to act for the seats it holds."""


class PlayerOut(msgspec.Struct):
    player_id: str
    name: str


class Joined(msgspec.Struct):
    game: GameSummary
    seat: int


class LobbyTable(msgspec.Struct):
    game: GameSummary
    free: list[int]


class Lobby(msgspec.Struct):
    tables: list[LobbyTable]


class Ticket(msgspec.Struct, kw_only=True):
    """A matchmaking ticket: `state` is waiting, matched (see `game_id`), expired or
    cancelled."""

    ticket_id: str
    state: str
    kind: str
    expansions: list[str]
    seats: list[int]
    rated: bool
    clock: dict[str, Any] | None = None
    bots_after: float | None = None
    game_id: str | None = None
    created_at: str
    updated_at: str


class LeaderboardEntry(msgspec.Struct):
    rank: int
    player_id: str
    name: str
    rating: float
    """mu - 3 sigma, which the board ranks by."""
    mu: float
    sigma: float
    games: int


class Leaderboard(msgspec.Struct):
    pool: str
    entries: list[LeaderboardEntry]
    total: int
    limit: int
    offset: int


class RatingStep(msgspec.Struct):
    game_id: str
    place: int
    rating_before: float
    rating: float
    mu: float
    sigma: float
    at: str


class PoolRating(msgspec.Struct):
    pool: str
    rating: float
    mu: float
    sigma: float
    games: int
    rank: int
    history: list[RatingStep]


class PlayerProfile(msgspec.Struct):
    player_id: str
    name: str
    games: dict[str, int]
    ratings: list[PoolRating]


class MyGame(msgspec.Struct):
    game: GameSummary
    seat: int
    my_turn: bool


class MyGames(msgspec.Struct):
    games: list[MyGame]
    limit: int
    offset: int


class ViewOut(msgspec.Struct):
    game_id: str
    version: int
    seat: int | None
    view: msgspec.Raw


class MovesOut(msgspec.Struct):
    game_id: str
    version: int
    seat: int
    moves: list[msgspec.Raw]


class NextOut(msgspec.Struct):
    """The game after a command, as the submitting seat sees it (asked with `include`): a
    bot needs no read before its next move when it is still in `acting`."""

    version: int
    """The version `moves` and `view` belong to (the command's last one, or the game's
    current one for a replayed idempotency key)."""
    acting: list[int]
    """The seats that may act at `version` (empty once the game is over)."""
    moves: list[msgspec.Raw] | None = None
    """With `moves` included: the seat's legal moves at `version` (the ruleset's `Command`)."""
    view: msgspec.Raw = msgspec.Raw()
    """With `view` included: the seat's view at `version` (the ruleset's `View`); empty
    (false) otherwise (msgspec cannot make a raw value optional)."""


class CommandAccepted(msgspec.Struct):
    game_id: str
    first_version: int
    version: int
    replayed: bool
    next: NextOut | None = None
    """Only when the command asked for it (`include`)."""


class EventOut(msgspec.Struct):
    version: int
    type: str
    seat: int | None
    recorded_at: str
    event: msgspec.Raw


class EventsOut(msgspec.Struct):
    game_id: str
    version: int
    redacted: bool
    events: list[EventOut]


class Hello(msgspec.Struct, tag="hello", tag_field="type"):
    game_id: str
    seat: int | None
    version: int
    heartbeat_seconds: float


class Snapshot(msgspec.Struct, tag="snapshot", tag_field="type"):
    game_id: str
    version: int
    view: msgspec.Raw
    moves: list[msgspec.Raw] | None = None
    """The seat's legal moves at `version` (a session that follows with `include_moves`)."""


class Update(msgspec.Struct, tag="update", tag_field="type"):
    game_id: str
    after_version: int
    version: int
    events: list[EventOut]
    view: msgspec.Raw
    moves: list[msgspec.Raw] | None = None
    """With `include_moves`: the seat's legal moves at `version`, in the update that brings
    the session to the game's latest version."""


class Heartbeat(msgspec.Struct, tag="heartbeat", tag_field="type"):
    version: int


class Pong(msgspec.Struct, tag="pong", tag_field="type"):
    request_id: str | None
    version: int


class CommandAcceptedMessage(msgspec.Struct, tag="command_accepted", tag_field="type"):
    request_id: str | None
    first_version: int
    version: int
    replayed: bool
    next: NextOut | None = None
    """Only when the command asked for it (`include`)."""


class CommandRejected(msgspec.Struct, tag="command_rejected", tag_field="type"):
    request_id: str | None
    error: Problem


class ErrorMessage(msgspec.Struct, tag="error", tag_field="type"):
    request_id: str | None
    error: Problem


ServerMessage = (
    Hello | Snapshot | Update | Heartbeat | Pong | CommandAcceptedMessage | CommandRejected
    | ErrorMessage
)


# -- invitations and rematches ---------------------------------------------------------
class Invitation(msgspec.Struct):
    invite: str
    """A private table's new invitation code (the previous one no longer works)."""


class Rematch(msgspec.Struct, kw_only=True):
    game: GameSummary
    """The rematch's table: private, its host seated, the other players invited."""
    rematch_of: str
    """The finished game it follows."""
    opened: bool = False
    """Not in the body: whether this request opened the table (201) rather than finding
    the one another player had asked for (200); False from `get_rematch`."""


class MyInvitation(msgspec.Struct):
    game: GameSummary
    seat: int
    """The seat reserved for me: `join` takes it, `decline` opens it."""
    host: str | None
    """The player who opened the table (who invited me)."""


class MyInvitations(msgspec.Struct):
    invitations: list[MyInvitation]


# -- the player socket (/players/me/ws) and the lobby socket (/lobby/ws) ----------------
class PlayerHello(msgspec.Struct, tag="hello", tag_field="type"):
    """Once, when the player socket starts."""

    player_id: str
    name: str
    heartbeat_seconds: float


class YourTurn(msgspec.Struct, tag="your_turn", tag_field="type"):
    """A seat of mine must act: once per turn, and on connecting for every game waiting
    for me."""

    game_id: str
    seat: int
    version: int


TableChange = Literal["opened", "joined", "left", "started", "expired"]


class TableChanged(msgspec.Struct, tag="table", tag_field="type"):
    """A table I sit at (or just left, or was removed from) changed; after `started`,
    `seat` is my seat in the game."""

    game_id: str
    seat: int
    version: int
    change: TableChange
    game: GameSummary


class GameOver(msgspec.Struct, tag="game_over", tag_field="type"):
    game_id: str
    seat: int
    version: int
    ranking: list[int]
    """Seats from first to last."""
    winner: int | None
    game: GameSummary


class InvitationMessage(msgspec.Struct, tag="invitation", tag_field="type"):
    """A seat of a waiting table is reserved for me (a rematch's, a host's `{"player": id}`
    seat): `join` takes it, `decline` opens it. Told when it appears and on connecting."""

    game_id: str
    seat: int
    version: int
    host: str | None
    """The player who opened the table."""
    game: GameSummary


class FeedHeartbeat(msgspec.Struct, tag="heartbeat", tag_field="type"):
    """Every heartbeat interval, on the player and lobby sockets."""


class FeedPong(msgspec.Struct, tag="pong", tag_field="type"):
    request_id: str | None


class LobbySnapshot(msgspec.Struct, tag="lobby", tag_field="type"):
    """First on a lobby socket: the public tables waiting for players (of its kind)."""

    tables: list[LobbyTable]


LobbyChange = Literal["opened", "filling", "started", "closed"]


class LobbyTableChanged(msgspec.Struct, tag="lobby_table", tag_field="type"):
    """A public table opened, its free seats changed (`filling`), it started or closed: the
    last two take it out of the lobby."""

    change: LobbyChange
    table: LobbyTable


PlayerMessage = (
    PlayerHello | YourTurn | TableChanged | GameOver | InvitationMessage | FeedHeartbeat
    | FeedPong | ErrorMessage
)
"""What the player socket sends (`error`: a refused login, then the socket closes; or a
malformed message of ours)."""

LobbyMessage = LobbySnapshot | LobbyTableChanged | FeedHeartbeat | FeedPong | ErrorMessage
"""What the lobby socket sends."""
