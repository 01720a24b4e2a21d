"""Players over HTTP: a guest's sign-in, who I am, my games, a public profile.

A guest's token comes back in the reply and in an HttpOnly, SameSite=Strict cookie
(`polis_player`), so the browser client never handles it in script or URL; every route that
takes a bearer token takes the cookie when no `Authorization` header is sent. A JWT of the
application's identity provider is sent as a bearer token (`api/service/identity.py`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.datastructures import Cookie
from litestar.params import FromPath, HeaderParameter, JSONBody, QueryParameter

from api.http.credentials import COOKIE, credential
from api.http.errors import error_responses
from api.http.games import strict_body, summary_with_clocks
from api.http.schemas import GameSummary
from api.runtime import runtime_of
from api.service.leaderboards import PoolRating, games_per_kind, player_ratings
from api.service.players_ids import parse_player_id
from api.service.refusals import NotFound, Unauthorized
from infra.players import PlayerRecord

Authorization = Annotated[str | None, HeaderParameter(
    name="Authorization", description="`Bearer <player token or JWT>`; or the `polis_player` "
    "cookie")]


class NewPlayer(msgspec.Struct, forbid_unknown_fields=True):
    name: Annotated[str, msgspec.Meta(max_length=256)]
    """Display name: 1 to 32 characters once Unicode-normalised (NFC) and trimmed; no control
    characters."""


class PlayerCreated(msgspec.Struct):
    player_id: str
    name: str
    token: str
    """The player's secret token (also set as the HttpOnly `polis_player` cookie): shown
    once, stored only as a hash."""


class PlayerOut(msgspec.Struct):
    player_id: str
    name: str


class PlayerProfile(msgspec.Struct):
    player_id: str
    name: str
    games: dict[str, int]
    """Finished games per kind."""
    ratings: list[PoolRating]
    """The player's rating in each pool where it played a rated game."""


class MyGame(msgspec.Struct):
    game: GameSummary
    seat: int
    """The seat I hold (its number in the game, after a table's start)."""
    my_turn: bool
    """Whether my seat may act now."""


class MyInvitation(msgspec.Struct):
    game: GameSummary
    seat: int
    """The seat reserved for me: `joinTable` takes it, `declineInvitation` opens it."""
    host: str | None
    """The player who opened the table (who invited me)."""


class MyInvitations(msgspec.Struct):
    invitations: list[MyInvitation]


class MyGames(msgspec.Struct):
    games: list[MyGame]
    limit: int
    offset: int


async def player_of(request: Request[Any, Any, Any], authorization: str | None
                    ) -> PlayerRecord | None:
    return await runtime_of(request).identities.of_token(credential(request, authorization))


async def required_player(request: Request[Any, Any, Any], authorization: str | None
                          ) -> PlayerRecord:
    player = await player_of(request, authorization)
    if player is None:
        raise Unauthorized("player_required", "sign in: send a player's token or JWT")
    return player


def player_out(player: PlayerRecord) -> PlayerOut:
    return PlayerOut(str(player.player_id), player.name)


State = Literal["waiting", "running", "over"]
_STATE_SQL = {
    "waiting": "g.waiting AND NOT g.over",
    "running": "NOT g.waiting AND NOT g.over",
    "over": "g.over",
}


