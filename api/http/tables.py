"""Tables over HTTP: the lobby of public tables, joining and leaving, the host's removals,
early start and invitation codes (`api/service/tables.py` holds the rules' use)."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, delete, get, post
from litestar.params import FromPath, JSONBody, QueryParameter

from api.http.errors import error_responses
from api.http.games import summary_with_clocks
from api.http.players import Authorization, required_player
from api.http.schemas import NO_NUL, GameSummary
from api.runtime import runtime_of
from api.service.game_service import parse_game_id
from api.service.rate_limits import player_key
from api.service.refusals import NotFound

_TABLE_ERRORS = error_responses(
    e400="A malformed request.",
    e401="`player_required`: send a player's token (or the cookie) or a JWT.",
    e403="`invite_required`, `seat_reserved`, `not_host` or `not_a_player`.",
    e404="Unknown game.",
    e409="The table changed first: `seat_taken`, `table_full`, `already_seated`, "
         "`table_started`, `table_expired`, `not_seated`; `game_not_over` (a rematch).",
    e422="`invalid_seat`, `too_few_players`, `seat_empty`, `not_invited`.",
)


_BODILESS = {"bodiless": True}
"""An action that takes no body: a POST without one is accepted (api/http/errors.py)."""


class JoinTable(msgspec.Struct, forbid_unknown_fields=True):
    seat: Annotated[int, msgspec.Meta(ge=0, le=15)] | None = None
    """The seat to take; the first free one when absent."""
    invite: Annotated[str, msgspec.Meta(max_length=64, pattern=NO_NUL)] | None = None
    """A private table's invitation code."""


class Joined(msgspec.Struct):
    game: GameSummary
    seat: int
    """The seat taken (its number at the table; after an early start the game renumbers
    seats in table order, see the game's `seats`)."""


class Invitation(msgspec.Struct):
    invite: str
    """The new invitation code of a private table (the previous one no longer works)."""


class Rematch(msgspec.Struct):
    game: GameSummary
    """The rematch's table: private, its host seated, the other players invited."""
    rematch_of: str
    """The finished game it follows."""


class LobbyTable(msgspec.Struct):
    game: GameSummary
    free: list[int]
    """The seats any player may take."""


class Lobby(msgspec.Struct):
    tables: list[LobbyTable]


