"""Table chat over HTTP: the history (paginated), writing, mutes and the host's settings.
Live messages come over the game's socket (`{"type": "chat"}`, openapi/websocket.md)."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, get, patch, post
from litestar.params import FromPath, JSONBody, QueryParameter

from api.http.credentials import credential
from api.http.errors import error_responses
from api.http.games import strict_body
from api.http.players import Authorization
from api.runtime import runtime_of
from api.service.game_service import parse_game_id
from infra.chat import ChatLine, ChatSettings


class ChatPage(msgspec.Struct):
    messages: list[ChatLine]
    """Oldest first; those of players you muted left out."""
    settings: ChatSettings


class NewChatLine(msgspec.Struct, forbid_unknown_fields=True):
    text: Annotated[str, msgspec.Meta(max_length=20_000)]


class MuteRequest(msgspec.Struct, forbid_unknown_fields=True):
    player_id: str
    muted: bool = True


class Muted(msgspec.Struct):
    muted: list[str]
    """The players you muted at this table."""


class ChatChanges(msgspec.Struct, forbid_unknown_fields=True):
    closed: bool | None = None
    spectators: bool | None = None
    exported: bool | None = None


class ChatController(Controller):
    path = "/games/{game_id:str}/chat"
    tags = ["chat"]  # noqa: RUF012

    @get("/", operation_id="getChat", responses=error_responses(
        e400="A bad parameter.", e401="A token that is not this game's.", e404="No such game."))
    async def history(
        self, request: Request[Any, Any, Any], game_id: FromPath[str],
        authorization: Authorization = None,
        after: Annotated[int, QueryParameter(ge=0, description=(
            "Messages after this `seq` (the next page: the last `seq` you have)."))] = 0,
        before: Annotated[int | None, QueryParameter(ge=1, description=(
            "Instead, the `limit` newest messages before this `seq` (older pages)."))] = None,
        limit: Annotated[int, QueryParameter(ge=1, le=200)] = 50,
    ) -> ChatPage:
        """The table's chat, oldest first, without the players you muted."""
        chat = runtime_of(request).chat
        gid = parse_game_id(game_id)
        lines = await chat.history(gid, credential(request, authorization), after, before,
                                   limit)
        return ChatPage(lines, await chat.settings(gid))

    @post("/", operation_id="postChat", status_code=201, responses=error_responses(
        e400="`invalid_chat_message`.", e401="`player_required` (a spectator without a "
        "player's token).", e403="`chat_closed` or `chat_read_only`.",
        e404="No such game.", e429="`chat_rate_limited`."))
    async def write(self, request: Request[Any, Any, Any], game_id: FromPath[str],
                    data: JSONBody[NewChatLine],
                    authorization: Authorization = None) -> ChatLine:
        """Write to the table's chat (as over the socket): pushed to everyone following."""
        await strict_body(request, NewChatLine)
        return await runtime_of(request).chat.post(
            parse_game_id(game_id), credential(request, authorization), data.text)

    @post("/mute", operation_id="muteChat", status_code=200, responses=error_responses(
        e400="A malformed player id.", e401="`player_required`.", e404="No such game."))
    async def mute(self, request: Request[Any, Any, Any], game_id: FromPath[str],
                   data: JSONBody[MuteRequest], authorization: Authorization = None) -> Muted:
        """Mute a player at this table for me (`muted: false` unmutes): their messages are
        left out of my history and my socket's pushes."""
        await strict_body(request, MuteRequest)
        muted = await runtime_of(request).chat.mute(
            parse_game_id(game_id), credential(request, authorization), data.player_id,
            data.muted)
        return Muted(muted)

    @patch("/", operation_id="configureChat", responses=error_responses(
        e403="`not_host`.", e404="No such game."))
    async def configure(self, request: Request[Any, Any, Any], game_id: FromPath[str],
                        data: JSONBody[ChatChanges],
                        authorization: Authorization = None) -> ChatSettings:
        """The host closes or opens the chat, lets spectators write, lets the chat go with
        the game's export."""
        await strict_body(request, ChatChanges)
        changes = {k: v for k, v in msgspec.structs.asdict(data).items() if v is not None}
        return await runtime_of(request).chat.configure(
            parse_game_id(game_id), credential(request, authorization), changes)
