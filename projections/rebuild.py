"""Rebuild stored views from the events alone (`polis rebuild-projections`)."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Callable
from typing import TextIO

import msgspec

from domain.kernel import get_game
from infra.event_store import EventStore
from projections.views import build_views

Progress = Callable[[int, int], None]


async def commit_points(store: EventStore, game_id: uuid.UUID) -> list[int]:
    """The last version of every append of the game, in order."""
    rows = await store.pool.fetch(
        "SELECT last_version FROM commands WHERE game_id = $1 ORDER BY last_version", game_id
    )
    return [r["last_version"] for r in rows]


async def expected_views(
    store: EventStore, game_id: uuid.UUID
) -> dict[int, list[tuple[int, str]]]:
    """The views every commit point must have, by folding the game's events."""
    record = await store.get_game(game_id)
    if record is None:
        raise KeyError(str(game_id))
    game = get_game(record.kind, record.expansions, record.options)
    points = set(await commit_points(store, game_id))
    state = game.initial_state()
    views: dict[int, list[tuple[int, str]]] = {}
    for stored in await store.read_stream(game_id):
        state = game.evolve(state, msgspec.json.decode(stored.payload, type=game.event_type))
        if stored.version in points:
            views[stored.version] = build_views(game, state, len(record.seat_names))
    return views


async def rebuild_game(store: EventStore, game_id: uuid.UUID) -> int:
    """Replace the game's views with those folded from its events; return how many.

    Safe while the game is played: only the versions folded here are replaced, so the views
    of a command appended meanwhile (written with its events) are kept.
    """
    views = await expected_views(store, game_id)
    async with store.pool.acquire() as conn, conn.transaction():
        await conn.execute(
            "DELETE FROM views WHERE game_id = $1 AND version <= $2",
            game_id, max(views, default=0),
        )
        await conn.executemany(
            "INSERT INTO views (game_id, version, seat, view) VALUES ($1, $2, $3, $4::jsonb)",
            [
                (game_id, version, seat, view)
                for version, rows in views.items()
                for seat, view in rows
            ],
        )
    return sum(len(rows) for rows in views.values())


def text_progress(stream: TextIO | None = None, width: int = 30) -> Progress:
    """A one-line progress bar: `[#####.....] 12/40`, on `stream` (the current stderr)."""
    stream = stream or sys.stderr

    def show(done: int, total: int) -> None:
        filled = width * done // total if total else width
        end = "\n" if done >= total else ""
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}{end}")
        stream.flush()

    return show


async def rebuild(
    store: EventStore, game_ids: list[uuid.UUID] | None = None, progress: Progress | None = None
) -> int:
    """Rebuild the given games (all when None); return the number of views written."""
    ids = await store.game_ids() if game_ids is None else game_ids
    written = 0
    if progress:
        progress(0, len(ids))
    for done, game_id in enumerate(ids, start=1):
        written += await rebuild_game(store, game_id)
        if progress:
            progress(done, len(ids))
    return written
