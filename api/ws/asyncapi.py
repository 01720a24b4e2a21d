"""The WebSocket protocol as an AsyncAPI 3 document (`openapi/asyncapi.yaml`).

Every message in both directions is a msgspec Struct here (the client's are the ones the
server decodes); the game layer (views, events, commands) is typed per ruleset with the same
components as `openapi.json`. `polis export-asyncapi` writes it; a test regenerates and
compares. The file is JSON, which is YAML 1.2.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, Literal

import msgspec

from api.http.errors import ErrorBody
from api.http.game_schemas import any_of, game_components
from api.http.openapi_doc import cleaned_descriptions
from api.http.schemas import GameSummary
from api.http.tables import LobbyTable
from api.runners.ticket_pushes import TicketMessage
from api.service.clocks import SeatClockOut
from api.service.error_codes import catalogue
from api.service.replies import NextOut
from api.ws.game_socket import ChatMessage, CommandMessage, FollowMessage, PingMessage
from api.ws.player_socket import FeedPing

ASYNCAPI_PATH = Path(__file__).resolve().parents[2] / "openapi" / "asyncapi.yaml"
REF = "#/components/schemas/"


class EventEnvelope(msgspec.Struct, forbid_unknown_fields=True):
    """One event of an update, as the receiving seat may see it."""

    version: int
    type: str
    seat: int | None
    """The seat whose command caused it; null for set-up."""
    recorded_at: str
    """RFC 3339 in UTC with `Z`, as over HTTP."""
    event: Any


class Hello(msgspec.Struct, tag="hello", tag_field="type", forbid_unknown_fields=True):
    """Sent once when the session starts."""

    game_id: str
    seat: int | None
    version: int
    """The game's version when the session started."""
    heartbeat_seconds: float


class Snapshot(msgspec.Struct, tag="snapshot", tag_field="type", forbid_unknown_fields=True):
    """The seat's view, sent after `hello` when the client did not name `after_version`."""

    game_id: str
    version: int
    view: Any
    clocks: list[SeatClockOut] | None
    """Each seat's clock (the `clock` option; null without it), as of `clocks_as_of`."""
    clocks_as_of: str | None
    """When `clocks` were computed: now for a snapshot (RFC 3339, UTC, `Z`)."""
    moves: list[Any] | None = None
    """Your seat's legal moves at `version`, as `getMyLegalMoves` gives them: only when the
    session followed with `include: ["moves"]`."""


class Update(msgspec.Struct, tag="update", tag_field="type", forbid_unknown_fields=True):
    """What happened after `after_version`, up to `version` (no gap: each update's
    `after_version` is the previous one's `version`), and the view at `version`."""

    game_id: str
    after_version: int
    version: int
    events: list[EventEnvelope]
    view: Any
    clocks: list[SeatClockOut] | None
    """Each seat's clock at `version` (the `clock` option; null without it): as of the
    version's commit (`clocks_as_of`); a running clock runs out at its `deadline`."""
    clocks_as_of: str | None
    moves: list[Any] | None = None
    """Your seat's legal moves at `version` when the session followed with `include:
    ["moves"]`: in the update that brings you to the game's latest version (omitted on
    earlier commit points of a catch-up, and when the server's copy of the game had
    already moved past `version`: the next update then carries them)."""


class Heartbeat(msgspec.Struct, tag="heartbeat", tag_field="type", forbid_unknown_fields=True):
    version: int


class Pong(msgspec.Struct, tag="pong", tag_field="type", forbid_unknown_fields=True):
    request_id: str | None
    version: int


class CommandAcceptedMessage(
    msgspec.Struct, tag="command_accepted", tag_field="type", forbid_unknown_fields=True
):
    request_id: str | None
    first_version: int
    version: int
    replayed: bool
    next: NextOut | None = None
    """Only when the command asked for it with `include` (as in `submitCommand`)."""


class CommandRejected(
    msgspec.Struct, tag="command_rejected", tag_field="type", forbid_unknown_fields=True
):
    request_id: str | None
    error: ErrorBody


class ErrorMessage(msgspec.Struct, tag="error", tag_field="type", forbid_unknown_fields=True):
    """A refused message (`request_id` echoed when it could be read), or a refused
    session: then the socket closes (4401 unauthorized, 4404 game not found, 4400, 4408,
    4429 too many sockets)."""

    request_id: str | None
    error: ErrorBody


class ChatPushed(msgspec.Struct, tag="chat", tag_field="type", forbid_unknown_fields=True):
    """A line of the table's chat, pushed to everyone following the game (but those who
    muted its writer), in `seq` order; the history is `GET /games/{id}/chat`."""

    game_id: str
    seq: int
    player_id: str | None
    seat: int | None
    name: str
    text: str
    """Plain text: show it escaped, never as HTML."""
    sent_at: datetime


