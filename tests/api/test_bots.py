"""Bot seats through the API: declared at creation, played by the servers, exactly once.

The session's two API processes both run bot runners on one database, so every bot turn is
raced by two replicas: the history must still hold one move per turn. And the deployment of
`compose.yaml`: API processes that leave bots to a `polis bots` worker.
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import time
from pathlib import Path

import asyncpg
import httpx
import yaml

from infra.db import create_database, drop_database
from infra.settings import Settings
from tests.api.clients import play_to_end
from tests.api.conftest import api_env, own_services
from tests.api.servers import ROOT, ApiProcess

settings, apis = own_services("bots")
"""The bot moves each process made are counted: processes of this module's own."""


async def _bot_moves(apis: list[ApiProcess]) -> int:
    total = 0
    async with httpx.AsyncClient(timeout=10) as client:
        for api in apis:
            text = (await client.get(api.url + "/metrics")).text
            found = re.search(r"^polis_bot_moves_total\{[^}]*\} (\d+)", text, re.M)
            assert found, "the bot move counter is published"
            total += int(found.group(1))
    return total


async def _commands(settings: Settings, game_id: str) -> list[asyncpg.Record]:
    assert settings.database_url
    conn = await asyncpg.connect(settings.database_url)
    try:
        return list(await conn.fetch(
            "SELECT command_id, seat, first_version FROM commands WHERE game_id = $1"
            " ORDER BY first_version", game_id))
    finally:
        await conn.close()


async def test_a_greedy_bot_plays_a_duel_to_the_end(
    http: httpx.AsyncClient, apis: list[ApiProcess], settings: Settings
) -> None:
    before = await _bot_moves(apis)
    response = await http.post("/games", json={
        "kind": "duel", "seats": [{"name": "Ada"}, {"bot": "greedy"}], "seed": 5})
    assert response.status_code == 201, response.text
    created = response.json()
    assert [s["seat"] for s in created["seats"]] == [0]  # no token for the bot's seat
    assert created["game"]["seats"][1]["name"] == "greedy bot"
    game_id = created["game"]["game_id"]
    game = await play_to_end(http, game_id, {0: created["seats"][0]["token"]}, 1)
    assert game["summary"]["winner"] in (0, 1, None)
    commands = await _commands(settings, game_id)
    bot = [c for c in commands if c["seat"] == 1]
    assert bot and all(c["command_id"] == f"bot:1:{c['first_version'] - 1}" for c in bot)
    assert await _bot_moves(apis) - before == len(bot)


async def test_bots_alone_finish_a_seven_wonders_game_once_per_turn(
    http: httpx.AsyncClient, apis: list[ApiProcess], settings: Settings
) -> None:
    """Three bots in simultaneous choices, two replicas racing for every turn."""
    before = await _bot_moves(apis)
    response = await http.post("/games", json={
        "kind": "7wonders", "seats": [{"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}],
        "seed": 3})
    assert response.status_code == 201, response.text
    game_id = response.json()["game"]["game_id"]
    game = await play_to_end(http, game_id, {}, 2)
    assert game["over"]
    commands = await _commands(settings, game_id)
    keys = [c["command_id"] for c in commands if c["seat"] is not None]
    assert len(keys) == len(set(keys)) and all(k.startswith("bot:") for k in keys)
    assert await _bot_moves(apis) - before == len(keys)


async def test_bad_bot_seats_are_refused(http: httpx.AsyncClient) -> None:
    for seats, code in (
        ([{"name": "Ada"}, {"bot": "genius"}], "invalid_bot"),
        ([{"name": "Ada"}, {}], "invalid_seat"),
    ):
        response = await http.post("/games", json={"kind": "duel", "seats": seats})
        assert response.status_code in (400, 422), response.text
        assert response.json()["code"] == code
    response = await http.post("/games", json={
        "kind": "duel", "seats": [{"name": "A"}, {"name": "B"}], "options": {"bots": ["x"]}})
    assert response.json()["code"] == "invalid_options"
    for kind, count in (("duel", 2), ("7wonders", 3)):  # bot seats take clocks too
        response = await http.post("/games", json={
            "kind": kind, "seats": [{"bot": "random"}] * count,
            "options": {"clock": {"bank_seconds": 300}}})
        assert response.status_code == 201, response.text
        assert all(c["bot"] for c in response.json()["game"]["clocks"])


async def test_a_bots_worker_plays_for_api_processes_that_leave_bots_to_it(
    admin_dsn: str, settings: Settings, tmp_path: Path
) -> None:
    """`compose.yaml`'s shape: the API with `POLIS_BOTS=off`, a `polis bots` worker beside
    it (woken by the API's appends through Redis) plays the bot seats, and touches the file
    its health check reads. On a database and channel of their own (the session's API
    processes play bots)."""
    name = f"polis_test_worker_{secrets.token_hex(4)}"
    dsn = await create_database(admin_dsn, name)  # the API process migrates it
    env = {**api_env(settings), "DATABASE_URL": dsn,
           "POLIS_CHANNEL": f"polis:test:{secrets.token_hex(4)}"}
    api = ApiProcess({**env, "POLIS_BOTS": "off"}, tmp_path, "api")
    alive = tmp_path / "alive"
    worker: subprocess.Popen[bytes] | None = None
    try:
        api.start()
        with (tmp_path / "worker.log").open("wb") as log:
            worker = subprocess.Popen(
                [sys.executable, "-m", "api.cli", "bots", "--alive-file", str(alive)],
                cwd=ROOT, env={**os.environ, **env}, stdout=log,
                stderr=subprocess.STDOUT)
        async with httpx.AsyncClient(base_url=api.url, timeout=10) as http:
            response = await http.post("/games", json={
                "kind": "duel", "seats": [{"name": "Ada"}, {"bot": "greedy"}], "seed": 8})
            assert response.status_code == 201, response.text
            created = response.json()
            game_id = created["game"]["game_id"]
            game = await play_to_end(http, game_id, {0: created["seats"][0]["token"]}, 3)
            assert game["over"]
            assert await _bot_moves([api]) == 0, "the API process left its bots to the worker"
        assert time.time() - alive.stat().st_mtime < 30
        worker.terminate()
        assert worker.wait(20) == 0
        log_text = (tmp_path / "worker.log").read_text()
        assert re.search(r"bot worker stopped after [1-9]\d* moves", log_text), log_text
    finally:
        if worker is not None and worker.poll() is None:
            worker.kill()
            worker.wait()
        api.stop()
        await drop_database(admin_dsn, name)


def test_compose_leaves_the_bots_to_a_worker_of_their_own() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    bots = services["bots"]
    assert bots["command"][:2] == ["polis", "bots"]
    assert bots["image"] == services["api-1"]["image"]
    alive = bots["command"][bots["command"].index("--alive-file") + 1]
    assert alive in bots["healthcheck"]["test"][-1]
    for name in ("api-1", "api-2"):
        assert services[name]["environment"]["POLIS_BOTS"] == "off"
    assert bots["environment"]["DATABASE_URL"] == services["api-1"]["environment"]["DATABASE_URL"]
