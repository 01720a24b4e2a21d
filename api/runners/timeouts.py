"""Firing clock deadlines, exactly once across replicas, also after a restart.

Every API process (and every `polis bots` worker) runs a `TimeoutRunner`:

- After each append it makes to a game with a clock, it writes the game's next deadline to
  the `deadlines` table (`infra/deadlines.py`) right after the append, not in its
  transaction: the append stays the command path's one statement, and the write is keyed
  by the version it was computed at and only ever moves forward, so late or repeated
  writes are harmless. A write lost with its process (killed between the two) is repaired
  by a sweep that finds the running games whose row is missing or older than the game.
- A loop claims due rows with `FOR UPDATE SKIP LOCKED` and, holding the row, does what is
  due: a seat's clock ran out (a `SeatTimedOut` event, or `SeatForfeited` under
  `on_timeout: forfeit`, and `SeatHandedToBot` after `timeouts_to_bot` in a row or when the
  forfeit leaves a game that goes on), or a bot owes a move (after a timeout, or for a seat
  handed to it: also a seat that resigned a game that goes on), played by `BotRunner`
  through the command path. Then it writes the game's next deadline and lets go.

Exactly once: a row is held by one transaction at a time; everything fired is recomputed
from the game as it is in PostgreSQL (refreshed first), and appended with the version it
was decided on as expected version and an idempotency key of that version
(`timeout:<seat>:<version>`, the bot's `bot:<seat>:<version>`). A process killed while it
holds a row loses its transaction (and the lock); the next claimer finds the game as the
killed process left it and does only what is still due.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import time
import uuid
from datetime import UTC, datetime
from typing import Any

import asyncpg
import msgspec

from api.runners.bots import BotRunner
from api.service.clocks import clock_option, deadline_of, timed_points
from api.service.commands import Committed, to_new_events
from api.service.folded import Folded, Outcome
from domain.kernel.clocks import CLOCK_OPTION, timeouts_in_a_row
from domain.kernel.meta import MetaGame, clock_marks
from infra import deadlines, service_clock
from infra.deadlines import Deadline
from infra.event_store import CommandMeta, IdempotencyKeyReused, VersionConflict
from projections.views import build_views

_log = logging.getLogger("polis.clocks")

_STEPS = 8
"""Most things one claim does for one game (a timeout, then the move its bot owes, ...)."""


class ClockSettings(msgspec.Struct, frozen=True):
    enabled: bool = True
    poll_seconds: float = 0.1
    """The shortest wait between two looks for due deadlines (a deadline this process
    knows of fires at most this late)."""
    idle_seconds: float = 5.0
    """The longest: with no deadline due sooner, the loop sleeps this long, so an idle
    service costs PostgreSQL next to nothing. A deadline another process wrote and then
    died holding fires at most this late (a live process wakes its own loop when it writes
    one due sooner)."""
    sweep_seconds: float = 5.0
    """How often games whose deadline row was lost are looked for."""
    backoff_seconds: float = 2.0
    """When what was due could not be done (no legal move, a failure), the next try."""
    batch: int = 20

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> ClockSettings:
        e = dict(os.environ if env is None else env)
        return cls(
            enabled=e.get("POLIS_CLOCKS", "on").lower() not in ("off", "0", "false", "no"),
            poll_seconds=float(e.get("POLIS_CLOCK_POLL_SECONDS", "0.1")),
            idle_seconds=float(e.get("POLIS_CLOCK_IDLE_SECONDS", "5")),
            sweep_seconds=float(e.get("POLIS_CLOCK_SWEEP_SECONDS", "5")),
        )


class TimeoutRunner:
    """Writes and fires the clock deadlines of this process's games (module docstring)."""

    def __init__(
        self, service: Any, pool: asyncpg.Pool, bots: BotRunner, settings: ClockSettings
    ) -> None:
        self.service = service
        self.pool = pool
        self.bots = bots
        self.settings = settings
        self.timeouts = 0
        """Timeouts (and forfeits) this process appended."""
        self.bot_moves = 0
        """Moves bots made here for timed-out or handed-over seats."""
        self._settling: set[uuid.UUID] = set()
        self._writes: set[asyncio.Task[None]] = set()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._wake_at = 0.0
        """When the loop plans to look again (the service's clock, `infra.service_clock`)."""
        self._next_wait: float | None = None
        """Seconds to the earliest deadline, as the last look found them (None: none)."""

    def start(self) -> None:
        if self.settings.enabled and self._task is None:
            self._task = asyncio.create_task(self._loop(), name="clocks")

    async def stop(self) -> None:
        task, self._task = self._task, None
        for pending in [task, *self._writes]:
            if pending is not None:
                pending.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pending

    def poke(self) -> None:
        """Look for due deadlines now (the service's clock moved forward)."""
        self._wake.set()

    # -- writing deadlines ----------------------------------------------------------------
    def committed(self, committed: Committed) -> None:
        """An append of this process committed: write its game's next deadline (in the
        background; the claimer of a game writes its row itself)."""
        folded = self.service.games.kept(committed.game_id)
        if (folded is None or CLOCK_OPTION not in folded.record.options
                or committed.game_id in self._settling):
            return
        self._spawn_write(folded)

    def _spawn_write(self, folded: Folded) -> None:
        task = asyncio.create_task(self._write(folded))
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def _write(self, folded: Folded) -> None:
        deadline = deadline_of(folded)
        try:
            async with self.pool.acquire() as conn:
                await deadlines.upsert(conn, folded.game_id, deadline)
        except Exception as exc:  # the sweep repairs a lost write
            _log.warning("deadline of %s not written: %s", folded.game_id, exc)
            return
        if deadline.due_at is not None and deadline.due_at.timestamp() < self._wake_at:
            self._wake.set()  # due before the loop's next look: it looks again now

    async def sweep(self) -> int:
        """Write the deadline of every running game with a clock whose row is missing or
        behind the game; the number written."""
        async with self.pool.acquire() as conn:
            found = await deadlines.stale(conn, 500)
        for game_id in found:
            try:
                folded = await self._refreshed(game_id)
                async with self.pool.acquire() as conn:
                    await deadlines.upsert(conn, game_id, deadline_of(folded))
            except Exception as exc:  # held by a claimer (which writes it), or an outage
                _log.info("deadline of %s not repaired now: %s", game_id, exc)
        return len(found)

    # -- firing them --------------------------------------------------------------------
    async def _loop(self) -> None:
        swept = 0.0
        while True:
            wait = self.settings.poll_seconds
            try:
                if not await self.fire_due():  # none claimed: sleep to the next deadline
                    wait = self._wait()
                if time.monotonic() - swept >= self.settings.sweep_seconds:
                    swept = time.monotonic()
                    await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:  # a database outage must not end the loop
                _log.exception("clock tick failed")
            self._wake.clear()
            self._wake_at = service_clock.now() + wait
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait)

    def _wait(self) -> float:
        """Seconds to sleep: until the earliest deadline, between the two bounds."""
        settings = self.settings
        until = settings.idle_seconds if self._next_wait is None else self._next_wait
        return min(settings.idle_seconds, max(settings.poll_seconds, until))

    async def fire_due(self) -> int:
        """Claim the due deadlines no other process holds and do what is due; the number
        of games seen to."""
        written: dict[uuid.UUID, int] = {}
        async with self.pool.acquire() as conn, conn.transaction():
            claimed = await deadlines.claim_due(conn, self.settings.batch)
            if not claimed:
                self._next_wait = await deadlines.seconds_to_next(conn)
            if claimed:  # from this host's clock to the database's
                offset = claimed[0].now.timestamp() - time.time()
            for row in claimed:
                self._settling.add(row.game_id)
                try:
                    deadline = await self._settle(row.game_id, offset)
                except Exception:
                    _log.exception("clock deadline of %s failed", row.game_id)
                    deadline = Deadline(row.version, _later(self.settings.backoff_seconds,
                                                            offset), row.seat, row.action)
                finally:
                    self._settling.discard(row.game_id)
                await deadlines.settle(conn, row.game_id, deadline)
                written[row.game_id] = deadline.version
        for game_id, version in written.items():  # a command of this process meanwhile
            folded = self.service.games.kept(game_id)
            if folded is not None and folded.version > version:
                self._spawn_write(folded)
        return len(claimed)

    async def _refreshed(self, game_id: uuid.UUID) -> Folded:
        folded: Folded = await self.service.games.get(game_id)
        async with folded.lock:
            await self.service.games.refresh(folded)
        return folded

    async def _settle(self, game_id: uuid.UUID, offset: float) -> Deadline:
        """Do everything due for the game now; its next deadline."""
        for _ in range(_STEPS):
            folded = await self._refreshed(game_id)
            deadline = deadline_of(folded)
            if deadline.due_at is None or deadline.due_at.timestamp() > time.time() + offset:
                return deadline
            assert deadline.seat is not None
            before = folded.version
            if deadline.action == "timeout":
                await self._time_out(folded, deadline.seat, offset)
            else:
                await self._bot_move(folded, deadline.seat)
            if folded.version == before:  # nothing could be done: try again later
                await self.service.games.refresh(folded)
                if folded.version == before:
                    return deadline._replace(
                        due_at=_later(self.settings.backoff_seconds, offset))
        return deadline_of(folded)

    async def _time_out(self, folded: Folded, seat: int, offset: float) -> None:
        """Append the seat's timeout (or forfeit), decided on the game as stored."""
        game, clock, store = folded.game, clock_option(folded), self.service.store
        assert clock is not None and isinstance(game, MetaGame)
        async with folded.lock:
            await self.service.games.refresh(folded)
            due = deadline_of(folded)
            if (due.seat, due.action) != (seat, "timeout") or due.due_at is None \
                    or due.due_at.timestamp() > time.time() + offset:
                return  # the game moved on meanwhile
            version, state = folded.version, folded.state
            in_a_row = timeouts_in_a_row(timed_points(folded), folded.marks, seat) + 1
            events = game.timeout_events(state, seat, clock, in_a_row)
            if not events:
                return
            for event in events:
                state = game.evolve(state, event)
            key = f"timeout:{seat}:{version}"
            body_hash = hashlib.sha256(msgspec.json.encode(events)).hexdigest()
            views = build_views(game, state, len(folded.record.seat_names))
            notifier = self.service.commands.notifier
            outbox = notifier.rows(folded, state, events, None) if notifier else ()
            try:
                result = await store.append(
                    folded.game_id, version, to_new_events(events),
                    CommandMeta(key, None, body_hash), game.summary(state),
                    game.is_over(state), views, outbox=outbox,
                )
            except (VersionConflict, IdempotencyKeyReused):
                await self.service.games.refresh(folded)
                return
            if result.replayed:
                await self.service.games.refresh(folded)
                return
            last = version + len(events)
            at = result.recorded_at.timestamp() if result.recorded_at else time.time() + offset
            folded.applied(state, last, None, key, Outcome(version + 1, last, body_hash), at,
                           head=result.head)
            folded.marks.extend(clock_marks(version + 1, events))
            self.timeouts += 1
            _log.info("clock of seat %d ran out in %s (%s)", seat, folded.game_id,
                      clock.on_timeout)
            self.service.after_commit(Committed(
                folded.game_id, version + 1, last, list(events), views, None,
                result.recorded_at, state))

    async def _bot_move(self, folded: Folded, seat: int) -> None:
        """The move the seat's bot owes (after a timeout, or for a seat handed to it)."""
        clock = clock_option(folded)
        assert clock is not None
        async with folded.lock:
            state, version = folded.state, folded.version
        self.bot_moves += await self.bots.play_seat(
            folded.game, folded.game_id, seat, clock.bot, state, version)


def _later(seconds: float, offset: float) -> datetime:
    return datetime.fromtimestamp(time.time() + offset + seconds, UTC)
