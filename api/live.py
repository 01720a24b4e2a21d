"""Which local WebSocket sessions follow which game, and waking them.

The broker calls `wake` for a game's new version and `wake_all` after it (re)subscribed; a
woken session reads what it missed from PostgreSQL, so repeated or lost wake-ups are
harmless.
"""

from __future__ import annotations

import asyncio
import uuid
from collections import defaultdict


class Hub:
    def __init__(self) -> None:
        self._games: defaultdict[uuid.UUID, set[asyncio.Event]] = defaultdict(set)
        self.closing = asyncio.Event()

    def follow(self, game_id: uuid.UUID) -> asyncio.Event:
        """An event set whenever the game may have a new version."""
        flag = asyncio.Event()
        self._games[game_id].add(flag)
        return flag

    def unfollow(self, game_id: uuid.UUID, flag: asyncio.Event) -> None:
        flags = self._games.get(game_id)
        if flags is not None:
            flags.discard(flag)
            if not flags:
                del self._games[game_id]

    def wake(self, game_id: uuid.UUID, version: int) -> None:
        for flag in self._games.get(game_id, ()):
            flag.set()

    def wake_all(self) -> None:
        for flags in self._games.values():
            for flag in flags:
                flag.set()

    def close_all(self) -> None:
        self.closing.set()
        self.wake_all()

    def followers(self, game_id: uuid.UUID) -> int:
        return len(self._games.get(game_id, ()))
