"""`POST /games/import`: a game recorded elsewhere, loaded as a finished, imported game.

The trace is parsed and played through the engine (every state checked against the record)
in a worker process (`api/service/import_worker.py`), never on the event loop, before anything is
written; then the game row, its opening and each command's events with the views of every
version are appended in one transaction and the game is flagged `imported` (it takes no
commands: it is over, and the append statement refuses imported games). A bad trace is a
422 `invalid_trace` naming its first problem, and no game is written.
"""

from __future__ import annotations

import uuid
from typing import Any

from litestar import Request, post
from litestar.handlers import HTTPRouteHandler

from api.http.audit import errors
from api.http.games import summary_of
from api.http.schemas import GameCreated, SeatToken
from api.runtime import runtime_of
from api.service.game_service import GameService
from api.service.import_worker import ImportPool, PreparedImport, checked_import, prepare
from api.service.tokens import hash_token, new_token
from infra.event_store import CommandMeta, GameRecord

__all__ = ["checked_import", "import_route", "prepare", "store_imported"]


async def store_imported(
    service: GameService, prepared: PreparedImport
) -> tuple[GameRecord, list[str]]:
    """Append a checked, prepared game in one transaction and flag it imported; its record
    and one token per seat (to read each seat's views; commands are refused)."""
    names = [f"seat {i}" for i in range(prepared.seats)]
    tokens = [new_token() for _ in names]
    hashes = tuple(hash_token(t) for t in tokens)
    game_id = uuid.uuid4()
    opening = prepared.opening
    store = service.store
    async with store.pool.acquire() as conn, conn.transaction():
        await store.create_game(
            game_id, prepared.kind, prepared.expansions, prepared.options, names, hashes,
            opening.events, opening.summary, opening.over, opening.views, "explicit",
            conn=conn,
        )
        version = len(opening.events)
        for number, step in enumerate(prepared.steps, start=1):
            meta = CommandMeta(f"import:{number}", step.seat, "")
            await store.append(game_id, version, step.events, meta, step.summary, step.over,
                               step.views, conn=conn)
            version += len(step.events)
        await conn.execute("UPDATE games SET imported = true WHERE game_id = $1", game_id)
    record = await service.record(game_id)
    return record, tokens


def import_route(max_bytes: int, imports: ImportPool) -> HTTPRouteHandler:
    """The import route, with its own body limit (a whole game is larger than a command)."""

    @post("/games/import", operation_id="importGame", status_code=201, tags=["audit"],
          request_max_body_size=max_bytes,
          opt={"depth_check": False},  # checked in the worker, off the event loop
          responses=errors(
              e400="The body is not one JSON object.",
              e413="The trace is larger than `POLIS_MAX_TRACE_BYTES`.",
              e415="The body is not sent as `application/json`.",
              e422="`invalid_trace`: the record's first problem; `trace_too_slow`: its "
                   "replay took longer than `POLIS_IMPORT_SECONDS` (nothing was written).",
              e429="Too many games created by this client (`rate_limited`).",
              e503="`import_busy`: too many imports in progress here; see `Retry-After`.",
          ))
    async def import_game(request: Request[Any, Any, Any]) -> GameCreated:
        """Load a trace record (any format `exportTrace` writes) as a finished game flagged
        `imported`, every version viewable; 422 `invalid_trace` names the record's first
        problem and nothing is written. The replay runs in a worker process, so a large
        import never holds up the other games of the service."""
        runtime = runtime_of(request)
        runtime.limits.check_create(runtime.client_of(request))
        prepared = await imports.prepare(await request.body())
        stored, tokens = await store_imported(runtime.service, prepared)
        return GameCreated(
            game=summary_of(stored),
            seats=[SeatToken(i, n, t) for i, (n, t) in
                   enumerate(zip(stored.seat_names, tokens, strict=True))],
        )

    return import_game
