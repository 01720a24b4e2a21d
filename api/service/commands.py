"""The command pipeline: one handler for REST and WebSocket, knowing no transport.

A command is decided on the game as this process keeps it (`api/service/folded.py`), and appended
in one statement with that version as the expected version; in the common case that is the
only round trip. When another process appended meanwhile, the append conflicts, the game is
refreshed (one read of the newer events) and the rule is checked again. Refusals are typed
(`api/service/refusals.py`); the edge turns them into HTTP statuses or WebSocket replies. The reply
never waits for Redis: the wake-up is handed to `after_commit`, which does not block.

Expected versions and simultaneous choices. A command carries the version E its client saw;
the stream is at version V. It is accepted when E == V, or when E < V and the seat has been
free to act all along: the seat is among `acting_seats` at every commit point from E to V
and none of the appends after E was caused by this seat. So in a phase where several seats
choose at once, a seat's pick never fails because another seat picked first (the others'
picks are hidden and change nothing the seat may see), while in turn-based play a stale
version is a 409 as usual. The command is then decided on the state at V, and appended with
V as the expected version (a race there is retried, re-checking the rule).

Within one process, the commands of one game wait for each other in memory (a lock per
game, bounded by `busy_seconds`), so a game held by a slow transaction holds at most one
pooled connection per process and never delays other games.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
import uuid
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import msgspec

from api.service.folded import Folded, FoldedGames, Outcome
from api.service.identity import Identities, is_player_credential
from api.service.notifications import Notifier
from api.service.refusals import (
    Busy,
    Conflict,
    Forbidden,
    Invalid,
    Refusal,
    RuleRefused,
    outcome_unknown,
    unauthorized,
)
from api.service.replies import NextOut, next_of
from api.service.tokens import seat_of
from domain.kernel import DomainError
from domain.kernel.meta import clock_marks, left_seats
from infra import service_clock
from infra.db import LOST_CONNECTION
from infra.event_store import (
    AppendResult,
    CommandMeta,
    EventStore,
    GameBusy,
    IdempotencyKeyReused,
    NewEvent,
    VersionConflict,
)
from projections.views import build_views


class Committed(msgspec.Struct, frozen=True):
    """An append this process made, with what its followers need (no read to send it)."""

    game_id: uuid.UUID
    first_version: int
    last_version: int
    events: list[Any]
    """The game's event structs, versions first_version..last_version."""
    views: list[tuple[int, str]]
    """(seat key, view JSON) of every audience at last_version."""
    seat: int | None
    recorded_at: datetime | None
    state: Any = None
    """The game's state at last_version, when at hand (followers' legal moves from it)."""


AfterCommit = Callable[[Committed], None]
"""Told of each append once committed; must not block (wake-ups, fan-out)."""
Observe = Callable[[str, float], None]
"""Told of each command's outcome (`accepted`, `replayed` or a code) and its duration."""

_RETRIES = 5
_NOTHING: frozenset[str] = frozenset()


def event_type_name(event: msgspec.Struct) -> str:
    tag = event.__struct_config__.tag
    return tag if isinstance(tag, str) else type(event).__name__


def to_new_events(events: list[msgspec.Struct]) -> list[NewEvent]:
    encode = msgspec.json.encode
    return [NewEvent(event_type_name(e), encode(e)) for e in events]


def seat_of_token(folded: Folded, token: str | None) -> int | None:
    """The caller's seat: None (spectator) without a token; Unauthorized for an unknown one."""
    if token is None:
        return None
    seat = seat_of(token, folded.record.token_hashes) if token else None
    if seat is None:
        raise unauthorized("unknown seat token for this game")
    return seat


async def seat_of_caller(
    folded: Folded, token: str | None, identities: Identities | None,
    games: FoldedGames | None = None,
) -> int | None:
    """The caller's seat from a seat token, or from a player's token (a guest's or a JWT)
    for the seat that player holds in this game, exactly as that seat's token would: None
    (a spectator) for a player with no seat here; Unauthorized for an unknown token. A
    player not seated in this process's copy of a table is looked for again after a read
    (another process may have seated it)."""
    if token and identities is not None and is_player_credential(token):
        player = await identities.of_token(token)
        if player is not None:
            pid = str(player.player_id)
            seat = seat_of_player(folded.record.players, pid)
            if seat is None and games is not None and any(folded.record.players):
                async with folded.lock:
                    await games.refresh(folded)
                seat = seat_of_player(folded.record.players, pid)
            return seat
    return seat_of_token(folded, token)


