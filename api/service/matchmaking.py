"""Matchmaking: players file tickets for a queue (kind, expansions, rated or not, clock) and
the matcher makes games of them (README, "Ratings and matchmaking"), transport-free.

Exactly once across replicas: a round of one queue runs in one transaction that holds the
queue's advisory lock (one matcher per queue at a time) and locks its waiting tickets
(`FOR UPDATE SKIP LOCKED`, so a cancel waits for the round and then finds the ticket
matched); it marks each group's tickets `matched` with a game id chosen then, and commits.
The game is created after the commit with that id (`GameService.create`). A process that
dies in between leaves matched tickets without their game: any process's next round
creates it (`recover`; two creating it at once make one game, the other's insert is
refused by the game id's key). So a ticket ends in at most one game, and its game exists.

The players' seats are taken for them (not reserved): they play at once with their player
tokens. Bots fill a group only as the policy allows (`api/service/matching.py`).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

import asyncpg
import msgspec

from api.service.clocks import checked_options
from api.service.game_service import GameService
from api.service.matching import Group, Policy, Waiting, match
from api.service.refusals import Conflict, Invalid, NotFound, RuleRefused
from domain.bots import LEVELS
from domain.kernel import DomainError
from domain.kernel.registry import get_game
from domain.kernel.table import TableSeat
from infra.event_store import GameRecord, TableRow
from infra.notifications import write_outbox
from infra.players import PlayerRecord
from projections.ratings import MODEL, PoolSettings, pool_of


class MatchSettings(msgspec.Struct, frozen=True):
    """The matcher's settings (`POLIS_MATCH_*`, read in `api/runners/matchmaker.py`)."""

    policy: Policy = Policy()
    interval_seconds: float = 1.0
    """Time between two rounds of a process."""
    ticket_seconds: float = 600.0
    """A ticket still waiting this long expires."""
    bot_level: str = "greedy"
    """The level of the bots that fill a game."""
    recover_seconds: float = 10.0
    """Matched tickets without their game this long after the match: their matcher died;
    the game is created by another."""


class Ticket(msgspec.Struct):
    ticket_id: str
    state: str
    """`waiting`, `matched` (see `game_id`), `expired` or `cancelled`. Read back, a ticket
    is `matched` once its game exists (see `_SEEN`)."""
    kind: str
    expansions: list[str]
    seats: list[int]
    """The seat counts accepted: [fewest, most]."""
    rated: bool
    clock: dict[str, Any] | None
    bots_after: float | None
    game_id: str | None
    """The game the ticket was matched into."""
    created_at: datetime
    updated_at: datetime


_COLUMNS = ("ticket_id, state, kind, expansions, seats_min, seats_max, rated, clock, "
            "bots_after, game_id, created_at, updated_at, player_id")


_SEEN = ("t.ticket_id, CASE WHEN t.state = 'matched' AND g.game_id IS NULL THEN 'waiting' "
         "ELSE t.state END AS state, t.kind, t.expansions, t.seats_min, t.seats_max, "
         "t.rated, t.clock, t.bots_after, g.game_id, t.created_at, t.updated_at, t.player_id "
         "FROM match_tickets t LEFT JOIN games g ON g.game_id = t.game_id")
"""A ticket read back: a ticket the round matched reads `waiting` until its
game is created (a moment after the round commits, or the recovery's seconds after a
matcher died), so a client that reads `matched` can open `game_id` at once rather than meet
a 404 (a ticket read in between was seen so by a test, and a client polling would be)."""


def _ticket(row: asyncpg.Record) -> Ticket:
    clock = row["clock"]
    return Ticket(str(row["ticket_id"]), row["state"], row["kind"], list(row["expansions"]),
                  [row["seats_min"], row["seats_max"]], row["rated"],
                  None if clock is None else msgspec.json.decode(clock), row["bots_after"],
                  None if row["game_id"] is None else str(row["game_id"]), row["created_at"],
                  row["updated_at"])


def queue_of(kind: str, expansions: list[str], rated: bool, clock: Any) -> str:
    """The queue a ticket waits in: tickets of one queue can share a game."""
    clocked = "" if clock is None else msgspec.json.encode(clock, order="sorted").decode()
    return f"{kind}/{'+'.join(expansions)}/{'rated' if rated else 'casual'}/{clocked}"


TicketChanged = Callable[[uuid.UUID, uuid.UUID], None]
"""Told (player, ticket) after a ticket's state changed (player socket pushes)."""
GameOpened = Callable[[GameRecord, str], None]


