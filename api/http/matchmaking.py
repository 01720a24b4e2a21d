"""Matchmaking over HTTP: a player files a ticket, reads it, cancels it
(`api/service/matchmaking.py`; the matcher is `api/runners/matchmaker.py`)."""

from __future__ import annotations

import uuid
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, delete, get, post
from litestar.params import FromPath, JSONBody

from api.http.errors import error_responses
from api.http.games import strict_body
from api.http.players import Authorization, required_player
from api.http.schemas import NO_NUL
from api.runtime import runtime_of
from api.service.matchmaking import Ticket
from api.service.refusals import Invalid

Name = Annotated[str, msgspec.Meta(max_length=64, pattern=NO_NUL)]


class NewTicket(msgspec.Struct, forbid_unknown_fields=True):
    kind: Name
    expansions: Annotated[list[Name], msgspec.Meta(max_length=8)] = msgspec.field(
        default_factory=list)
    seats: Annotated[list[Annotated[int, msgspec.Meta(ge=1, le=16)]],
                     msgspec.Meta(min_length=2, max_length=2)] | None = None
    """The seat counts accepted, [fewest, most] (e.g. [3, 5] for 7 Wonders); the kind's
    whole range when absent."""
    rated: bool = True
    """Whether the game moves ratings (rated and casual tickets never share a game)."""
    clock: dict[str, Any] | None = None
    """A time control, as the `clock` option of createGame."""
    bots_after: Annotated[float, msgspec.Meta(ge=0, le=86400)] | None = None
    """Seconds after which bots may fill the table; absent or null: players only."""


_ERRORS = error_responses(
    e400="A malformed body or ticket id.",
    e401="`player_required`: send a player's token (or the cookie) or a JWT.",
    e404="`ticket_not_found`.",
    e409="`ticket_exists` (a waiting ticket of yours in that queue) or `ticket_closed` "
         "(matched, expired or cancelled).",
    e422="`unknown_game_kind`, `unknown_expansion`, `invalid_seat_count`, or a bad clock.",
)


def _ticket_id(text: str) -> uuid.UUID:
    try:
        return uuid.UUID(text)
    except ValueError:
        raise Invalid("invalid_path_parameter", f"{text!r} is not a ticket id",
                      {"parameter": "ticket_id"}) from None


class MatchmakingController(Controller):
    path = "/matchmaking/tickets"
    tags = ["matchmaking"]  # noqa: RUF012

    @post("/", operation_id="fileTicket", status_code=201, responses=_ERRORS)
    async def file(self, request: Request[Any, Any, Any], data: JSONBody[NewTicket],
                   authorization: Authorization = None) -> Ticket:
        """Wait for a game: the matcher seats me with players of close ratings (README,
        "Ratings and matchmaking"); the ticket's changes come on my player socket too."""
        player = await required_player(request, authorization)
        await strict_body(request, NewTicket)
        return await runtime_of(request).matchmaking.file(
            player, data.kind, list(data.expansions), data.seats, data.rated, data.clock,
            data.bots_after)

    @get("/{ticket_id:str}", operation_id="getTicket", responses=_ERRORS)
    async def ticket(self, request: Request[Any, Any, Any], ticket_id: FromPath[str]
                     ) -> Ticket:
        """A ticket's state and, once matched, its game."""
        return await runtime_of(request).matchmaking.ticket(_ticket_id(ticket_id))

    @delete("/{ticket_id:str}", operation_id="cancelTicket", status_code=200,
            responses=_ERRORS)
    async def cancel(self, request: Request[Any, Any, Any], ticket_id: FromPath[str],
                     authorization: Authorization = None) -> Ticket:
        """Stop waiting (a ticket already matched keeps its game: `ticket_closed`)."""
        player = await required_player(request, authorization)
        return await runtime_of(request).matchmaking.cancel(_ticket_id(ticket_id), player)
