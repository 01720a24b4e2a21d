"""Import of recorded games: a shared trace line becomes a finished, imported game whose
every version's view is readable; a bad trace is refused whole, writing nothing."""

from __future__ import annotations

import copy
import gzip
import json
from typing import Any

import asyncpg
import msgspec
import pytest

from api.service.audit import audit_game
from api.service.exports import export_record
from api.service.game_service import GameService
from api.service.import_worker import checked_import, prepare
from api.service.imports import store_imported
from api.service.refusals import Invalid, RuleRefused
from domain.kernel import get_game
from domain.kernel.traces import replay_record
from infra.event_store import CREATED
from tests.shared_paths import SHARED

TRACES = SHARED / "traces"


def first_record(name: str) -> dict[str, Any]:
    with gzip.open(TRACES / name, "rt", encoding="utf-8") as lines:
        record: dict[str, Any] = json.loads(lines.readline())
    return record


@pytest.mark.parametrize("name", ["duel-fromi.jsonl.gz", "7wonders-joffrey-sw.jsonl.gz"])
async def test_a_shared_trace_becomes_an_imported_game_viewable_at_every_version(
    service: GameService, name: str
) -> None:
    original = first_record(name)
    played = checked_import(original)
    record, tokens = await store_imported(service, prepare(played))
    assert record.over and record.imported and record.head_hash
    assert (await audit_game(service.store, record.game_id)).intact
    stream = await service.store.read_stream(record.game_id)
    opening = sum(e.command_id == CREATED for e in stream)
    assert len(stream) == record.version > opening
    for version in range(opening, record.version + 1):
        for seat in (None, *range(len(tokens))):
            at, view = await service.view(record.game_id, seat, version)
            assert at <= version and json.loads(view)
    # it takes no command (its last one, sent again, is refused)
    last = played.steps[-1][0]
    seat = get_game(played.kind, played.expansions).command_seat(last)
    with pytest.raises(RuleRefused) as refused:
        await service.submit(record.game_id, tokens[seat], record.version,
                             msgspec.to_builtins(last), None)
    assert refused.value.code == "game_over"
    # exported again, it is the same game: the replay agrees with it
    again = await export_record(service.store, record.game_id)
    assert again["format"] == original["format"]
    assert replay_record(again).agreed


def _games(pool: asyncpg.Pool) -> Any:
    return pool.fetchval("SELECT count(*) FROM games")


async def test_bad_traces_are_refused_whole(service: GameService, pool: asyncpg.Pool) -> None:
    good = first_record("duel-fromi.jsonl.gz")
    before = await _games(pool)

    edited = copy.deepcopy(good)
    edited["moves"][30]["state"]["coins"] = [99, 0]
    with pytest.raises(RuleRefused) as info:
        checked_import(edited)
    assert info.value.code == "invalid_trace"
    assert info.value.message.startswith("move 30: coins")

    unfinished = copy.deepcopy(good)
    del unfinished["moves"][40:]
    unfinished["result"] = {}
    with pytest.raises(RuleRefused, match=r"game_over: recorded True, Polis False|not finished"):
        checked_import(unfinished)

    for bad in ({**good, "moves": [1, 2]}, {**good, "setup": None},
                {**good, "format": "chess-pgn/1"}, {"format": "7w-trace/1"}):
        with pytest.raises(RuleRefused) as info:
            checked_import(bad)
        assert info.value.code == "invalid_trace"
    with pytest.raises(Invalid):
        checked_import([good])
    assert await _games(pool) == before


async def test_a_faith_game_with_service_options_exports_and_imports_back(
    service: GameService,
) -> None:
    """Every format `GET /games/{id}/trace` writes imports: a Faith game, whose record keeps
    the service's options (`bots`), exports without them and comes back as the same game."""
    import random

    record, tokens = await service.create(
        "7wonders", ["faith"], {"bots": [None, None, None]}, ["a", "b", "c"], None, 7)
    assert record.options.get("bots") == [None, None, None]
    rng = random.Random(7)
    while True:
        folded = await service.folded(record.game_id)
        async with folded.lock:
            await service.games.refresh(folded)
            state, version = folded.state, folded.version
        acting = folded.game.acting_seats(state)
        if not acting:
            break
        seat = rng.choice(acting)
        move = rng.choice(list(folded.game.legal_moves(state, seat)))
        await service.submit(record.game_id, tokens[seat], version,
                             msgspec.to_builtins(move), None)
    exported = await export_record(service.store, record.game_id)
    assert exported["format"] == "7w-faith-trace/1"
    assert "bots" not in exported["setup"]["options"]
    assert replay_record(exported).agreed
    imported, _ = await store_imported(service, prepare(checked_import(exported)))
    again = await export_record(service.store, imported.game_id)
    del again["source"]["seed"], exported["source"]["seed"]
    assert again == exported