class ChatAccepted(msgspec.Struct, tag="chat_accepted", tag_field="type",
                   forbid_unknown_fields=True):
    """Your `chat` message was stored as `seq` (it comes to you as a `chat` too); a refused
    one gets an `error` (`invalid_chat_message`, `chat_rate_limited`, `chat_closed`,
    `chat_read_only`, `player_required`)."""

    request_id: str | None
    seq: int


class PlayerFollow(msgspec.Struct, tag="follow", tag_field="type", forbid_unknown_fields=True):
    """The first message on a player socket without an Authorization header: a player's
    token or JWT (null: the `polis_player` cookie names the player)."""

    token: str | None = None


class PlayerHello(msgspec.Struct, tag="hello", tag_field="type", forbid_unknown_fields=True):
    """Sent once when the player socket starts."""

    player_id: str
    name: str
    heartbeat_seconds: float


class YourTurn(msgspec.Struct, tag="your_turn", tag_field="type", forbid_unknown_fields=True):
    """Your seat must act in a game: once per turn (7 Wonders' simultaneous steps: when it
    may act and has not chosen), and on connecting for every game waiting for you."""

    game_id: str
    seat: int
    version: int


TableChange = Literal["opened", "joined", "left", "started", "expired"]


class TableChanged(msgspec.Struct, tag="table", tag_field="type", forbid_unknown_fields=True):
    """A table you sit at (or just left) changed: a seat taken or given up, the start (seats
    renumbered in table order: see `seat`), its expiry."""

    game_id: str
    seat: int
    """Your seat (after a start, its number in the game)."""
    version: int
    change: TableChange
    game: GameSummary


class GameOver(msgspec.Struct, tag="game_over", tag_field="type", forbid_unknown_fields=True):
    """A game you hold a seat in ended."""

    game_id: str
    seat: int
    version: int
    ranking: list[int]
    """Seats from first to last."""
    winner: int | None
    game: GameSummary


class InvitationMessage(msgspec.Struct, tag="invitation", tag_field="type",
                        forbid_unknown_fields=True):
    """A seat of a waiting table is reserved for you (a rematch's, or a host's invitation):
    take it with `joinTable`, or turn it down with `declineInvitation`. Told once when the
    reservation appears, and on connecting while it stands."""

    game_id: str
    seat: int
    version: int
    host: str | None
    """The player who opened the table."""
    game: GameSummary


class FeedHeartbeat(msgspec.Struct, tag="heartbeat", tag_field="type",
                    forbid_unknown_fields=True):
    """Every `heartbeat_seconds` (player socket) or heartbeat interval (lobby socket)."""


class FeedPong(msgspec.Struct, tag="pong", tag_field="type", forbid_unknown_fields=True):
    request_id: str | None


class LobbySnapshot(msgspec.Struct, tag="lobby", tag_field="type", forbid_unknown_fields=True):
    """First on a lobby socket: the public tables waiting for players (of `kind`), newest
    first, as `getLobby` lists them."""

    tables: list[LobbyTable]


LobbyChange = Literal["opened", "filling", "started", "closed"]


class LobbyTableChanged(msgspec.Struct, tag="lobby_table", tag_field="type",
                        forbid_unknown_fields=True):
    """A public table opened, its free seats changed (`filling`), it started or it closed
    (expired): the last two take it out of the lobby."""

    change: LobbyChange
    table: LobbyTable


PLAYER_CLIENT: tuple[Any, ...] = (PlayerFollow, FeedPing)
PLAYER_SERVER: tuple[Any, ...] = (PlayerHello, YourTurn, TableChanged, GameOver,
                                  InvitationMessage, TicketMessage, FeedHeartbeat, FeedPong)
LOBBY_CLIENT: tuple[Any, ...] = (FeedPing,)
LOBBY_SERVER: tuple[Any, ...] = (LobbySnapshot, LobbyTableChanged, FeedHeartbeat, FeedPong)
PLAYER_AND_LOBBY: tuple[Any, ...] = (*PLAYER_CLIENT, *PLAYER_SERVER, *LOBBY_SERVER)

CLIENT_MESSAGES: tuple[Any, ...] = (FollowMessage, CommandMessage, PingMessage, ChatMessage)
SERVER_MESSAGES: tuple[Any, ...] = (
    Hello, Snapshot, Update, Heartbeat, Pong, CommandAcceptedMessage, CommandRejected,
    ErrorMessage, ChatPushed, ChatAccepted,
)
_GAME_FIELDS = {
    ("Snapshot", "view"): "View",
    ("Update", "view"): "View",
    ("EventEnvelope", "event"): "Event",
    ("CommandMessage", "command"): "Command",
    ("NextOut", "view"): "View",
}
_GAME_LISTS = {
    ("Snapshot", "moves"): "Command",
    ("Update", "moves"): "Command",
    ("NextOut", "moves"): "Command",
}


