"""REST resources of games: thin handlers over `GameService`, one operation_id each."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, get, post
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import (
    FromPath,
    HeaderParameter,
    JSONBody,
    PathParameter,
    QueryParameter,
)

from api.http.credentials import credential
from api.http.errors import PROBLEM_JSON, ApiError, ErrorBody
from api.http.schemas import (
    MAX_INT,
    NO_NUL,
    CommandAccepted,
    CreateGame,
    EventOut,
    EventsOut,
    GameCreated,
    GameList,
    GameSummary,
    MovesOut,
    SeatPublic,
    SeatToken,
    SubmitCommand,
    ViewOut,
)
from api.runtime import runtime_of
from api.service.bot_seats import bot_levels
from api.service.clocks import ClocksAt, served_clocks
from api.service.folded import Folded
from api.service.game_service import GameService, parse_game_id
from api.service.identity import is_player_credential
from api.service.past_views import folded_view
from api.service.rate_limits import player_key
from api.service.refusals import NotFound
from api.service.tables import SeatRequest
from infra.event_store import GameRecord

Authorization = Annotated[
    str | None,
    HeaderParameter(name="Authorization", description="`Bearer <seat token>`; absent: spectator"),
]
IdempotencyKey = Annotated[
    str | None,
    HeaderParameter(name="Idempotency-Key", max_length=128, pattern=NO_NUL, required=False),
]
KnownVersion = Annotated[
    int | None,
    QueryParameter(
        ge=0, le=MAX_INT,
        description="A version the caller already knows (a command's reply, an update): the "
                    "answer is from that version or a later one, and may then come from the "
                    "server's memory without a database read, at most a wake-up's delay (never "
                    "more than `POLIS_READ_TRUST_SECONDS`) behind the newest. A version the "
                    "game has not reached is waited for, at most `POLIS_VERSION_WAIT_SECONDS` "
                    "(1 s), then refused: 409 `version_not_reached`, whose `details` give the "
                    "current version. Without it the newest version is read."),
]

_ERRORS = {
    400: "Malformed JSON, a body that does not match its schema, or an unknown command.",
    401: "Missing or unknown seat token.",
    403: "The token's seat may not issue this command.",
    404: "Unknown game or version.",
    409: "The game is not at `expected_version` (or an idempotency key was reused); for a "
         "read, the game has not reached `min_version` (`version_not_reached`).",
    413: "Body too large.",
    415: "The body is not sent as `application/json`.",
    422: "The game's rules refuse the command: `code` and `message` say why.",
    429: "Too many requests from this client (`rate_limited`); see `Retry-After`.",
    503: "Retry after `Retry-After`: the database connection was lost and nothing changed "
         "(`database_unavailable`), a command's outcome is unknown (`outcome_unknown`: retry "
         "with the same Idempotency-Key), or the game is held by a slow transaction "
         "(`game_busy`).",
}


def _responses(*statuses: int) -> dict[int, ResponseSpec]:
    """The error responses of a route: `statuses`, and 503 (any route may lose its database
    connection)."""
    return {
        s: ResponseSpec(data_container=ErrorBody, description=_ERRORS[s], generate_examples=False,
                        media_type=PROBLEM_JSON)
        for s in dict.fromkeys((*statuses, 503))
    }


async def strict_body(request: Request[Any, Any, Any], schema: type[Any]) -> None:
    """Re-check the body with msgspec's strict rules: the framework's decoding is lax
    (it turns "2" into 2), and a client must learn that its JSON has the wrong types."""
    try:
        msgspec.json.decode(await request.body(), type=schema)
    except msgspec.ValidationError as exc:
        raise ApiError(400, "invalid_body", str(exc)) from None


async def caller(
    request: Request[Any, Any, Any], game_id: str, authorization: str | None
) -> tuple[GameService, Folded, int | None]:
    """The service, the game and the caller's seat (None: spectator) of a game request."""
    service = runtime_of(request).service
    folded, seat = await service.caller(parse_game_id(game_id),
                                        credential(request, authorization))
    return service, folded, seat


