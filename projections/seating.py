"""Rebuild `seats_held` ("my games", invitations) from the games' own rows.

Who holds each seat is written with every append that seats players, in the game's row
(`games.players`, by seat) and by player in `seats_held`; a seat still reserved for a player
(an invitation) is in the waiting table's summary (`reserved`). `seats_held` is the by-player
index of those: `polis rebuild-projections` writes it again from them, in one transaction,
so a lost or damaged index costs a rebuild, never a seat.
"""

from __future__ import annotations

import uuid

import asyncpg

from infra.event_store import EventStore

_DELETE = "DELETE FROM seats_held WHERE $1::uuid[] IS NULL OR game_id = ANY($1::uuid[])"

_REBUILD = """
INSERT INTO seats_held (player_id, game_id, seat, invited)
SELECT x.p, g.game_id, x.n - 1, false
FROM games g, unnest(g.players) WITH ORDINALITY AS x(p, n)
WHERE x.p IS NOT NULL AND ($1::uuid[] IS NULL OR g.game_id = ANY($1::uuid[]))
UNION ALL
SELECT (r ->> 'player')::uuid, g.game_id, (r ->> 'seat')::int, true
FROM games g, jsonb_array_elements(coalesce(g.summary -> 'reserved', '[]'::jsonb)) AS r
WHERE g.waiting AND NOT g.over AND ($1::uuid[] IS NULL OR g.game_id = ANY($1::uuid[]))
"""


async def rebuild_seating(store: EventStore, game_ids: list[uuid.UUID] | None = None) -> int:
    """Write `seats_held` again for `game_ids` (every game when None); the rows written."""
    async def write(conn: asyncpg.Connection) -> int:
        async with conn.transaction():
            await conn.execute(_DELETE, game_ids)
            status: str = await conn.execute(_REBUILD, game_ids)
        return int(status.rsplit(" ", 1)[-1])

    return await store.run(write)
