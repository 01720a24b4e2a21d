"""Operations: settings checked at start, metrics, request ids, JSON logs, no secret shown."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from infra.settings import Settings
from tests.api.clients import auth, create_game
from tests.api.conftest import api_env
from tests.api.servers import ROOT, ApiProcess


@pytest.mark.parametrize(("name", "value"), [
    ("POLIS_PORT", "abc"), ("POLIS_POOL_MAX", "0"), ("POLIS_HEARTBEAT_SECONDS", "0"),
    ("POLIS_RATE_COMMANDS", "ten"), ("POLIS_LOG_FORMAT", "xml"),
    ("POLIS_APPEND_BATCH", "-1"), ("POLIS_APPEND_FLUSHERS", "0"),
])
def test_a_bad_setting_stops_serve_with_one_line_naming_it(name: str, value: str) -> None:
    env = {**os.environ, "DATABASE_URL": "postgresql://u:pw@127.0.0.1:1/x",
           "REDIS_URL": "redis://127.0.0.1:1/0", name: value}
    done = subprocess.run([sys.executable, "-m", "api.cli", "serve"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and name in lines[0] and "Traceback" not in done.stderr, done.stderr


async def _metric(http: httpx.AsyncClient, prefix: str) -> float:
    text = (await http.get("/metrics")).text
    found = [line for line in text.splitlines() if line.startswith(prefix)]
    return sum(float(line.rsplit(" ", 1)[1]) for line in found)


@pytest.fixture
def quiet_api(settings: Settings, tmp_path: Path) -> Iterator[ApiProcess]:
    """A process of its own that plays no bot seat: the shared processes' counters also move
    with other tests' games that bots are still playing."""
    server = ApiProcess({**api_env(settings), "POLIS_BOTS": "off"}, tmp_path, "quiet").start()
    try:
        yield server
    finally:
        server.stop()


async def test_metrics_count_commands_and_refusals(quiet_api: ApiProcess) -> None:
    async with httpx.AsyncClient(base_url=quiet_api.url, timeout=10) as http:
        await _count_commands_and_refusals(http)


async def test_moves_of_many_games_share_append_transactions(
    settings: Settings, tmp_path: Path
) -> None:
    """Group commit in the running service: sixteen players moving at once, one transaction in
    flight at a time; every move is acknowledged after its commit with its own versions, and
    the metrics show fewer transactions than appends."""
    env = {**api_env(settings), "POLIS_BOTS": "off", "POLIS_APPEND_FLUSHERS": "1",
           "POLIS_POOL_MAX": "4"}
    server = ApiProcess(env, tmp_path, "batches").start()
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
            before = (await _metric(http, "polis_append_transactions_total"),
                      await _metric(http, "polis_batched_appends_total"))

            async def player(seed: int) -> list[int]:
                async with httpx.AsyncClient(base_url=server.url, timeout=30) as own:
                    game_id, tokens = await create_game(own, seed=seed)
                    versions = []
                    for _ in range(8):
                        game = (await own.get(f"/games/{game_id}")).json()
                        seat = game["summary"]["acting"][0]
                        moves = (await own.get(f"/games/{game_id}/legal-moves",
                                               headers=auth(tokens[seat]))).json()
                        reply = await own.post(
                            f"/games/{game_id}/commands", headers=auth(tokens[seat]),
                            json={"expected_version": moves["version"],
                                  "command": moves["moves"][seed % len(moves["moves"])]})
                        assert reply.status_code == 200, reply.text
                        assert reply.json()["first_version"] == moves["version"] + 1
                        versions.append(reply.json()["version"])
                    stream = (await own.get(f"/games/{game_id}/events")).json()["events"]
                    assert [e["version"] for e in stream] == list(range(1, versions[-1] + 1))
                    return versions

            played = await asyncio.gather(*(player(100 + i) for i in range(16)))
            assert all(v == sorted(set(v)) for v in played)
            transactions = await _metric(http, "polis_append_transactions_total") - before[0]
            appends = await _metric(http, "polis_batched_appends_total") - before[1]
    finally:
        server.stop()
    assert appends == 16 * 8
    assert transactions < appends


async def _count_commands_and_refusals(http: httpx.AsyncClient) -> None:
    game_id, tokens = await create_game(http, seed=14)
    before = {
        "conflict": await _sum_outcome(http, "version_conflict"),
        "ok": await _sum_outcome(http, "accepted"),
        "count": await _metric(http, "polis_command_seconds_count"),
    }
    game = (await http.get(f"/games/{game_id}")).json()
    seat = game["summary"]["acting"][0]
    moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[seat]))).json()
    url = f"/games/{game_id}/commands"
    good = {"expected_version": moves["version"], "command": moves["moves"][0]}
    assert (await http.post(url, json=good, headers=auth(tokens[seat]))).status_code == 200
    stale = await http.post(url, json=good, headers=auth(tokens[seat]))
    assert stale.status_code == 409
    assert await _sum_outcome(http, "accepted") == before["ok"] + 1
    assert await _sum_outcome(http, "version_conflict") == before["conflict"] + 1
    assert await _metric(http, "polis_command_seconds_count") == before["count"] + 2
    text = (await http.get("/metrics")).text
    for name in ("polis_live_sockets", "polis_games_followed", "polis_pool_in_use",
                 "polis_redis_subscribed", "polis_command_seconds_bucket"):
        assert name in text


async def _sum_outcome(http: httpx.AsyncClient, outcome: str) -> float:
    text = (await http.get("/metrics")).text
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith("polis_commands_total{") and f'outcome="{outcome}"' in line)


async def test_metrics_name_their_format_and_charset_once(http: httpx.AsyncClient) -> None:
    answer = await http.get("/metrics")
    assert answer.headers.get_list("content-type") == ["text/plain; version=0.0.4; charset=utf-8"]


async def test_errors_carry_the_request_id_and_their_headers(http: httpx.AsyncClient) -> None:
    game_id, _ = await create_game(http, seed=15)
    response = await http.get(f"/games/{game_id}/legal-moves", headers=auth("forged"))
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert response.json()["request_id"] == response.headers["X-Request-Id"]
    named = await http.get(f"/games/{uuid.uuid4()}", headers={"X-Request-Id": "trace-42"})
    assert named.status_code == 404 and named.json()["request_id"] == "trace-42"
    wrong = await http.delete("/games")
    assert wrong.status_code == 405 and "GET" in wrong.headers["Allow"]
    assert wrong.json()["request_id"]


async def test_json_logs_with_request_ids_and_no_secret_at_start(
    settings: Settings, tmp_path: Path
) -> None:
    assert settings.database_url is not None
    # PostgreSQL here trusts local connections, so any password is accepted: show none
    secret_url = settings.database_url.replace("postgres@", "postgres:s3cret-pw@", 1)
    env = {**api_env(settings), "DATABASE_URL": secret_url, "POLIS_LOG_FORMAT": "json"}
    api = ApiProcess(env, tmp_path, "json", workers=2).start()  # two processes, one port
    try:
        async with httpx.AsyncClient(base_url=api.url, timeout=10) as http:
            response = await http.get("/games/not-a-game", headers={"X-Request-Id": "req-7"})
            assert response.status_code == 400  # not a UUID
    finally:
        api.stop()
    log = api.log.read_text()
    assert "s3cret-pw" not in log and "***" in log
    entries = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    assert entries and all({"level", "message", "request_id"} <= set(e) for e in entries)
    assert any(e["request_id"] == "req-7" and "/games/not-a-game" in e["message"]
               for e in entries)
