"""The games this process serves, folded once and kept: the command path's memory.

A `Folded` game holds the game's fixed record (kind, options, seat tokens), its ruleset, the
state at `version`, the commit points (who caused each append, who may act after it) and
the outcome of every command id. Commands decide on it and append with `version` as the
expected version, so the database still decides every race: an append that finds the
stream moved raises a conflict, and the game is refreshed by reading only the events after
`version`. States are never mutated (`evolve` and `step` are pure), so a failed append
leaves the kept state as it was.

The cache is bounded (least recently used games are dropped) and per process; nothing in it
is needed for correctness, only for speed.

Reads that accept any version from a given one on (`FoldedGames.current`) may skip the read
of what is new: a copy is trusted while the process hears every other process's appends to
it (its Redis subscription to the game is live and has not been re-made since the copy was
confirmed), no wake-up announced a newer version, and it was confirmed (appended to or read)
less than `trust_seconds` ago, which bounds how stale it can be if wake-ups stop arriving unnoticed
(a hung Redis). A read naming a version the game has not reached yet (`FoldedGames.reach`)
waits for it, woken by its wake-up or this process's append and reading again at least every
`POLL_SECONDS`, at most `wait_seconds`; then it is refused (`version_not_reached`).
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, NamedTuple

from api.service.refusals import game_not_found, version_not_reached
from domain.kernel.clocks import ClockMark
from domain.kernel.meta import CLOCK_EVENTS, clock_mark
from domain.kernel.table import TABLE_EVENTS
from infra.db import read_again
from infra.event_store import EventStore, GameRecord, StreamRow
from projections.rulesets import decoder_of, ruleset_of

POLL_SECONDS = 0.25
"""While a read waits for a version, how often it reads again without a wake-up."""


class Point(NamedTuple):
    """A commit point: the last version of one append."""

    version: int
    seat: int | None
    """The seat whose command made the append (None for set-up)."""
    acting: tuple[int, ...]
    """Seats that may act in the state at `version`."""
    at: float = 0.0
    """When the append committed: PostgreSQL's time, in seconds since the epoch (clocks)."""


class Outcome(NamedTuple):
    first_version: int
    last_version: int
    body_hash: str


