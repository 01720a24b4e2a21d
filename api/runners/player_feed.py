"""Player pushes: "your turn", a table changed, a game ended, across every game of a player.

A player's sockets (`api/ws/player_socket.py`) sit here by player. The games they hold
seats in (`seats_held`) are watched through the same per-game wake-ups as the game sockets
(the broker's game channels, counted with theirs): one read per game and new version per
process, whatever the number of sockets, and each socket of a player seated in it is told
what concerns its seat. A table that seats a player on another process reaches this one on
the player's topic (`player:<id>`, published by the process that appended); every
heartbeat the feed also reads, in one query for every local player, the games they hold
and the versions of those it watches, so a lost wake-up costs latency, never a push.

A player invited to a table (a seat reserved for it, as a rematch's) is told `invitation`
once, when the reservation appears (and again on each new socket while it stands).

`your_turn` goes to a seat at a version where it is acting (for 7 Wonders' simultaneous
steps: may act and has not chosen) when it was not acting at the version seen before, or
when it acted since (its own move opened its next turn): once per turn, not per version.
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

from api.service.notifications import turns_started
from infra.db import read_again
from infra.event_store import EventStore, GameRecord

_log = logging.getLogger(__name__)

SEND_TIMEOUT = 10.0
"""A socket that cannot take a message within this many seconds is dropped."""

TABLE_CHANGES = {"TableOpened": "opened", "SeatTaken": "joined", "SeatLeft": "left",
                 "SeatCleared": "left", "SeatDeclined": "left", "TableStarted": "started",
                 "TableExpired": "expired"}
"""The `table` change each table event makes (the last of an append is the one told)."""

HEARTBEAT = '{"type":"heartbeat"}'

NoticeKind = Literal["your_turn", "table", "game_over", "invitation"]


class Notice(msgspec.Struct, frozen=True):
    """What a player's sockets are told about one of its games."""

    kind: NoticeKind
    record: GameRecord
    seat: int
    change: str | None = None
    """For `table`: opened, joined, left, started or expired."""


class PlayerSink(Protocol):
    """A connected player socket as the feed sees it."""

    player_id: uuid.UUID

    async def notify(self, notice: Notice) -> None: ...

    async def send_text(self, text: str) -> None: ...

    async def drop(self) -> None: ...


class _Row(msgspec.Struct, array_like=True):
    version: int
    type: str
    seat: int | None


def player_topic(player_id: uuid.UUID) -> str:
    return f"player:{player_id}"


def seats_of(record: GameRecord) -> dict[uuid.UUID, int]:
    """The players holding a seat of the game, with their seat."""
    return {uuid.UUID(p): seat for seat, p in enumerate(record.players) if p}


def invited_of(record: GameRecord) -> dict[uuid.UUID, int]:
    """The players a waiting table's seat is reserved for (invited), with that seat."""
    if not record.waiting or record.over:
        return {}
    return {uuid.UUID(r["player"]): int(r["seat"])
            for r in record.summary.get("reserved") or []}


def members_of(record: GameRecord) -> set[uuid.UUID]:
    """The players a game concerns: those seated and those invited."""
    return set(seats_of(record)) | set(invited_of(record))


def acting_of(record: GameRecord) -> set[int]:
    if record.over or record.waiting:
        return set()
    return {int(s) for s in record.summary.get("acting") or []}


