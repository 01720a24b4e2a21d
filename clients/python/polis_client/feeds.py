"""The player socket (`/players/me/ws`) and the lobby socket (`/lobby/ws?kind=`) as typed
async iterators.

The player socket logs in with the first message `{"type": "follow", "token": ...}` (never
a token in the URL) and is told of the player's turns, tables, games' ends and invitations
across all its games; the lobby socket is public and shows the public tables waiting for
players, then each change. Both tell everything that stands again on connecting (the turns
waiting, the invitations, the lobby), so a feed that loses its socket reconnects and
carries on with nothing missed but heartbeats.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any, Generic, Self, TypeVar
from urllib.parse import urlencode

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from polis_client.errors import PolisError
from polis_client.messages import (
    ErrorMessage,
    FeedPong,
    LobbyMessage,
    LobbySnapshot,
    LobbyTable,
    LobbyTableChanged,
    PlayerHello,
    PlayerMessage,
)

M = TypeVar("M")

_PLAYER: msgspec.json.Decoder[PlayerMessage] = msgspec.json.Decoder(PlayerMessage)
_LOBBY: msgspec.json.Decoder[LobbyMessage] = msgspec.json.Decoder(LobbyMessage)


class Feed(Generic[M]):
    """A socket of notices, decoded as `M`, reconnecting when it drops."""

    def __init__(self, url: str, first: dict[str, Any] | None,
                 decoder: msgspec.json.Decoder[M], retries: int = 5) -> None:
        self.url = url
        self._first = first
        self._decoder = decoder
        self.retries = retries
        self.reconnects = 0
        self._socket: ClientConnection | None = None
        self._pings: dict[str, asyncio.Future[FeedPong]] = {}
        self._counter = 0
        self._closing = False

    async def connect(self) -> None:
        socket = await connect(self.url)
        if self._first is not None:
            await socket.send(msgspec.json.encode(self._first).decode())
        self._socket = socket

    async def __aenter__(self) -> Self:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def __aiter__(self) -> AsyncIterator[M]:
        return self.messages()

    async def messages(self) -> AsyncIterator[M]:
        """Every message from the server, across reconnects. A refusal (an `error` with no
        `request_id`: the socket then closes) raises `PolisError`."""
        failures = 0
        while True:
            if self._socket is None:
                await self.connect()
            assert self._socket is not None
            try:
                async for raw in self._socket:
                    message = self._decoder.decode(raw)
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
            await asyncio.sleep(0.05 * failures)

    def _track(self, message: M) -> None:
        if isinstance(message, FeedPong):
            future = self._pings.pop(message.request_id or "", None)
            if future is not None and not future.done():
                future.set_result(message)
        elif isinstance(message, ErrorMessage):
            future = self._pings.pop(message.request_id or "", None)
            error = PolisError(message.error.status or 400, message.error)
            if future is not None and not future.done():
                future.set_exception(error)
            elif message.request_id is None:
                self._closing = True  # refused: the server closes the socket
                raise error

    async def ping(self, timeout: float = 10.0) -> FeedPong:
        """Ask for a `pong` and wait for it (the message iterator must be running: it
        delivers the reply, and yields it too)."""
        assert self._socket is not None, "connect first"
        self._counter += 1
        request_id = f"p{self._counter}"
        future: asyncio.Future[FeedPong] = asyncio.get_running_loop().create_future()
        self._pings[request_id] = future
        await self._socket.send(msgspec.json.encode(
            {"type": "ping", "request_id": request_id}).decode())
        async with asyncio.timeout(timeout):
            return await future

    async def drop(self) -> None:
        """Close the socket under the feed (as a network failure would): the iterator
        reconnects, and the server tells again what stands."""
        if self._socket is not None:
            await self._socket.close()

    async def stop(self) -> None:
        self._closing = True
        if self._socket is not None:
            await self._socket.close()


class PlayerFeed(Feed[PlayerMessage]):
    """One player's socket: `your_turn`, `table`, `game_over`, `invitation`, `heartbeat`
    (and `pong`), for every game the player holds a seat in. `token` is a player's (a
    guest's, or a JWT), not a seat token."""

    def __init__(self, ws_base: str, token: str, retries: int = 5) -> None:
        super().__init__(f"{ws_base.rstrip('/')}/players/me/ws",
                         {"type": "follow", "token": token}, _PLAYER, retries)
        self.hello: PlayerHello | None = None
        """The last `hello` (who the socket logged in as)."""

    def _track(self, message: PlayerMessage) -> None:
        super()._track(message)
        if isinstance(message, PlayerHello):
            self.hello = message


class LobbyFeed(Feed[LobbyMessage]):
    """The public tables waiting for players (of `kind`, or of every kind): a `lobby`
    message, then a `lobby_table` for each change. `tables` keeps the lobby as it stands."""

    def __init__(self, ws_base: str, kind: str | None = None, retries: int = 5) -> None:
        query = f"?{urlencode({'kind': kind})}" if kind else ""
        super().__init__(f"{ws_base.rstrip('/')}/lobby/ws{query}", None, _LOBBY, retries)
        self.tables: dict[str, LobbyTable] = {}
        """The tables in the lobby by game id, as the messages so far leave it."""

    def _track(self, message: LobbyMessage) -> None:
        super()._track(message)
        if isinstance(message, LobbySnapshot):
            self.tables = {t.game.game_id: t for t in message.tables}
        elif isinstance(message, LobbyTableChanged):
            game_id = message.table.game.game_id
            if message.change in ("started", "closed"):
                self.tables.pop(game_id, None)
            else:
                self.tables[game_id] = message.table


@contextlib.asynccontextmanager
async def player_feed(ws_base: str, token: str) -> AsyncIterator[PlayerFeed]:
    """A connected player socket, closed on exit."""
    feed = PlayerFeed(ws_base, token)
    await feed.connect()
    try:
        yield feed
    finally:
        await feed.stop()


@contextlib.asynccontextmanager
async def lobby_feed(ws_base: str, kind: str | None = None) -> AsyncIterator[LobbyFeed]:
    """A connected lobby socket, closed on exit."""
    feed = LobbyFeed(ws_base, kind)
    await feed.connect()
    try:
        yield feed
    finally:
        await feed.stop()
