"""The command path stays distributable by game: every statement it sends PostgreSQL names
one game (`game_id = $n`), so a table distributed by `game_id` (Citus, on paper in
openapi/README.md, "Scaling out") routes each to one shard, in one transaction.

The statements are captured from the connections themselves (asyncpg's query logger):
pg_stat_statements is not loaded on every PostgreSQL the tests run on.
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import msgspec
import pytest

from api.service.game_service import GameService
from api.service.refusals import Refusal
from infra.db import Connection, keep_session
from infra.event_store import EventStore

STATEMENTS: list[str] = []

ONE_GAME = re.compile(r"\bgame_id\s*=\s*\$\d+")
TRANSACTION = re.compile(r"^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b", re.I)


class Recorded(Connection):
    """A pool connection that keeps the text of every statement it runs."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_query_logger(lambda query: STATEMENTS.append(query.query))


@pytest.fixture
async def service(database_url: str) -> AsyncIterator[GameService]:
    pool = await asyncpg.create_pool(database_url, min_size=1, max_size=4,
                                     connection_class=Recorded, reset=keep_session)
    assert pool is not None
    try:
        yield GameService(EventStore(pool), lambda committed: None, capacity=1)
    finally:
        await pool.close()


async def test_every_statement_of_a_command_names_one_game(service: GameService) -> None:
    games = [await service.create("duel", [], {}, ["Ada", "Bo"], None, seed)
             for seed in (1, 2)]
    rng = random.Random(5)
    STATEMENTS.clear()
    for turn in range(8):  # commands, a retry (replayed) and a stale one (conflict)
        record, tokens = games[turn % 2]
        folded = await service.folded(record.game_id)  # capacity 1: loaded again each time
        seat = folded.game.acting_seats(folded.state)[0]
        version, moves = await service.legal_moves(folded, seat)
        command = msgspec.json.decode(rng.choice(moves))
        key = f"turn-{turn}"
        await service.submit(record.game_id, tokens[seat], version, command, key)
        await service.submit(record.game_id, tokens[seat], version, command, key)
        with pytest.raises(Refusal):
            await service.submit(record.game_id, tokens[seat], version, command, None)
    sent = [s for s in STATEMENTS if not TRANSACTION.match(s)]
    assert any("INSERT INTO events" in s for s in sent), "the append was seen"
    assert any(s.lstrip().startswith("SELECT") and "FROM events" in s for s in sent)
    strays = sorted({" ".join(s.split()) for s in sent if not ONE_GAME.search(s)})
    assert not strays, strays
