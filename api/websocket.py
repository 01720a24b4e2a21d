"""The game WebSocket: the current view, then every new version, and commands with replies.

The protocol is documented in `openapi/websocket.md`. Everything a session sends is read
from PostgreSQL by (game, after version) and redacted for its seat, whether it is live,
catch-up after a wake-up, or resume after a reconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from typing import Any

import msgspec
from litestar import WebSocket, websocket
from litestar.exceptions import WebSocketDisconnect
from litestar.params import FromPath

from api.errors import ApiError, ErrorBody, error_of
from api.game_service import GameService, parse_game_id
from api.runtime import runtime_of
from api.schemas import Key, Version
from api.tokens import bearer
from projections.views import read_views

CLOSE_BAD_REQUEST = 4400
CLOSE_UNAUTHORIZED = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_TOO_BIG = 1009


class CommandMessage(msgspec.Struct, tag="command", tag_field="type", forbid_unknown_fields=True):
    expected_version: Version
    command: dict[str, Any]
    request_id: str | None = None
    idempotency_key: Key | None = None


class PingMessage(msgspec.Struct, tag="ping", tag_field="type"):
    request_id: str | None = None


ClientMessage = CommandMessage | PingMessage


class GameSession:
    """One connected client of one game, as one seat or a spectator."""

    def __init__(
        self, socket: WebSocket[Any, Any, Any], service: GameService, game_id: uuid.UUID,
        seat: int | None, token: str | None, max_bytes: int,
    ) -> None:
        self.socket = socket
        self.service = service
        self.game_id = game_id
        self.seat = seat
        self.token = token
        self.max_bytes = max_bytes
        self.version = 0
        """The last version this client has received."""
        self._send_lock = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send_data(msgspec.json.encode(message).decode(), mode="text")

    async def catch_up(self) -> None:
        """Send one `update` per commit point after `self.version`, in order."""
        async with self._send_lock:
            record = await self.service.record(self.game_id)
            _, events = await self.service.events(
                record, self.seat, self.version, full_when_over=False
            )
            if not events:
                return
            rows = await read_views(
                self.service.store.pool, self.game_id, self.seat, self.version,
                events[-1][0].version,
            )
            pending = iter(events)
            for version, view in rows:
                batch = []
                for stored, kind, payload in pending:
                    batch.append({
                        "version": stored.version, "type": kind, "seat": stored.seat,
                        "recorded_at": stored.recorded_at.isoformat(),
                        "event": msgspec.Raw(payload),
                    })
                    if stored.version == version:
                        break
                await self.send({
                    "type": "update", "game_id": str(self.game_id),
                    "after_version": self.version, "version": version,
                    "events": batch, "view": msgspec.Raw(view.encode()),
                })
                self.version = version

    async def pump(self, flag: asyncio.Event, heartbeat: float, closing: asyncio.Event) -> None:
        """Catch up whenever woken; on a quiet interval, re-check PostgreSQL and heartbeat."""
        while not closing.is_set():
            try:
                await asyncio.wait_for(flag.wait(), heartbeat)
                woken = True
            except TimeoutError:
                woken = False
            flag.clear()
            await self.catch_up()
            if not woken:
                async with self._send_lock:
                    await self.send({"type": "heartbeat", "version": self.version})

    async def receive(self) -> None:
        """Answer the client's messages; replies go to this client only."""
        while True:
            raw = await self.socket.receive_data(mode="text")
            if len(raw) > self.max_bytes:
                await self.socket.close(CLOSE_TOO_BIG, "message too large")
                return
            try:
                message = msgspec.json.decode(raw, type=ClientMessage)
            except msgspec.DecodeError as exc:
                await self._error(None, ErrorBody("malformed_message", str(exc)))
                continue
            if isinstance(message, PingMessage):
                async with self._send_lock:
                    await self.send({"type": "pong", "request_id": message.request_id,
                                     "version": self.version})
                continue
            await self._command(message)

    async def _command(self, message: CommandMessage) -> None:
        try:
            result = await self.service.submit(
                self.game_id, self.token, message.expected_version, message.command,
                message.idempotency_key,
            )
        except Exception as exc:
            await self._error(message.request_id, error_of(exc)[1], "command_rejected")
            return
        await self.catch_up()  # the update of this version reaches the client before the reply
        async with self._send_lock:
            await self.send({
                "type": "command_accepted", "request_id": message.request_id,
                "first_version": result.first_version, "version": result.last_version,
                "replayed": result.replayed,
            })

    async def _error(self, request_id: str | None, error: ErrorBody, kind: str = "error") -> None:
        async with self._send_lock:
            await self.send({"type": kind, "request_id": request_id,
                             "error": msgspec.to_builtins(error)})


async def _refuse(socket: WebSocket[Any, Any, Any], exc: ApiError, close_code: int) -> None:
    await socket.send_data(
        msgspec.json.encode({"type": "error", "request_id": None,
                             "error": msgspec.to_builtins(exc.body)}).decode(),
        mode="text",
    )
    await socket.close(close_code, exc.body.code)


@websocket("/games/{game_id:str}/ws", name="game_socket")
async def game_socket(socket: WebSocket[Any, Any, Any], game_id: FromPath[str]) -> None:
    """Follow a game; `token` and `after_version` come as query parameters."""
    runtime = runtime_of(socket)
    service = runtime.service
    await socket.accept()
    params = socket.query_params
    token = params.get("token") or bearer(socket.headers.get("authorization"))
    try:
        gid = parse_game_id(game_id)
        record = await service.record(gid)
        seat = service.seat(record, token)
        after = _after_version(params.get("after_version"), record.version)
    except ApiError as exc:
        close = {401: CLOSE_UNAUTHORIZED, 404: CLOSE_NOT_FOUND}.get(exc.status, CLOSE_BAD_REQUEST)
        await _refuse(socket, exc, close)
        return
    session = GameSession(socket, service, gid, seat, token, runtime.settings.max_body_bytes)
    flag = runtime.hub.follow(gid)
    try:
        await session.send({
            "type": "hello", "game_id": str(gid), "seat": seat, "version": record.version,
            "heartbeat_seconds": runtime.settings.heartbeat_seconds,
        })
        if after is None:
            version, view = await service.view(gid, seat)
            session.version = version
            await session.send({"type": "snapshot", "game_id": str(gid), "version": version,
                                "view": msgspec.Raw(view.encode())})
        else:
            session.version = after
        await session.catch_up()
        pump = asyncio.create_task(
            session.pump(flag, runtime.settings.heartbeat_seconds, runtime.hub.closing)
        )
        receive = asyncio.create_task(session.receive())
        await asyncio.wait({pump, receive}, return_when=asyncio.FIRST_COMPLETED)
        for task in (pump, receive):
            task.cancel()
        for task in (pump, receive):
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, Exception):
                await task
    except WebSocketDisconnect:
        pass
    finally:
        runtime.hub.unfollow(gid, flag)
        with contextlib.suppress(Exception):
            await socket.close()


def _after_version(raw: str | None, current: int) -> int | None:
    if raw is None or raw == "":
        return None
    try:
        after = int(raw)
    except ValueError:
        raise ApiError(400, "invalid_after_version", "after_version must be an integer") from None
    if not 0 <= after <= current:
        raise ApiError(
            400, "invalid_after_version", f"after_version must be between 0 and {current}",
            {"current_version": current},
        )
    return after
