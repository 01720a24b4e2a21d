"""Leaderboards and rating profiles, read from the ratings projection
(`projections/ratings.py`), transport-free.

A leaderboard ranks a pool's players by the conservative estimate mu - 3 sigma (a player
the model knows little about is ranked low until games narrow sigma), ties by player id;
rank 1 is the best. `around` centres a page on one player.
"""

from __future__ import annotations

import uuid
from datetime import datetime

import asyncpg
import msgspec

from api.service.refusals import NotFound
from domain.kernel.registry import kinds


class Entry(msgspec.Struct):
    rank: int
    player_id: str
    name: str
    rating: float
    """The conservative estimate mu - 3 sigma, which the board ranks by."""
    mu: float
    sigma: float
    games: int
    """Rated games played in this pool."""


class Board(msgspec.Struct):
    pool: str
    entries: list[Entry]
    total: int
    """Rated players in the pool."""
    limit: int
    offset: int


class Step(msgspec.Struct):
    game_id: str
    place: int
    """The player's place in that game (1 = first, shared on a tie)."""
    rating_before: float
    rating: float
    mu: float
    sigma: float
    at: datetime


class PoolRating(msgspec.Struct):
    pool: str
    rating: float
    mu: float
    sigma: float
    games: int
    rank: int
    history: list[Step]
    """The rated games, newest first (at most 50)."""


def known_pool(pool: str) -> None:
    """NotFound (`pool_not_found`) unless `pool` is a kind's pool (or one of its expansion
    sets')."""
    if pool.split("+")[0] not in kinds():
        raise NotFound("pool_not_found", f"no rating pool {pool!r}; a pool is named after "
                       f"its kind: {', '.join(kinds())}")


_ENTRIES = """
SELECT r.player_id, p.name, r.rating, r.mu, r.sigma, r.games FROM ratings r
JOIN players p USING (player_id) WHERE r.pool = $1
ORDER BY r.rating DESC, r.player_id LIMIT $2 OFFSET $3"""

_ABOVE = """
SELECT count(*) FROM ratings WHERE pool = $1 AND (rating > $2 OR (rating = $2 AND player_id < $3))
"""


async def position(conn: asyncpg.Connection, pool: str, player: uuid.UUID) -> int | None:
    """The player's rank in the pool (1 = best); None when not rated there."""
    rating = await conn.fetchval("SELECT rating FROM ratings WHERE pool = $1 AND player_id = $2",
                                 pool, player)
    if rating is None:
        return None
    return int(await conn.fetchval(_ABOVE, pool, rating, player)) + 1


async def board(pool_: asyncpg.Pool, pool: str, limit: int, offset: int,
                around: uuid.UUID | None) -> Board:
    known_pool(pool)
    async with pool_.acquire() as conn:
        if around is not None:
            rank = await position(conn, pool, around)
            if rank is None:
                raise NotFound("not_rated", f"player {around} has no rating in {pool}")
            offset = max(0, rank - 1 - limit // 2)
        total = await conn.fetchval("SELECT count(*) FROM ratings WHERE pool = $1", pool)
        rows = await conn.fetch(_ENTRIES, pool, limit, offset)
    entries = [Entry(offset + i + 1, str(r["player_id"]), r["name"], r["rating"], r["mu"],
                     r["sigma"], r["games"]) for i, r in enumerate(rows)]
    return Board(pool, entries, int(total), limit, offset)


async def player_ratings(pool_: asyncpg.Pool, player: uuid.UUID) -> list[PoolRating]:
    """A player's rating in each pool, with its history."""
    async with pool_.acquire() as conn:
        rows = await conn.fetch("SELECT pool, rating, mu, sigma, games FROM ratings "
                                "WHERE player_id = $1 ORDER BY pool", player)
        found = []
        for r in rows:
            steps = await conn.fetch(
                """SELECT game_id, place, mu_before, sigma_before, mu, sigma, at
                   FROM rating_history WHERE player_id = $1 AND pool = $2
                   ORDER BY seq DESC LIMIT 50""", player, r["pool"])
            rank = await position(conn, r["pool"], player)
            found.append(PoolRating(
                r["pool"], r["rating"], r["mu"], r["sigma"], r["games"], rank or 0,
                [Step(str(s["game_id"]), s["place"], s["mu_before"] - 3 * s["sigma_before"],
                      s["mu"] - 3 * s["sigma"], s["mu"], s["sigma"], s["at"]) for s in steps]))
    return found


async def games_per_kind(pool_: asyncpg.Pool, player: uuid.UUID) -> dict[str, int]:
    """Finished games the player held a seat in, by kind (bots' identities: their rated
    games)."""
    rows = await pool_.fetch(
        """SELECT g.kind, count(*) AS n FROM seats_held h JOIN games g USING (game_id)
           WHERE h.player_id = $1 AND g.over GROUP BY g.kind""", player)
    found = {r["kind"]: int(r["n"]) for r in rows}
    if not found:
        rows = await pool_.fetch(
            """SELECT split_part(pool, '+', 1) AS kind, count(DISTINCT game_id) AS n
               FROM rating_history WHERE player_id = $1 GROUP BY 1""", player)
        found = {r["kind"]: int(r["n"]) for r in rows}
    return found
