"""Ratings: a projection of the finished rated games (README, "Ratings and matchmaking").

The model is Weng-Lin's Bayesian approximation with the Plackett-Luce likelihood, from the
`openskill` library (never a hand-written formula): it takes a full ranking with ties, any
seat count, teams of one. Each player has (mu, sigma) per pool; leaderboards rank by the
conservative estimate mu - 3 sigma.

A pool is a game kind by default (named after it: `duel`, `7wonders`); a kind listed in
`PoolSettings.by_expansions` has one pool per expansion set (`7wonders+leaders`, the
expansions sorted, the kind alone without any). A pool listed in `unrated_bots` does not
rate games with bots (they are recorded as skipped).

Exactly once: a game is applied in one transaction that inserts its `rated_games` row
(primary key: the game) with the ratings and history it moves, under one advisory lock
(`RATINGS_LOCK`) so games are applied one at a time in one order, the order of their
finish (imported games are never rated); a process killed mid-update leaves nothing, and
the next applier (any process) takes the game again. A game that cannot be folded is
recorded as skipped, with why, rather than stall every later one. `rated_games.seq`
records that order, which `rebuild_ratings` replays: the same games, in the same order,
through the same function give the same numbers.

Seats: each seat of a rated game is a player (`games.players`) or a bot level (the `bots`
option: one player identity per level, `infra.players.of_subject` with the issuer
`polis:bot`, created on demand). A game with a seat that is neither (a seat token's named
seat) is skipped. A bot level on several seats of one game: each seat is rated as a team
of its own from the level's rating, and the level's new rating is the mean of its seats'
(it played one game). Places are the game's own (`final_places`): ties shared, seats that
left ranked last as the game ranks them.
"""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import asyncpg
import msgspec
from openskill.models import PlackettLuce

from domain.kernel import Game
from infra.event_store import EventStore, GameRecord
from infra.players import of_subject
from projections.rulesets import decoder_of, ruleset_of

RATINGS_LOCK = 7_270_015
"""pg_advisory_xact_lock key held while ratings are applied or rebuilt."""
RATED_OPTION = "rated"
BOT_ISSUER = "polis:bot"
MODEL = PlackettLuce()
"""Default prior: mu 25, sigma 25/3 (rating 0)."""


class PoolSettings(msgspec.Struct, frozen=True):
    """Which kinds have a pool per expansion set; which pools leave games with bots unrated."""

    by_expansions: frozenset[str] = frozenset()
    unrated_bots: frozenset[str] = frozenset()


def pool_of(kind: str, expansions: Sequence[str], settings: PoolSettings) -> str:
    """The pool a game of `kind` with `expansions` is rated in."""
    if kind in settings.by_expansions and expansions:
        return "+".join((kind, *sorted(expansions)))
    return kind


