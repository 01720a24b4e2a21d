"""Rebuild stored views from the events alone (`polis rebuild-projections`).

Games are rebuilt in batches: one query reads the records of a batch, one its events (in
game and version order), the views of every commit point are folded in memory with a
reused decoder, and one transaction replaces them with a binary COPY, written while the
next batch is read and folded. (Folding in worker processes was measured too: slower on
two shared cores, as every view then crosses a pipe.) Commit points are where an append ends:
the last event of each run of events with the same command id.

Safe while games are played: only the versions folded here are replaced, so the views of a
command appended meanwhile (written with its events) are kept. The rebuild's commits skip
the WAL flush wait (`synchronous_commit = off`): a crash loses at most a rebuild to run
again, never an event.
"""

from __future__ import annotations

import asyncio
import sys
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

import asyncpg

from domain.kernel.errors import DomainError
from infra.event_store import EventStore, GameRecord
from projections.rulesets import decoder_of, ruleset_of
from projections.views import build_views

Progress = Callable[[int, int], None]

BATCH = 100
"""Games per batch."""

Views = list[tuple[uuid.UUID, int, int, str]]
"""(game, version, seat key, view JSON) rows."""
EventRow = tuple[uuid.UUID, int, str, str | None]
"""(game, version, payload, command id) of one event."""


def text_progress(stream: TextIO | None = None, width: int = 30) -> Progress:
    """A one-line progress bar: `[#####.....] 12/40`, on `stream` (the current stderr)."""
    stream = stream or sys.stderr

    def show(done: int, total: int) -> None:
        filled = width * done // total if total else width
        end = "\n" if done >= total else ""
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}{end}")
        stream.flush()

    return show


async def read_batch(
    store: EventStore, game_ids: list[uuid.UUID]
) -> tuple[list[GameRecord], list[EventRow]]:
    """The records of `game_ids` and all their events, in game and version order."""
    rows = await store.read_streams(game_ids)
    return await store.records(game_ids), [tuple(r) for r in rows]


def _by_game(rows: Sequence[EventRow]) -> Iterator[tuple[uuid.UUID, Sequence[EventRow]]]:
    start = 0
    for i in range(1, len(rows) + 1):
        if i == len(rows) or rows[i][0] != rows[start][0]:
            yield rows[start][0], rows[start:i]
            start = i


YIELD_EVERY = 4
"""Games folded between two returns to the event loop, so the previous batch's COPY keeps
streaming to PostgreSQL while this one is folded (the fold alone would hold the loop)."""


UNKNOWN_RULES = ("unknown_game_kind", "unknown_expansion")
"""A game whose kind or expansion this build does not know is skipped, not folded."""


async def fold_views(
    records: list[GameRecord], rows: Sequence[EventRow],
    skipped: list[GameRecord] | None = None,
) -> tuple[Views, dict[uuid.UUID, int]]:
    """The views of every commit point of the batch, and the last version folded per game;
    games of rules this build does not know go to `skipped` (their views stay as they are)."""
    by_id = {r.game_id: r for r in records}
    views: Views = []
    folded: dict[uuid.UUID, int] = {}
    for n, (game_id, events) in enumerate(_by_game(rows)):
        if n % YIELD_EVERY == YIELD_EVERY - 1:
            await asyncio.sleep(0)
        record = by_id[game_id]
        try:
            game = ruleset_of(record)
        except DomainError as exc:
            if exc.code not in UNKNOWN_RULES:
                raise
            if skipped is not None:
                skipped.append(record)
            continue
        decode, evolve = decoder_of(game).decode, game.evolve
        seats = len(record.seat_names)
        state = game.initial_state()
        for i, event in enumerate(events):
            state = evolve(state, decode(event[2]))
            if i + 1 == len(events) or events[i + 1][3] != event[3]:
                version = event[1]
                views.extend((game_id, version, s, v) for s, v in build_views(game, state, seats))
        folded[game_id] = events[-1][1] if events else 0
    return views, folded


async def write_batch(store: EventStore, views: Views, folded: dict[uuid.UUID, int]) -> None:
    """Replace the views of the folded versions, in one transaction."""
    async def write(conn: asyncpg.Connection) -> None:
        async with conn.transaction():
            await conn.execute("SET LOCAL synchronous_commit = off")
            await conn.execute(
                """DELETE FROM views v USING unnest($1::uuid[], $2::bigint[]) AS x(g, m)
                   WHERE v.game_id = x.g AND v.version <= x.m""",
                list(folded), list(folded.values()),
            )
            await conn.copy_records_to_table(
                "views", records=views, columns=["game_id", "version", "seat", "view"]
            )

    await store.run(write)


async def rebuild_game(store: EventStore, game_id: uuid.UUID) -> int:
    """Rebuild one game's views; return how many were written."""
    return await rebuild(store, [game_id])


async def rebuild(
    store: EventStore, game_ids: list[uuid.UUID] | None = None, progress: Progress | None = None,
    skipped: list[GameRecord] | None = None,
) -> int:
    """Rebuild the given games (all when None); return the number of views written. Games
    of a kind or expansion this build does not know (a newer build's, a removed one's) are
    left as they are and listed in `skipped`: one such game does not stop the others."""
    ids = await store.game_ids() if game_ids is None else game_ids
    written = 0
    if progress:
        progress(0, len(ids))
    writing: asyncio.Task[None] | None = None
    for start in range(0, len(ids), BATCH):
        batch = ids[start:start + BATCH]
        records, rows = await read_batch(store, batch)
        views, folded = await fold_views(records, rows, skipped)
        if writing is not None:
            await writing
            if progress:
                progress(start, len(ids))
        writing = asyncio.create_task(write_batch(store, views, folded))
        written += len(views)
    if writing is not None:
        await writing
    if progress and ids:
        progress(len(ids), len(ids))
    return written
