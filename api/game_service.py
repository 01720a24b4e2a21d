"""The command pipeline and the reads of a game, shared by REST and WebSocket.

Each command is decided on the state folded from the game's stream (no cache: a stream is a
few hundred small events), its events are appended with the version it was decided on, the
views are written in the same transaction, and a wake-up is published after commit.

Expected versions and simultaneous choices. A command carries the version E its client saw;
the stream is at version V. It is accepted when E == V, or when E < V and the seat has been
free to act all along: the seat is among `acting_seats` at every commit point from E to V
and none of the events after E was caused by this seat. So in a phase where several seats
choose at once, a seat's pick never fails because another seat picked first (the others'
picks are hidden and change nothing the seat may see), while in turn-based play a stale
version is a 409 as usual. The command is then decided on the state at V, and appended with
V as the expected version (a race there is retried, re-checking the rule).
"""

from __future__ import annotations

import hashlib
import random
import secrets
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec

from api.errors import ApiError, game_not_found, unauthorized
from api.tokens import bearer, hash_token, new_token, seat_of
from domain.kernel import DomainError, Game, get_game
from infra.event_store import (
    AppendResult,
    CommandMeta,
    EventStore,
    GameRecord,
    IdempotencyKeyReused,
    NewEvent,
    StoredEvent,
    VersionConflict,
)
from projections.views import build_views, read_view, store_views

Publish = Callable[[uuid.UUID, int], Awaitable[bool]]

_RETRIES = 5


def event_type_name(event: msgspec.Struct) -> str:
    tag = event.__struct_config__.tag
    return tag if isinstance(tag, str) else type(event).__name__


def to_new_events(events: list[msgspec.Struct]) -> list[NewEvent]:
    return [NewEvent(event_type_name(e), msgspec.json.encode(e)) for e in events]


def parse_game_id(raw: str) -> uuid.UUID:
    try:
        return uuid.UUID(raw)
    except ValueError:
        raise game_not_found(raw) from None


def holds_nul(value: Any) -> bool:
    """Whether a JSON value holds a NUL character anywhere (PostgreSQL cannot store one)."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(holds_nul(k) or holds_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(holds_nul(v) for v in value)
    return False


def domain_error(exc: DomainError) -> ApiError:
    return ApiError(422, exc.code, exc.reason)


class Stream(msgspec.Struct):
    """A game's record, ruleset, events and folded state at its last version."""

    record: GameRecord
    game: Game
    events: list[StoredEvent]
    state: Any

    @property
    def version(self) -> int:
        return self.events[-1].version if self.events else 0


