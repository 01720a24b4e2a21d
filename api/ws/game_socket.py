"""The game WebSocket: the current view, then every new version, and commands with replies.

The protocol is documented in `openapi/websocket.md`. A seat token never travels in the URL
(URLs are logged): it comes in an `Authorization: Bearer` header, or in the client's first
message, `{"type": "follow", "token": ..., "after_version": ...}`, which every client
without the header sends first (a spectator with no token). Updates come from the game's
shared channel (`api/runners/fanout.py`); commands go through the same pipeline as REST.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from typing import Annotated, Any, Literal

import msgspec
from litestar import WebSocket, websocket
from litestar.exceptions import WebSocketDisconnect
from litestar.params import FromPath

from api.http.credentials import COOKIE
from api.http.errors import ApiError, ErrorBody, error_of, too_deep_error, with_request_id
from api.http.schemas import Key, Version
from api.runners.fanout import Channel
from api.runtime import Runtime, runtime_of
from api.service.game_service import GameService, parse_game_id
from api.service.identity import is_player_credential
from api.service.limits import too_deep
from api.service.rate_limits import OpenSockets
from api.service.refusals import Invalid, Refusal
from api.service.replies import IncludeList
from api.service.tokens import bearer

CLOSE_BAD_REQUEST = 4400
CLOSE_UNAUTHORIZED = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_TIMEOUT = 4408
CLOSE_TOO_MANY = 4429
CLOSE_TOO_BIG = 1009

FOLLOW_SECONDS = 10.0
"""How long a client without an Authorization header has to send its `follow` message."""


FollowInclude = Annotated[list[Literal["moves"]], msgspec.Meta(max_length=1, description=(
    "`[\"moves\"]`: your seat's legal moves in the snapshot and in each update that brings "
    "you to the game's latest version (seats only)."))]


class FollowMessage(msgspec.Struct, tag="follow", tag_field="type", forbid_unknown_fields=True):
    token: str | None = None
    after_version: Version | None = None
    include: FollowInclude | None = None


class CommandMessage(msgspec.Struct, tag="command", tag_field="type", forbid_unknown_fields=True):
    expected_version: Version
    command: dict[str, Any]
    request_id: str | None = None
    idempotency_key: Key | None = None
    include: IncludeList | None = None


class PingMessage(msgspec.Struct, tag="ping", tag_field="type"):
    request_id: str | None = None


class ChatMessage(msgspec.Struct, tag="chat", tag_field="type", forbid_unknown_fields=True):
    """A line for the table's chat (`api/service/chat.py`); everyone following the game is
    pushed it as a `chat` message."""

    text: str
    request_id: str | None = None


ClientMessage = CommandMessage | PingMessage | FollowMessage | ChatMessage
_FOLLOW = msgspec.json.Decoder(FollowMessage)
_MESSAGE = msgspec.json.Decoder(ClientMessage)


class GameSession:
    """One connected client of one game, as one seat or a spectator."""

    def __init__(
        self, socket: WebSocket[Any, Any, Any], runtime: Runtime, game_id: uuid.UUID,
        seat: int | None, token: str | None,
    ) -> None:
        self.socket = socket
        self.runtime = runtime
        self.service: GameService = runtime.service
        self.game_id = game_id
        self.seat = seat
        self.token = token
        self.version = 0
        """The last version this client has received."""
        self.moves = False
        """Whether it asked for its legal moves in updates (`include: ["moves"]`)."""
        self._send_lock = asyncio.Lock()
        self.channel: Channel | None = None
        self.chat_viewer: str | None = None
        """The player reading the table's chat (their mutes apply)."""

    async def send_text(self, text: str) -> None:
        async with self._send_lock:
            await self.socket.send_data(text, mode="text")

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_text(msgspec.json.encode(message).decode())

    async def drop(self) -> None:
        await self.socket.close()

    async def receive(self) -> None:
        """Answer the client's messages; replies go to this client only."""
        settings = self.runtime.settings
        while True:
            raw = await self.socket.receive_data(mode="text")
            message = await self._parse(raw, settings.max_body_bytes, settings.max_json_depth)
            if message is None:
                continue
            if isinstance(message, PingMessage):
                await self.send({"type": "pong", "request_id": message.request_id,
                                 "version": self.version})
                continue
            if isinstance(message, FollowMessage):
                await self._error(None, ErrorBody(
                    "already_following", "this socket already follows the game; "
                    "reconnect to follow as another seat"))
                continue
            if isinstance(message, ChatMessage):
                await self._chat(message)
                continue
            await self._command(message)

    async def _chat(self, message: ChatMessage) -> None:
        try:
            line = await self.runtime.chat.post(self.game_id, self.token, message.text)
        except Exception as exc:
            await self._error(message.request_id, error_of(exc)[1])
            return
        await self.send({"type": "chat_accepted", "request_id": message.request_id,
                         "seq": line.seq})

    async def _parse(
        self, raw: str | bytes, max_bytes: int, max_depth: int
    ) -> ClientMessage | None:
        if len(raw) > max_bytes:
            await self.socket.close(CLOSE_TOO_BIG, "message too large")
            raise WebSocketDisconnect(detail="message too large")
        if too_deep(raw, max_depth):
            await self._error(None, too_deep_error(max_depth).body)
            return None
        try:
            message: ClientMessage = _MESSAGE.decode(raw)
            return message
        except msgspec.DecodeError as exc:
            await self._error(request_id_of(raw), ErrorBody("malformed_message", str(exc)))
            return None

    async def _command(self, message: CommandMessage) -> None:
        try:
            self.runtime.limits.check_command(self.runtime.client_of(self.socket))
            result, after = await self.service.submit_for_reply(
                self.game_id, self.token, message.expected_version, message.command,
                message.idempotency_key, include=frozenset(message.include or ()),
            )
        except Exception as exc:
            await self._error(message.request_id, error_of(exc)[1], "command_rejected")
            return
        if self.channel is not None:  # this client's update comes before the reply
            with contextlib.suppress(Exception):
                await self.channel.advance(result.last_version)
        reply: dict[str, Any] = {
            "type": "command_accepted", "request_id": message.request_id,
            "first_version": result.first_version, "version": result.last_version,
            "replayed": result.replayed,
        }
        if after is not None:
            reply["next"] = after
        await self.send(reply)

    async def _error(self, request_id: str | None, error: ErrorBody, kind: str = "error") -> None:
        await self.send({"type": kind, "request_id": request_id,
                         "error": msgspec.to_builtins(with_request_id(error))})


