"""`POST /games/import`: a game recorded elsewhere, loaded as a finished, imported game.

The trace is parsed and played through the engine (every state checked against the record)
in a worker process (`api/service/import_worker.py`), never on the event loop, before anything is
written; then the game row, its opening and each command's events with the views of every
version are appended in one transaction and the game is flagged `imported` (it takes no
commands: it is over, and the append statement refuses imported games). A bad trace is a
422 `invalid_trace` naming its first problem, and no game is written.
"""

from __future__ import annotations

from typing import Any

from litestar import Request, post
from litestar.handlers import HTTPRouteHandler

from api.http.errors import error_responses
from api.http.games import summary_of
from api.http.schemas import GameCreated, SeatToken
from api.runtime import runtime_of
from api.service.import_worker import ImportPool
from api.service.imports import store_imported


def import_route(max_bytes: int, imports: ImportPool) -> HTTPRouteHandler:
    """The import route, with its own body limit (a whole game is larger than a command)."""

    @post("/games/import", operation_id="importGame", status_code=201, tags=["audit"],
          request_max_body_size=max_bytes,
          opt={"depth_check": False},  # checked in the worker, off the event loop
          responses=error_responses(
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
