"""Creating games and reading them, next to the command pipeline (`api/service/commands.py`).

Like the pipeline, this module knows no transport: refusals are typed (`api/service/refusals.py`).
Seat tokens are checked against the game's fixed record as this process keeps it, so a read
costs the one query that fetches what it returns.
"""

from __future__ import annotations

import random
import secrets
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

import msgspec

from api.service.clocks import checked_options
from api.service.commands import (
    AfterCommit,
    CommandHandler,
    Committed,
    Observe,
    event_type_name,
    seat_of_caller,
    to_new_events,
)
from api.service.folded import Folded, FoldedGames, Outcome
from api.service.refusals import Invalid, NotFound, RuleRefused, game_not_found, unauthorized
from api.service.replies import players_moves
from api.service.tokens import hash_token, new_token
from domain.kernel import DomainError, Game, get_game
from domain.kernel.registry import get_ruleset, rules_options
from domain.kernel.table import TableSeat, TableStarted, opened
from infra import service_clock
from infra.db import read_again
from infra.event_store import (
    CREATED,
    EventStore,
    GameRecord,
    StoredEvent,
    TableRow,
)
from infra.notifications import OutboxRow
from projections.rulesets import decoder_of
from projections.views import build_views, read_view

__all__ = ["GameService", "event_type_name", "parse_game_id"]


def parse_game_id(raw: str) -> uuid.UUID:
    """A game id from a path; 400 `invalid_path_parameter` when it is not a UUID (no game
    could ever have it), 404 comes only for a well-formed id of no game."""
    try:
        return uuid.UUID(raw)
    except ValueError:
        raise Invalid("invalid_path_parameter", f"game id {raw!r} is not a UUID",
                      {"parameter": "game_id"}) from None