def conservative(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def final_places(game: Game, state: Any, seats: int) -> list[int]:
    """Each seat's place (1 = first, shared on a tie) in a finished game, as the game ranks
    it: its view's `rank` where that agrees with its summary's `ranking` (the seats that
    left already put last), else the order of `ranking`, else the winner first and every
    other seat second (every seat first without a winner: a draw)."""
    summary = game.summary(state)
    ranking = summary.get("ranking")
    if isinstance(ranking, list) and sorted(ranking) == list(range(seats)):
        rank = getattr(game.view(state, None), "rank", None)
        if (rank is not None and len(rank) == seats
                and all(rank[a] <= rank[b] for a, b in itertools.pairwise(ranking))):
            return [int(r) for r in rank]
        found = [0] * seats
        for position, seat in enumerate(ranking):
            found[seat] = position + 1
        return found
    winner = summary.get("winner")
    if isinstance(winner, int) and 0 <= winner < seats:
        return [1 if seat == winner else 2 for seat in range(seats)]
    return [1] * seats


def rate(before: Sequence[tuple[float, float]], places: Sequence[int]
         ) -> list[tuple[float, float]]:
    """The (mu, sigma) of each seat after a game, from its (mu, sigma) before and places."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [(team[0].mu, team[0].sigma) for team in after]


def seat_holders(record: GameRecord) -> list[str | tuple[str, str]]:
    """Who holds each seat: a player id, ("bot", level), or ("", "") for neither."""
    seats = len(record.seat_names)
    bots = record.options.get("bots")
    levels = (list(bots) if isinstance(bots, list) else []) + [None] * seats
    players = list(record.players) + [None] * seats
    held: list[str | tuple[str, str]] = []
    for seat in range(seats):
        if isinstance(levels[seat], str):
            held.append(("bot", levels[seat]))
        elif players[seat]:
            held.append(str(players[seat]))
        else:
            held.append(("", ""))
    return held


async def bot_player(conn: asyncpg.Connection, level: str) -> uuid.UUID:
    """The player identity of a bot level (created when first needed)."""
    return (await of_subject(conn, BOT_ISSUER, level, f"{level} bot")).player_id


def fold_final(record: GameRecord, rows: Sequence[asyncpg.Record]) -> tuple[Game, Any]:
    game = ruleset_of(record)
    decode, evolve = decoder_of(game).decode, game.evolve
    state = game.initial_state()
    for row in rows:
        state = evolve(state, decode(row["payload"]))
    return game, state


_PENDING = """
    SELECT g.game_id, e.recorded_at AS finished_at FROM games g
    JOIN events e ON e.game_id = g.game_id AND e.version = g.version
    WHERE g.over AND g.options @> '{"rated": true}' AND NOT g.imported
      AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.game_id)
    ORDER BY e.recorded_at, g.game_id LIMIT $1"""


async def pending(conn: asyncpg.Connection, limit: int) -> list[tuple[uuid.UUID, datetime]]:
    """Finished rated games not applied yet, in finish order."""
    return [(r["game_id"], r["finished_at"]) for r in await conn.fetch(_PENDING, limit)]


async def apply_game(conn: asyncpg.Connection, store: EventStore, settings: PoolSettings,
                     game_id: uuid.UUID, finished_at: datetime) -> str | None:
    """Apply one finished game to the ratings (in the caller's transaction, under
    `RATINGS_LOCK`); its pool, or None when it is skipped."""
    [record] = await store.records([game_id])
    pool = pool_of(record.kind, record.expansions, settings)
    holders = seat_holders(record)
    skipped = None
    places: list[int] = []
    if any(h == ("", "") for h in holders):
        skipped = "a seat held by no player"
    elif pool in settings.unrated_bots and any(isinstance(h, tuple) for h in holders):
        skipped = "bots are not rated in this pool"
    else:
        rows = await conn.fetch("SELECT payload::text AS payload FROM events "
                                "WHERE game_id = $1 ORDER BY version", game_id)
        try:
            game, state = fold_final(record, rows)
            places = final_places(game, state, len(holders))
        except Exception as exc:  # never stall every later game on one that cannot fold
            skipped = f"the game does not fold: {exc}"[:200]
    seq = await conn.fetchval("SELECT coalesce(max(seq), 0) + 1 FROM rated_games")
    await conn.execute(
        "INSERT INTO rated_games (game_id, seq, pool, skipped, finished_at) "
        "VALUES ($1, $2, $3, $4, $5)", game_id, seq, None if skipped else pool, skipped,
        finished_at)
    if skipped:
        return None
    ids = [uuid.UUID(h) if isinstance(h, str) else await bot_player(conn, h[1])
           for h in holders]
    found = {r["player_id"]: (r["mu"], r["sigma"]) for r in await conn.fetch(
        "SELECT player_id, mu, sigma FROM ratings WHERE pool = $1 AND player_id = ANY($2)",
        pool, ids)}
    prior = (MODEL.mu, MODEL.sigma)
    before = [found.get(pid, prior) for pid in ids]
    after = rate(before, places)
    by_player: dict[uuid.UUID, list[tuple[int, float, float]]] = {}
    for pid, place, (mu, sigma) in zip(ids, places, after, strict=True):
        by_player.setdefault(pid, []).append((place, mu, sigma))
    for pid, results in by_player.items():
        mu = sum(r[1] for r in results) / len(results)
        sigma = sum(r[2] for r in results) / len(results)
        place = min(r[0] for r in results)
        mu0, sigma0 = found.get(pid, prior)
        await conn.execute(
            """INSERT INTO ratings (pool, player_id, mu, sigma, rating, games, updated_at)
               VALUES ($1, $2, $3, $4, $5, 1, $6)
               ON CONFLICT (pool, player_id) DO UPDATE SET mu = EXCLUDED.mu,
                 sigma = EXCLUDED.sigma, rating = EXCLUDED.rating,
                 games = ratings.games + 1, updated_at = EXCLUDED.updated_at""",
            pool, pid, mu, sigma, conservative(mu, sigma), finished_at)
        await conn.execute(
            """INSERT INTO rating_history (player_id, pool, seq, game_id, place, mu_before,
                 sigma_before, mu, sigma, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)""",
            pid, pool, seq, game_id, place, mu0, sigma0, mu, sigma, finished_at)
    return pool


async def apply_next(store: EventStore, settings: PoolSettings) -> bool | None:
    """Apply the oldest finished rated game not applied yet, in one transaction: True when
    one was applied, False when none is pending, None when another process holds the lock."""
    async def work(conn: asyncpg.Connection) -> bool | None:
        async with conn.transaction():
            if not await conn.fetchval("SELECT pg_try_advisory_xact_lock($1)", RATINGS_LOCK):
                return None
            found = await pending(conn, 1)
            if not found:
                return False
            await apply_game(conn, store, settings, *found[0])
            return True

    return await store.run(work)


async def rebuild_ratings(store: EventStore, settings: PoolSettings) -> int:
    """Recompute every rating from the finished rated games: those applied before in the
    order they were applied, then those pending in finish order; return the games applied."""
    async def work(conn: asyncpg.Connection) -> int:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", RATINGS_LOCK)
            done = [(r["game_id"], r["finished_at"]) for r in await conn.fetch(
                "SELECT game_id, finished_at FROM rated_games ORDER BY seq")]
            await conn.execute("DELETE FROM rating_history")
            await conn.execute("DELETE FROM ratings")
            await conn.execute("DELETE FROM rated_games")
            for game_id, finished_at in done:
                await apply_game(conn, store, settings, game_id, finished_at)
            count = len(done)
            while batch := await pending(conn, 100):
                for game_id, finished_at in batch:
                    await apply_game(conn, store, settings, game_id, finished_at)
                count += len(batch)
            return count

    return await store.run(work)
