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
from typing import Any, Generic, Self, TypeVar, get_args
from urllib.parse import urlencode

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

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


_END = object()
"""Queued after the last message: the feed stopped (or gave up)."""


def _tags(union: Any) -> frozenset[str]:
    return frozenset(t.__struct_config__.tag for t in get_args(union))


class Feed(Generic[M]):
    """A socket of notices, read by a task of its own from `connect` to `stop` (so `ping`
    needs no one iterating), decoded as `M` and queued for the iterator; it reconnects when
    the socket drops. A message of a type this client does not know (a newer server's) is
    skipped."""

    def __init__(self, url: str, first: dict[str, Any] | None,
                 decoder: msgspec.json.Decoder[M], known: frozenset[str],
                 retries: int = 5) -> None:
        self.url = url
        self._first = first
        self._decoder = decoder
        self._known = known
        self.retries = retries
        self.reconnects = 0
        self._socket: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._queue: asyncio.Queue[Any] = asyncio.Queue()
        self._pings: dict[str, asyncio.Future[FeedPong]] = {}
        self._counter = 0
        self._closing = False

    async def connect(self) -> None:
        """Open the socket (and log in); from now on its messages are queued."""
        await self._open()
        self._reader = asyncio.create_task(self._read())

    async def _open(self) -> None:
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
        """Every message from the server, across reconnects, until `stop`. A refusal (an
        `error` with no `request_id`: the socket then closes) raises `PolisError`; giving up
        after `retries` failed reconnects in a row, `ConnectionError`."""
        if self._reader is None:
            await self.connect()
        while True:
            item = await self._queue.get()
            if item is _END:
                self._queue.put_nowait(_END)  # for any other iterator
                return
            if isinstance(item, Exception):
                raise item
            yield item

    async def _read(self) -> None:
        failures = 0
        try:
            while not self._closing:
                if self._socket is None:
                    try:
                        await self._open()
                    except (OSError, WebSocketException):
                        failures += 1
                        if failures > self.retries:
                            raise
                        await asyncio.sleep(0.05 * failures)
                        continue
                socket = self._socket
                assert socket is not None
                try:
                    async for raw in socket:
                        failures = 0
                        message = self._decode(raw)
                        if message is not None:
                            self._track(message)
                            self._queue.put_nowait(message)
                except ConnectionClosed:
                    pass
                self._socket = None
                if self._closing:
                    break
                failures += 1
                if failures > self.retries:
                    raise ConnectionError(f"{self.url}: gave up after {self.retries} reconnects")
                self.reconnects += 1
                await asyncio.sleep(0.05 * failures)
        except Exception as exc:
            self._queue.put_nowait(exc)
        finally:
            self._queue.put_nowait(_END)

    def _decode(self, raw: str | bytes) -> M | None:
        try:
            return self._decoder.decode(raw)
        except msgspec.ValidationError:
            kind = msgspec.json.decode(raw, type=dict[str, Any]).get("type")
            if kind in self._known:
                raise
            return None

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
        """Ask for a `pong` and wait for it (it is queued for the iterator too)."""
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
        """Close the socket under the feed (as a network failure would): it reconnects, and
        the server tells again what stands."""
        if self._socket is not None:
            await self._socket.close()

    async def stop(self) -> None:
        """Close the socket; the iterator ends after the messages already queued."""
        self._closing = True
        if self._socket is not None:
            await self._socket.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader


class PlayerFeed(Feed[PlayerMessage]):
    """One player's socket: `your_turn`, `table`, `game_over`, `invitation`, `heartbeat`
    (and `pong`), for every game the player holds a seat in. `token` is a player's (a
    guest's, or a JWT), not a seat token."""

    def __init__(self, ws_base: str, token: str, retries: int = 5) -> None:
        super().__init__(f"{ws_base.rstrip('/')}/players/me/ws",
                         {"type": "follow", "token": token}, _PLAYER, _tags(PlayerMessage),
                         retries)
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
        super().__init__(f"{ws_base.rstrip('/')}/lobby/ws{query}", None, _LOBBY,
                         _tags(LobbyMessage), retries)
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
