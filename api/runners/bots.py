"""Seats played by the server's bots: declared at creation, played through the command path.

A game's bot seats are kept in its options (`"bots": [null, "greedy"]`, one entry per seat),
written with the game in one statement and stripped before the game's rules see them
(`domain.kernel.registry.SERVICE_OPTIONS`). Every API process (and `polis bots` workers) runs
a `BotRunner`: an append made by this process wakes it for that game only (a command costs
the runner nothing for the other games: no scan per command), and it scans the running
games that have bots for what changed elsewhere: every `poll_seconds` while scans find bot
turns, backing off to `idle_seconds` while they find none. When a bot's seat must act it
takes a PostgreSQL advisory lock for (game, seat), gives the bot the seat's view and legal
moves (never the state), lets it think in a process of its own (`api/runners/bot_thinking.py`: never
on this process's event loop) and submits the move through `CommandHandler.submit` with the
version it decided on and the idempotency key `bot:<seat>:<version>`. The lock keeps replicas
from thinking twice about one turn; the key makes one turn's move land at most once whatever
happens (a replica killed mid-move, a restart, a lock lost with its connection): a second
submission for the same turn is a replay or a refused reuse, never a second move.

A seat that left a game going on (a resignation: `domain/kernel/meta.py`) is played like a
bot seat in a game without a clock (with one, the clock's runner plays it,
`api/runners/timeouts.py`).
Such a game is found by the wake-up of each append (in the process that made it), and by
the scan, which reads the running games with bot seats or with seats that left.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import time
import uuid
from typing import Any

import asyncpg
import msgspec

from api.runners.bot_thinking import BotThinking, Ruleset, Thought
from api.service.bot_seats import playing_levels
from api.service.refusals import Refusal
from domain.bots import SeatInput

_log = logging.getLogger("polis.bots")

class BotSettings(msgspec.Struct, frozen=True):
    enabled: bool = True
    playouts: int = 250
    """The strong bot's playouts per move (its budget, cut short by `seconds`). 250 since
    the engines got faster (issue 35): as long to think as 200 took before in the slowest
    kind's case (7 Wonders, 1.26 times as many playouts a second), shorter in the others,
    and more playouts in that time play better (`tests/benchmarks/README.md`)."""
    seconds: float = 2.0
    """The most a strong bot thinks about one move."""
    poll_seconds: float = 0.25
    """How often all running games with bots are scanned while scans find moves to make
    (appends made by other processes; this process's own appends wake their game at once)."""
    idle_seconds: float = 5.0
    """The longest wait between scans: each scan that finds nothing to play doubles the
    wait up to this, so an idle service costs PostgreSQL next to nothing. A bot turn left
    by a process that died waits at most this long."""
    processes: int = 2
    """The most processes this process's bots think in at once (`api/runners/bot_thinking.py`;
    0: a thread of this process, which slows its event loop: for measurements only)."""

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> BotSettings:
        e = dict(os.environ if env is None else env)
        return cls(
            enabled=e.get("POLIS_BOTS", "on").lower() not in ("off", "0", "false", "no"),
            playouts=int(e.get("POLIS_BOT_PLAYOUTS", "250")),
            seconds=float(e.get("POLIS_BOT_SECONDS", "2")),
            poll_seconds=float(e.get("POLIS_BOT_POLL_SECONDS", "0.25")),
            idle_seconds=float(e.get("POLIS_BOT_IDLE_SECONDS", "5")),
            processes=int(e.get("POLIS_BOT_PROCESSES", "2")),
        )


def turn_key(game_id: uuid.UUID, seat: int) -> int:
    """The advisory-lock key of one bot seat (a signed 64-bit integer)."""
    digest = hashlib.blake2b(f"bot:{game_id}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def move_seed(game_id: uuid.UUID, seat: int, version: int) -> int:
    """One turn's random seed: a retried turn thinks the same thoughts."""
    digest = hashlib.blake2b(f"{game_id}:{seat}:{version}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


_RUNNING = """
SELECT game_id, version FROM games
WHERE NOT over AND (options ? 'bots' OR summary ? 'left')
ORDER BY version
"""
"""Running games with bot seats from the start, or seats that left and that a bot plays
(migrations 0006 and 0011 keep both small to find)."""


class BotRunner:
    """Plays the bot seats of every running game (see the module docstring)."""

    def __init__(
        self, service: Any, pool: asyncpg.Pool, settings: BotSettings,
        thinking: BotThinking | None = None,
    ) -> None:
        self.service = service
        self.pool = pool
        self.settings = settings
        self.thinking = thinking or BotThinking(settings.processes)
        """Where the bots think: off this process's event loop."""
        self.moves = 0
        """Moves this process's bots made (a counter for metrics and tests)."""
        self._checked: dict[uuid.UUID, int] = {}
        """Games seen with no bot to move, at the version seen."""
        self._contended: set[uuid.UUID] = set()
        """Games whose last look found a bot turn locked by another replica: never marked
        checked, since that replica may die before it moves and leave the version as it
        is (the scan must look again)."""
        self._pending: set[uuid.UUID] = set()
        """Games changed here since the runner last looked."""
        self._scan_now = False
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.settings.enabled and self._task is None:
            self._task = asyncio.create_task(self._loop(), name="bots")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.thinking.close()

    def poke(self, game_id: uuid.UUID | None = None) -> None:
        """`game_id` changed here: look at that game at once rather than at the next scan
        (None: scan every game now)."""
        if game_id is None:
            self._scan_now = True
        else:
            self._pending.add(game_id)
        self._wake.set()

    async def _loop(self) -> None:
        next_scan, interval = 0.0, self.settings.poll_seconds
        while True:
            try:
                if self._scan_now or time.monotonic() >= next_scan:
                    self._scan_now = False
                    self._pending.clear()  # the scan sees them too
                    next_scan = time.monotonic() + interval  # if the scan fails
                    made = await self.tick()
                    interval = (self.settings.poll_seconds if made else
                                min(self.settings.idle_seconds, interval * 2))
                    next_scan = time.monotonic() + interval
                else:
                    await self.wake()
            except asyncio.CancelledError:
                raise
            except Exception:  # a database outage must not end the loop
                _log.exception("bot tick failed")
            self._wake.clear()
            if self._pending or self._scan_now:
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), max(0.0, next_scan - time.monotonic()))

    async def tick(self) -> int:
        """Look at every running game with bots that moved since last seen; moves made."""
        rows = await self.pool.fetch(_RUNNING)
        made = 0
        for row in rows:
            game_id, version = row["game_id"], row["version"]
            if self._checked.get(game_id) == version:
                continue
            moved = await self.play(game_id)
            made += moved
            if not moved and game_id not in self._contended:
                self._checked[game_id] = version
        if len(self._checked) > 100_000:
            self._checked.clear()
        if len(self._contended) > 100_000:  # games that ended elsewhere while contended
            self._contended.clear()
        return made

    async def wake(self) -> int:
        """Look at the games poked since last time, and only at them; moves made. A game
        this process keeps without bot seats costs nothing (no read)."""
        poked, self._pending = self._pending, set()
        made = 0
        for game_id in poked:
            folded = self.service.games.kept(game_id)
            if folded is not None and not any(playing_levels(
                folded.record.options, len(folded.record.seat_names), folded.game,
                folded.state,
            )):
                continue
            moved = await self.play(game_id)
            made += moved
            kept = self.service.games.kept(game_id)
            if not moved and kept is not None and game_id not in self._contended:
                self._checked[game_id] = kept.version  # the scan need not look again
        return made

    async def play(self, game_id: uuid.UUID) -> int:
        """Move every bot seat that must act now in `game_id`; the number of moves made.
        A seat whose turn another replica holds is left to it, and the game noted as
        contended (`_contended`) until a look finds no lock held elsewhere."""
        self._contended.discard(game_id)
        games = self.service.games
        folded = await games.get(game_id)
        async with folded.lock:
            await games.refresh(folded)
            state, version = folded.state, folded.version
        game = folded.game
        levels = playing_levels(folded.record.options, len(folded.record.seat_names), game,
                                state)
        if game.is_over(state):
            return 0
        made = 0
        for seat in game.acting_seats(state):
            level = levels[seat]
            if level is None:
                continue
            async with self.pool.acquire() as conn:
                key = turn_key(game_id, seat)
                if not await conn.fetchval("SELECT pg_try_advisory_lock($1)", key):
                    self._contended.add(game_id)
                    continue  # another replica is on this turn
                try:
                    made += await self._move(game, folded.record, seat, level, state,
                                             version)
                finally:
                    await conn.execute("SELECT pg_advisory_unlock($1)", key)
        return made

    async def play_seat(
        self, game: Any, game_id: uuid.UUID, seat: int, level: str, state: Any, version: int
    ) -> int:
        """One move of `seat`'s bot on `state` at `version`, whoever owns the seat (a seat
        whose clock ran out, or handed to its bot: `api/runners/timeouts.py`); 1 if it landed."""
        record = (await self.service.games.get(game_id)).record
        return await self._move(game, record, seat, level, state, version)

    async def _move(
        self, game: Any, record: Any, seat: int, level: str, state: Any, version: int
    ) -> int:
        game_id = record.game_id
        inp = SeatInput(seat, game.view(state, seat), game.legal_moves(state, seat))
        if not inp.moves:
            return 0
        thought = Thought(level, inp, move_seed(game_id, seat, version),
                          self.settings.playouts, self.settings.seconds)
        ruleset = Ruleset(record.kind, tuple(record.expansions), record.options)
        move = await self.thinking.decide(game, ruleset, thought)
        try:
            result = await self.service.submit(
                game_id, None, version, move, f"bot:{seat}:{version}",
                bot_seat=seat,
            )
        except Refusal as exc:  # the turn moved on, or it was played elsewhere
            _log.info("bot move not taken: %s %s", game_id, exc.code)
            return 0
        if result.replayed:
            return 0
        self.moves += 1
        return 1