def seat_of_player(players: Sequence[str | None], player_id: str) -> int | None:
    return next((i for i, p in enumerate(players) if p == player_id), None)


_SEAT_SCOPE = "seat:"


def scoped_key(seat: int, key: str) -> str:
    """A client's idempotency key as stored: scoped by the seat that sent it. Keys are often
    guessable (`ada-1`); unscoped, one seat could burn another's next key, or learn from a
    replay or an `idempotency_key_reused` what another seat sent under it."""
    return f"{_SEAT_SCOPE}{seat}:{key}"


def client_key(command_id: str) -> str:
    """The key as its client sent it (`scoped_key` undone; other ids as they are)."""
    if command_id.startswith(_SEAT_SCOPE):
        return command_id.split(":", 2)[2]
    return command_id


def key_reused(command_id: str) -> Conflict:
    return Conflict(
        "idempotency_key_reused", "this idempotency key was used with another command",
        {"idempotency_key": client_key(command_id)},
    )


def busy(game_id: uuid.UUID) -> Busy:
    return Busy("game_busy", f"game {game_id} is busy; retry shortly")


class CommandHandler:
    """Decide and append commands (see the module docstring)."""

    def __init__(
        self, store: EventStore, games: FoldedGames, after_commit: AfterCommit,
        busy_seconds: float = 5.0, observe: Observe | None = None,
    ) -> None:
        self.store = store
        self.games = games
        self.after_commit = after_commit
        self.busy_seconds = busy_seconds
        self.observe = observe
        self.identities: Identities | None = None
        """Players by their tokens (`api/service/identity.py`); None: seat tokens only."""
        self.notifier: Notifier | None = None
        """The outbox rows each append writes (`api/service/notifications.py`)."""

    async def submit(
        self,
        game_id: uuid.UUID,
        token: str | None,
        expected_version: int,
        command_data: Any,
        idempotency_key: str | None,
        bot_seat: int | None = None,
    ) -> AppendResult:
        """Decide and append one command; a Refusal says why when it is refused.
        `bot_seat`: the server's bot plays that seat (no token; `api/runners/bots.py`)."""
        result, _ = await self.submit_for_reply(
            game_id, token, expected_version, command_data, idempotency_key, bot_seat
        )
        return result

    async def submit_for_reply(
        self,
        game_id: uuid.UUID,
        token: str | None,
        expected_version: int,
        command_data: Any,
        idempotency_key: str | None,
        bot_seat: int | None = None,
        include: frozenset[str] = _NOTHING,
    ) -> tuple[AppendResult, NextOut | None]:
        """`submit`, and with `include` the game after it as the seat sees it
        (`api/service/replies.py`), taken from memory before the game's lock is released."""
        work = self._submit(
            game_id, token, expected_version, command_data, idempotency_key, bot_seat, include
        )
        if self.observe is None:
            return await work
        started = time.perf_counter()
        outcome = "error"
        try:
            result = await work
            outcome = "replayed" if result[0].replayed else "accepted"
            return result
        except Refusal as exc:
            outcome = exc.code
            raise
        finally:
            self.observe(outcome, time.perf_counter() - started)

    async def _submit(
        self,
        game_id: uuid.UUID,
        token: str | None,
        expected_version: int,
        command_data: Any,
        idempotency_key: str | None,
        bot_seat: int | None,
        include: frozenset[str],
    ) -> tuple[AppendResult, NextOut | None]:
        folded = await self.games.get(game_id)
        seat = (await seat_of_caller(folded, token, self.identities, self.games)
                if bot_seat is None else bot_seat)
        if seat is None:
            raise unauthorized("commands need the bearer token of a seat")
        game = folded.game
        try:
            command = msgspec.convert(command_data, game.command_type)
        except msgspec.ValidationError as exc:
            raise Invalid("invalid_command", str(exc)) from None
        if game.command_seat(command) != seat:
            raise Forbidden(
                "wrong_seat", f"this token is seat {seat}'s; the command is another seat's",
                {"seat": seat},
            )
        body_hash = hashlib.sha256(msgspec.json.encode(command)).hexdigest()
        key = idempotency_key or f"auto:{uuid.uuid4()}"  # a key the client may retry with
        # the bot runners' own keys (`bot:<seat>:<version>`) are the same on every replica
        command_id = key if bot_seat is not None else scoped_key(seat, key)
        try:
            async with asyncio.timeout(self.busy_seconds):
                await folded.lock.acquire()
        except TimeoutError:
            raise busy(game_id) from None
        try:
            result, views = await self._decide_and_append(
                folded, seat, expected_version, command, command_id, body_hash,
                idempotency_key is not None, bot_seat is not None,
            )
            if not include:
                return result, None
            return result, next_of(game, folded.state, folded.version, seat, include, views)
        except GameBusy:
            raise busy(game_id) from None
        finally:
            folded.lock.release()

    async def _decide_and_append(
        self, folded: Folded, seat: int, expected: int, command: msgspec.Struct,
        command_id: str, body_hash: str, keyed: bool, bot: bool,
    ) -> tuple[AppendResult, list[tuple[int, str]] | None]:
        """The append's result, with the views it built of the new state (None when it
        appended nothing now). A seat that left the game (`domain/kernel/meta.py`) is
        played by its bot only: its token's commands are refused (`seat_left`)."""
        game = folded.game
        for _ in range(_RETRIES):
            if keyed:
                seen = self._seen(folded, command_id, body_hash)
                if seen is not None:
                    return seen, None
            if expected > folded.version:
                await self.games.refresh(folded)  # another process may have moved it
            try:
                if not bot and seat in left_seats(folded.state):
                    raise RuleRefused("seat_left", f"seat {seat} has left the game; its bot "
                                      "plays it to the end")
                self._check_expected(folded, seat, expected)
                try:
                    events, state = game.step(folded.state, command)
                except DomainError as exc:
                    raise RuleRefused(exc.code, exc.reason) from None
            except (Conflict, RuleRefused):
                if keyed:  # a duplicate of this command may have landed elsewhere
                    await self.games.refresh(folded)
                    seen = self._seen(folded, command_id, body_hash)
                    if seen is not None:
                        return seen, None
                raise
            version = folded.version
            if not events:
                return AppendResult(version, version, replayed=False), None
            last = version + len(events)
            views = build_views(game, state, len(folded.record.seat_names))
            notifier = self.notifier
            outbox = notifier.rows(folded, state, events, seat) if notifier else ()
            try:
                result = await self.store.append(
                    folded.game_id, version, to_new_events(list(events)),
                    CommandMeta(command_id, seat, body_hash), game.summary(state),
                    game.is_over(state), views, outbox=outbox,
                )
            except LOST_CONNECTION:  # the store's own retries and lookup lost it too
                raise outcome_unknown(client_key(command_id)) from None
            except VersionConflict:
                await self.games.refresh(folded)
                continue  # another command landed first: re-check the rule on the new state
            except IdempotencyKeyReused:
                raise key_reused(command_id) from None
            if result.replayed:
                await self.games.refresh(folded)
                return result, None
            at = result.recorded_at.timestamp() if result.recorded_at else service_clock.now()
            folded.applied(state, last, seat, command_id, Outcome(version + 1, last, body_hash),
                           at, head=result.head)  # now(): only if the reply was lost
            folded.marks.extend(clock_marks(version + 1, events))  # a seat handed to its bot
            self.after_commit(Committed(folded.game_id, version + 1, last, list(events), views,
                                        seat, result.recorded_at, state))
            return result, views
        raise Conflict("version_conflict", "the game kept changing; retry")

    @staticmethod
    def _seen(folded: Folded, command_id: str, body_hash: str) -> AppendResult | None:
        outcome = folded.commands.get(command_id)
        if outcome is None:
            return None
        if outcome.body_hash != body_hash:
            raise key_reused(command_id)
        return AppendResult(outcome.first_version, outcome.last_version, replayed=True)

    @staticmethod
    def _check_expected(folded: Folded, seat: int, expected: int) -> None:
        """Refuse unless `expected` is current or the seat was free to act since."""
        current = folded.version
        if expected == current:
            return
        if expected > current or not folded.free_since(seat, expected):
            raise Conflict(
                "version_conflict", f"the game is at version {current}, not {expected}",
                {"expected_version": expected, "current_version": current},
            )
