"""A WebSocket session of one game that resumes from the last version it saw.

The token goes in the first `follow` message (never in the URL). When the socket drops, the
session reconnects and follows again with `after_version` set to the last version received,
so the server sends exactly what was missed; every update is checked to start where the
previous one ended (`VersionGap` otherwise).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from polis_client.errors import PolisError, VersionGap
from polis_client.messages import (
    CommandAcceptedMessage,
    CommandRejected,
    ErrorMessage,
    Hello,
    Include,
    ServerMessage,
    Snapshot,
    Update,
)

_DECODE = msgspec.json.Decoder(ServerMessage)


class GameSession:
    """Follow one game as a seat (its token) or a spectator (None)."""

    def __init__(self, ws_base: str, game_id: str, token: str | None,
                 retries: int = 5, include_moves: bool = False) -> None:
        """`include_moves` (seats only): the snapshot and each update that brings the
        session to the game's latest version carry the seat's legal moves (`moves`)."""
        self.url = f"{ws_base.rstrip('/')}/games/{game_id}/ws"
        self.token = token
        self.include_moves = include_moves
        self.version: int | None = None
        """The last version received (None before the first snapshot)."""
        self.versions: list[int] = []
        """Every version received through updates, in order (for checking)."""
        self.reconnects = 0
        self.retries = retries
        self.hello: Hello | None = None
        self._socket: ClientConnection | None = None
        self._replies: dict[str, asyncio.Future[Any]] = {}
        self._counter = 0
        self._connected = asyncio.Event()

    async def connect(self) -> None:
        socket = await connect(self.url)
        follow: dict[str, Any] = {"type": "follow", "token": self.token,
                                  "after_version": self.version}
        if self.include_moves:
            follow["include"] = ["moves"]
        await socket.send(msgspec.json.encode(follow).decode())
        self._socket = socket
        self._connected.set()

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()

    async def drop(self) -> None:
        """Close the socket under the session (as a network failure would): the iterator
        reconnects and resumes."""
        self._connected.clear()
        if self._socket is not None:
            await self._socket.close()

    async def messages(self) -> AsyncIterator[ServerMessage]:
        """Every message from the server, across reconnects, checked for version gaps."""
        failures = 0
        while True:
            if self._socket is None:
                await self.connect()
            assert self._socket is not None
            try:
                async for raw in self._socket:
                    message = _DECODE.decode(raw)
                    self._track(message)
                    failures = 0
                    yield message
            except ConnectionClosed:
                pass
            if self._closing:
                return
            failures += 1
            if failures > self.retries:
                raise ConnectionError(f"{self.url}: gave up after {self.retries} reconnects")
            self.reconnects += 1
            self._socket = None
            self._connected.clear()
            await asyncio.sleep(0.05 * failures)

    _closing = False

    async def stop(self) -> None:
        self._closing = True
        await self.close()

    def _track(self, message: ServerMessage) -> None:
        if isinstance(message, Hello):
            self.hello = message
        elif isinstance(message, Snapshot):
            self.version = message.version
        elif isinstance(message, Update):
            if self.version is not None and message.after_version != self.version:
                raise VersionGap(f"update after {message.after_version}, but the last "
                                 f"version seen is {self.version}")
            seen = [e.version for e in message.events]
            expected = list(range(message.after_version + 1, message.version + 1))
            if seen != expected:
                raise VersionGap(f"update {message.after_version}..{message.version} "
                                 f"carries versions {seen}")
            self.versions.extend(seen)
            self.version = message.version
        elif isinstance(message, (CommandAcceptedMessage, CommandRejected, ErrorMessage)):
            future = self._replies.pop(message.request_id or "", None)
            if future is not None and not future.done():
                future.set_result(message)
            elif isinstance(message, ErrorMessage) and message.request_id is None:
                raise PolisError(message.error.status or 400, message.error)

    async def submit(self, expected_version: int, command: msgspec.Struct | msgspec.Raw,
                     idempotency_key: str | None = None, include: Sequence[Include] = ()
                     ) -> CommandAcceptedMessage:
        """Send a command over the socket and wait for its reply (the session's message
        iterator must be running, it delivers the reply). With `include`, the reply's `next`
        carries the seat's legal moves and/or view after the command; the `update` of those
        versions has already been received (the server sends it first)."""
        async with asyncio.timeout(10):
            await self._connected.wait()  # reconnecting after a drop: wait for the socket
        assert self._socket is not None
        self._counter += 1
        request_id = f"r{self._counter}"
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._replies[request_id] = future
        body: dict[str, Any] = {"type": "command", "request_id": request_id,
                                "expected_version": expected_version, "command": command}
        if idempotency_key is not None:
            body["idempotency_key"] = idempotency_key
        if include:
            body["include"] = list(include)
        await self._socket.send(msgspec.json.encode(body).decode())
        reply = await future
        if isinstance(reply, CommandAcceptedMessage):
            return reply
        raise PolisError(reply.error.status or 400, reply.error)


@contextlib.asynccontextmanager
async def following(ws_base: str, game_id: str, token: str | None,
                    include_moves: bool = False) -> AsyncIterator[GameSession]:
    session = GameSession(ws_base, game_id, token, include_moves=include_moves)
    try:
        yield session
    finally:
        await session.stop()
