"""Matchmaking tickets on the player socket: `{"type": "ticket", "ticket": {...}}` each time
one of the player's tickets changes state (filed, matched with its game, expired,
cancelled).

The process that changes a ticket wakes the player's topic (`player:<id>`, as tables do);
each process with a socket of that player reads the player's recent tickets and sends
those whose state it has not sent yet, so a wake-up heard twice sends nothing twice.
"""

from __future__ import annotations

import asyncio
import logging
import uuid

import msgspec

from api.runners.player_feed import PlayerFeed
from api.service.matchmaking import Matchmaking, Ticket

_log = logging.getLogger(__name__)

RECENT_SECONDS = 3600.0
"""Tickets changed longer ago than this are not pushed again."""


class TicketMessage(msgspec.Struct, tag="ticket", tag_field="type"):
    """One of the player's matchmaking tickets changed state (filed, matched with its game,
    expired, cancelled)."""

    ticket: Ticket


class TicketPushes:
    """The ticket messages of this process's player sockets (see the module docstring)."""

    def __init__(self, matchmaking: Matchmaking, feed: PlayerFeed) -> None:
        self.matchmaking = matchmaking
        self.feed = feed
        self.sent: dict[uuid.UUID, dict[str, str]] = {}
        """The state last sent of each ticket, by player."""
        self._tasks: set[asyncio.Task[None]] = set()

    def changed(self, player_id: uuid.UUID) -> None:
        if player_id not in self.feed.sinks:
            self.sent.pop(player_id, None)
            return
        task = asyncio.create_task(self._push(player_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _push(self, player_id: uuid.UUID) -> None:
        try:
            tickets = await self.matchmaking.of_player(player_id, RECENT_SECONDS)
        except Exception as exc:  # a lost connection: the next change sends it
            _log.warning("reading tickets failed: %s", exc)
            return
        sent = self.sent.setdefault(player_id, {})
        for ticket in sorted(tickets, key=lambda t: t.updated_at):
            if sent.get(ticket.ticket_id) != ticket.state:
                sent[ticket.ticket_id] = ticket.state
                self.feed.tell_text(player_id,
                                    msgspec.json.encode(TicketMessage(ticket)).decode())
