"""`GET /games/{id}/audit`: the recomputed hash chain of a game (`api/service/audit.py`)."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get
from litestar.params import FromPath

from api.http.errors import error_responses
from api.runtime import runtime_of
from api.service.audit import AuditReport, audit_game
from api.service.game_service import parse_game_id


class AuditController(Controller):
    path = "/games"
    tags = ["audit"]  # noqa: RUF012

    @get("/{game_id:str}/audit", operation_id="auditGame",
         responses=error_responses(e400="A malformed request.", e404="Unknown game."))
    async def audit(self, request: Request[Any, Any, Any], game_id: FromPath[str]) -> AuditReport:
        """Recompute the game's hash chain (see audit.md) and name the first version that
        does not match; public, like the head hash in the game's summary."""
        return await audit_game(runtime_of(request).service.store, parse_game_id(game_id))
