"""Storing an imported game: a checked trace (`api/service/import_worker.py`) appended in one
transaction and flagged `imported`, for `POST /games/import`."""

from __future__ import annotations

import uuid

from api.service.game_service import GameService
from api.service.import_worker import PreparedImport
from api.service.tokens import hash_token, new_token
from infra.event_store import CommandMeta, GameRecord


async def store_imported(
    service: GameService, prepared: PreparedImport
) -> tuple[GameRecord, list[str]]:
    """Append a checked, prepared game in one transaction and flag it imported; its record
    and one token per seat (to read each seat's views; commands are refused)."""
    names = [f"seat {i}" for i in range(prepared.seats)]
    tokens = [new_token() for _ in names]
    hashes = tuple(hash_token(t) for t in tokens)
    game_id = uuid.uuid4()
    opening = prepared.opening
    store = service.store
    async with store.pool.acquire() as conn, conn.transaction():
        await store.create_game(
            game_id, prepared.kind, prepared.expansions, prepared.options, names, hashes,
            opening.events, opening.summary, opening.over, opening.views, "explicit",
            conn=conn,
        )
        version = len(opening.events)
        for number, step in enumerate(prepared.steps, start=1):
            meta = CommandMeta(f"import:{number}", step.seat, "")
            await store.append(game_id, version, step.events, meta, step.summary, step.over,
                               step.views, conn=conn)
            version += len(step.events)
        await conn.execute("UPDATE games SET imported = true WHERE game_id = $1", game_id)
    record = await service.record(game_id)
    return record, tokens
