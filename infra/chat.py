"""Table chat in PostgreSQL (migration 0016): messages, each table's chat settings and the
viewers' mutes. Outside the game's events and its hash chain: a chat line changes nothing
of the game and is not part of what the chain proves.

A game's messages are numbered (`seq`) in the order they were stored: `post` takes the next
number in its insert (the primary key refuses a twin, and the insert is tried again), so
every reader sees one order.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import asyncpg
import msgspec


class ChatLine(msgspec.Struct, frozen=True):
    """A chat message as stored and served."""

    seq: int
    """The message's place in the table's chat (1, 2, ...): the order every reader sees."""
    player_id: str | None
    """The writer when a player (null: a seat token's holder)."""
    seat: int | None
    """The writer's seat (null: a spectator)."""
    name: str
    text: str
    """As sent (normalised, trimmed): plain text, to be shown escaped, never as HTML."""
    sent_at: datetime


class ChatSettings(msgspec.Struct, frozen=True):
    closed: bool = False
    """The host closed the chat: nobody writes (the history stays readable)."""
    spectators: bool = False
    """Players without a seat may write (they always read)."""
    exported: bool = False
    """The chat goes with the game's export."""


_POST = """
INSERT INTO chat_messages (game_id, seq, player_id, seat, name, text)
SELECT $1, coalesce(max(seq), 0) + 1, $2, $3, $4, $5 FROM chat_messages WHERE game_id = $1
RETURNING seq, player_id::text AS player_id, seat, name, text, sent_at
"""

_RECENT = """
SELECT count(*) FROM chat_messages
WHERE sent_at > polis_now() - make_interval(secs => $4)
  AND (($2::uuid IS NOT NULL AND player_id = $2)
       OR ($2::uuid IS NULL AND game_id = $1 AND seat = $3 AND player_id IS NULL))
"""

_COLUMNS = "seq, player_id::text AS player_id, seat, name, text, sent_at"


def _line(row: asyncpg.Record) -> ChatLine:
    return ChatLine(**dict(row.items()))


async def post(pool: asyncpg.Pool, game_id: uuid.UUID, player: uuid.UUID | None,
               seat: int | None, name: str, text: str) -> ChatLine:
    for _ in range(10):
        try:
            row = await pool.fetchrow(_POST, game_id, player, seat, name, text)
        except asyncpg.UniqueViolationError:
            continue  # another message took this number first
        assert row is not None
        return _line(row)
    raise RuntimeError(f"chat of {game_id}: no free message number after 10 tries")


async def recent(pool: asyncpg.Pool, game_id: uuid.UUID, player: uuid.UUID | None,
                 seat: int | None, seconds: float) -> int:
    """Messages the writer sent in the last `seconds` (a player's at every table; a seat
    token's at this one)."""
    return int(await pool.fetchval(_RECENT, game_id, player, seat, seconds) or 0)


async def history(pool: asyncpg.Pool, game_id: uuid.UUID, after: int, before: int | None,
                  limit: int, viewer: uuid.UUID | None) -> list[ChatLine]:
    """Messages after `after` (oldest first) or, with `before`, the `limit` newest before
    it (still returned oldest first); those of players `viewer` muted left out."""
    newest = before is not None
    rows = await pool.fetch(
        f"""SELECT {_COLUMNS} FROM chat_messages m
            WHERE game_id = $1 AND seq > $2 AND ($3::bigint IS NULL OR seq < $3)
              AND NOT EXISTS (SELECT 1 FROM chat_mutes u WHERE u.game_id = $1
                              AND u.viewer = $5 AND u.muted = m.player_id)
            ORDER BY seq {'DESC' if newest else 'ASC'} LIMIT $4""",
        game_id, after, before, limit, viewer)
    lines = [_line(r) for r in rows]
    return lines[::-1] if newest else lines


async def since(pool: asyncpg.Pool, game_id: uuid.UUID, after: int
                ) -> tuple[list[ChatLine], list[tuple[str, str]]]:
    """Messages after `after` and the table's mutes (viewer, muted), in one snapshot."""
    async with pool.acquire() as conn, conn.transaction(isolation="repeatable_read",
                                                         readonly=True):
        rows = await conn.fetch(
            f"SELECT {_COLUMNS} FROM chat_messages WHERE game_id = $1 AND seq > $2 "
            "ORDER BY seq LIMIT 500", game_id, after)
        mutes = await conn.fetch(
            "SELECT viewer::text, muted::text FROM chat_mutes WHERE game_id = $1", game_id)
    return [_line(r) for r in rows], [(m[0], m[1]) for m in mutes]


async def last_seq(pool: asyncpg.Pool, game_id: uuid.UUID) -> int:
    return int(await pool.fetchval(
        "SELECT coalesce(max(seq), 0) FROM chat_messages WHERE game_id = $1", game_id) or 0)


async def mute(pool: asyncpg.Pool, game_id: uuid.UUID, viewer: uuid.UUID, muted: uuid.UUID,
               on: bool) -> None:
    if on:
        await pool.execute(
            "INSERT INTO chat_mutes (game_id, viewer, muted) VALUES ($1, $2, $3) "
            "ON CONFLICT DO NOTHING", game_id, viewer, muted)
    else:
        await pool.execute(
            "DELETE FROM chat_mutes WHERE game_id = $1 AND viewer = $2 AND muted = $3",
            game_id, viewer, muted)


async def muted_by(pool: asyncpg.Pool, game_id: uuid.UUID, viewer: uuid.UUID) -> list[str]:
    rows = await pool.fetch(
        "SELECT muted::text FROM chat_mutes WHERE game_id = $1 AND viewer = $2 ORDER BY 1",
        game_id, viewer)
    return [r[0] for r in rows]


async def settings(pool: asyncpg.Pool, game_id: uuid.UUID) -> ChatSettings:
    row = await pool.fetchrow(
        "SELECT closed, spectators, exported FROM chat_tables WHERE game_id = $1", game_id)
    return ChatSettings() if row is None else ChatSettings(**dict(row.items()))


async def change_settings(pool: asyncpg.Pool, game_id: uuid.UUID,
                          changes: dict[str, Any]) -> ChatSettings:
    current = msgspec.structs.replace(await settings(pool, game_id), **changes)
    await pool.execute(
        """INSERT INTO chat_tables (game_id, closed, spectators, exported)
           VALUES ($1, $2, $3, $4)
           ON CONFLICT (game_id) DO UPDATE SET closed = EXCLUDED.closed,
               spectators = EXCLUDED.spectators, exported = EXCLUDED.exported""",
        game_id, current.closed, current.spectators, current.exported)
    return current


async def exported(pool: asyncpg.Pool, game_id: uuid.UUID) -> list[dict[str, Any]] | None:
    """The chat to export with the game: None unless its host allowed it."""
    if not (await settings(pool, game_id)).exported:
        return None
    rows = await pool.fetch(f"SELECT {_COLUMNS} FROM chat_messages WHERE game_id = $1 "
                            "ORDER BY seq", game_id)
    return [msgspec.to_builtins(_line(r)) for r in rows]