class TablesController(Controller):
    path = "/games"
    tags = ["tables"]  # noqa: RUF012

    @post("/{game_id:str}/join", operation_id="joinTable", status_code=200,
          responses=_TABLE_ERRORS)
    async def join(self, request: Request[Any, Any, Any], game_id: FromPath[str],
                   data: JSONBody[JoinTable], authorization: Authorization = None) -> Joined:
        """Take a seat (the first free one by default) at a table waiting for players; the
        table starts by itself when that fills it. 409 when the seat went to someone else."""
        player = await required_player(request, authorization)
        runtime = runtime_of(request)
        runtime.limits.check_create(runtime.client_of(request))
        runtime.limits.check_create(player_key(player.player_id))
        record, seat = await runtime.tables.join(parse_game_id(game_id), player, data.seat,
                                                 data.invite)
        return Joined(await summary_with_clocks(runtime.service, record), seat)

    @post("/{game_id:str}/leave", operation_id="leaveTable", status_code=200, opt=_BODILESS,
          responses=_TABLE_ERRORS)
    async def leave(self, request: Request[Any, Any, Any], game_id: FromPath[str],
                    authorization: Authorization = None) -> GameSummary:
        """Give up my seat before the table starts."""
        player = await required_player(request, authorization)
        runtime = runtime_of(request)
        record = await runtime.tables.leave(parse_game_id(game_id), player)
        return await summary_with_clocks(runtime.service, record)

    @delete("/{game_id:str}/seats/{seat:int}", operation_id="removeFromTable",
            status_code=200, responses=_TABLE_ERRORS)
    async def remove(self, request: Request[Any, Any, Any], game_id: FromPath[str],
                     seat: FromPath[int], authorization: Authorization = None) -> GameSummary:
        """The host frees a seat's player before the start."""
        host = await required_player(request, authorization)
        runtime = runtime_of(request)
        record = await runtime.tables.remove(parse_game_id(game_id), host, seat)
        return await summary_with_clocks(runtime.service, record)

    @post("/{game_id:str}/start", operation_id="startTable", status_code=200, opt=_BODILESS,
          responses=_TABLE_ERRORS)
    async def start(self, request: Request[Any, Any, Any], game_id: FromPath[str],
                    authorization: Authorization = None) -> GameSummary:
        """The host starts with the players seated (as few as the game allows: 7 Wonders 3);
        the free seats are dropped and the others keep their order."""
        host = await required_player(request, authorization)
        runtime = runtime_of(request)
        record = await runtime.tables.start(parse_game_id(game_id), host)
        return await summary_with_clocks(runtime.service, record)

    @post("/{game_id:str}/decline", operation_id="declineInvitation", status_code=200,
          opt=_BODILESS, responses=_TABLE_ERRORS)
    async def decline(self, request: Request[Any, Any, Any], game_id: FromPath[str],
                      authorization: Authorization = None) -> GameSummary:
        """Turn down the seat reserved for me (an invitation): the seat opens."""
        player = await required_player(request, authorization)
        runtime = runtime_of(request)
        record = await runtime.tables.decline(parse_game_id(game_id), player)
        return await summary_with_clocks(runtime.service, record)

    @post("/{game_id:str}/rematch", operation_id="requestRematch", status_code=201,
          opt=_BODILESS, responses=_TABLE_ERRORS)
    async def rematch(self, request: Request[Any, Any, Any], game_id: FromPath[str],
                      authorization: Authorization = None) -> Response[Rematch]:
        """After a game: a new private table with the same kind, expansions, options and
        seats. I take my seat and host it; each other player is invited to theirs (told on
        the player socket) and accepts (`joinTable`) or declines (`declineInvitation`); bots
        sit where bots sat. Once per game: a second request, from anyone, gets the same
        table (200)."""
        player = await required_player(request, authorization)
        runtime = runtime_of(request)
        runtime.limits.check_create(player_key(player.player_id))
        old = parse_game_id(game_id)
        record, opened = await runtime.tables.rematch(old, player)
        body = Rematch(await summary_with_clocks(runtime.service, record), str(old))
        return Response(body, status_code=201 if opened else 200)

    @get("/{game_id:str}/rematch", operation_id="getRematch",
         responses=error_responses(e404="Unknown game, or no rematch asked for yet "
                                        "(`no_rematch`)."))
    async def get_rematch(self, request: Request[Any, Any, Any],
                          game_id: FromPath[str]) -> Rematch:
        """The rematch of a finished game, once a player asked for it."""
        runtime = runtime_of(request)
        old = parse_game_id(game_id)
        record = await runtime.tables.rematch_of(old)
        if record is None:
            raise NotFound("no_rematch", "no rematch of this game was asked for")
        return Rematch(await summary_with_clocks(runtime.service, record), str(old))

    @post("/{game_id:str}/invite", operation_id="newInvitation", status_code=200, opt=_BODILESS,
          responses=_TABLE_ERRORS)
    async def new_invite(self, request: Request[Any, Any, Any], game_id: FromPath[str],
                         authorization: Authorization = None) -> Invitation:
        """A new invitation code for my private table (the previous one stops working)."""
        host = await required_player(request, authorization)
        code = await runtime_of(request).tables.new_invite(parse_game_id(game_id), host)
        return Invitation(code)

    @delete("/{game_id:str}/invite", operation_id="revokeInvitation", status_code=204,
            responses=_TABLE_ERRORS)
    async def revoke_invite(self, request: Request[Any, Any, Any], game_id: FromPath[str],
                            authorization: Authorization = None) -> None:
        """No invitation code works for my private table any more."""
        host = await required_player(request, authorization)
        await runtime_of(request).tables.revoke_invite(parse_game_id(game_id), host)


class LobbyController(Controller):
    path = "/lobby"
    tags = ["tables"]  # noqa: RUF012

    @get("/", operation_id="getLobby", responses=error_responses(e400="A bad parameter."))
    async def lobby(
        self, request: Request[Any, Any, Any],
        kind: Annotated[str | None, QueryParameter(max_length=64, pattern=NO_NUL)] = None,
        expansions: Annotated[list[str] | None, QueryParameter(
            description="Only tables with exactly these expansions (repeat or comma-separate)"
        )] = None,
        limit: Annotated[int, QueryParameter(ge=1, le=200)] = 50,
    ) -> Lobby:
        """Public tables waiting for players, with their free seats, newest first."""
        runtime = runtime_of(request)
        named = sorted(e for part in expansions or [] for e in part.split(",") if e)
        rows = await runtime.service.store.pool.fetch(
            """SELECT game_id FROM games WHERE waiting AND visibility = 'public'
                 AND NOT over AND ($1::text IS NULL OR kind = $1)
                 AND ($2::text[] IS NULL OR (SELECT array_agg(e ORDER BY e)
                      FROM unnest(expansions) e) IS NOT DISTINCT FROM
                      (CASE WHEN cardinality($2::text[]) = 0 THEN NULL ELSE $2::text[] END))
               ORDER BY created_at DESC, game_id LIMIT $3""",
            kind, named if expansions is not None else None, limit)
        service = runtime.service
        records = await service.store.records([r["game_id"] for r in rows])
        order = {r["game_id"]: i for i, r in enumerate(rows)}
        tables = []
        for record in sorted(records, key=lambda r: order[r.game_id]):
            free = [int(s) for s in record.summary.get("free", [])]
            tables.append(LobbyTable(await summary_with_clocks(service, record), free))
        return Lobby(tables)
