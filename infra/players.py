"""The `players` table (migration 0013): identities that outlive a game.

A guest is found by its token's hash, a user of the application's identity provider by the
issuer and subject of its JWTs (created when first seen). The seats a player holds are in
`games.players` (by seat, for the game's own reads) and `seats_held` (by player, for "my
games"), both written with the append that seats the player.
"""

from __future__ import annotations

import uuid
from datetime import datetime

import asyncpg
import msgspec


class PlayerRecord(msgspec.Struct, frozen=True):
    player_id: uuid.UUID
    name: str
    created_at: datetime
    issuer: str | None = None
    subject: str | None = None


_COLUMNS = "player_id, name, created_at, issuer, subject"


async def create_guest(conn: asyncpg.Connection, name: str, token_hash: str) -> PlayerRecord:
    row = await conn.fetchrow(
        f"INSERT INTO players (player_id, name, token_hash) VALUES ($1, $2, $3) "
        f"RETURNING {_COLUMNS}", uuid.uuid4(), name, token_hash)
    assert row is not None
    return PlayerRecord(*row)


async def by_token_hash(conn: asyncpg.Connection, token_hash: str) -> PlayerRecord | None:
    row = await conn.fetchrow(f"SELECT {_COLUMNS} FROM players WHERE token_hash = $1",
                              token_hash)
    return None if row is None else PlayerRecord(*row)


async def by_id(conn: asyncpg.Connection, player_id: uuid.UUID) -> PlayerRecord | None:
    row = await conn.fetchrow(f"SELECT {_COLUMNS} FROM players WHERE player_id = $1",
                              player_id)
    return None if row is None else PlayerRecord(*row)


async def of_subject(
    conn: asyncpg.Connection, issuer: str, subject: str, name: str
) -> PlayerRecord:
    """The player of an identity provider's user, created when first seen (one row however
    many first requests race)."""
    row = await conn.fetchrow(
        f"""INSERT INTO players (player_id, name, issuer, subject) VALUES ($1, $2, $3, $4)
            ON CONFLICT (issuer, subject) DO UPDATE SET issuer = EXCLUDED.issuer
            RETURNING {_COLUMNS}""", uuid.uuid4(), name, issuer, subject)
    assert row is not None
    return PlayerRecord(*row)
