"""The player WebSocket (`/players/me/ws`): one socket per player, across all its games.

It logs in as the game socket does (an `Authorization` header, else the first message
`{"type": "follow", "token": ...}`, else the `polis_player` cookie; never a token in the
URL) and must name a player, not a seat. Then it is told, for every game the player holds a
seat in: `your_turn` when its seat must act, `table` when a table it sits at changes
(joined, left, started, expired), `game_over` with the ranking. What to tell comes from the
player feed (`api/runners/player_feed.py`); this module only speaks the protocol
(`openapi/websocket.md`).
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from typing import Any

import msgspec
from litestar import WebSocket, websocket
from litestar.exceptions import WebSocketDisconnect

from api.http.credentials import COOKIE
from api.http.errors import ApiError, ErrorBody, error_of
from api.http.games import summary_with_clocks
from api.http.schemas import GameSummary
from api.runners.player_feed import Notice
from api.runtime import Runtime, runtime_of
from api.service.refusals import Invalid, Refusal, Unauthorized
from api.service.tokens import bearer
from api.ws.game_socket import (
    CLOSE_BAD_REQUEST,
    CLOSE_TIMEOUT,
    CLOSE_TOO_MANY,
    CLOSE_UNAUTHORIZED,
    _follow_message,
    _refuse,
    request_id_of,
)
from infra.event_store import GameRecord
from infra.players import PlayerRecord


class FeedPing(msgspec.Struct, tag="ping", tag_field="type", forbid_unknown_fields=True):
    """Asks for a `pong` (a client's own check that the socket lives)."""

    request_id: str | None = None


_PING = msgspec.json.Decoder(FeedPing)


class Summaries:
    """Game summaries by (game, version), encoded once for every socket of a process."""

    def __init__(self, runtime: Runtime, kept: int = 256) -> None:
        self.runtime = runtime
        self.kept = kept
        self._found: dict[tuple[uuid.UUID, int], GameSummary] = {}

    async def of(self, record: GameRecord) -> GameSummary:
        key = (record.game_id, record.version)
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = await summary_with_clocks(self.runtime.service, record)
            if len(self._found) > self.kept:
                self._found.pop(next(iter(self._found)))
        return found


def summaries_of(socket: WebSocket[Any, Any, Any]) -> Summaries:
    """The process's summaries (`app.state.summaries`, made by `create_app`)."""
    found: Summaries = socket.app.state.summaries
    return found


async def notice_message(summaries: Summaries, notice: Notice) -> dict[str, Any]:
    """The socket message of a notice (`your_turn`, `table`, `game_over`, `invitation`)."""
    record = notice.record
    message: dict[str, Any] = {"type": notice.kind, "game_id": str(record.game_id),
                               "seat": notice.seat, "version": record.version}
    if notice.kind == "table":
        message["change"] = notice.change
    if notice.kind == "game_over":
        message["ranking"] = list(record.summary.get("ranking") or [])
        message["winner"] = record.summary.get("winner")
    if notice.kind == "invitation":
        message["host"] = record.host
    if notice.kind != "your_turn":
        message["game"] = await summaries.of(record)
    return message


class PlayerSession:
    """One connected player socket."""

    def __init__(self, socket: WebSocket[Any, Any, Any], player: PlayerRecord) -> None:
        self.socket = socket
        self.player_id = player.player_id
        self.summaries = summaries_of(socket)
        self._send_lock = asyncio.Lock()

    async def send_text(self, text: str) -> None:
        async with self._send_lock:
            await self.socket.send_data(text, mode="text")

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_text(msgspec.json.encode(message).decode())

    async def notify(self, notice: Notice) -> None:
        await self.send(await notice_message(self.summaries, notice))

    async def drop(self) -> None:
        await self.socket.close()


async def answer_pings(socket: WebSocket[Any, Any, Any], send: Any, max_bytes: int) -> None:
    """Answer `ping` until the client goes; any other message is refused (`error`)."""
    while True:
        raw = await socket.receive_data(mode="text")
        if len(raw) > max_bytes:
            await socket.close(1009, "message too large")
            return
        try:
            ping = _PING.decode(raw)
        except msgspec.DecodeError as exc:
            await send({"type": "error", "request_id": request_id_of(raw), "error":
                        msgspec.to_builtins(ErrorBody("malformed_message", str(exc)))})
            continue
        await send({"type": "pong", "request_id": ping.request_id})


async def open_socket(socket: WebSocket[Any, Any, Any]) -> str | None:
    """Accept the socket and count it for its client; None when the client has too many
    open (refused), else the client to count it off with."""
    runtime = runtime_of(socket)
    sockets = socket.app.state.open_sockets
    client = runtime.client_of(socket)
    await socket.accept()
    if not sockets.open(client):
        await _refuse(socket, ErrorBody(
            "too_many_sockets", f"at most {sockets.limit} open sockets from one client; "
            "close one first", {"limit": sockets.limit}), CLOSE_TOO_MANY)
        return None
    return str(client)


@websocket("/players/me/ws", name="player_socket")
async def player_socket(socket: WebSocket[Any, Any, Any]) -> None:
    """My turns, my tables and my games' ends, across every game I hold a seat in."""
    client = await open_socket(socket)
    if client is None:
        return
    runtime = runtime_of(socket)
    try:
        player = await _player(socket, runtime)
        if player is None:
            return
        session = PlayerSession(socket, player)
        feed = runtime.players
        try:
            await session.send({"type": "hello", "player_id": str(player.player_id),
                                "name": player.name,
                                "heartbeat_seconds": runtime.settings.heartbeat_seconds})
            await feed.join(session)
            await answer_pings(socket, session.send, runtime.settings.max_body_bytes)
        except WebSocketDisconnect:
            pass
        finally:
            feed.leave(session)
            with contextlib.suppress(Exception):
                await socket.close()
    finally:
        socket.app.state.open_sockets.close(client)


async def _player(socket: WebSocket[Any, Any, Any], runtime: Runtime) -> PlayerRecord | None:
    """The player the socket logs in as; None when refused (the socket then closed)."""
    header = socket.headers.get("authorization")
    try:
        if "token" in socket.query_params:
            raise Invalid("token_in_url", "tokens are not taken from the URL (it is logged): "
                          "send an Authorization header or the first message "
                          '{"type": "follow", "token": ...}')
        token = bearer(header)
        if header is None:
            token = (await _follow_message(socket, runtime)).token
        player = await runtime.identities.of_token(token or socket.cookies.get(COOKIE))
        if player is None:
            raise Unauthorized("player_required", "sign in: a player's token, JWT or cookie "
                               "(a seat token names a seat, not a player)")
        return player
    except TimeoutError:
        await _refuse(socket, ErrorBody("follow_expected", "no follow message came"),
                      CLOSE_TIMEOUT)
    except (Refusal, ApiError) as exc:
        status, body = error_of(exc)
        await _refuse(socket, body, CLOSE_UNAUTHORIZED if status == 401 else CLOSE_BAD_REQUEST)
    except WebSocketDisconnect:
        pass
    return None