class PlayersController(Controller):
    path = "/players"
    tags = ["players"]  # noqa: RUF012

    @post("/", operation_id="createPlayer", status_code=201,
          responses=error_responses(e400="`invalid_name`, or a malformed body.",
                                    e429="Too many players created by this client."))
    async def create_player(self, request: Request[Any, Any, Any],
                            data: JSONBody[NewPlayer]) -> Response[PlayerCreated]:
        """Sign in as a guest: a new player and its secret token, also set as an HttpOnly,
        SameSite=Strict cookie for the browser."""
        runtime = runtime_of(request)
        runtime.limits.check_create(runtime.client_of(request))
        await strict_body(request, NewPlayer)
        player, token = await runtime.identities.create_guest(data.name)
        secure = request.url.scheme == "https"
        return Response(
            PlayerCreated(str(player.player_id), player.name, token), status_code=201,
            cookies=[Cookie(key=COOKIE, value=token, httponly=True, samesite="strict",
                            secure=secure, path="/", max_age=400 * 86400)])

    @get("/me", operation_id="getMe", responses=error_responses(
        e401="`player_required`, or a token that does not verify."))
    async def me(self, request: Request[Any, Any, Any],
                 authorization: Authorization = None) -> PlayerOut:
        """Who the token (or cookie) is."""
        return player_out(await required_player(request, authorization))

    @get("/me/games", operation_id="getMyGames", responses=error_responses(
        e400="A bad query parameter.", e401="`player_required`."))
    async def my_games(
        self, request: Request[Any, Any, Any], authorization: Authorization = None,
        game_state: Annotated[State | None, QueryParameter(
            name="state",
            description="`waiting` (tables filling), `running` or `over`; all by default")
        ] = None,
        limit: Annotated[int, QueryParameter(ge=1, le=200)] = 50,
        offset: Annotated[int, QueryParameter(ge=0, le=2**31)] = 0,
    ) -> MyGames:
        """The games I hold a seat in, newest first, with my seat and whether it is my turn."""
        player = await required_player(request, authorization)
        runtime = runtime_of(request)
        where = _STATE_SQL[game_state] if game_state else "true"
        rows = await runtime.service.store.pool.fetch(
            f"""SELECT g.game_id, h.seat FROM seats_held h JOIN games g USING (game_id)
                WHERE h.player_id = $1 AND NOT h.invited AND {where}
                ORDER BY g.created_at DESC, g.game_id LIMIT $2 OFFSET $3""",
            player.player_id, limit, offset)
        service = runtime.service
        found = await service.store.records([r["game_id"] for r in rows])
        by_id = {r.game_id: r for r in found}
        games = []
        for row in rows:
            record = by_id[row["game_id"]]
            acting = record.summary.get("acting") or []
            games.append(MyGame(await summary_with_clocks(service, record), row["seat"],
                                row["seat"] in acting and not record.over))
        return MyGames(games, limit, offset)

    @get("/me/invitations", operation_id="getMyInvitations", responses=error_responses(
        e401="`player_required`."))
    async def my_invitations(self, request: Request[Any, Any, Any],
                             authorization: Authorization = None) -> MyInvitations:
        """The waiting tables with a seat reserved for me (rematches, a host's invitations),
        newest first."""
        player = await required_player(request, authorization)
        runtime = runtime_of(request)
        rows = await runtime.service.store.pool.fetch(
            """SELECT g.game_id, h.seat FROM seats_held h JOIN games g USING (game_id)
               WHERE h.player_id = $1 AND h.invited AND g.waiting AND NOT g.over
               ORDER BY g.created_at DESC, g.game_id LIMIT 200""", player.player_id)
        service = runtime.service
        by_id = {r.game_id: r for r in await service.store.records([r["game_id"]
                                                                    for r in rows])}
        return MyInvitations([
            MyInvitation(await summary_with_clocks(service, by_id[r["game_id"]]), r["seat"],
                         by_id[r["game_id"]].host)
            for r in rows if r["game_id"] in by_id])

    @get("/{player_id:str}", operation_id="getPlayer", responses=error_responses(
        e400="A malformed player id.", e404="No such player."))
    async def profile(self, request: Request[Any, Any, Any],
                      player_id: FromPath[str]) -> PlayerProfile:
        """A player's public profile: name, finished games per kind, and the rating in each
        pool with its history (`api/service/leaderboards.py`)."""
        pid = parse_player_id(player_id, "player_id")
        runtime = runtime_of(request)
        player = await runtime.identities.player(pid)
        if player is None:
            raise NotFound("player_not_found", f"no player {player_id}")
        pool = runtime.service.store.pool
        return PlayerProfile(str(player.player_id), player.name,
                             await games_per_kind(pool, pid), await player_ratings(pool, pid))
