"""Stored views are the fold of the events: replaying a finished game reproduces each one."""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import Sequence
from typing import Any

import asyncpg
import msgspec
import pytest

from api.cli import main as polis
from api.service.commands import Committed
from api.service.game_service import GameService
from domain.kernel import get_game
from infra.event_store import EventStore, GameRecord
from projections.rebuild import rebuild, rebuild_game
from projections.views import SPECTATOR
from tests.conftest import RUN_ID, fresh_database


def _no_publish(committed: Committed) -> None:
    return None


async def _play_to_end(service: GameService, seed: int) -> uuid.UUID:
    record, tokens = await service.create("duel", [], {}, ["Ada", "Brutus"], None, seed)
    rng = random.Random(seed)
    while True:
        stream = await service.folded(record.game_id)
        acting = stream.game.acting_seats(stream.state)
        if stream.game.is_over(stream.state):
            return record.game_id
        seat = rng.choice(acting)
        command = rng.choice(stream.game.legal_moves(stream.state, seat))
        await service.submit(record.game_id, tokens[seat], stream.version,
                             msgspec.to_builtins(command), None)


async def _stored_views(pool: asyncpg.Pool, game_id: uuid.UUID) -> dict[tuple[int, int], Any]:
    rows = await pool.fetch(
        "SELECT version, seat, view FROM views WHERE game_id = $1", game_id
    )
    return {(r["version"], r["seat"]): msgspec.json.decode(r["view"]) for r in rows}


async def test_replaying_a_finished_game_reproduces_every_view(
    pool: asyncpg.Pool, database_url: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    store = EventStore(pool)
    service = GameService(store, _no_publish)
    game_id = await _play_to_end(service, seed=21)
    stored = await _stored_views(pool, game_id)
    commit_points = sorted({version for version, _ in stored})
    assert len(commit_points) > 20

    game = get_game("duel")
    state = game.initial_state()
    checked = 0
    for event in await store.read_stream(game_id):
        state = game.evolve(state, msgspec.json.decode(event.payload, type=game.event_type))
        if event.version in commit_points:
            for seat in (0, 1, None):
                key = (event.version, SPECTATOR if seat is None else seat)
                expected = msgspec.json.decode(msgspec.json.encode(game.view(state, seat)))
                assert stored[key] == expected, key
                checked += 1
    assert checked == len(stored)

    # damage the projection, then rebuild it from the events with the CLI
    await pool.execute("DELETE FROM views WHERE game_id = $1 AND version > 10", game_id)
    await pool.execute(
        "UPDATE views SET view = '{}' WHERE game_id = $1 AND version <= 10", game_id
    )
    monkeypatch.setenv("DATABASE_URL", database_url)
    cli = asyncio.to_thread
    assert await cli(polis, ["rebuild-projections", "--game", str(game_id)]) == 0
    assert await _stored_views(pool, game_id) == stored
    captured = capsys.readouterr()
    assert "1/1" in captured.err and f"rebuilt {len(stored)} views" in captured.out
    assert await cli(polis, ["rebuild-projections", "--game", str(uuid.uuid4())]) == 1
    assert await cli(polis, ["migrate"]) == 0
    assert "nothing to apply" in capsys.readouterr().out


async def test_rebuild_keeps_the_views_of_a_command_appended_meanwhile(
    pool: asyncpg.Pool,
) -> None:
    service = GameService(EventStore(pool), _no_publish)
    record, tokens = await service.create("duel", [], {}, ["Ada", "Brutus"], None, 3)

    class Racing(EventStore):
        """A store in which a command commits right after the rebuild read the stream."""

        raced = False

        async def read_streams(self, game_ids: Sequence[uuid.UUID]) -> list[Any]:
            events = await super().read_streams(game_ids)
            if not self.raced:
                self.raced = True
                game_id = game_ids[0]
                stream = await service.folded(game_id)
                seat = stream.game.acting_seats(stream.state)[0]
                move = stream.game.legal_moves(stream.state, seat)[0]
                await service.submit(game_id, tokens[seat], stream.version,
                                     msgspec.to_builtins(move), None)
            return events

    await rebuild_game(Racing(pool), record.game_id)
    version = (await service.record(record.game_id)).version
    for seat in (0, 1, None):
        assert (await service.view(record.game_id, seat))[0] == version


async def test_a_rebuild_skips_the_games_of_rules_it_does_not_know(admin_dsn: str) -> None:
    """A game of a kind this build does not know (a newer build's, a removed one's) keeps
    its views and is named; the rebuild of every other game goes on."""
    async with fresh_database(admin_dsn, f"polis_test_{RUN_ID}_unknown_kind") as dsn:
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=2)
        try:
            service = GameService(EventStore(pool), _no_publish)
            known, other = [await _play_to_end(service, seed) for seed in (4, 5)]
            await pool.execute("UPDATE games SET kind = 'chess' WHERE game_id = $1", other)
            before = {g: await _stored_views(pool, g) for g in (known, other)}
            await pool.execute("DELETE FROM views WHERE game_id = $1", known)
            skipped: list[GameRecord] = []
            assert await rebuild(EventStore(pool), None, skipped=skipped) > 0
            assert [(r.game_id, r.kind) for r in skipped] == [(other, "chess")]
            assert await _stored_views(pool, known) == before[known]  # rebuilt
            assert await _stored_views(pool, other) == before[other]  # left as it was
        finally:
            await pool.close()