async def _refuse(socket: WebSocket[Any, Any, Any], body: ErrorBody, close_code: int) -> None:
    await socket.send_data(
        msgspec.json.encode({"type": "error", "request_id": None,
                             "error": msgspec.to_builtins(with_request_id(body))}).decode(),
        mode="text",
    )
    await socket.close(close_code, body.code)


async def _follow_message(
    socket: WebSocket[Any, Any, Any], runtime: Runtime
) -> FollowMessage:
    """The client's first message, which must be `follow` (the token travels there)."""
    async with asyncio.timeout(FOLLOW_SECONDS):
        raw = await socket.receive_data(mode="text")
    settings = runtime.settings
    if len(raw) > settings.max_body_bytes or too_deep(raw, settings.max_json_depth):
        raise Invalid("malformed_message", "the follow message is too large or too deep")
    try:
        return _FOLLOW.decode(raw)
    except msgspec.DecodeError as exc:
        raise Invalid(
            "follow_expected",
            f'send {{"type": "follow", "token": ...}} first (or an Authorization header): {exc}',
        ) from None


@websocket("/games/{game_id:str}/ws", name="game_socket")
async def game_socket(socket: WebSocket[Any, Any, Any], game_id: FromPath[str]) -> None:
    """Follow a game: the token in an Authorization header or in the first `follow` message."""
    runtime = runtime_of(socket)
    sockets: OpenSockets = socket.app.state.open_sockets
    client = runtime.client_of(socket)
    await socket.accept()
    if not sockets.open(client):
        await _refuse(socket, ErrorBody(
            "too_many_sockets", f"at most {sockets.limit} open sockets from one client; "
            "close one first", {"limit": sockets.limit}), CLOSE_TOO_MANY)
        return
    try:
        await _session(socket, runtime, game_id)
    finally:
        sockets.close(client)


