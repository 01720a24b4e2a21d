"""Lobby pushes: public tables opening, filling, starting and closing.

While a process has lobby sockets it listens to the `lobby` topic, on which the process
that appends a change to a public table publishes it (`api/runtime.py`), and keeps the
public waiting tables in memory. A wake-up (or the heartbeat, so that a lost one costs
latency only) reads them again in one query, compares, and tells every socket what
changed: `opened` (new), `filling` (its seats changed), `started` or `closed` (gone from
the lobby: the game began, or the table expired). Wake-ups that come while a read runs are
served by one more read, not one each. A socket joins under the feed's lock with the
current tables as its snapshot, so it misses or repeats no change.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Literal, Protocol

import msgspec

from api.runners.player_feed import HEARTBEAT
from infra.db import read_again
from infra.event_store import EventStore, GameRecord

_log = logging.getLogger(__name__)

LOBBY_TOPIC = "lobby"
LISTED = 500
"""Public waiting tables kept (newest first); older ones are not pushed."""
SEND_TIMEOUT = 10.0

LobbyChange = Literal["opened", "filling", "started", "closed"]

_TABLES = """SELECT game_id FROM games WHERE waiting AND visibility = 'public' AND NOT over
             ORDER BY created_at DESC, game_id LIMIT $1"""


class LobbyNotice(msgspec.Struct, frozen=True):
    change: LobbyChange
    record: GameRecord


class LobbySink(Protocol):
    async def snapshot(self, records: list[GameRecord]) -> None: ...

    async def notify(self, notice: LobbyNotice) -> None: ...

    async def send_text(self, text: str) -> None: ...

    async def drop(self) -> None: ...


class LobbyFeed:
    """The lobby sockets of this process and the public tables they are shown."""

    def __init__(self, store: EventStore, heartbeat: float) -> None:
        self.store = store
        self.heartbeat = heartbeat
        self.sinks: set[LobbySink] = set()
        self.tables: dict[uuid.UUID, GameRecord] = {}
        self.reads = 0
        self.listen: Callable[[str, bool], None] = lambda topic, on: None
        self._lock = asyncio.Lock()
        self._dirty = False
        self._reading: asyncio.Task[None] | None = None
        self._beat: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Future[None]] = set()

    def start(self) -> None:
        if self._beat is None:
            self._beat = asyncio.create_task(self._heartbeats(), name="lobby-heartbeats")

    async def stop(self) -> None:
        for task in (self._beat, self._reading, *self._tasks):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self._beat = self._reading = None
        for sink in list(self.sinks):
            with contextlib.suppress(Exception):
                await sink.drop()

    async def join(self, sink: LobbySink) -> None:
        """Send the socket the tables listed now, then add it."""
        async with self._lock:
            if not self.sinks:
                self.listen(LOBBY_TOPIC, True)
                self.tables = {r.game_id: r for r in await self._listed()}
            await sink.snapshot(sorted(self.tables.values(),
                                       key=lambda r: (r.created_at, str(r.game_id)),
                                       reverse=True))
            self.sinks.add(sink)

    def leave(self, sink: LobbySink) -> None:
        if sink in self.sinks:
            self.sinks.discard(sink)
            if not self.sinks:
                self.listen(LOBBY_TOPIC, False)
                self.tables = {}

    def sockets(self) -> int:
        return len(self.sinks)

    def wake(self) -> None:
        """A public table changed somewhere (or wake-ups may have been lost): read again."""
        if not self.sinks:
            return
        self._dirty = True
        if self._reading is None or self._reading.done():
            self._reading = asyncio.create_task(self._read_while_dirty(), name="lobby-read")

    async def _read_while_dirty(self) -> None:
        while self._dirty and self.sinks:
            self._dirty = False
            try:
                await self._refresh()
            except Exception as exc:
                _log.warning("lobby read failed: %s", exc)

    async def _listed(self) -> list[GameRecord]:
        rows = await read_again(lambda: self.store.run(
            lambda conn: conn.fetch(_TABLES, LISTED)))
        self.reads += 1
        return await read_again(lambda: self.store.records([r["game_id"] for r in rows]))

    async def _refresh(self) -> None:
        async with self._lock:
            if not self.sinks:
                return
            listed = {r.game_id: r for r in await self._listed()}
            notices: list[LobbyNotice] = []
            for game_id, record in listed.items():
                known = self.tables.get(game_id)
                if known is None:
                    notices.append(LobbyNotice("opened", record))
                elif record.version > known.version:
                    notices.append(LobbyNotice("filling", record))
            gone = [g for g in self.tables if g not in listed]
            if gone:
                for record in await read_again(lambda: self.store.records(gone)):
                    started = not record.waiting and not record.over
                    notices.append(LobbyNotice("started" if started else "closed", record))
            self.tables = listed
            for notice in notices:
                await asyncio.gather(*(self._send(s, functools.partial(s.notify, notice))
                                       for s in list(self.sinks)))

    async def _send(self, sink: LobbySink, send: Callable[[], Awaitable[None]]) -> None:
        try:
            async with asyncio.timeout(SEND_TIMEOUT):
                await send()
        except Exception as exc:
            _log.info("dropping a lobby socket: %s", exc)
            self.leave(sink)
            with contextlib.suppress(Exception):
                await sink.drop()

    async def _heartbeats(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat)
            if not self.sinks:
                continue
            self.wake()
            for sink in list(self.sinks):
                task = asyncio.ensure_future(
                    self._send(sink, functools.partial(sink.send_text, HEARTBEAT)))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