def summary_of(record: GameRecord, clocks: ClocksAt = (None, None)) -> GameSummary:
    return GameSummary(
        game_id=str(record.game_id), kind=record.kind, expansions=list(record.expansions),
        options=record.options,
        seats=[SeatPublic(i, name, record.players[i] if i < len(record.players) else None)
               for i, name in enumerate(record.seat_names)],
        created_at=record.created_at, version=record.version, over=record.over,
        summary=record.summary, deal=record.deal, head_hash=record.head_hash,
        chain_salt=record.public_salt,
        imported=record.imported, clocks=clocks[0], clocks_as_of=clocks[1],
        waiting=record.waiting, visibility="public" if record.visibility == "public"
        else "private", host=record.host,
    )


async def summary_with_clocks(service: GameService, record: GameRecord) -> GameSummary:
    return summary_of(record, await served_clocks(
        service.games, record.game_id, record.options, record.version))


class GamesController(Controller):
    path = "/games"
    tags = ["games"]  # noqa: RUF012

    @post("/", operation_id="createGame", status_code=201,
          responses=_responses(400, 413, 415, 422, 429))
    async def create_game(
        self, request: Request[Any, Any, Any], data: JSONBody[CreateGame],
        authorization: Authorization = None,
    ) -> GameCreated:
        """Open a game; the reply holds each seat's secret token (shown only here)."""
        runtime = runtime_of(request)
        runtime.limits.check_create(runtime.client_of(request))
        await strict_body(request, CreateGame)
        service = runtime.service
        host = await runtime.identities.of_token(credential(request, authorization))
        if host is not None:
            runtime.limits.check_create(player_key(host.player_id))
        record, tokens, invite = await runtime.tables.open(
            host, data.kind, data.expansions, data.options,
            [SeatRequest(s.name, s.bot, s.open, s.player) for s in data.seats],
            data.visibility, data.deal, data.seed)
        bots = bot_levels(record.options, len(record.seat_names))
        return GameCreated(
            game=await summary_with_clocks(service, record),
            seats=[SeatToken(i, n, t) for i, (n, t) in
                   enumerate(zip(record.seat_names, tokens, strict=True))
                   if bots[i] is None and t],
            invite=invite,
        )

    @get("/", operation_id="listGames", responses=_responses(400))
    async def list_games(
        self,
        request: Request[Any, Any, Any],
        limit: Annotated[int, QueryParameter(ge=1, le=200)] = 50,
        offset: Annotated[int, QueryParameter(ge=0, le=MAX_INT)] = 0,
        kind: Annotated[str | None, QueryParameter(max_length=64, pattern=NO_NUL)] = None,
    ) -> GameList:
        """Public summaries, newest first."""
        service = runtime_of(request).service
        records = await service.store.list_games(limit, offset, kind)
        return GameList([await summary_with_clocks(service, r) for r in records], limit, offset)

    @get("/{game_id:str}", operation_id="getGame", responses=_responses(400, 404, 409))
    async def get_game(
        self, request: Request[Any, Any, Any], game_id: FromPath[str],
        min_version: KnownVersion = None,
    ) -> GameSummary:
        service = runtime_of(request).service
        gid = parse_game_id(game_id)
        record = await service.record_at_least(gid, min_version)
        return await summary_with_clocks(service, record)

    @get("/{game_id:str}/view", operation_id="getMyView",
         responses=_responses(400, 401, 404, 409))
    async def get_my_view(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[str],
        min_version: KnownVersion = None,
        authorization: Authorization = None,
    ) -> ViewOut:
        """The current view of the token's seat, or the spectator view without a token."""
        service, folded, seat = await caller(request, game_id, authorization)
        version, view = await service.view_at_least(folded, seat, min_version)
        clocks, as_of = await served_clocks(
            service.games, folded.game_id, folded.record.options, version)
        return ViewOut(str(folded.game_id), version, seat, msgspec.Raw(view.encode()),
                       clocks, as_of)

    @get(
        "/{game_id:str}/versions/{version:str}/view",
        operation_id="getViewAtVersion",
        responses=_responses(400, 401, 404),
    )
    async def get_view_at_version(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[str],
        version: Annotated[str, PathParameter(
            description="A version of the game, from 1 (a malformed one is a 400)")],
        authorization: Authorization = None,
    ) -> ViewOut:
        """The caller's view at a past version: the view after that version's event (an
        append's intermediate versions included)."""
        number = parse_version(version)
        service, folded, seat = await caller(request, game_id, authorization)
        if number < 1:
            raise ApiError(404, "version_not_found", f"no version {number}; the first is 1")
        try:
            at, view = await service.view(folded.game_id, seat, number)
        except NotFound:  # no commit point yet: inside the opening append
            at, view = 0, ""
        if at < number:  # inside an append, or past the game's current version
            exact = await folded_view(service, folded, seat, number)
            if exact is None:
                record = await service.record(folded.game_id)
                raise ApiError(404, "version_not_found", f"no version {number}",
                               {"current_version": record.version})
            at, view = number, exact
        return ViewOut(str(folded.game_id), at, seat, msgspec.Raw(view.encode()))

    @get("/{game_id:str}/legal-moves", operation_id="getMyLegalMoves",
         responses=_responses(400, 401, 404, 409))
    async def get_my_legal_moves(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[str],
        min_version: KnownVersion = None,
        authorization: Authorization = None,
    ) -> MovesOut:
        """Every command the token's seat may submit now (empty when it is not its turn)."""
        service, folded, seat = await caller(request, game_id, authorization)
        seat = service.require_seat(seat, "legal moves")
        version, moves = await service.legal_moves(folded, seat, min_version)
        return MovesOut(str(folded.game_id), version, seat, [msgspec.Raw(m) for m in moves])

    @post(
        "/{game_id:str}/commands",
        operation_id="submitCommand",
        status_code=200,
        responses=_responses(400, 401, 403, 404, 409, 413, 415, 422, 429, 503),
    )
    async def submit_command(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[str],
        data: JSONBody[SubmitCommand],
        authorization: Authorization = None,
        idempotency_key: IdempotencyKey = None,
    ) -> CommandAccepted:
        """Decide a command on the game's current state and append its events; with
        `include`, the reply also carries the seat's moves and/or view after it (`next`)."""
        runtime = runtime_of(request)
        runtime.limits.check_command(runtime.client_of(request))
        await strict_body(request, SubmitCommand)
        gid = parse_game_id(game_id)
        key = data.idempotency_key or idempotency_key
        if data.idempotency_key and idempotency_key and data.idempotency_key != idempotency_key:
            raise ApiError(400, "idempotency_key_mismatch",
                           "the header and the body name different idempotency keys")
        token = credential(request, authorization)
        if token and is_player_credential(token):
            player = await runtime.identities.of_token(token)
            if player is not None:
                runtime.limits.check_command(player_key(player.player_id))
        result, after = await runtime.service.submit_for_reply(
            gid, token, data.expected_version, data.command, key,
            include=frozenset(data.include or ()),
        )
        return CommandAccepted(str(gid), result.first_version, result.last_version,
                               result.replayed, after)

    @get("/{game_id:str}/events", operation_id="listEvents", responses=_responses(400, 401, 404))
    async def list_events(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[str],
        after_version: Annotated[int, QueryParameter(ge=0, le=MAX_INT)] = 0,
        limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 1000,
        authorization: Authorization = None,
    ) -> EventsOut:
        """Events after a version, redacted for the caller; the full log once the game ended."""
        service, folded, seat = await caller(request, game_id, authorization)
        record = await service.record(folded.game_id)
        redacted, events = await service.events(folded.game, record, seat, after_version, limit)
        return EventsOut(
            str(record.game_id), record.version, redacted,
            [EventOut(e.version, kind, e.seat, e.recorded_at, msgspec.Raw(payload))
             for e, kind, payload in events],
        )


def parse_version(raw: str) -> int:
    """A version path parameter; 400 `invalid_path_parameter` when it is not a number."""
    if not raw.isascii() or not raw.isdigit() or len(raw) > 16:
        raise ApiError(400, "invalid_path_parameter", f"version {raw!r} is not a version number",
                       {"parameter": "version"})
    return int(raw)
