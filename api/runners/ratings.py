"""The ratings runner: every process applies finished rated games to the ratings
(`projections/ratings.py`), one game per transaction under one advisory lock, so a game is
applied exactly once and in finish order whichever processes run and whichever dies.

It looks every `poll_seconds` and at once when a game ended here (`poke`); while another
process holds the lock it waits for the next look.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os

import msgspec

from infra.event_store import EventStore
from projections.ratings import PoolSettings, apply_next

_log = logging.getLogger(__name__)


def _names(text: str) -> frozenset[str]:
    return frozenset(part.strip() for part in text.split(",") if part.strip())


class RatingSettings(msgspec.Struct, frozen=True):
    """`POLIS_RATING_POOLS_BY_EXPANSIONS` (kinds with one pool per expansion set, comma
    separated), `POLIS_RATING_UNRATED_BOTS` (pools whose games with bots are not rated),
    `POLIS_RATING_POLL_SECONDS` (how often each process looks for finished games)."""

    pools: PoolSettings = PoolSettings()
    poll_seconds: float = 1.0

    @classmethod
    def from_env(cls) -> RatingSettings:
        env = os.environ
        poll = float(env.get("POLIS_RATING_POLL_SECONDS", "1.0"))
        if not poll > 0:
            raise ValueError("POLIS_RATING_POLL_SECONDS must be positive")
        return cls(PoolSettings(_names(env.get("POLIS_RATING_POOLS_BY_EXPANSIONS", "")),
                                _names(env.get("POLIS_RATING_UNRATED_BOTS", ""))), poll)


class RatingRunner:
    """One process's applier (see the module docstring)."""

    def __init__(self, store: EventStore, settings: RatingSettings) -> None:
        self.store = store
        self.settings = settings
        self.applied = 0
        """Games this process applied (metrics)."""
        self._poked = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="ratings")

    def poke(self) -> None:
        self._poked.set()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def drain(self) -> int:
        """Apply every pending game this process can; how many it applied."""
        applied = 0
        while await apply_next(self.store, self.settings.pools):
            applied += 1
            self.applied += 1
        return applied

    async def _loop(self) -> None:
        while True:
            try:
                await self.drain()
            except Exception:  # a lost connection, a game that does not fold: look again
                _log.exception("applying ratings failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poked.wait(), self.settings.poll_seconds)
            self._poked.clear()
