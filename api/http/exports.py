"""`GET /games/{id}/trace`: a game's export (`api/service/exports.py`) for who may have it."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get
from litestar.params import FromPath

from api.http.errors import error_responses
from api.http.games import Authorization, caller
from api.service.exports import export_record, seat_log
from api.service.refusals import Conflict


class ExportController(Controller):
    path = "/games"
    tags = ["audit"]  # noqa: RUF012

    @get("/{game_id:str}/trace", operation_id="exportTrace", responses=error_responses(
        e400="A malformed request.", e401="Unknown seat token.", e404="Unknown game.",
        e409="`game_not_over`: a running game is exported to its seats only.",
        e422="`export_unavailable`: a stored command could not be found again.",
    ))
    async def export_trace(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[str],
        authorization: Authorization = None,
    ) -> dict[str, Any]:
        """A finished game in its trace format (anyone); a running game as the token's seat
        may know it (`polis-seat-log/1`, redacted for that seat); 409 `game_not_over` for a
        spectator while it runs."""
        service, folded, seat = await caller(request, game_id, authorization)
        record = await service.record(folded.game_id)
        if record.over:
            return await export_record(service.store, record.game_id)
        if seat is None:
            raise Conflict("game_not_over", "a running game is exported only to its seats, "
                           "with a seat token", {"version": record.version})
        return await seat_log(service, record, seat)
