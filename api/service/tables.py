"""Tables: games whose seats players fill (join, leave, the host's removals and early start,
invitations), transport-free like the rest of the service.

The rules are the domain's (`domain/kernel/table.py`): this module reads the folded game,
asks them for the table's events and appends those in one transaction with who now holds
each seat (`infra.event_store.reseat`: the game's row and `seats_held`). The append names
the version the decision was made on, so two players racing for the last seat get one seat
each way: the loser's retry decides again on the new state and is refused (`seat_taken` or
`table_full`, 409), and the start that fills a table is appended once, whichever process
serves it. When the table starts, the deal is drawn and the game's opening events follow
the `TableStarted` event in the same append.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import uuid
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from api.service.bot_seats import BOTS_OPTION, bot_levels
from api.service.commands import Committed, to_new_events
from api.service.folded import Folded, Outcome
from api.service.game_service import GameService
from api.service.identity import Identities
from api.service.refusals import Conflict, Forbidden, Invalid, RuleRefused, Unauthorized
from domain.bots import LEVELS
from domain.kernel import DomainError
from domain.kernel.registry import rules_options
from domain.kernel.table import (
    TableSeat,
    TableStarted,
    Visibility,
    Waiting,
    clear,
    decline,
    evolve_table,
    expire,
    join,
    leave,
    start_early,
)
from infra import service_clock
from infra.event_store import CommandMeta, GameRecord, TableRow, VersionConflict, reseat
from infra.players import PlayerRecord
from projections.views import build_views

_RETRIES = 5
TABLE_CHANGES = ("opened", "joined", "left", "started", "expired")
CONFLICTS = frozenset({"seat_taken", "table_full", "already_seated", "table_started",
                       "table_expired"})
"""Refusals of a table that another request changed first: 409."""


class SeatRequest(msgspec.Struct, frozen=True):
    """A seat of a create request, as the service reads it."""

    name: str | None = None
    bot: str | None = None
    open: bool = False
    player: str | None = None


def invite_hash(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


def _matches(stored: str | None, code: str | None) -> bool:
    return bool(code) and stored is not None and secrets.compare_digest(
        stored, invite_hash(code or ""))


class Tables:
    """Opening tables and seating players (see the module docstring)."""

    def __init__(self, service: GameService, identities: Identities,
                 on_table: Callable[[GameRecord, str], None] | None = None) -> None:
        self.service = service
        self.identities = identities
        self.on_table = on_table or (lambda record, change: None)
        """Told of each change (`opened`, `joined`, `left`, `started`, `expired`) after its
        commit: metrics, lobby and player pushes."""

    # -- opening -------------------------------------------------------------------------
    async def seats(
        self, requests: Sequence[SeatRequest], host: PlayerRecord | None
    ) -> tuple[list[str], list[TableSeat], list[str | None]]:
        """Names, table seats and bot levels of a create request's seats."""
        names: list[str] = []
        seats: list[TableSeat] = []
        bots: list[str | None] = []
        for i, seat in enumerate(requests):
            given = [seat.name is not None, seat.bot is not None, seat.open,
                     seat.player is not None]
            if sum(given) != 1 and not (seat.bot is not None and seat.name is not None
                                        and sum(given) == 2):
                raise Invalid("invalid_seat", f"seat {i} needs exactly one of a name, a bot, "
                              "`open` or a player", {"seat": i})
            if seat.bot is not None:
                if seat.bot not in LEVELS:
                    raise Invalid("invalid_bot", f"seat {i}: no bot level {seat.bot!r}; "
                                  f"known: {LEVELS}", {"seat": i})
                name = seat.name or f"{seat.bot} bot"
                seats.append(TableSeat(name=name, bot=seat.bot, fixed=True))
            elif seat.name is not None:
                name = seat.name
                seats.append(TableSeat(name=name, fixed=True))
            elif seat.open:
                name = ""
                seats.append(TableSeat())
            else:
                assert seat.player is not None
                name, taken = await self._reserved(i, seat.player, host)
                seats.append(taken)
            names.append(name)
            bots.append(seat.bot)
        held = [s.player for s in seats if s.player is not None]
        if len(held) != len(set(held)):
            raise Invalid("invalid_seat", "a player may hold one seat of a table")
        return names, seats, bots

    async def _reserved(self, i: int, player: str, host: PlayerRecord | None
                        ) -> tuple[str, TableSeat]:
        try:
            pid = uuid.UUID(player)
        except ValueError:
            raise Invalid("invalid_seat", f"seat {i}: {player!r} is not a player id",
                          {"seat": i}) from None
        if host is not None and pid == host.player_id:
            return host.name, TableSeat(player=str(pid), name=host.name)
        found = await self.identities.player(pid)
        if found is None:
            raise RuleRefused("unknown_player", f"seat {i}: no player {player}", {"seat": i})
        return "", TableSeat(player=str(pid), name=found.name, reserved=True)

    async def open(
        self, host: PlayerRecord | None, kind: str, expansions: list[str],
        options: dict[str, Any], requests: Sequence[SeatRequest], visibility: Visibility,
        deal: dict[str, Any] | None, seed: int | None,
    ) -> tuple[GameRecord, list[str], str | None]:
        """A new game or table; its record, a token per seat ("" for a seat without one)
        and, for a private table, its invitation code (shown only here)."""
        if BOTS_OPTION in options:
            raise Invalid("invalid_options", "bot seats are set in `seats`, not in options")
        names, seats, bots = await self.seats(requests, host)
        if any(bots):
            options = {**options, BOTS_OPTION: bots}
        filling = not all(s.taken for s in seats)
        if filling and host is None:
            raise Unauthorized("player_required", "a table with open or reserved seats is "
                               "opened by a player: send a player's token")
        code = secrets.token_urlsafe(12) if filling and visibility == "private" else None
        table = TableRow(visibility=visibility, host=None if host is None
                         else str(host.player_id), invite_hash=code and invite_hash(code))
        notifier = self.service.commands.notifier
        invited = [(i, s.player) for i, s in enumerate(seats) if s.reserved and s.player]
        inviter = None if host is None else (str(host.player_id), host.name)
        record, tokens = await self.service.create(
            kind, expansions, options, names, deal, seed, table=table, table_seats=seats,
            outbox=None if notifier is None or not invited else (
                lambda game_id: notifier.invitations(game_id, kind, inviter, invited)))
        self.on_table(record, "opened" if filling else "started")
        return record, tokens, code

    # -- seating -------------------------------------------------------------------------
    async def join(self, game_id: uuid.UUID, player: PlayerRecord, seat: int | None,
                   invite: str | None) -> tuple[GameRecord, int]:
        """Seat `player` (at `seat`, or the first free one); the table and the seat."""
        pid = str(player.player_id)
        code_hash = await self.service.store.pool.fetchval(  # the newest, whoever changed it
            "SELECT invite_hash FROM games WHERE game_id = $1", game_id)

        def decide(folded: Folded) -> list[Any]:
            record, state = folded.record, folded.state
            if isinstance(state, Waiting) and record.visibility == "private":
                invited = any(s.reserved and s.player == pid for s in state.seats)
                if not (invited or record.host == pid or _matches(code_hash, invite)):
                    raise Forbidden("invite_required", "this table is private: join with its "
                                    "invitation code")
            return join(state, pid, player.name, seat)

        record = await self._apply(game_id, decide, "joined")
        taken = next(i for i, p in enumerate(record.players) if p == pid)
        return record, taken

    async def leave(self, game_id: uuid.UUID, player: PlayerRecord) -> GameRecord:
        pid = str(player.player_id)
        return await self._apply(game_id, lambda f: leave(f.state, pid), "left")

    async def decline(self, game_id: uuid.UUID, player: PlayerRecord) -> GameRecord:
        """Turn down the seat reserved for `player`: the seat opens."""
        pid = str(player.player_id)
        return await self._apply(game_id, lambda f: decline(f.state, pid), "left")

    async def rematch(self, game_id: uuid.UUID, player: PlayerRecord
                      ) -> tuple[GameRecord, bool]:
        """The rematch of a finished game: a private table with the same kind, expansions,
        options and seats, opened by `player` (seated), each other player invited to its old
        seat, bots where bots were, a named seat (a seat token's) open. One per game, whoever
        asks first on whichever process (an advisory lock on the game, then `rematches`):
        the table and whether this call opened it."""
        record = await self.service.record(game_id)
        pid = str(player.player_id)
        if pid not in record.players:
            raise Forbidden("not_a_player", "only a player who held a seat of the game may "
                            "ask for its rematch")
        if not record.over or record.waiting:
            raise Conflict("game_not_over", "the game is not over: no rematch yet")
        pool = self.service.store.pool
        async with pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 7))",
                               f"rematch:{game_id}")
            found = await conn.fetchval(
                "SELECT rematch_id FROM rematches WHERE game_id = $1", game_id)
            if found is not None:
                return await self.service.record(found), False
            levels = bot_levels(record.options, len(record.seat_names))
            requests = [SeatRequest(player=held) if held
                        else SeatRequest(bot=level, name=name) if level
                        else SeatRequest(open=True)
                        for held, level, name in zip(record.players, levels,
                                                     record.seat_names, strict=True)]
            options = {k: v for k, v in record.options.items() if k != BOTS_OPTION}
            table, _, _ = await self.open(player, record.kind, list(record.expansions),
                                          options, requests, "private", None, None)
            await conn.execute(
                "INSERT INTO rematches (game_id, rematch_id) VALUES ($1, $2)",
                game_id, table.game_id)
        return table, True

    async def rematch_of(self, game_id: uuid.UUID) -> GameRecord | None:
        """The rematch table of a game, once someone asked for it."""
        found = await self.service.store.pool.fetchval(
            "SELECT rematch_id FROM rematches WHERE game_id = $1", game_id)
        return None if found is None else await self.service.record(found)

    async def remove(self, game_id: uuid.UUID, host: PlayerRecord, seat: int) -> GameRecord:
        pid = str(host.player_id)
        return await self._apply(game_id, lambda f: clear(f.state, pid, seat), "left")

    async def start(self, game_id: uuid.UUID, host: PlayerRecord) -> GameRecord:
        pid = str(host.player_id)
        return await self._apply(game_id, lambda f: start_early(f.state, pid), "started")

    async def expire(self, game_id: uuid.UUID) -> GameRecord:
        return await self._apply(game_id, lambda f: expire(f.state), "expired")

    async def new_invite(self, game_id: uuid.UUID, host: PlayerRecord) -> str:
        """A new invitation code for a private table (the previous one stops working)."""
        folded = await self.service.folded(game_id)
        if folded.record.host != str(host.player_id):
            raise Forbidden("not_host", "only the table's host may do this")
        if not isinstance(folded.state, Waiting):
            raise Conflict("table_started", "the game has started: no invitation is needed")
        code = secrets.token_urlsafe(12)
        await self.service.store.pool.execute(
            "UPDATE games SET invite_hash = $2 WHERE game_id = $1", game_id, invite_hash(code))
        return code

    async def revoke_invite(self, game_id: uuid.UUID, host: PlayerRecord) -> None:
        folded = await self.service.folded(game_id)
        if folded.record.host != str(host.player_id):
            raise Forbidden("not_host", "only the table's host may do this")
        await self.service.store.pool.execute(
            "UPDATE games SET invite_hash = NULL WHERE game_id = $1", game_id)

    async def _apply(
        self, game_id: uuid.UUID, decide: Callable[[Folded], list[Any]], change: str
    ) -> GameRecord:
        """Decide the table's events on the newest state and append them with the seating
        they leave; a lost race decides again."""
        service = self.service
        folded = await service.folded(game_id)
        async with folded.lock:
            for _ in range(_RETRIES):
                await service.games.refresh(folded)
                try:
                    events = decide(folded)
                except DomainError as exc:
                    status = Conflict if exc.code in CONFLICTS else RuleRefused
                    raise status(exc.code, exc.reason) from None
                if not events:
                    return folded.record
                try:
                    await self._append(folded, events)
                except VersionConflict:
                    continue
                record = folded.record
                self.on_table(record, "started" if not record.waiting and change != "expired"
                              else change)
                return record
        raise Conflict("version_conflict", "the table kept changing; retry")

    async def _append(self, folded: Folded, table_events: list[Any]) -> None:
        game, record = folded.game, folded.record
        seats_before = folded.state.seats if isinstance(folded.state, Waiting) else ()
        table: Any = folded.state
        for event in table_events:
            if not isinstance(event, TableStarted):
                table = evolve_table(table, event)
        events = list(table_events)
        players = [s.player if s.taken and not s.bot else None for s in table.seats] \
            if isinstance(table, Waiting) else list(record.players)
        names = [s.name or "" for s in table.seats] if isinstance(table, Waiting) \
            else list(record.seat_names)
        invited = [s.player if s.reserved else None for s in table.seats] \
            if isinstance(table, Waiting) and not any(
                isinstance(e, TableStarted) for e in table_events) else []
        hashes = list(record.token_hashes) or [""] * len(names)
        options = dict(record.options)
        started = next((e for e in events if isinstance(e, TableStarted)), None)
        if started is not None:
            order = started.order
            players = [players[i] for i in order]
            names = [names[i] for i in order]
            hashes = [hashes[i] for i in order]
            if BOTS_OPTION in options:
                levels = bot_levels(options, len(seats_before))
                options[BOTS_OPTION] = [levels[i] for i in order]
            rng = random.Random(secrets.randbits(64))
            events += game.start(len(order), rules_options(options), rng, None)
        state = folded.state
        for event in events:
            state = game.evolve(state, event)
        seats = len(names)
        version = folded.version
        last = version + len(events)
        views = build_views(game, state, seats)
        summary, over = game.summary(state), game.is_over(state)
        waiting = isinstance(state, Waiting)
        store = self.service.store
        command_id = f"table:{uuid.uuid4()}"
        notifier = self.service.commands.notifier
        outbox = notifier.rows(folded, state, events, None, players) if notifier else ()
        async with store.pool.acquire() as conn, conn.transaction():
            result = await store.append(
                folded.game_id, version, to_new_events(events), CommandMeta(command_id, None),
                summary, over, views, conn=conn, outbox=outbox)
            await reseat(conn, folded.game_id, players, names, hashes, options, waiting,
                         invited)
        at = result.recorded_at.timestamp() if result.recorded_at else service_clock.now()
        folded.applied(state, last, None, command_id, Outcome(version + 1, last, ""), at,
                       head=result.head)
        folded.record = msgspec.structs.replace(
            record, players=tuple(players), seat_names=tuple(names),
            token_hashes=tuple(hashes), options=options, waiting=waiting, version=last,
            summary=summary, over=over)
        self.service.after_commit(Committed(folded.game_id, version + 1, last, events, views,
                                            None, result.recorded_at, state))