class GameService:
    def __init__(self, store: EventStore, publish: Publish) -> None:
        self.store = store
        self.publish = publish

    # -- games --------------------------------------------------------------------------
    async def create(
        self,
        kind: str,
        expansions: list[str],
        options: dict[str, Any],
        seat_names: list[str],
        deal: dict[str, Any] | None,
        seed: int | None,
    ) -> tuple[GameRecord, list[str]]:
        """Deal and open a game; return it with one new secret token per seat."""
        if holds_nul(options):
            raise ApiError(400, "invalid_options", "options may not hold NUL characters")
        try:
            game = get_game(kind, tuple(expansions), options)
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
                    raise ApiError(400, "invalid_deal", str(exc)) from None
            rng = random.Random(secrets.randbits(64) if seed is None else seed)
            opening = game.start(len(seat_names), options, rng, explicit)
        except DomainError as exc:
            raise domain_error(exc) from None
        state = game.initial_state()
        for event in opening:
            state = game.evolve(state, event)
        game_id = uuid.uuid4()
        tokens = [new_token() for _ in seat_names]
        version = len(opening)
        await self.store.create_game(
            game_id, kind, expansions, options, seat_names, [hash_token(t) for t in tokens],
            to_new_events(opening), game.summary(state), game.is_over(state),
            [store_views(game_id, version, build_views(game, state, len(seat_names)))],
        )
        await self.publish(game_id, version)
        record = await self.store.get_game(game_id)
        assert record is not None
        return record, tokens

    async def record(self, game_id: uuid.UUID) -> GameRecord:
        record = await self.store.get_game(game_id)
        if record is None:
            raise game_not_found(game_id)
        return record

    @staticmethod
    def game_of(record: GameRecord) -> Game:
        return get_game(record.kind, record.expansions, record.options)

    @staticmethod
    def seat(record: GameRecord, token: str | None) -> int | None:
        """The caller's seat: None (spectator) without a token; 401 for an unknown one."""
        if token is None:
            return None
        seat = seat_of(token, record.token_hashes) if token else None
        if seat is None:
            raise unauthorized("unknown seat token for this game")
        return seat

    def seat_from_header(self, record: GameRecord, authorization: str | None) -> int | None:
        return self.seat(record, bearer(authorization))

    async def stream(self, game_id: uuid.UUID) -> Stream:
        record = await self.record(game_id)
        game = self.game_of(record)
        events = await self.store.read_stream(game_id)
        state = game.initial_state()
        decode, evolve, event_type = msgspec.json.decode, game.evolve, game.event_type
        for stored in events:
            state = evolve(state, decode(stored.payload, type=event_type))
        return Stream(record, game, events, state)

    # -- reads --------------------------------------------------------------------------
    async def view(
        self, game_id: uuid.UUID, seat: int | None, at_version: int | None = None
    ) -> tuple[int, str]:
        found = await read_view(self.store.pool, game_id, seat, at_version)
        if found is None:
            raise ApiError(
                404, "version_not_found", f"no view at version {at_version}",
                {"version": at_version},
            )
        return found

    async def legal_moves(self, game_id: uuid.UUID, seat: int) -> tuple[int, list[bytes]]:
        stream = await self.stream(game_id)
        moves = stream.game.legal_moves(stream.state, seat)
        return stream.version, [msgspec.json.encode(m) for m in moves]

    async def events(
        self,
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
        stored = await self.store.read_stream(
            record.game_id, after_version,
            None if limit is None else after_version + limit,
        )
        if record.over and full_when_over:
            return False, [(e, e.type, e.payload.encode()) for e in stored]
        game = self.game_of(record)
        out = []
        for e in stored:
            redacted = game.redact(msgspec.json.decode(e.payload, type=game.event_type), seat)
            out.append((e, event_type_name(redacted), msgspec.json.encode(redacted)))
        return True, out

    # -- commands -----------------------------------------------------------------------
    async def submit(
        self,
        game_id: uuid.UUID,
        token: str | None,
        expected_version: int,
        command_data: Any,
        idempotency_key: str | None,
    ) -> AppendResult:
        """Decide and append one command; the ApiError says why when it is refused."""
        record = await self.record(game_id)
        seat = self.seat(record, token)
        if seat is None:
            raise unauthorized("commands need the bearer token of a seat")
        game = self.game_of(record)
        try:
            command = msgspec.convert(command_data, game.command_type)
        except msgspec.ValidationError as exc:
            raise ApiError(400, "invalid_command", str(exc)) from None
        if game.command_seat(command) != seat:
            raise ApiError(
                403, "wrong_seat", f"this token is seat {seat}'s; the command is another seat's",
                {"seat": seat},
            )
        body_hash = hashlib.sha256(msgspec.json.encode(command)).hexdigest()
        meta = CommandMeta(idempotency_key or f"auto:{uuid.uuid4()}", seat, body_hash)
        if idempotency_key is not None:
            seen = await self._seen(game_id, idempotency_key, body_hash)
            if seen is not None:
                return seen
        for _ in range(_RETRIES):
            stream = await self.stream(game_id)
            try:
                await self._check_expected(stream, seat, expected_version)
                try:
                    events, state = stream.game.step(stream.state, command)
                except DomainError as exc:
                    raise domain_error(exc) from None
            except ApiError:
                # a duplicate of this command may have landed since the check above
                if idempotency_key is not None:
                    seen = await self._seen(game_id, idempotency_key, body_hash)
                    if seen is not None:
                        return seen
                raise
            if not events:
                return AppendResult(stream.version, stream.version, replayed=False)
            last = stream.version + len(events)
            views = build_views(stream.game, state, len(record.seat_names))
            try:
                result = await self.store.append(
                    game_id, stream.version, to_new_events(list(events)), meta,
                    stream.game.summary(state), stream.game.is_over(state),
                    [store_views(game_id, last, views)],
                )
            except VersionConflict:
                continue  # another command landed first: re-check the rule on the new state
            except IdempotencyKeyReused:
                raise self._key_reused(idempotency_key) from None
            if not result.replayed:
                await self.publish(game_id, result.last_version)
            return result
        raise ApiError(409, "version_conflict", "the game kept changing; retry")

    async def _seen(self, game_id: uuid.UUID, key: str, body_hash: str) -> AppendResult | None:
        try:
            return await self.store.find_command(game_id, key, body_hash)
        except IdempotencyKeyReused:
            raise self._key_reused(key) from None

    @staticmethod
    def _key_reused(key: str | None) -> ApiError:
        return ApiError(
            409, "idempotency_key_reused",
            "this idempotency key was used with another command", {"idempotency_key": key},
        )

    async def _check_expected(self, stream: Stream, seat: int, expected: int) -> None:
        """Refuse with 409 unless `expected` is current or the seat was free to act since."""
        current = stream.version
        if expected == current:
            return
        conflict = ApiError(
            409, "version_conflict",
            f"the game is at version {current}, not {expected}",
            {"expected_version": expected, "current_version": current},
        )
        if expected > current:
            raise conflict
        if any(e.seat == seat for e in stream.events[expected:]):
            raise conflict
        points = await self.store.commit_points(stream.record.game_id, expected)
        if expected not in points:
            raise conflict
        game, state = stream.game, stream.game.initial_state()
        for stored in stream.events:
            state = game.evolve(state, msgspec.json.decode(stored.payload, type=game.event_type))
            if stored.version in points and seat not in game.acting_seats(state):
                raise conflict