def holds_nul(value: Any) -> bool:
    """Whether a JSON value holds a NUL character anywhere (PostgreSQL cannot store one)."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(holds_nul(k) or holds_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(holds_nul(v) for v in value)
    return False


class GameService:
    """The service one API process runs: games kept folded, commands, reads."""

    def __init__(
        self, store: EventStore, after_commit: AfterCommit, capacity: int = 5_000,
        busy_seconds: float = 5.0, observe: Observe | None = None,
        read_trust_seconds: float = 1.0, version_wait_seconds: float = 1.0,
    ) -> None:
        self.store = store
        self.games = FoldedGames(store, capacity, read_trust_seconds, version_wait_seconds)
        self.after_commit = after_commit
        self.commands = CommandHandler(store, self.games, after_commit, busy_seconds, observe)
        self.submit = self.commands.submit
        """Decide and append one command (the pipeline shared by REST and WebSocket)."""
        self.memory_reads = 0
        """Reads at a known version answered from a kept game, without PostgreSQL."""
        self.submit_for_reply = self.commands.submit_for_reply
        """`submit`, and with `include` the game after it for the seat
        (`api/service/replies.py`)."""

    # -- games --------------------------------------------------------------------------
    async def create(
        self,
        kind: str,
        expansions: list[str],
        options: dict[str, Any],
        seat_names: list[str],
        deal: dict[str, Any] | None,
        seed: int | None,
        table: TableRow | None = None,
        table_seats: Sequence[TableSeat] | None = None,
        outbox: Callable[[uuid.UUID], Sequence[OutboxRow]] | None = None,
        game_id: uuid.UUID | None = None,
    ) -> tuple[GameRecord, list[str]]:
        """Deal and open a game; return it with one new secret token per seat ("" for a
        seat without one: a player's, or a free one). With
        `table_seats` holding seats to fill, a table (`api/service/tables.py`): its stream
        opens with `TableOpened` and the deal is drawn when it starts. `outbox`: the
        notifications of the new game's id, written with it (invitations). `game_id`: the id
        chosen before (matchmaking records it with its tickets first); a new one by default."""
        if holds_nul(options):
            raise Invalid("invalid_options", "options may not hold NUL characters")
        options = checked_options(options)
        waiting = table_seats is not None and not all(s.taken for s in table_seats)
        if waiting and (deal is not None or seed is not None):
            raise Invalid("invalid_options", "a table with open seats draws its deal when it "
                          "starts: no `deal` or `seed`")
        try:
            game: Game = get_game(kind, tuple(expansions), options)
            low, high = game.seat_range()
            if not low <= len(seat_names) <= high:
                raise DomainError(
                    "invalid_seat_count", f"{kind} takes {low} to {high} seats"
                )
            explicit = None
            if deal is not None:
                try:
                    explicit = msgspec.convert(deal, game.deal_type)
                except msgspec.ValidationError as exc:
                    raise RuleRefused("invalid_deal", str(exc)) from None
            rng = random.Random(secrets.randbits(64) if seed is None else seed)
            if table_seats is not None and (waiting or any(s.player for s in table_seats)):
                # a table: its seats to fill, or seats players hold from the start (then
                # it starts at once, and the stream still says who sat where)
                assert table is not None
                game = get_ruleset(kind, tuple(expansions), options)
                opening: list[Any] = [opened(table_seats, table.host,
                                             "public" if table.visibility == "public"
                                             else "private", game.seat_range())]
                if not waiting:
                    opening.append(TableStarted(order=tuple(range(len(seat_names)))))
                    opening += game.start(len(seat_names), rules_options(options), rng,
                                          explicit)
            else:
                opening = game.start(len(seat_names), rules_options(options), rng, explicit)
        except DomainError as exc:
            raise RuleRefused(exc.code, exc.reason) from None
        state = game.initial_state()
        for event in opening:
            state = game.evolve(state, event)
        game_id = game_id or uuid.uuid4()
        tokens = [new_token() for _ in seat_names]
        version = len(opening)
        source = "explicit" if deal is not None else "seeded" if seed is not None else "random"
        summary, over = game.summary(state), game.is_over(state)
        table = msgspec.structs.replace(table or TableRow(), waiting=waiting)
        held = ([s.player if s.taken and not s.bot else None for s in table_seats]
                if table_seats else [None] * len(seat_names))
        invited = tuple(s.player if s.reserved else None for s in table_seats or ())
        table = msgspec.structs.replace(table, players=tuple(held), invited=invited)
        # a seat a player holds, or one still free, has no token of its own
        hashes = tuple("" if held[i] is not None or (table_seats and not table_seats[i].taken)
                       else hash_token(t) for i, t in enumerate(tokens))
        tokens = [t if h else "" for t, h in zip(tokens, hashes, strict=True)]
        views = build_views(game, state, len(seat_names))
        new_events = to_new_events(opening)
        rows = list(outbox(game_id)) if outbox is not None else []
        notifier = self.commands.notifier
        if notifier is not None and notifier.enabled and not waiting:
            # a game that starts now: its `table.started` and first turns, as any append's
            at = datetime.fromtimestamp(service_clock.now(), UTC)
            draft = GameRecord(game_id, kind, tuple(expansions), options, tuple(seat_names),
                               hashes, at, 0, {}, False, source,
                               players=table.players, host=table.host)
            rows += notifier.rows(Folded(draft), state, opening, None, held)
        created = await self.store.create_game(
            game_id, kind, expansions, options, seat_names, hashes, new_events,
            summary, over, views, source, table=table, outbox=rows,
        )
        created_at, head = created.created_at, created.head
        record = GameRecord(
            game_id, kind, tuple(expansions), options, tuple(seat_names), hashes, created_at,
            version, summary, over, source, head.hex(), salt=created.salt,
            players=table.players, visibility=table.visibility, host=table.host,
            waiting=waiting,
        )
        folded = Folded(record)
        folded.applied(state, version, None, CREATED, Outcome(1, version, ""),
                       created_at.timestamp(), head=head)
        self.games.put(folded)
        self.after_commit(
            Committed(game_id, 1, version, list(opening), views, None, created_at, state)
        )
        return record, tokens

    async def folded(self, game_id: uuid.UUID) -> Folded:
        return await self.games.get(game_id)

    async def record(self, game_id: uuid.UUID) -> GameRecord:
        """The game's current record (summary, version) from PostgreSQL."""
        record = await read_again(lambda: self.store.get_game(game_id))
        if record is None:
            raise game_not_found(game_id)
        return record

    async def caller(self, game_id: uuid.UUID, token: str | None) -> tuple[Folded, int | None]:
        """The game and the caller's seat (None: spectator); Unauthorized for a bad token."""
        folded = await self.games.get(game_id)
        return folded, await seat_of_caller(folded, token, self.commands.identities,
                                            self.games)

    # -- reads --------------------------------------------------------------------------
    def kept_record(self, game_id: uuid.UUID, min_version: int | None) -> GameRecord | None:
        """The game's record as its kept copy has it (version, summary, chain head), when
        the caller accepts `min_version` or later and the copy is that new and current (as
        `legal_moves`); None: read it. A game not kept here is read, not loaded."""
        folded = None if min_version is None else self.games.kept(game_id)
        if folded is None or folded.head is None or not self.games.serves(folded, min_version):
            return None
        self.memory_reads += 1
        game, state = folded.game, folded.state
        return msgspec.structs.replace(
            folded.record, version=folded.version, summary=game.summary(state),
            over=game.is_over(state), head_hash=folded.head.hex())

    def kept_view(
        self, folded: Folded, seat: int | None, min_version: int | None
    ) -> tuple[int, str] | None:
        """The seat's view from memory when the caller accepts `min_version` or later and
        the kept game is that new and current (as `legal_moves`); None: read it. The same
        JSON as the stored view of that version: both are the game's `view` of one state."""
        if not self.games.serves(folded, min_version):
            return None
        self.memory_reads += 1
        version, state = folded.version, folded.state
        return version, msgspec.json.encode(folded.game.view(state, seat)).decode()

    async def record_at_least(self, game_id: uuid.UUID, min_version: int | None) -> GameRecord:
        """The game's record at `min_version` or later (`kept_record`, else read); a version
        the game has not reached is waited for, then refused (`FoldedGames.reach`)."""
        record = self.kept_record(game_id, min_version) or await self.record(game_id)
        if min_version is None or record.version >= min_version:
            return record
        await self.games.reach(await self.games.get(game_id), min_version)
        return await self.record(game_id)

    async def view_at_least(
        self, folded: Folded, seat: int | None, min_version: int | None
    ) -> tuple[int, str]:
        """The seat's current view, at `min_version` or later (as `record_at_least`)."""
        found = self.kept_view(folded, seat, min_version) or await self.view(folded.game_id, seat)
        if min_version is None or found[0] >= min_version:
            return found
        await self.games.reach(folded, min_version)
        return await self.view(folded.game_id, seat)

    async def view(
        self, game_id: uuid.UUID, seat: int | None, at_version: int | None = None
    ) -> tuple[int, str]:
        found = await read_again(lambda: self.store.run(
            lambda conn: read_view(conn, game_id, seat, at_version)))
        if found is None:
            raise NotFound(
                "version_not_found", f"no view at version {at_version}", {"version": at_version}
            )
        return found

    async def legal_moves(
        self, folded: Folded, seat: int, min_version: int | None = None
    ) -> tuple[int, list[bytes]]:
        """The seat's moves on the game's newest state: one read for what is new, none when
        the caller accepts `min_version` or later and the kept game is that new and current
        as far as this process can tell (`FoldedGames.current`: a wake-up's delay behind at
        most). The caller's own commits are then always seen, wherever it sent them. A
        version the game has not reached is waited for, then refused (`FoldedGames.reach`)."""
        if await self.games.reach(folded, min_version):
            self.memory_reads += 1
        version, state = folded.version, folded.state
        encode = msgspec.json.encode
        return version, [encode(m) for m in players_moves(folded.game, state, seat)]

    async def events(
        self,
        game: Game,
        record: GameRecord,
        seat: int | None,
        after_version: int,
        limit: int | None = None,
        full_when_over: bool = True,
    ) -> tuple[bool, list[tuple[StoredEvent, str, bytes]]]:
        """Events after `after_version` as (stored, type, JSON) for the caller.

        Redacted for the caller's seat while the game runs; the full log once it is over
        (unless `full_when_over` is False: live pushes stay redacted to the end).
        """
        stored = await read_again(lambda: self.store.read_stream(
            record.game_id, after_version, None if limit is None else after_version + limit))
        if record.over and full_when_over:
            return False, [(e, e.type, e.payload.encode()) for e in stored]
        decode, encode = decoder_of(game).decode, msgspec.json.encode
        out = []
        for e in stored:
            redacted = game.redact(decode(e.payload), seat)
            out.append((e, event_type_name(redacted), encode(redacted)))
        return True, out

    @staticmethod
    def require_seat(seat: int | None, what: str) -> int:
        if seat is None:
            raise unauthorized(f"{what} need the bearer token of a seat")
        return seat

