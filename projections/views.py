"""Per-seat and spectator views, stored with the version they reflect.

Views are built only through the game's `view`, inline: the rows are written in the
append's transaction, so the view stored at version N is the fold of events 1..N. A view is
stored at every commit point (the last version of each append); versions in the middle of
one command's events are not states a seat ever acts on, and games need not be able to show
them.
"""

from __future__ import annotations

import uuid
from typing import Any

import asyncpg
import msgspec

from domain.kernel import Game

SPECTATOR = -1
"""The `seat` column value of the spectator view."""


def seat_key(seat: int | None) -> int:
    return SPECTATOR if seat is None else seat


def audiences(seat_count: int) -> list[int | None]:
    """Every seat, then the spectator (None)."""
    return [*range(seat_count), None]


def build_views(game: Game, state: Any, seat_count: int) -> list[tuple[int, str]]:
    """(seat key, view JSON) for every audience of `state`."""
    return [
        (seat_key(seat), msgspec.json.encode(game.view(state, seat)).decode())
        for seat in audiences(seat_count)
    ]


async def read_view(
    pool: asyncpg.Pool | asyncpg.Connection,
    game_id: uuid.UUID,
    seat: int | None,
    at_version: int | None = None,
) -> tuple[int, str] | None:
    """(version, view JSON) of the last commit point at or before `at_version` (None: latest)."""
    row = await pool.fetchrow(
        """SELECT version, view FROM views
           WHERE game_id = $1 AND seat = $2 AND ($3::bigint IS NULL OR version <= $3)
           ORDER BY version DESC LIMIT 1""",
        game_id, seat_key(seat), at_version,
    )
    return None if row is None else (row["version"], row["view"])
