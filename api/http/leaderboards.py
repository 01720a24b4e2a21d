"""Leaderboards over HTTP: a rating pool's players ranked by mu - 3 sigma
(`api/service/leaderboards.py`)."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, get
from litestar.params import FromPath, QueryParameter

from api.http.errors import error_responses
from api.http.players import Authorization, required_player
from api.http.schemas import NO_NUL
from api.runtime import runtime_of
from api.service.leaderboards import Board, board
from api.service.players_ids import parse_player_id


class LeaderboardController(Controller):
    path = "/leaderboards"
    tags = ["ratings"]  # noqa: RUF012

    @get("/{pool:str}", operation_id="getLeaderboard", responses=error_responses(
        e400="A bad parameter (`invalid_query_parameter`).",
        e401="`around=me` without a player's token.",
        e404="`pool_not_found`, or `not_rated` for an `around` player without a rating."))
    async def leaderboard(
        self, request: Request[Any, Any, Any], pool: FromPath[str],
        limit: Annotated[int, QueryParameter(ge=1, le=200)] = 50,
        offset: Annotated[int, QueryParameter(ge=0, le=2**31)] = 0,
        around: Annotated[str | None, QueryParameter(
            max_length=64, pattern=NO_NUL,
            description="`me` (with a player's token) or a player id: the page centred on "
                        "that player (`offset` is then ignored)")] = None,
        authorization: Authorization = None,
    ) -> Board:
        """A pool's leaderboard, best first: a pool is named after its kind (`duel`,
        `7wonders`), or its kind and expansions where pools are split by expansion set."""
        centre = None
        if around == "me":
            centre = (await required_player(request, authorization)).player_id
        elif around is not None:
            centre = parse_player_id(around, "around")
        return await board(runtime_of(request).service.store.pool, pool, limit, offset,
                           centre)