async def _session(socket: WebSocket[Any, Any, Any], runtime: Runtime, game_id: str) -> None:
    """The accepted socket's session: its follow (or refusal), then updates and commands."""
    service = runtime.service
    params = socket.query_params
    header = socket.headers.get("authorization")
    try:
        if "token" in params:
            raise Invalid(
                "token_in_url",
                "seat tokens are not taken from the URL (it is logged): send it in an "
                'Authorization header or in the first message {"type": "follow", "token": ...}',
            )
        token = bearer(header)
        after = None
        include = _include(params.get("include"))
        if header is None:
            follow = await _follow_message(socket, runtime)
            token, after = follow.token, follow.after_version
            include = include or bool(follow.include)
        gid = parse_game_id(game_id)
        if after is None:
            after = _after_version(params.get("after_version"))
        token = token or socket.cookies.get(COOKIE)  # a signed-in browser's player
        _, seat = await service.caller(gid, token)
        if include and seat is None:
            if not (token and is_player_credential(token)):
                raise Invalid("invalid_include", "a spectator has no legal moves to include")
            include = False  # a signed-in player watching a game it has no seat in
        current = (await service.record(gid)).version
        if after is not None and after > current:
            raise Invalid(
                "invalid_after_version", f"after_version must be between 0 and {current}",
                {"current_version": current},
            )
    except TimeoutError:
        await _refuse(socket, ErrorBody("follow_expected", "no follow message came"),
                      CLOSE_TIMEOUT)
        return
    except (Refusal, ApiError) as exc:
        status, body = error_of(exc)
        close = {401: CLOSE_UNAUTHORIZED, 404: CLOSE_NOT_FOUND}.get(status, CLOSE_BAD_REQUEST)
        await _refuse(socket, body, close)
        return
    except WebSocketDisconnect:
        return
    session = GameSession(socket, runtime, gid, seat, token)
    session.moves = include
    channel = await runtime.hub.channel(gid)
    session.channel = channel
    chat_feed = runtime.chat_feed
    try:
        viewer = await runtime.chat.viewer(token)
        session.chat_viewer = None if viewer is None else str(viewer)
        if chat_feed is not None:
            await chat_feed.join(gid, session)
        await session.send({
            "type": "hello", "game_id": str(gid), "seat": seat, "version": current,
            "heartbeat_seconds": runtime.settings.heartbeat_seconds,
        })
        await channel.join(session, after)
        await session.receive()
    except WebSocketDisconnect:
        pass
    finally:
        runtime.hub.release(channel, session)
        if chat_feed is not None:
            chat_feed.leave(gid, session)
        with contextlib.suppress(Exception):
            await socket.close()


def _include(raw: str | None) -> bool:
    """The `include` query parameter (for clients that log in with a header): `moves`."""
    if raw is None or raw == "":
        return False
    if raw != "moves":
        raise Invalid("invalid_include", 'include must be "moves"')
    return True


def _after_version(raw: str | None) -> int | None:
    if raw is None or raw == "":
        return None
    try:
        after = int(raw)
    except ValueError:
        raise Invalid("invalid_after_version", "after_version must be an integer") from None
    if after < 0:
        raise Invalid("invalid_after_version", "after_version must be at least 0")
    return after


class _RequestId(msgspec.Struct):
    request_id: Any = None


_REQUEST_ID = msgspec.json.Decoder(_RequestId)


def request_id_of(raw: str | bytes) -> str | None:
    """The `request_id` of a message the protocol refuses, when it can be read from it (a
    JSON object with a string `request_id`), so the client can match the error to it."""
    try:
        found = _REQUEST_ID.decode(raw).request_id
    except msgspec.DecodeError:
        return None
    return found if isinstance(found, str) else None
