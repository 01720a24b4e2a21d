"""The audit routes over HTTP: the head hash and the audit, the export of a running game to
its seats (redacted exactly as every other outbound path), and imports (refused whole)."""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import uuid
from typing import Any

import asyncpg
import httpx
import msgspec

from domain.kernel import get_game
from infra.event_store import EventStore
from tests.api.clients import auth, create_game, play_one
from tests.shared_paths import SHARED


async def test_head_hash_audit_and_a_running_game_export_redacted_per_seat(
    http: httpx.AsyncClient, pool: asyncpg.Pool
) -> None:
    game_id, tokens = await create_game(http, seed=41)
    rng = random.Random(41)
    for turn in range(8):
        await play_one([http], game_id, tokens, rng, turn)
    summary = (await http.get(f"/games/{game_id}")).json()
    audit = (await http.get(f"/games/{game_id}/audit")).json()
    assert audit["intact"] and audit["first_mismatch"] is None
    assert audit["head_hash"] == summary["head_hash"] and len(summary["head_hash"]) == 64
    assert audit["version"] == audit["events"] == summary["version"]

    refused = await http.get(f"/games/{game_id}/trace")  # a spectator, while it runs
    assert refused.status_code == 409 and refused.json()["code"] == "game_not_over"

    game = get_game("duel")
    decode = msgspec.json.Decoder(game.event_type).decode
    stored = await EventStore(pool).read_stream(uuid.UUID(game_id))
    for seat, token in enumerate(tokens):
        log = (await http.get(f"/games/{game_id}/trace", headers=auth(token))).json()
        assert log["format"] == "polis-seat-log/1" and log["seat"] == seat
        assert [e["version"] for e in log["events"]] == [e.version for e in stored]
        hidden = 0
        for sent, full in zip(log["events"], stored, strict=True):
            redacted = json.loads(msgspec.json.encode(game.redact(decode(full.payload), seat)))
            assert sent["event"] == redacted
            hidden += redacted != json.loads(full.payload)
        assert hidden, "the deal is secret while the game runs"
        # the same redaction as the events route
        events = (await http.get(f"/games/{game_id}/events", headers=auth(token))).json()
        assert [e["event"] for e in events["events"]] == [e["event"] for e in log["events"]]


def _shared_duel_line() -> dict[str, Any]:
    with gzip.open(SHARED / "traces" / "duel-fromi.jsonl.gz", "rt", encoding="utf-8") as f:
        record: dict[str, Any] = json.loads(f.readline())
    return record


async def test_import_then_view_every_version_and_refuse_commands(
    http: httpx.AsyncClient,
) -> None:
    response = await http.post("/games/import", json=_shared_duel_line())
    assert response.status_code == 201, response.text
    body = response.json()
    game = body["game"]
    assert game["imported"] and game["over"] and game["kind"] == "duel"
    game_id, tokens = game["game_id"], [s["token"] for s in body["seats"]]
    audit = (await http.get(f"/games/{game_id}/audit")).json()
    assert audit["intact"] and audit["head_hash"] == game["head_hash"]
    # the recomputation of openapi/audit.md, from the public full log, gives the head
    log = (await http.get(f"/games/{game_id}/events")).json()
    assert not log["redacted"] and len(log["events"]) == game["version"]
    salt = bytes.fromhex(game["chain_salt"])  # published: the game is over
    assert len(salt) == 32 and audit["chain_salt"] == game["chain_salt"]
    current = bytes(32)
    for e in log["events"]:
        text = f'{log["game_id"]}\n{e["version"]}\n{e["type"]}\n' + json.dumps(
            e["event"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        current = hashlib.sha256(
            salt + current + hashlib.sha256(text.encode()).digest()).digest()
    assert current.hex() == game["head_hash"]
    for version in range(game["version"], 9, -7):  # past the opening (its views are at its end)
        view = await http.get(f"/games/{game_id}/versions/{version}/view",
                              headers=auth(tokens[version % 2]))
        assert view.status_code == 200, (version, view.text)
    moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[0]))).json()
    assert moves["moves"] == []
    trace = (await http.get(f"/games/{game_id}/trace")).json()
    assert trace["format"] == "duel-trace/1"
    assert len(trace["moves"]) == len(_shared_duel_line()["moves"])


async def test_bad_imports_write_nothing(http: httpx.AsyncClient, pool: asyncpg.Pool) -> None:
    before = await pool.fetchval("SELECT count(*) FROM games")
    record = _shared_duel_line()
    record["moves"][12]["move"]["card"] = "Palace"
    response = await http.post("/games/import", json=record)
    assert response.status_code == 422
    assert response.json()["code"] == "invalid_trace"
    assert response.json()["message"].startswith("move 12")
    for body in ([1], {"format": "duel-trace/1"}, {"format": "nothing/1"}):
        refused = await http.post("/games/import", json=body)
        assert refused.status_code in (400, 422), refused.text
    huge = await http.post("/games/import", content=b'{"x": "' + b"a" * (5 * 2**20) + b'"}',
                           headers={"content-type": "application/json"})
    assert huge.status_code == 413
    assert await pool.fetchval("SELECT count(*) FROM games") == before
