"""`POST /games/import`: a game recorded elsewhere, loaded as a finished, imported game.

The trace is played through the engine by its format's importer (every state checked
against the record) before anything is written; then the game row, its opening, each
command's events with the views of every version are appended in one transaction and the
game is flagged `imported` (it takes no commands: it is over, and the append statement
refuses imported games). A bad trace is a 422 `invalid_trace` naming its first problem,
and no game is written.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import msgspec
from litestar import Request, post
from litestar.handlers import HTTPRouteHandler

from api.audit import errors
from api.commands import to_new_events
from api.game_service import GameService
from api.games import summary_of
from api.refusals import Invalid, RuleRefused
from api.runtime import runtime_of
from api.schemas import GameCreated, SeatToken
from api.tokens import hash_token, new_token
from domain.kernel import DomainError, get_game
from domain.kernel.traces import PlayedGame, TraceError, import_record
from infra.event_store import CommandMeta, GameRecord
from projections.views import build_views

_MALFORMED = (TraceError, DomainError, KeyError, TypeError, ValueError, AttributeError,
              IndexError)
"""What a replayer may raise on a record that does not follow its format."""


def checked_import(record: Any) -> PlayedGame:
    """The game a record holds, or RuleRefused (`invalid_trace`) with its first problem."""
    if not isinstance(record, dict):
        raise Invalid("invalid_body", "a trace record is one JSON object")
    try:
        return import_record(record)
    except _MALFORMED as exc:
        raise RuleRefused("invalid_trace", str(exc) or type(exc).__name__) from None


async def store_imported(
    service: GameService, played: PlayedGame
) -> tuple[GameRecord, list[str]]:
    """Append a checked game in one transaction and flag it imported; its record and one
    token per seat (to read each seat's views; commands are refused)."""
    game = get_game(played.kind, played.expansions, played.options)
    names = [f"seat {i}" for i in range(played.seats)]
    tokens = [new_token() for _ in names]
    hashes = tuple(hash_token(t) for t in tokens)
    game_id = uuid.uuid4()
    state = game.initial_state()
    for event in played.opening:
        state = game.evolve(state, event)
    store = service.store
    async with store.pool.acquire() as conn, conn.transaction():
        await store.create_game(
            game_id, played.kind, played.expansions, played.options, names, hashes,
            to_new_events(played.opening), game.summary(state), game.is_over(state),
            build_views(game, state, played.seats), "explicit", conn=conn,
        )
        version = len(played.opening)
        for number, (command, events) in enumerate(played.steps, start=1):
            for event in events:
                state = game.evolve(state, event)
            meta = CommandMeta(f"import:{number}", game.command_seat(command), "")
            await store.append(
                game_id, version, to_new_events(events), meta, game.summary(state),
                game.is_over(state), build_views(game, state, played.seats), conn=conn,
            )
            version += len(events)
        await conn.execute("UPDATE games SET imported = true WHERE game_id = $1", game_id)
    record = await service.record(game_id)
    return record, tokens


def import_route(max_bytes: int) -> HTTPRouteHandler:
    """The import route, with its own body limit (a whole game is larger than a command)."""

    @post("/games/import", operation_id="importGame", status_code=201, tags=["audit"],
          request_max_body_size=max_bytes, responses=errors(
              e400="The body is not one JSON object.",
              e413="The trace is larger than `POLIS_MAX_TRACE_BYTES`.",
              e415="The body is not sent as `application/json`.",
              e422="`invalid_trace`: the record's first problem (nothing was written).",
              e429="Too many games created by this client (`rate_limited`).",
          ))
    async def import_game(request: Request[Any, Any, Any]) -> GameCreated:
        """Load a trace record (`duel-trace/1`, `duel-agora-trace/1`, `7w-trace/1`) as a
        finished game flagged `imported`, every version viewable; 422 `invalid_trace` names
        the record's first problem and nothing is written."""
        runtime = runtime_of(request)
        runtime.limits.check_create(runtime.client_of(request))
        try:
            record = msgspec.json.decode(await request.body())
        except msgspec.DecodeError as exc:
            raise Invalid("invalid_body", f"the body is not JSON: {exc}") from None
        played = await asyncio.to_thread(checked_import, record)
        stored, tokens = await store_imported(runtime.service, played)
        return GameCreated(
            game=summary_of(stored),
            seats=[SeatToken(i, n, t) for i, (n, t) in
                   enumerate(zip(stored.seat_names, tokens, strict=True))],
        )

    return import_game