class Watch:
    """One game watched for the local players seated in it, at the version last read."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.lock = asyncio.Lock()
        self.told: set[uuid.UUID] = set()
        """Local players already told of this game (found with it, or told of a change):
        one found later (another wake-up of the same table change) is told once too."""
        self.turns: dict[uuid.UUID, int] = {}
        """The version of the last `your_turn` each local player was told here: a turn
        found both by a table's topic and by the game's wake-up is told once."""

    @property
    def version(self) -> int:
        return self.record.version


Interest = Callable[[uuid.UUID, bool], None]
"""Hear (True) or stop hearing (False) a game's or a topic's wake-ups."""


class PlayerFeed:
    """Every local player socket, the games their players sit at, and their heartbeat."""

    def __init__(self, store: EventStore, heartbeat: float) -> None:
        self.store = store
        self.heartbeat = heartbeat
        self.sinks: dict[uuid.UUID, set[PlayerSink]] = {}
        self.watches: dict[uuid.UUID, Watch] = {}
        self.reads = 0
        """Reads of a watched game's new version (tests check sockets share them)."""
        self.follow: Interest = lambda game_id, on: None
        """Told when a game starts or stops being watched: the runtime hears its wake-ups."""
        self.listen: Callable[[str, bool], None] = lambda topic, on: None
        """Told when a player gets its first local socket or loses its last: its topic."""
        self._tasks: set[asyncio.Future[None]] = set()
        self._beat: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._beat is None:
            self._beat = asyncio.create_task(self._heartbeats(), name="player-heartbeats")

    async def stop(self) -> None:
        if self._beat is not None:
            self._beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beat
            self._beat = None
        for task in list(self._tasks):
            task.cancel()
        for sinks in list(self.sinks.values()):
            for sink in list(sinks):
                with contextlib.suppress(Exception):
                    await sink.drop()

    # -- sockets -------------------------------------------------------------------------
    async def join(self, sink: PlayerSink) -> None:
        """Add a socket; it is told its turns pending now (one `your_turn` per game)."""
        pid = sink.player_id
        first = pid not in self.sinks
        self.sinks.setdefault(pid, set()).add(sink)
        if first:
            self.listen(player_topic(pid), True)
        await self._discover([pid], tell=False)
        for watch in list(self.watches.values()):
            seat = seats_of(watch.record).get(pid)
            if seat is not None and seat in acting_of(watch.record):
                await self._deliver(sink, Notice("your_turn", watch.record, seat))
            invited = invited_of(watch.record).get(pid)
            if invited is not None:
                await self._deliver(sink, Notice("invitation", watch.record, invited))

    def leave(self, sink: PlayerSink) -> None:
        pid = sink.player_id
        sinks = self.sinks.get(pid)
        if sinks is None:
            return
        sinks.discard(sink)
        if not sinks:
            del self.sinks[pid]
            self.listen(player_topic(pid), False)
            for game_id, watch in list(self.watches.items()):
                if not any(p in self.sinks for p in members_of(watch.record)):
                    self._unwatch(game_id)

    def sockets(self) -> int:
        return sum(len(s) for s in self.sinks.values())

    # -- wake-ups ------------------------------------------------------------------------
    def wake(self, game_id: uuid.UUID, version: int) -> None:
        """A watched game reached `version` (a commit here, or another process's)."""
        watch = self.watches.get(game_id)
        if watch is not None and version > watch.version:
            self._spawn(self._advance(game_id, version))

    def seated(self, player_id: uuid.UUID | None, game_id: uuid.UUID | None) -> None:
        """A table seated `player_id` (None: any local player) at `game_id` (None: some
        table; the topic's subscription just became live)."""
        if game_id is not None and game_id in self.watches:
            self.wake(game_id, self.watches[game_id].version + 1)
            return
        players = list(self.sinks) if player_id is None else [player_id]
        if any(p in self.sinks for p in players):
            self._spawn(self._discover([p for p in players if p in self.sinks], tell=True))

    def check(self, games: list[uuid.UUID] | None = None) -> None:
        """Wake-ups may have been lost: read again what every watch (of `games`) missed."""
        self._spawn(self._check(games))

    async def _check(self, games: list[uuid.UUID] | None = None) -> None:
        wanted = list(self.watches) if games is None else [g for g in games
                                                            if g in self.watches]
        if wanted:
            versions = await read_again(lambda: self.store.versions(wanted))
            for game_id, version in versions.items():
                self.wake(game_id, version)

    # -- reading -------------------------------------------------------------------------
    async def _discover(self, players: list[uuid.UUID], tell: bool) -> None:
        """Watch the games `players` hold seats in that are not watched yet (one query);
        `tell`: a seat found now is news (the table seated the player since)."""
        if not players:
            return
        rows = await read_again(lambda: self.store.run(lambda conn: conn.fetch(
            """SELECT h.game_id FROM seats_held h JOIN games g USING (game_id)
               WHERE h.player_id = ANY($1::uuid[]) AND NOT g.over""", players)))
        found = {r["game_id"] for r in rows}
        new = list(found - set(self.watches))
        for game_id in found - set(new):  # watched already (another player's game too)
            watch = self.watches[game_id]
            late = [p for p in players if p in members_of(watch.record) - watch.told]
            if tell:  # found now for a player not told of it yet: tell it once
                await self._tell_found(watch, late)
            else:  # a new socket: `join` tells it what is pending
                watch.told.update(late)
        if not new:
            return
        for record in await read_again(lambda: self.store.records(new)):
            if record.game_id in self.watches:
                watch = self.watches[record.game_id]
                if tell:
                    await self._tell_found(watch, [p for p in players if p not in watch.told])
                continue
            watch = self.watches[record.game_id] = Watch(record)
            self.follow(record.game_id, True)
            if tell:
                await self._tell_found(watch, players)
            else:
                watch.told.update(p for p in players if p in members_of(record))

    async def _tell_found(self, watch: Watch, players: list[uuid.UUID]) -> None:
        """Tell `players` of a table that seated or invited them (found by `_discover`)."""
        record = watch.record
        change = "started" if not record.waiting else "joined"
        for pid, seat in seats_of(record).items():
            if pid in players:
                watch.told.add(pid)
                await self._tell(pid, Notice("table", record, seat, change))
                if seat in acting_of(record):
                    await self._your_turn(watch, pid, record, seat)
        for pid, seat in invited_of(record).items():
            if pid in players:
                watch.told.add(pid)
                await self._tell(pid, Notice("invitation", record, seat))

    async def _advance(self, game_id: uuid.UUID, target: int) -> None:
        watch = self.watches.get(game_id)
        if watch is None:
            return
        async with watch.lock:
            if target <= watch.version or self.watches.get(game_id) is not watch:
                return
            found = await read_again(lambda: self.store.records([game_id]))
            if not found or found[0].version <= watch.version:
                return
            record = found[0]
            rows = await read_again(lambda: self.store.run(lambda conn: conn.fetch(
                """SELECT version, type, seat FROM events WHERE game_id = $1
                     AND version > $2 AND version <= $3 ORDER BY version""",
                game_id, watch.version, record.version)))
            self.reads += 1
            before, watch.record = watch.record, record
            watch.told.update(p for p in members_of(before) | members_of(record)
                              if p in self.sinks)
            await self._changed(watch, before, record, [_Row(*r) for r in rows])
            if record.over or not any(p in self.sinks for p in members_of(record)):
                self._unwatch(game_id)

    async def _changed(self, watch: Watch, before: GameRecord, record: GameRecord,
                       rows: list[_Row]) -> None:
        """Tell each local player seated before or now what changed for its seat."""
        was, now = seats_of(before), seats_of(record)
        changes = [TABLE_CHANGES[r.type] for r in rows if r.type in TABLE_CHANGES]
        acted = {r.seat for r in rows if r.seat is not None}
        acting_before, acting = acting_of(before), acting_of(record)
        invited_before = invited_of(before)
        for pid, reserved in invited_of(record).items():
            if pid in self.sinks and pid not in invited_before:
                await self._tell(pid, Notice("invitation", record, reserved))
        for pid in [p for p in {**was, **now} if p in self.sinks]:
            seat = now.get(pid, was.get(pid))
            assert seat is not None
            if changes:
                await self._tell(pid, Notice("table", record, seat, changes[-1]))
            if pid not in now:
                continue
            if record.over and not before.over and changes[-1:] != ["expired"]:
                await self._tell(pid, Notice("game_over", record, seat))
            elif seat in turns_started(acting_before, acting, acted):
                await self._your_turn(watch, pid, record, seat)

    async def _your_turn(self, watch: Watch, pid: uuid.UUID, record: GameRecord,
                         seat: int) -> None:
        """Tell a player its turn at `record`'s version, unless told it there already."""
        if watch.turns.get(pid, -1) >= record.version:
            return
        watch.turns[pid] = record.version
        await self._tell(pid, Notice("your_turn", record, seat))

    def _unwatch(self, game_id: uuid.UUID) -> None:
        if self.watches.pop(game_id, None) is not None:
            self.follow(game_id, False)

    # -- sending -------------------------------------------------------------------------
    def tell_text(self, player_id: uuid.UUID, text: str) -> None:
        """Send a ready message (a matchmaking ticket's state, `api/runners/ticket_pushes.py`)
        to the player's sockets here."""
        for sink in list(self.sinks.get(player_id, ())):
            self._spawn(self._send(sink, functools.partial(sink.send_text, text)))

    async def _tell(self, player_id: uuid.UUID, notice: Notice) -> None:
        await asyncio.gather(*(self._deliver(s, notice)
                               for s in list(self.sinks.get(player_id, ()))))

    async def _deliver(self, sink: PlayerSink, notice: Notice) -> None:
        await self._send(sink, lambda: sink.notify(notice))

    async def _send(self, sink: PlayerSink, send: Callable[[], Awaitable[None]]) -> None:
        try:
            async with asyncio.timeout(SEND_TIMEOUT):
                await send()
        except Exception as exc:
            _log.info("dropping a player socket of %s: %s", sink.player_id, exc)
            self.leave(sink)
            with contextlib.suppress(Exception):
                await sink.drop()

    def _spawn(self, work: Awaitable[None]) -> asyncio.Future[None]:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Future[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            _log.warning("player feed failed: %s", task.exception())

    async def _heartbeats(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat)
            try:
                await self._discover(list(self.sinks), tell=True)
                await self._check()
            except Exception as exc:
                _log.warning("player check failed: %s", exc)
            for sinks in list(self.sinks.values()):
                for sink in list(sinks):
                    self._spawn(self._send(sink, functools.partial(sink.send_text, HEARTBEAT)))
