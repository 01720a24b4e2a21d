"""Live fan-out: one read per game and new version per process, shared by every socket.

Each followed game has a `Channel` holding its local sessions, all at the channel's
version. A commit made by this process is sent from memory (its events and views are at
hand: no read at all). When the game reaches a new version elsewhere (a Redis wake-up, or
the periodic check), the channel reads the new events and views once. Either way they are
redacted and encoded once per audience (each seat, the spectators) and the same bytes go
to every session of that audience. Sessions join under the channel's lock, so none misses
or repeats a version.

A seat that follows with `include: ["moves"]` also gets its legal moves in the update
that brings it to the game's latest version (and in its snapshot): taken from the
committing process's memory, or from this process's folded game, refreshed once per game
and version for every such session; none when the folded game is already past that
version (the next update carries them).

Heartbeats come from one task per process and never query per socket; the same task asks
PostgreSQL, in one query for every followed game, whether a wake-up was lost (Redis down,
a publish dropped), and after Redis reconnects the same single query runs instead of every
socket re-reading at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Any, Protocol

import msgspec

from api.service.clocks import ClocksAt
from api.service.commands import Committed, event_type_name
from api.service.replies import players_moves
from domain.kernel import Game
from infra import service_clock
from infra.db import read_again
from infra.event_store import EventStore
from projections.rulesets import decoder_of
from projections.views import SPECTATOR, read_view, seat_key

_log = logging.getLogger(__name__)

NO_CLOCKS: ClocksAt = (None, None)

SEND_TIMEOUT = 10.0
"""A socket that cannot take a message within this many seconds is dropped."""


class Sink(Protocol):
    """A connected client as the fan-out sees it."""

    seat: int | None
    version: int
    moves: bool
    """Whether it asked for its legal moves in updates (seats only)."""

    async def send_text(self, text: str) -> None: ...

    async def drop(self) -> None: ...


Moves = list[msgspec.Raw]
MovesOf = Callable[[int], Moves]
"""A seat's legal moves (encoded) at one version of a game."""


class Row(msgspec.Struct, array_like=True):
    version: int
    type: str
    payload: msgspec.Raw
    seat: int | None
    recorded_at: datetime
    views: msgspec.Raw | None
    """`[[seat key, view], ...]` at commit points, null inside an append."""


_ROWS = msgspec.json.Decoder(list[tuple[int, msgspec.Raw]])

_READ = """
SELECT e.version, e.type, e.payload::text, e.seat, e.recorded_at,
       (SELECT '[' || string_agg('[' || v.seat || ',' || v.view || ']', ',') || ']'
        FROM views v WHERE v.game_id = e.game_id AND v.version = e.version) AS views
FROM events e
WHERE e.game_id = $1 AND e.version > $2 AND ($3::bigint IS NULL OR e.version <= $3)
ORDER BY e.version
"""


async def read_updates(
    store: EventStore, game_id: uuid.UUID, after: int, up_to: int | None = None
) -> list[Row]:
    """Events after `after` with the views of each commit point: one query."""
    rows = await read_again(
        lambda: store.run(lambda conn: conn.fetch(_READ, game_id, after, up_to)))
    return [
        Row(r[0], r[1], msgspec.Raw(r[2].encode()), r[3], r[4],
            None if r[5] is None else msgspec.Raw(r[5].encode()))
        for r in rows
    ]


def last_commit(rows: list[Row]) -> int | None:
    """The version of the last commit point among `rows` (None: none)."""
    return next((r.version for r in reversed(rows) if r.views is not None), None)


def updates_for(
    game: Game, game_id: uuid.UUID, rows: list[Row], after: int, seat: int | None,
    clocks: Mapping[int, ClocksAt] | None = None, moves: tuple[int, Moves] | None = None,
) -> tuple[list[str], int]:
    """The `update` messages of `rows` for one audience (one per commit point), and the
    version they end at; `clocks` by commit point (none: no clock); `moves`: (version,
    the seat's legal moves there), added to that version's update when it is the last."""
    decode, encode = decoder_of(game).decode, msgspec.json.encode
    key = seat_key(seat)
    messages: list[dict[str, Any]] = []
    batch: list[dict[str, Any]] = []
    for row in rows:
        redacted = game.redact(decode(row.payload), seat)
        batch.append({
            "version": row.version, "type": event_type_name(redacted), "seat": row.seat,
            "recorded_at": row.recorded_at, "event": msgspec.Raw(encode(redacted)),
        })
        if row.views is None:
            continue
        view = next((v for s, v in _ROWS.decode(row.views) if s == key), None)
        if view is None:
            continue
        clock, as_of = (clocks or {}).get(row.version, NO_CLOCKS)
        messages.append({
            "type": "update", "game_id": str(game_id), "after_version": after,
            "version": row.version, "events": batch, "view": view,
            "clocks": clock, "clocks_as_of": as_of,
        })
        after, batch = row.version, []
    if moves is not None and messages and messages[-1]["version"] == moves[0]:
        messages[-1]["moves"] = moves[1]
    return [encode(m).decode() for m in messages], after