def _message_name(struct: Any) -> str:
    """A game socket message's key: its type, and `chat_pushed` for the server's `chat`
    (the client sends a `chat` of another shape)."""
    return "chat_pushed" if struct is ChatPushed else str(struct.__struct_config__.tag)


def document() -> dict[str, Any]:
    games, index = game_components(REF)
    _, parts = msgspec.json.schema_components(
        (*CLIENT_MESSAGES, *SERVER_MESSAGES, *PLAYER_AND_LOBBY), ref_template=REF + "{name}"
    )
    for (component, prop), role in _GAME_FIELDS.items():
        props = parts[component]["properties"]
        described = {k: v for k, v in props[prop].items() if k == "description"}
        props[prop] = {**described, **any_of(REF, index, role)}
    for (component, prop), role in _GAME_LISTS.items():
        props = parts[component]["properties"]
        described = {k: v for k, v in props[prop].items() if k == "description"}
        props[prop] = {**described, "type": "array", "items": any_of(REF, index, role)}
    messages: dict[str, Any] = {}
    for struct in (*CLIENT_MESSAGES, *SERVER_MESSAGES):
        name = _message_name(struct)
        tag = struct.__struct_config__.tag
        messages[name] = {
            "name": tag,
            "title": tag,
            "summary": (struct.__doc__ or tag).strip().splitlines()[0],
            "contentType": "application/json",
            "payload": {"$ref": REF + struct.__name__},
        }
    channel_messages = {name: {"$ref": f"#/components/messages/{name}"} for name in messages}
    client = [_message_name(m) for m in CLIENT_MESSAGES]
    server = [_message_name(m) for m in SERVER_MESSAGES]
    feeds = {"player": (PLAYER_CLIENT, PLAYER_SERVER), "lobby": (LOBBY_CLIENT, LOBBY_SERVER)}
    feed_channels: dict[str, Any] = {}
    feed_operations: dict[str, Any] = {}
    for feed, (sent, received) in feeds.items():
        names = {}
        for struct in dict.fromkeys((*sent, *received, ErrorMessage)):
            tag = struct.__struct_config__.tag
            names[struct] = name = f"{feed}_{tag}"
            messages[name] = {
                "name": tag, "title": tag,
                "summary": (struct.__doc__ or tag).strip().splitlines()[0],
                "contentType": "application/json",
                "payload": {"$ref": REF + struct.__name__},
            }
        feed_channels[feed] = {
            "address": "/players/me/ws" if feed == "player" else "/lobby/ws",
            "messages": {n: {"$ref": f"#/components/messages/{n}"} for n in names.values()},
        }
        for action, way, structs in (("receive", "SendsTo", sent),
                                     ("send", "ReceivesFrom", (*received, ErrorMessage))):
            feed_operations[f"{feed}{way}Server"] = {
                "action": action, "channel": {"$ref": f"#/channels/{feed}"},
                "messages": [{"$ref": f"#/channels/{feed}/messages/{names[m]}"}
                             for m in structs],
            }
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "Polis game WebSocket",
            "version": "0.1.0",
            "description": (
                "Follow one game: the current view, then every new version, and commands with "
                "replies (`game`); a player's turns, tables and game ends across its games "
                "(`player`); the public tables of the lobby as they change (`lobby`). The "
                "prose is in websocket.md; game layers by ruleset are listed in x-rulesets "
                "and every error code in x-error-codes."
            ),
        },
        "servers": {
            "local": {"host": "127.0.0.1:8000", "protocol": "ws",
                      "description": "`polis serve` with its defaults"},
        },
        "channels": {
            "game": {
                "address": "/games/{game_id}/ws",
                "parameters": {"game_id": {"description": "The game's id (a UUID)."}},
                "messages": channel_messages,
            },
            **feed_channels,
        },
        "operations": {
            "sendToServer": {
                "action": "receive", "channel": {"$ref": "#/channels/game"},
                "summary": "Messages a client sends (the first one `follow`, unless an "
                           "Authorization header names the seat).",
                "messages": [{"$ref": f"#/channels/game/messages/{n}"} for n in client],
            },
            "receiveFromServer": {
                "action": "send", "channel": {"$ref": "#/channels/game"},
                "summary": "Messages the server sends.",
                "messages": [{"$ref": f"#/channels/game/messages/{n}"} for n in server],
            },
            **feed_operations,
        },
        "components": {
            "messages": messages,
            "schemas": dict(sorted({**parts, **games}.items())),
        },
        "x-rulesets": {
            name: {role: {"$ref": REF + schema} for role, schema in roles.items()}
            for name, roles in index.items()
        },
        "x-error-codes": [msgspec.to_builtins(c) for c in catalogue()],
    }


def asyncapi_document() -> bytes:
    """The document as stable pretty JSON (valid YAML), the same on every Python."""
    data = cleaned_descriptions(document())
    return msgspec.json.format(msgspec.json.encode(data, order="sorted"), indent=2) + b"\n"