class Folded:
    """One game as this process last saw it (see the module docstring)."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.game = ruleset_of(record)
        self.decode = decoder_of(self.game)
        self.state: Any = self.game.initial_state()
        self.version = 0
        self.points: list[Point] = []
        self.commands: dict[str, Outcome] = {}
        self.marks: list[ClockMark] = []
        """The clock's events (timeouts, hand-overs to bots) by version
        (`api/service/clocks.py`)."""
        self.lock = asyncio.Lock()
        """Held while a command of this game is decided and appended, and while refreshing."""
        self.head: bytes | None = None
        """The chain hash at `version` (None: not known here; a read then tells)."""
        self.heard = 0
        """The newest version a wake-up announced (appends of other processes)."""
        self.confirmed_at = float("-inf")
        """When (monotonic) this copy was last known to be the newest: the start of the read
        that refreshed it, or the append this process made."""
        self._news: asyncio.Event | None = None
        """Set when the game moves on (a wake-up, an append here): reads waiting for it."""

    def moved(self) -> None:
        """Wake the reads waiting for a newer version."""
        if self._news is not None:
            self._news.set()
            self._news = None

    async def news(self, timeout: float) -> None:
        """Until the game moves on (`moved`) or `timeout` seconds pass."""
        if self._news is None:
            self._news = asyncio.Event()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await self._news.wait()

    @property
    def game_id(self) -> uuid.UUID:
        return self.record.game_id

    def fold(self, rows: list[StreamRow]) -> bool:
        """Fold events read after `version` (whole appends, in order); True when a table
        event was among them (who holds which seat may have changed: read the record)."""
        game, decode, state = self.game, self.decode, self.state
        reseated = False
        for i, row in enumerate(rows):
            if row.version != self.version + 1:
                raise RuntimeError(f"stream of {self.game_id} has a gap at {row.version}")
            event = decode.decode(row.payload)
            state = game.evolve(state, event)
            self.version = row.version
            self.head = row.hash
            if isinstance(event, CLOCK_EVENTS):
                self.marks.append(clock_mark(row.version, event))
            reseated = reseated or isinstance(event, TABLE_EVENTS)
            ends = i + 1 == len(rows) or rows[i + 1].command_id != row.command_id
            if ends:
                at = row.recorded_at.timestamp() if row.recorded_at is not None else 0.0
                self.points.append(
                    Point(row.version, row.seat, tuple(game.acting_seats(state)), at))
                if row.command_id is not None:
                    self.commands[row.command_id] = Outcome(
                        row.first_version or row.version, row.version, row.body_hash or ""
                    )
        self.state = state
        return reseated

    def applied(
        self, state: Any, last: int, seat: int | None, command_id: str, outcome: Outcome,
        at: float = 0.0, *, head: bytes | None,
    ) -> None:
        """Record an append this process made (`at`: its commit time; `head`: the chain
        hash it left, None when its reply did not say)."""
        self.state = state
        self.version = last
        self.head = head
        self.confirmed_at = time.monotonic()
        self.points.append(Point(last, seat, tuple(self.game.acting_seats(state)), at))
        self.commands[command_id] = outcome
        self.moved()

    def free_since(self, seat: int, expected: int) -> bool:
        """Whether `seat` was free to act at every commit point from `expected` on, and
        caused none of the appends after it (the simultaneous-choice rule)."""
        versions = [p.version for p in self.points]
        at = bisect.bisect_left(versions, expected)
        if at == len(versions) or versions[at] != expected:
            return False
        return all(
            seat in p.acting and (i == 0 or p.seat != seat)
            for i, p in enumerate(self.points[at:])
        )


class FoldedGames:
    """A bounded map of game id to `Folded`, loading and refreshing from the store."""

    def __init__(
        self, store: EventStore, capacity: int = 5_000, trust_seconds: float = 1.0,
        wait_seconds: float = 1.0,
    ) -> None:
        self.store = store
        self.capacity = capacity
        self.trust_seconds = trust_seconds
        self.wait_seconds = wait_seconds
        """How long `reach` waits for a version not reached yet before refusing."""
        self._games: OrderedDict[uuid.UUID, Folded] = OrderedDict()
        self._loading: dict[uuid.UUID, asyncio.Future[Folded]] = {}
        self._heard_early: dict[uuid.UUID, int] = {}
        """Versions heard of games while they were being loaded."""
        self.listening: Callable[[], bool] = lambda: False
        """Whether other processes' wake-ups arrive now (set by the runtime: its Redis
        subscription is live); while False, no copy is trusted without a read."""
        self.listening_since: Callable[[uuid.UUID], float | None] = lambda _: float("-inf")
        """When (monotonic) this process began to hear one game's wake-ups (set by the
        runtime: a process subscribes only to the games it follows); None: it does not."""
        self.serving: Callable[[uuid.UUID], None] = lambda _: None
        """Told of each game asked for (`get`): the runtime then hears its wake-ups a while."""
        self._missed_at = float("-inf")
        """When wake-ups may last have been missed (the subscription was (re)made)."""
        self.reads = 0
        """Reads of a game's events into memory (a load or a refresh): metrics and tests."""

    def heard(self, game_id: uuid.UUID, version: int) -> None:
        """A wake-up: `version` of the game was appended (by any process)."""
        folded = self._games.get(game_id)
        if folded is not None:
            folded.heard = max(folded.heard, version)
            if version > folded.version:
                folded.moved()
        elif game_id in self._loading:  # its read may have started before that append
            self._heard_early[game_id] = max(self._heard_early.get(game_id, 0), version)

    def missed(self) -> None:
        """Wake-ups may have been lost (a new subscription): trust no copy confirmed before."""
        self._missed_at = time.monotonic()

    def current(self, folded: Folded) -> bool:
        """Whether `folded` is the game's newest version as far as this process can tell
        without reading (the module docstring says when): at most a wake-up's delay behind,
        and never more than `trust_seconds`."""
        confirmed = folded.confirmed_at
        since = self.listening_since(folded.game_id)
        return (self.listening() and since is not None and folded.version >= folded.heard
                and confirmed > max(self._missed_at, since)
                and time.monotonic() - confirmed < self.trust_seconds)

    def serves(self, folded: Folded, min_version: int | None) -> bool:
        """Whether `folded` may answer, without a read, a read that accepts `min_version` or
        later: it is that new and `current`. Without `min_version` a read is always made."""
        return min_version is not None and folded.version >= min_version and self.current(folded)

    async def reach(self, folded: Folded, min_version: int | None) -> bool:
        """Bring `folded` to the game's newest version, which must be `min_version` or later:
        from memory when it `serves` (True), else by a read (False); a version the game has
        not reached is waited for, at most `wait_seconds` (the module docstring), then
        refused with 409 `version_not_reached`."""
        if self.serves(folded, min_version):
            return True
        deadline = time.monotonic() + self.wait_seconds
        while True:
            async with folded.lock:
                await self.refresh(folded)
            if min_version is None or folded.version >= min_version:
                return False
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise version_not_reached(min_version, folded.version)
            await folded.news(min(remaining, POLL_SECONDS))

    async def get(self, game_id: uuid.UUID) -> Folded:
        """The game, folded (one record read and one stream read when not kept yet)."""
        self.serving(game_id)
        found = self._games.get(game_id)
        if found is not None:
            self._games.move_to_end(game_id)
            return found
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Folded] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            started = time.monotonic()
            self.reads += 1
            record = await read_again(lambda: self.store.get_game(game_id))
            if record is None:
                raise game_not_found(game_id)
            folded = Folded(record)
            if folded.fold(await read_again(lambda: self.store.stream_rows(game_id))):
                await self._reseat(folded)
            folded.confirmed_at = started
            folded.heard = self._heard_early.pop(game_id, 0)
            self._keep(folded)
            future.set_result(folded)
            return folded
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: waiters get it, nobody else must
            raise
        finally:
            del self._loading[game_id]
            self._heard_early.pop(game_id, None)

    def kept(self, game_id: uuid.UUID) -> Folded | None:
        """The game if this process keeps it (no read)."""
        return self._games.get(game_id)

    def put(self, folded: Folded) -> None:
        self._keep(folded)

    def _keep(self, folded: Folded) -> None:
        self._games[folded.game_id] = folded
        self._games.move_to_end(folded.game_id)
        while len(self._games) > self.capacity:
            self._games.popitem(last=False)

    async def refresh(self, folded: Folded) -> None:
        """Fold what other processes appended since `folded.version` (one read)."""
        started = time.monotonic()
        self.reads += 1
        rows = await read_again(lambda: self.store.stream_rows(folded.game_id, folded.version))
        if rows and folded.fold(rows):
            await self._reseat(folded)
        folded.confirmed_at = max(folded.confirmed_at, started)

    async def _reseat(self, folded: Folded) -> None:
        """Read again who holds each seat, after folding table events (players joined or
        left, the table started): the record read before them may be older."""
        record = await read_again(lambda: self.store.get_game(folded.game_id))
        if record is not None:
            folded.record = record

    def __len__(self) -> int:
        return len(self._games)