class Channel:
    """The local sessions of one game and the version they all have."""

    def __init__(self, hub: Hub, game_id: uuid.UUID, game: Game) -> None:
        self.hub = hub
        self.game_id = game_id
        self.game = game
        self.version = -1
        """-1 until the first session joins."""
        self.sessions: set[Sink] = set()
        self.lock = asyncio.Lock()
        self.reads = 0
        """Reads of new versions made for this game (tests check fan-out shares them)."""
        self.timed: bool | None = None
        """Whether the game has clocks (None: not asked yet; asked once)."""
        self.pending: asyncio.Future[None] | None = None
        """The sending of this process's latest commit, from memory (`apply`)."""

    async def join(self, session: Sink, after: int | None) -> None:
        """Send the session its snapshot (or what it missed after `after`) and add it."""
        async with self.lock:
            if self.version < 0:
                found = await read_again(lambda: self.hub.store.versions([self.game_id]))
                self.version = found.get(self.game_id, 0)
            else:
                await self._advance(None)
            if after is None:
                found_view = await read_again(lambda: self.hub.store.run(
                    lambda conn: read_view(conn, self.game_id, session.seat, self.version)))
                version, view = found_view if found_view is not None else (self.version, "null")
                session.version = version
                clock, as_of = await self._clocks_at(version, service_clock.now())
                snapshot: dict[str, Any] = {
                    "type": "snapshot", "game_id": str(self.game_id), "version": version,
                    "view": msgspec.Raw(view.encode()), "clocks": clock, "clocks_as_of": as_of,
                }
                moves = await self._moves_for(session.seat if session.moves else None, version)
                if moves is not None:
                    snapshot["moves"] = moves[1]
                await session.send_text(msgspec.json.encode(snapshot).decode())
            else:
                rows = await read_updates(self.hub.store, self.game_id, after, self.version)
                moves = await self._moves_for(session.seat if session.moves else None,
                                              last_commit(rows))
                messages, reached = updates_for(self.game, self.game_id, rows, after, session.seat,
                                                await self._clocks(rows), moves)
                for text in messages:
                    await session.send_text(text)
                session.version = reached
            self.sessions.add(session)
            if session.moves and session.seat is not None and moves is None:
                # this process already folded a newer version than the one just sent (no
                # moves at that one): send its update, with the moves, now, not at the next
                # wake-up or heartbeat
                await self._advance(None)

    def leave(self, session: Sink) -> None:
        self.sessions.discard(session)

    async def advance(self, target: int | None) -> None:
        """Bring every session to the game's latest version (at least `target`)."""
        if self.pending is not None and not self.pending.done():
            # this process's own commit is being sent from memory: no read for it
            with contextlib.suppress(Exception):
                await asyncio.shield(self.pending)
        if target is not None and target <= self.version:
            return
        async with self.lock:
            if target is not None and target <= self.version:
                return
            await self._advance(target)

    async def _advance(self, target: int | None) -> None:
        if self.version < 0 or not self.sessions:
            return
        rows = await read_updates(self.hub.store, self.game_id, self.version)
        self.reads += 1
        self.hub.reads += 1
        if not rows:
            return
        by_audience = self._audiences()
        sends = []
        reached = self.version
        clocks = await self._clocks(rows)
        moves_of = await self._moves_of(any(with_moves for _, with_moves in by_audience),
                                        last_commit(rows))
        for (key, with_moves), sessions in by_audience.items():
            seat = None if key == SPECTATOR else key
            moves = None
            if with_moves and seat is not None and moves_of is not None:
                moves = (moves_of[0], moves_of[1](seat))
            messages, reached = updates_for(self.game, self.game_id, rows, self.version, seat,
                                            clocks, moves)
            for session in sessions:
                sends.append(self._deliver(session, messages, reached))
        await asyncio.gather(*sends)
        self.version = max(reached, self.version)

    async def apply(self, committed: Committed) -> None:
        """Send an append made by this process, from memory when it is the next one."""
        async with self.lock:
            if committed.last_version <= self.version or self.version < 0:
                return
            if committed.first_version != self.version + 1 or committed.recorded_at is None:
                await self._advance(None)  # something came in between: read
                return
            at = committed.recorded_at  # encoded like every timestamp: RFC 3339, Z
            clock, as_of = await self._clocks_at(committed.last_version, None)
            encode = msgspec.json.encode
            views = dict(committed.views)
            by_audience = self._audiences()
            state = committed.state
            sends = []
            for (key, with_moves), sessions in by_audience.items():
                seat = None if key == SPECTATOR else key
                batch = []
                for offset, event in enumerate(committed.events):
                    redacted = self.game.redact(event, seat)
                    batch.append({
                        "version": committed.first_version + offset,
                        "type": event_type_name(redacted), "seat": committed.seat,
                        "recorded_at": at, "event": msgspec.Raw(encode(redacted)),
                    })
                update: dict[str, Any] = {
                    "type": "update", "game_id": str(self.game_id),
                    "after_version": self.version, "version": committed.last_version,
                    "events": batch, "view": msgspec.Raw(views[key].encode()),
                    "clocks": clock, "clocks_as_of": as_of,
                }
                if with_moves and seat is not None and state is not None:
                    update["moves"] = encoded_moves(self.game, state, seat)
                text = encode(update).decode()
                for session in sessions:
                    sends.append(self._deliver(session, [text], committed.last_version))
            await asyncio.gather(*sends)
            self.version = committed.last_version

    def _audiences(self) -> dict[tuple[int, bool], list[Sink]]:
        """The sessions by what they are sent: (seat key, with legal moves)."""
        found: dict[tuple[int, bool], list[Sink]] = {}
        for session in self.sessions:
            key = seat_key(session.seat)
            found.setdefault((key, session.moves and key != SPECTATOR), []).append(session)
        return found

    async def _moves_of(self, wanted: bool, version: int | None) -> tuple[int, MovesOf] | None:
        """Legal moves by seat at `version` when some session wants them (one lookup for
        every audience)."""
        if not wanted or version is None:
            return None
        found = await self.hub.moves_at(self.game_id, version)
        return None if found is None else (version, found)

    async def _moves_for(self, seat: int | None, version: int | None) -> tuple[int, Moves] | None:
        """(version, the seat's legal moves there) for one session that asked, if known."""
        found = await self._moves_of(seat is not None, version)
        return None if found is None or seat is None else (found[0], found[1](seat))

    async def _clocks(self, rows: list[Row]) -> dict[int, ClocksAt] | None:
        """The clocks at each commit point of `rows`, as of its commit (None: no clock)."""
        found = {}
        for row in rows:
            if row.views is not None:
                found[row.version] = await self._clocks_at(row.version, None)
                if self.timed is False:
                    return None
        return found

    async def _clocks_at(self, version: int, now: float | None) -> ClocksAt:
        if self.timed is False:
            return NO_CLOCKS
        found = await self.hub.clocks_at(self.game_id, version, now)
        self.timed = found != NO_CLOCKS
        return found

    async def _deliver(self, session: Sink, messages: list[str], reached: int) -> None:
        try:
            async with asyncio.timeout(SEND_TIMEOUT):
                for text in messages:
                    await session.send_text(text)
            session.version = reached
        except Exception as exc:
            _log.info("dropping a follower of %s: %s", self.game_id, exc)
            self.sessions.discard(session)
            with contextlib.suppress(Exception):
                await session.drop()


