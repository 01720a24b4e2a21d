"""Table chat, transport-free: who may write, the limits, mutes and the host's settings.

Messages are stored in PostgreSQL (`infra/chat.py`), outside the game's events and hash
chain. A seat (its seat token, or the token of the player holding it) writes; a player
without a seat writes only where the host allows spectators to; anyone who may read the game
reads. Bad input is refused before anything is stored (`invalid_chat_message`,
`chat_rate_limited`, `chat_closed`, `chat_read_only`). Text is stored as sent (normalised,
trimmed): the page escapes it, no HTML is ever rendered from it.
"""

from __future__ import annotations

import os
import unicodedata
import uuid
from collections.abc import Callable, Mapping
from typing import Any

import asyncpg
import msgspec

from api.service.game_service import GameService
from api.service.identity import Identities, is_player_credential
from api.service.refusals import Forbidden, Invalid, Throttled, Unauthorized
from infra import chat
from infra.chat import ChatLine, ChatSettings
from infra.settings import Rate, SettingsError


class ChatLimits(msgspec.Struct, frozen=True):
    max_length: int = 500
    """Longest message, in characters (after normalisation)."""
    rate: Rate = Rate(5, 10)
    """Messages one player may send per window (all tables together)."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ChatLimits:
        env = os.environ if env is None else env
        d = cls()
        try:
            length = int(env.get("POLIS_CHAT_MAX_LENGTH") or d.max_length)
            rate = Rate.parse(env["POLIS_CHAT_RATE"]) if env.get("POLIS_CHAT_RATE") else d.rate
        except ValueError as exc:
            raise SettingsError(f"POLIS_CHAT_MAX_LENGTH or POLIS_CHAT_RATE: {exc}") from None
        if not 1 <= length <= 10_000:
            raise SettingsError("POLIS_CHAT_MAX_LENGTH must be 1 to 10000")
        return cls(length, rate)


class Writer(msgspec.Struct, frozen=True):
    player_id: uuid.UUID | None
    seat: int | None
    name: str


def line_message(game_id: uuid.UUID, line: ChatLine) -> dict[str, Any]:
    """A chat line as the socket pushes it (`type: chat`)."""
    return {"type": "chat", "game_id": str(game_id), **msgspec.to_builtins(line)}


def checked_text(text: str, limit: int) -> str:
    """The text to store: NFC, trimmed, 1 to `limit` characters, no control characters
    (new lines and tabs aside)."""
    text = unicodedata.normalize("NFC", text).strip()
    if not text:
        raise Invalid("invalid_chat_message", "a chat message needs some text")
    if len(text) > limit:
        raise Invalid("invalid_chat_message", f"a chat message has at most {limit} characters",
                      {"limit": limit})
    if any(unicodedata.category(c) in ("Cc", "Cf") and c not in "\n\t" for c in text):
        raise Invalid("invalid_chat_message", "a chat message may not hold control characters")
    return text


class Chat:
    """The chat of every table (see the module docstring)."""

    def __init__(self, pool: asyncpg.Pool, service: GameService, identities: Identities,
                 limits: ChatLimits) -> None:
        self.pool = pool
        self.service = service
        self.identities = identities
        self.limits = limits
        self.posted: Callable[[uuid.UUID, int], None] = lambda game_id, seq: None
        """Told of each message stored here: the runtime wakes its followers everywhere."""

    async def viewer(self, token: str | None) -> uuid.UUID | None:
        """The player a token is (None: a seat token, or none)."""
        if token and is_player_credential(token):
            player = await self.identities.of_token(token)
            return None if player is None else player.player_id
        return None

    async def writer(self, game_id: uuid.UUID, token: str | None) -> Writer:
        folded, seat = await self.service.caller(game_id, token)
        player = await self.identities.of_token(token) if token and is_player_credential(
            token) else None
        if seat is None and player is None:
            raise Unauthorized("player_required", "spectators write to a table's chat as "
                               "players: send a player's token")
        names = folded.record.seat_names
        name = player.name if player is not None else (
            names[seat] if seat is not None and seat < len(names) else "")
        return Writer(None if player is None else player.player_id, seat,
                      name or f"seat {seat}")

    async def post(self, game_id: uuid.UUID, token: str | None, text: str) -> ChatLine:
        """Store one message; refused (nothing stored) when the checks say no."""
        text = checked_text(text, self.limits.max_length)
        writer = await self.writer(game_id, token)
        table = await chat.settings(self.pool, game_id)
        if table.closed:
            raise Forbidden("chat_closed", "the host closed this table's chat")
        if writer.seat is None and not table.spectators:
            raise Forbidden("chat_read_only", "spectators read this table's chat; only its "
                            "seats write")
        rate = self.limits.rate
        sent = await chat.recent(self.pool, game_id, writer.player_id, writer.seat,
                                 rate.seconds)
        if sent >= rate.count:
            raise Throttled("chat_rate_limited", f"at most {rate.count} chat messages per "
                            f"{rate.seconds} s", rate.seconds)
        line = await chat.post(self.pool, game_id, writer.player_id, writer.seat,
                               writer.name, text)
        self.posted(game_id, line.seq)
        return line

    async def history(self, game_id: uuid.UUID, token: str | None, after: int,
                      before: int | None, limit: int) -> list[ChatLine]:
        await self.service.caller(game_id, token)  # the game exists; the token is good
        return await chat.history(self.pool, game_id, after, before, limit,
                                  await self.viewer(token))

    async def mute(self, game_id: uuid.UUID, token: str | None, muted: str, on: bool
                   ) -> list[str]:
        """Mute (or unmute) a player for the token's player at this table; whom it mutes."""
        await self.service.caller(game_id, token)
        viewer = await self.viewer(token)
        if viewer is None:
            raise Unauthorized("player_required", "mutes are a player's: send a player's "
                               "token")
        try:
            target = uuid.UUID(muted)
        except ValueError:
            raise Invalid("invalid_body", f"{muted!r} is not a player id") from None
        await chat.mute(self.pool, game_id, viewer, target, on)
        return await chat.muted_by(self.pool, game_id, viewer)

    async def configure(self, game_id: uuid.UUID, token: str | None,
                        changes: dict[str, Any]) -> ChatSettings:
        """The host changes the table's chat settings."""
        folded, _ = await self.service.caller(game_id, token)
        viewer = await self.viewer(token)
        if viewer is None or folded.record.host != str(viewer):
            raise Forbidden("not_host", "only the table's host may do this")
        return await chat.change_settings(self.pool, game_id, changes)

    async def settings(self, game_id: uuid.UUID) -> ChatSettings:
        return await chat.settings(self.pool, game_id)