class Matchmaking:
    """Tickets and rounds of matching (see the module docstring)."""

    def __init__(self, service: GameService, pools: PoolSettings, settings: MatchSettings,
                 on_ticket: TicketChanged | None = None,
                 on_game: GameOpened | None = None) -> None:
        self.service = service
        self.pool = service.store.pool
        self.pools = pools
        self.settings = settings
        self.on_ticket = on_ticket or (lambda player, ticket: None)
        self.on_game = on_game or (lambda record, change: None)
        self.matched = 0
        """Tickets this process matched (metrics)."""

    # -- tickets -------------------------------------------------------------------------
    async def file(self, player: PlayerRecord, kind: str, expansions: list[str],
                   seats: list[int] | None, rated: bool, clock: dict[str, Any] | None,
                   bots_after: float | None) -> Ticket:
        """A new waiting ticket; refused (nothing written) for an unknown kind or expansion,
        seat counts the kind is not played with, a bad clock, or a waiting ticket of the
        player's in the same queue (`ticket_exists`)."""
        named = sorted(set(expansions))
        try:
            low, high = get_game(kind, tuple(named), {}).seat_range()
        except DomainError as exc:
            raise RuleRefused(exc.code, exc.reason) from None
        if seats is not None and len(seats) != 2:
            raise Invalid("invalid_seat_count", "`seats` is [fewest, most]")
        fewest, most = (low, high) if seats is None else (seats[0], seats[1])
        if not low <= fewest <= most <= high:
            raise RuleRefused("invalid_seat_count", f"{kind} is played with {low} to {high} "
                              f"seats; asked {fewest} to {most}", {"min": low, "max": high})
        if clock is not None:
            clock = checked_options({"clock": clock})["clock"]
        pool = pool_of(kind, named, self.pools)
        queue = queue_of(kind, named, rated, clock)
        async with self.pool.acquire() as conn:
            mu = await conn.fetchval(
                "SELECT mu FROM ratings WHERE pool = $1 AND player_id = $2", pool,
                player.player_id)
            try:
                row = await conn.fetchrow(
                    f"""INSERT INTO match_tickets (ticket_id, player_id, queue, kind,
                          expansions, seats_min, seats_max, rated, clock, bots_after, rating)
                        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                        RETURNING {_COLUMNS}""",
                    uuid.uuid4(), player.player_id, queue, kind, named, fewest, most, rated,
                    None if clock is None else msgspec.json.encode(clock).decode(),
                    bots_after, MODEL.mu if mu is None else mu)
            except asyncpg.UniqueViolationError:
                raise Conflict("ticket_exists", "you already wait in this queue: cancel that "
                               "ticket first") from None
        assert row is not None
        ticket = _ticket(row)
        self.on_ticket(player.player_id, uuid.UUID(ticket.ticket_id))
        return ticket

    async def ticket(self, ticket_id: uuid.UUID) -> Ticket:
        row = await self.pool.fetchrow(
            f"SELECT {_SEEN} WHERE t.ticket_id = $1", ticket_id)
        if row is None:
            raise NotFound("ticket_not_found", f"no ticket {ticket_id}")
        return _ticket(row)

    async def of_player(self, player_id: uuid.UUID, since_seconds: float) -> list[Ticket]:
        """The player's tickets changed in the last `since_seconds`."""
        rows = await self.pool.fetch(
            f"""SELECT {_SEEN} WHERE t.player_id = $1
                AND t.updated_at > polis_now() - make_interval(secs => $2)""", player_id,
            since_seconds)
        return [_ticket(r) for r in rows]

    async def cancel(self, ticket_id: uuid.UUID, player: PlayerRecord) -> Ticket:
        """Cancel a waiting ticket of the player's; `ticket_closed` (409) once it is
        matched, expired or cancelled (a round holding it decides first)."""
        row = await self.pool.fetchrow(
            f"""UPDATE match_tickets SET state = 'cancelled', updated_at = polis_now()
                WHERE ticket_id = $1 AND player_id = $2 AND state = 'waiting'
                RETURNING {_COLUMNS}""", ticket_id, player.player_id)
        if row is None:
            found = await self.pool.fetchrow(  # as stored: a match stands once committed
                "SELECT player_id, state, game_id FROM match_tickets WHERE ticket_id = $1",
                ticket_id)
            if found is None or found["player_id"] != player.player_id:
                raise NotFound("ticket_not_found", f"no ticket {ticket_id} of yours")
            state, game = found["state"], found["game_id"]
            raise Conflict("ticket_closed", f"the ticket is {state}: it cannot be cancelled",
                           {"state": state, "game_id": None if game is None else str(game)})
        self.on_ticket(player.player_id, ticket_id)
        return _ticket(row)

    # -- rounds --------------------------------------------------------------------------
    async def round(self) -> int:
        """One round over every queue with waiting tickets; the games made."""
        queues = [r[0] for r in await self.pool.fetch(
            "SELECT DISTINCT queue FROM match_tickets WHERE state = 'waiting'")]
        made = 0
        for queue in queues:
            made += await self.round_of(queue)
        await self.recover()
        return made

    async def round_of(self, queue: str) -> int:
        """Match one queue (see the module docstring); the games made."""
        settings = self.settings
        told: list[tuple[uuid.UUID, uuid.UUID]] = []
        games: list[tuple[uuid.UUID, list[asyncpg.Record], int]] = []
        async with self.pool.acquire() as conn, conn.transaction():
            if not await conn.fetchval(
                    "SELECT pg_try_advisory_xact_lock(hashtextextended($1, 7270015))", queue):
                return 0
            rows = await conn.fetch(
                """SELECT ticket_id, player_id, rating, seats_min, seats_max, bots_after,
                          extract(epoch FROM created_at)::float8 AS since, kind, expansions,
                          rated, clock
                   FROM match_tickets WHERE queue = $1 AND state = 'waiting'
                   FOR UPDATE SKIP LOCKED""", queue)
            now = await conn.fetchval(  # the service's clock, to the moment (README, "Time")
                "SELECT extract(epoch FROM clock_timestamp() + (polis_now() - now()))::float8")
            stale = [r for r in rows if now - r["since"] >= settings.ticket_seconds]
            live = {str(r["ticket_id"]): r for r in rows
                    if now - r["since"] < settings.ticket_seconds}
            if stale:
                await conn.execute(
                    """UPDATE match_tickets SET state = 'expired', updated_at = polis_now()
                       WHERE ticket_id = ANY($1)""", [r["ticket_id"] for r in stale])
                told += [(r["player_id"], r["ticket_id"]) for r in stale]
            waiting = [Waiting(key, str(r["player_id"]), r["rating"], r["since"],
                               r["seats_min"], r["seats_max"], r["bots_after"])
                       for key, r in live.items()]
            groups: list[Group] = match(waiting, now, settings.policy)
            for group in groups:
                game_id = uuid.uuid4()
                members = [live[t] for t in group.tickets]
                await conn.execute(
                    """UPDATE match_tickets SET state = 'matched', game_id = $2,
                         updated_at = polis_now() WHERE ticket_id = ANY($1)""",
                    [r["ticket_id"] for r in members], game_id)
                await self._match_found(conn, game_id, members)
                games.append((game_id, members, group.bots))
        for game_id, members, bots in games:
            await self._open(game_id, members, bots)
            told += [(r["player_id"], r["ticket_id"]) for r in members]
            self.matched += len(members)
        for player, ticket in told:
            self.on_ticket(player, ticket)
        return len(games)

    async def _match_found(self, conn: asyncpg.Connection, game_id: uuid.UUID,
                           members: list[asyncpg.Record]) -> None:
        """`match.found` for each matched ticket, written in the transaction that matches
        it (README, "Notifications and chat"): delivered exactly when the match stands."""
        notifier = self.service.commands.notifier
        if notifier is None or not notifier.enabled:
            return
        rows = notifier.notes([
            ("match.found", {"game_id": str(game_id), "ticket_id": str(r["ticket_id"]),
                             "player_id": str(r["player_id"]), "kind": r["kind"],
                             "expansions": list(r["expansions"]), "rated": r["rated"]},
             str(r["player_id"]))
            for r in members])
        await write_outbox(conn, game_id, rows)

    async def recover(self) -> int:
        """Create the games of matched tickets whose matcher died before creating them."""
        rows = await self.pool.fetch(
            """SELECT t.game_id, t.ticket_id, t.player_id, t.kind, t.expansions, t.rated,
                      t.clock, t.seats_min
               FROM match_tickets t WHERE t.state = 'matched'
                 AND t.updated_at < polis_now() - make_interval(secs => $1)
                 AND NOT EXISTS (SELECT 1 FROM games g WHERE g.game_id = t.game_id)
               ORDER BY t.game_id LIMIT 100""", self.settings.recover_seconds)
        groups: dict[uuid.UUID, list[asyncpg.Record]] = {}
        for row in rows:
            groups.setdefault(row["game_id"], []).append(row)
        for game_id, members in groups.items():
            bots = max(0, max(r["seats_min"] for r in members) - len(members))
            await self._open(game_id, members, bots)
            for r in members:
                self.on_ticket(r["player_id"], r["ticket_id"])
        return len(groups)

    async def _open(self, game_id: uuid.UUID, members: list[asyncpg.Record], bots: int
                    ) -> None:
        """The matched game: its players' seats taken, bots after them, in a random order."""
        first = members[0]
        players = [r["player_id"] for r in members]
        names = {r["player_id"]: r["name"] for r in await self.pool.fetch(
            "SELECT player_id, name FROM players WHERE player_id = ANY($1)", players)}
        level = self.settings.bot_level
        seats = [TableSeat(player=str(p), name=names.get(p, "player")) for p in players]
        seats += [TableSeat(name=f"{level} bot", bot=level, fixed=True)] * bots
        random.SystemRandom().shuffle(seats)
        options: dict[str, Any] = {"rated": first["rated"]}
        if first["clock"] is not None:
            options["clock"] = msgspec.json.decode(first["clock"])
        if bots:
            options["bots"] = [s.bot for s in seats]
        try:
            record, _ = await self.service.create(
                first["kind"], list(first["expansions"]), options,
                [s.name or "" for s in seats], None, None, table=TableRow(),
                table_seats=seats, game_id=game_id)
        except asyncpg.UniqueViolationError:
            return  # another process created it first (`recover`)
        self.on_game(record, "started")


def checked_level(level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"POLIS_MATCH_BOT_LEVEL must be one of {LEVELS}")
    return level