def encoded_moves(game: Game, state: Any, seat: int) -> Moves:
    """The seat's legal moves on `state`, encoded as `GET /legal-moves` gives them."""
    encode = msgspec.json.encode
    return [msgspec.Raw(encode(m)) for m in players_moves(game, state, seat)]


GameLookup = Callable[[uuid.UUID], Awaitable[Game]]
MovesLookup = Callable[[uuid.UUID, int], Awaitable[MovesOf | None]]
"""Legal moves by seat of a game at exactly one version (None: not at hand there)."""


async def no_moves(game_id: uuid.UUID, version: int) -> MovesOf | None:
    return None
ClockLookup = Callable[[uuid.UUID, int, float | None], Awaitable[ClocksAt]]
"""A game's clocks at a version, as of a time (None: the version's commit time)."""


async def no_clocks(game_id: uuid.UUID, version: int, now: float | None) -> ClocksAt:
    return NO_CLOCKS


class Hub:
    """Every channel of this process, the heartbeat and the lost-wake-up check."""

    def __init__(
        self, store: EventStore, ruleset: GameLookup, heartbeat: float,
        clocks_at: ClockLookup = no_clocks, moves_at: MovesLookup = no_moves,
    ) -> None:
        self.store = store
        self.ruleset = ruleset
        self.clocks_at = clocks_at
        self.moves_at = moves_at
        self.heartbeat = heartbeat
        self.channels: dict[uuid.UUID, Channel] = {}
        self.reads = 0
        """Reads of new versions made for live followers, every game together."""
        self.closing = asyncio.Event()
        self.interest: Callable[[uuid.UUID, bool], None] = lambda game_id, followed: None
        """Told when a game gets its first local follower (True) and loses its last (False):
        the runtime subscribes to its wake-ups for that long."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._beat: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._beat is None:
            self._beat = asyncio.create_task(self._heartbeats(), name="heartbeats")

    async def stop(self) -> None:
        self.closing.set()
        if self._beat is not None:
            self._beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beat
        for task in list(self._tasks):
            task.cancel()
        for channel in list(self.channels.values()):
            for session in list(channel.sessions):
                with contextlib.suppress(Exception):
                    await session.drop()

    async def channel(self, game_id: uuid.UUID) -> Channel:
        found = self.channels.get(game_id)
        if found is None:
            game = await self.ruleset(game_id)
            found = self.channels.get(game_id)  # another join may have made it meanwhile
            if found is None:
                found = self.channels[game_id] = Channel(self, game_id, game)
                self.interest(game_id, True)
        return found

    def release(self, channel: Channel, session: Sink) -> None:
        channel.leave(session)
        if not channel.sessions and self.channels.get(channel.game_id) is channel:
            del self.channels[channel.game_id]
            self.interest(channel.game_id, False)

    def wake(self, game_id: uuid.UUID, version: int) -> None:
        """Game `game_id` reached `version`: fan it out (in the background)."""
        channel = self.channels.get(game_id)
        if channel is not None and version > channel.version:
            self._spawn(channel.advance(version))

    def committed(self, committed: Committed) -> None:
        """This process appended: send it to the local followers from memory."""
        channel = self.channels.get(committed.game_id)
        if channel is not None and committed.last_version > channel.version:
            channel.pending = self._spawn(channel.apply(committed))

    def wake_all(self, games: list[uuid.UUID] | None = None) -> None:
        """Wake-ups may have been lost (Redis reconnected; or `games`' subscriptions were
        just confirmed, after the reads of their followers): one check for all of them."""
        self._spawn(self.check(games))

    async def check(self, games: list[uuid.UUID] | None = None) -> None:
        """Advance every channel (of `games`) whose game moved on (one query for all)."""
        wanted = list(self.channels) if games is None else [
            g for g in games if g in self.channels]
        if not wanted:
            return
        versions = await self.store.versions(wanted)
        for game_id, version in versions.items():
            self.wake(game_id, version)

    def followers(self, game_id: uuid.UUID) -> int:
        channel = self.channels.get(game_id)
        return 0 if channel is None else len(channel.sessions)

    def sockets(self) -> int:
        return sum(len(c.sessions) for c in self.channels.values())

    def _spawn(self, work: Awaitable[None]) -> asyncio.Future[None]:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            _log.warning("fan-out failed: %s", task.exception())

    async def _heartbeats(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat)
            try:
                await self.check()
            except Exception as exc:
                _log.warning("version check failed: %s", exc)
            for channel in list(self.channels.values()):
                for session in list(channel.sessions):
                    text = f'{{"type":"heartbeat","version":{session.version}}}'
                    self._spawn(self._beat_one(channel, session, text))

    async def _beat_one(self, channel: Channel, session: Sink, text: str) -> None:
        try:
            async with asyncio.timeout(SEND_TIMEOUT):
                await session.send_text(text)
        except Exception:
            channel.leave(session)
            with contextlib.suppress(Exception):
                await session.drop()
