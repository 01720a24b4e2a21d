"""The notification outbox and the players' push subscriptions (migration 0016).

A notification row is written by the append that causes it, in the append's own statement
(`infra/event_store.py`, `append(..., outbox=...)`): committed with its events or not at
all. Every replica delivers: `claim` takes due rows with `FOR UPDATE SKIP LOCKED` and
leases them (`claimed_until`), so a row is tried by one process at a time; a process killed
while it holds a lease loses it when it runs out, and another process tries the row again
(at-least-once: the row's id, the `webhook-id`, stays the same). A delivered row is deleted;
a failed one is tried again after a back-off, until its age passes the retry window and it
is kept as dead-lettered (`dead`).

A push row names one subscription: an outbox row for a player (`target` `push`) is written
as one row per subscription the player has when the append commits (a join in the same
statement), so each browser is retried on its own.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import asyncpg
import msgspec

PUSH = "push"
"""The `target` of an outbox row for a player's browsers (one row per subscription)."""


class OutboxRow(msgspec.Struct, frozen=True):
    """A notification to write with an append: its id (the webhook-id), where it goes
    (`webhook:<url>`, or `push` with `player`), its type and its JSON body."""

    id: str
    target: str
    type: str
    body: str
    player: uuid.UUID | None = None
    delay: float = 0.0
    """Seconds after the commit it is due (a `clock.low` waits for the clock to run low)."""


OUTBOX_CTE = """, o AS (
    INSERT INTO notifications (id, target, type, body, game_id, next_at)
    SELECT x.i || coalesce(':' || s.subscription_id::text, ''),
           coalesce('push:' || s.subscription_id::text, x.t), x.y, x.b::jsonb, g.game_id,
           polis_now() + make_interval(secs => x.d)
    FROM g, unnest({ids}::text[], {targets}::text[], {types}::text[], {bodies}::text[],
                   {players}::uuid[], {delays}::float8[]) AS x(i, t, y, b, p, d)
    LEFT JOIN push_subscriptions s ON x.t = 'push' AND s.player_id = x.p
    WHERE x.t <> 'push' OR s.subscription_id IS NOT NULL
)
"""
"""A CTE inserting outbox rows only if the append's `g` moved the game (placeholders: the
six arrays' parameters)."""

_ARRAYS = ("ids", "targets", "types", "bodies", "players", "delays")


def outbox_cte(first: int) -> str:
    """The outbox CTE with its six arrays at parameters $first..$first+5."""
    names = _ARRAYS
    return OUTBOX_CTE.format(**{n: f"${first + i}" for i, n in enumerate(names)})


def outbox_args(rows: Sequence[OutboxRow]) -> tuple[list[Any], ...]:
    return ([r.id for r in rows], [r.target for r in rows], [r.type for r in rows],
            [r.body for r in rows], [r.player for r in rows], [r.delay for r in rows])


async def write_outbox(conn: asyncpg.Connection, game_id: uuid.UUID | None,
                       rows: Sequence[OutboxRow]) -> None:
    """Write outbox rows on `conn` (in its caller's transaction): for notifications that no
    append causes (an invitation)."""
    if not rows:
        return
    await conn.execute(
        "WITH g AS (SELECT $7::uuid AS game_id)" + outbox_cte(1) + "SELECT 1",
        *outbox_args(rows), game_id)


class Claimed(msgspec.Struct, frozen=True):
    """A notification this process holds the lease of."""

    id: str
    target: str
    type: str
    body: str
    attempts: int
    created_at: datetime
    endpoint: str | None = None
    p256dh: str | None = None
    auth: str | None = None


_CLAIM = """
WITH c AS (
    SELECT id, target FROM notifications
    WHERE dead_at IS NULL AND next_at <= polis_now() AND claimed_until < polis_now()
      AND NOT (target = ANY($3::text[]))
    ORDER BY next_at LIMIT $1 FOR UPDATE SKIP LOCKED
), n AS (
    UPDATE notifications n SET claimed_until = polis_now() + make_interval(secs => $2),
                               attempts = n.attempts + 1
    FROM c WHERE n.id = c.id AND n.target = c.target
    RETURNING n.id, n.target, n.type, n.body::text AS body, n.attempts, n.created_at
)
SELECT n.*, s.endpoint, s.p256dh, s.auth FROM n
LEFT JOIN push_subscriptions s
       ON n.target LIKE 'push:%' AND s.subscription_id::text = substr(n.target, 6)
"""

_FAILED = """
UPDATE notifications SET claimed_until = '-infinity', last_error = $3,
    next_at = polis_now() + make_interval(secs => $4),
    dead_at = CASE WHEN polis_now() + make_interval(secs => $4)
                        > created_at + make_interval(secs => $5)
                   THEN polis_now() END
WHERE id = $1 AND target = $2
RETURNING dead_at IS NOT NULL
"""


