"""Live table chat: new messages pushed to the game sockets of this process.

The process that stores a message publishes a wake-up on the game's chat topic
(`chat:<game id>`, the broker's topics, as the player pushes use them) and wakes its own
feed; each process with sockets at that game reads what is new once (one read per wake-up,
whatever the number of sockets, with the table's mutes) and sends each socket the messages
its viewer has not muted, in `seq` order. A lost wake-up is made up by the next one, or when
the topic's subscription comes back (a read with no game named).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Callable
from typing import Any, Protocol

import asyncpg

from api.service.chat import line_message
from infra import chat
from infra.db import read_again

_log = logging.getLogger(__name__)

SEND_TIMEOUT = 10.0


class ChatSink(Protocol):
    """A game socket as the chat feed sees it."""

    chat_viewer: str | None
    """The player reading (their mutes apply); None for a seat token or a spectator."""

    async def send(self, message: dict[str, Any]) -> None: ...


def chat_topic(game_id: uuid.UUID) -> str:
    return f"chat:{game_id}"


class _Room:
    def __init__(self, seq: int) -> None:
        self.seq = seq
        self.sinks: set[ChatSink] = set()
        self.lock = asyncio.Lock()


async def _send(sink: ChatSink, message: dict[str, Any]) -> None:
    """Send one message; a socket that cannot take it in time misses it (its history has
    it), never holding up the others."""
    with contextlib.suppress(Exception):
        async with asyncio.timeout(SEND_TIMEOUT):
            await sink.send(message)


class ChatFeed:
    """The chat rooms of this process's game sockets."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self.rooms: dict[uuid.UUID, _Room] = {}
        self.listen: Callable[[str, bool], None] = lambda topic, on: None
        self._tasks: set[asyncio.Task[None]] = set()

    async def join(self, game_id: uuid.UUID, sink: ChatSink) -> None:
        """Push the game's new messages to `sink` from now on (its history is read over
        HTTP: `GET /games/{id}/chat`)."""
        room = self.rooms.get(game_id)
        if room is None:
            seq = await read_again(lambda: chat.last_seq(self.pool, game_id))
            room = self.rooms.get(game_id)
            if room is None:
                room = self.rooms[game_id] = _Room(seq)
                self.listen(chat_topic(game_id), True)
        room.sinks.add(sink)

    def leave(self, game_id: uuid.UUID, sink: ChatSink) -> None:
        room = self.rooms.get(game_id)
        if room is None:
            return
        room.sinks.discard(sink)
        if not room.sinks:
            del self.rooms[game_id]
            self.listen(chat_topic(game_id), False)

    def wake(self, game_id: uuid.UUID, seq: int) -> None:
        """The game's chat reached `seq` (0: maybe; read what is new)."""
        room = self.rooms.get(game_id)
        if room is not None and (seq == 0 or seq > room.seq):
            task = asyncio.create_task(self._read(game_id, room))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def topic_woken(self, topic: str, game_id: uuid.UUID | None, seq: int) -> None:
        if game_id is not None:
            self.wake(game_id, seq)
            return
        with contextlib.suppress(ValueError):
            self.wake(uuid.UUID(topic.partition(":")[2]), 0)

    async def _read(self, game_id: uuid.UUID, room: _Room) -> None:
        async with room.lock:
            try:
                lines, mutes = await read_again(lambda: chat.since(self.pool, game_id,
                                                                   room.seq))
            except Exception as exc:
                _log.warning("reading the chat of %s failed: %s", game_id, exc)
                return
            if not lines:
                return
            room.seq = lines[-1].seq
            muted = {(viewer, who) for viewer, who in mutes}
            for line in lines:
                message = line_message(game_id, line)
                await asyncio.gather(*(
                    _send(sink, message) for sink in list(room.sinks)
                    if (sink.chat_viewer, line.player_id) not in muted))

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