class Outbox:
    """The outbox's statements (see the module docstring)."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def claim(self, limit: int, lease_seconds: float,
                    busy_targets: Sequence[str] = ()) -> list[Claimed]:
        """Lease up to `limit` due rows, none of `busy_targets` (targets with as many
        deliveries in flight here as they may have)."""
        rows = await self.pool.fetch(_CLAIM, limit, lease_seconds, list(busy_targets))
        return [Claimed(**dict(r.items())) for r in rows]

    async def release(self, rows: Sequence[Claimed]) -> None:
        """Give leased rows back untried (claimed beyond a target's share): due at once."""
        if rows:
            await self.pool.execute(
                """UPDATE notifications SET claimed_until = '-infinity',
                          attempts = attempts - 1
                   WHERE (id, target) IN (SELECT * FROM unnest($1::text[], $2::text[]))""",
                [r.id for r in rows], [r.target for r in rows])

    async def still_due(self, row: Claimed) -> bool:
        """Whether a `clock.low` still holds: its game goes on and its seat has not acted
        since the turn it was written for began."""
        data = msgspec.json.decode(row.body).get("data") or {}
        due = await self.pool.fetchval(
            """SELECT NOT g.over AND NOT EXISTS (
                   SELECT 1 FROM events e WHERE e.game_id = g.game_id AND e.version > $2
                     AND e.seat = $3)
               FROM games g WHERE g.game_id = $1""",
            uuid.UUID(data["game_id"]), data["version"], data["seat"])
        return bool(due)

    async def delivered(self, row: Claimed) -> None:
        await self.pool.execute("DELETE FROM notifications WHERE id = $1 AND target = $2",
                                row.id, row.target)

    async def failed(self, row: Claimed, error: str, retry_seconds: float,
                     window_seconds: float) -> bool:
        """Try again after `retry_seconds`, or dead-letter it past the retry window; True
        when it is now dead."""
        dead = await self.pool.fetchval(_FAILED, row.id, row.target, error[:500],
                                        retry_seconds, window_seconds)
        return bool(dead)

    async def gone(self, row: Claimed) -> None:
        """A push subscription the push service says is gone (404/410): forget it and its
        pending rows."""
        sub = row.target.removeprefix("push:")
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("DELETE FROM push_subscriptions WHERE subscription_id::text = $1",
                               sub)
            await conn.execute("DELETE FROM notifications WHERE target = $1", row.target)

    async def dead(self, limit: int, before: datetime | None) -> list[dict[str, Any]]:
        """Dead-lettered notifications, newest first (`before`: the page's cursor)."""
        rows = await self.pool.fetch(
            """SELECT id, target, type, body::text AS body, game_id, created_at, attempts,
                      last_error, dead_at
               FROM notifications WHERE dead_at IS NOT NULL
                 AND ($2::timestamptz IS NULL OR dead_at < $2)
               ORDER BY dead_at DESC LIMIT $1""", limit, before)
        return [dict(r.items()) for r in rows]

    async def pending(self) -> int:
        value = await self.pool.fetchval(
            "SELECT count(*) FROM notifications WHERE dead_at IS NULL")
        return int(value or 0)


class PushSubscription(msgspec.Struct, frozen=True):
    subscription_id: uuid.UUID
    endpoint: str
    created_at: datetime


async def subscribe(pool: asyncpg.Pool, player_id: uuid.UUID, endpoint: str, p256dh: str,
                    auth: str) -> PushSubscription:
    """Store a browser's subscription for `player_id` (the same endpoint again: its keys and
    player are replaced, its id kept)."""
    row = await pool.fetchrow(
        """INSERT INTO push_subscriptions (subscription_id, player_id, endpoint, p256dh, auth)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (endpoint) DO UPDATE SET player_id = EXCLUDED.player_id,
               p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
           RETURNING subscription_id, endpoint, created_at""",
        uuid.uuid4(), player_id, endpoint, p256dh, auth)
    assert row is not None
    return PushSubscription(**dict(row.items()))


async def unsubscribe(pool: asyncpg.Pool, player_id: uuid.UUID, endpoint: str) -> bool:
    done = await pool.execute(
        "DELETE FROM push_subscriptions WHERE player_id = $1 AND endpoint = $2",
        player_id, endpoint)
    return bool(done.endswith(" 1"))


async def subscriptions(pool: asyncpg.Pool, player_id: uuid.UUID) -> list[PushSubscription]:
    rows = await pool.fetch(
        """SELECT subscription_id, endpoint, created_at FROM push_subscriptions
           WHERE player_id = $1 ORDER BY created_at""", player_id)
    return [PushSubscription(**dict(r.items())) for r in rows]
