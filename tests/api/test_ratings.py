"""Ratings over real API processes (README, "Ratings and matchmaking"): a rated game moves
each player's rating once from the game's own ranking, bots are rated under one identity
per level, leaderboards and profiles show it, a process killed mid-update loses nothing
and applies nothing twice, and `polis rebuild-projections` recomputes the same numbers."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import asyncpg
import httpx
import pytest

from infra.event_store import EventStore
from infra.settings import Settings
from projections.ratings import RATINGS_LOCK, PoolSettings, apply_game, apply_next, pending
from tests.api.clients import auth
from tests.api.conftest import api_env
from tests.api.servers import ROOT, ApiProcess

_RATINGS = "SELECT pool, player_id, mu, sigma, rating, games FROM ratings ORDER BY 1, 2"


async def _guest(http: httpx.AsyncClient, name: str) -> tuple[str, str]:
    reply = await http.post("/players", json={"name": name})
    http.cookies.clear()
    assert reply.status_code == 201, reply.text
    return reply.json()["player_id"], reply.json()["token"]


async def _rated(pool: asyncpg.Pool, games: list[str], timeout: float = 120) -> None:
    """Wait until every game is in `rated_games`."""
    ids = [uuid.UUID(g) for g in games]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done = await pool.fetchval(
            "SELECT count(*) FROM rated_games WHERE game_id = ANY($1)", ids)
        if done == len(ids):
            return
        await asyncio.sleep(0.2)
    raise AssertionError(f"rated {done} of {len(ids)} games")


async def _bot_games(http: httpx.AsyncClient, count: int, rated: bool = True) -> list[str]:
    games = []
    for i in range(count):
        levels = ["random", "greedy"] if i % 2 else ["greedy", "random"]
        reply = await http.post("/games", json={
            "kind": "duel", "seats": [{"bot": level} for level in levels],
            "options": {"rated": rated}})
        assert reply.status_code == 201, reply.text
        games.append(reply.json()["game"]["game_id"])
    return games


async def _each_game_once(pool: asyncpg.Pool) -> None:
    """Every rated game moved each of its identities once; each rating counts its games."""
    per_game = await pool.fetch(
        """SELECT r.game_id, count(h.*) AS moved FROM rated_games r
           LEFT JOIN rating_history h USING (game_id) WHERE r.skipped IS NULL
           GROUP BY r.game_id""")
    assert all(row["moved"] >= 2 for row in per_game)
    mismatched = await pool.fetch(
        """SELECT r.pool, r.player_id FROM ratings r WHERE r.games <> (SELECT count(*)
           FROM rating_history h WHERE h.pool = r.pool AND h.player_id = r.player_id)""")
    assert mismatched == []
    seqs = [r["seq"] for r in await pool.fetch("SELECT seq FROM rated_games ORDER BY seq")]
    assert seqs == list(range(1, len(seqs) + 1))


async def test_a_rated_game_between_guests_moves_both_ratings_once(
    http: httpx.AsyncClient, pool: asyncpg.Pool
) -> None:
    ada, ada_token = await _guest(http, "Ada")
    bob, bob_token = await _guest(http, "Bob")
    reply = await http.post("/games", headers=auth(ada_token), json={
        "kind": "duel", "seats": [{"player": ada}, {"player": bob}],
        "options": {"rated": True}})
    assert reply.status_code == 201, reply.text
    game_id = reply.json()["game"]["game_id"]
    joined = await http.post(f"/games/{game_id}/join", headers=auth(bob_token), json={})
    assert joined.status_code == 200, joined.text
    game = (await http.get(f"/games/{game_id}")).json()
    ada_seat = next(s["seat"] for s in game["seats"] if s["player"] == ada)
    resign = await http.post(f"/games/{game_id}/commands", headers=auth(ada_token), json={
        "expected_version": game["version"], "command": {"type": "Resign", "seat": ada_seat}})
    assert resign.status_code == 200, resign.text
    await _rated(pool, [game_id])
    board = (await http.get("/leaderboards/duel", params={"limit": 200})).json()
    entries = {e["player_id"]: e for e in board["entries"]}
    assert entries[bob]["rating"] > entries[ada]["rating"]
    assert entries[bob]["name"] == "Bob" and entries[ada]["games"] == 1
    assert entries[bob]["mu"] - 3 * entries[bob]["sigma"] == pytest.approx(
        entries[bob]["rating"])
    assert [e["rank"] for e in board["entries"]] == list(range(1, len(board["entries"]) + 1))
    profile = (await http.get(f"/players/{bob}")).json()
    assert profile["name"] == "Bob" and profile["games"] == {"duel": 1}
    [duel] = profile["ratings"]
    assert duel["pool"] == "duel" and duel["games"] == 1
    [step] = duel["history"]
    assert step["game_id"] == game_id and step["place"] == 1
    assert step["rating"] > step["rating_before"]
    around = (await http.get("/leaderboards/duel", headers=auth(ada_token),
                             params={"around": "me", "limit": 3})).json()
    assert ada in [e["player_id"] for e in around["entries"]]
    # a game that is not rated moves nothing
    plain = (await http.post("/games", headers=auth(ada_token), json={
        "kind": "duel", "seats": [{"player": ada}, {"bot": "random"}]})).json()
    plain_id = plain["game"]["game_id"]
    for _ in range(10):  # the bot may move between a read of the version and the resign
        version = (await http.get(f"/games/{plain_id}")).json()["version"]
        ended = await http.post(f"/games/{plain_id}/commands", headers=auth(ada_token), json={
            "expected_version": version, "command": {"type": "Resign", "seat": 0}})
        if ended.status_code != 409:
            break
    assert ended.status_code == 200, ended.text
    await asyncio.sleep(1.5)
    assert (await http.get(f"/players/{ada}")).json()["ratings"][0]["games"] == 1


async def test_bad_leaderboard_requests_are_refused(http: httpx.AsyncClient) -> None:
    for path, status, code in (
        ("/leaderboards/chess", 404, "pool_not_found"),
        (f"/leaderboards/duel?around={uuid.uuid4()}", 404, "not_rated"),
        ("/leaderboards/duel?around=nobody", 400, "invalid_query_parameter"),
        ("/leaderboards/duel?around=me", 401, "player_required"),
        ("/leaderboards/duel?limit=0", 400, "invalid_query_parameter"),
    ):
        reply = await http.get(path)
        assert reply.status_code == status, (path, reply.text)
        assert reply.json()["code"] == code, (path, reply.text)
    bad = await http.post("/games", json={"kind": "duel", "seats": [{"bot": "random"}] * 2,
                                          "options": {"rated": "yes"}})
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_options", bad.text


async def test_a_kill_mid_update_rolls_back_and_the_game_is_applied_once(
    http: httpx.AsyncClient, pool: asyncpg.Pool, database_url: str
) -> None:
    """A process dies inside the transaction that applies a game (its connection is cut
    before the commit): nothing of it stays, and the next applier applies it once."""
    store = EventStore(pool)
    while await apply_next(store, PoolSettings()):  # whatever earlier tests left
        pass
    conn = await asyncpg.connect(database_url)
    try:
        # this connection is the dying applier: it holds the ratings' lock (the servers'
        # runners wait) while the game finishes, then applies it and is cut before commit
        dying = conn.transaction()
        await dying.start()
        await conn.execute("SELECT pg_advisory_xact_lock($1)", RATINGS_LOCK)
        [game_id] = await _bot_games(http, 1)
        deadline = time.monotonic() + 60
        while not (await http.get(f"/games/{game_id}")).json()["over"]:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.2)
        before = await pool.fetch(_RATINGS)
        [mine] = [g for g in await pending(conn, 100) if str(g[0]) == game_id]
        await apply_game(conn, store, PoolSettings(), *mine)
        assert await conn.fetchval("SELECT count(*) FROM rated_games WHERE game_id = $1",
                                   mine[0]) == 1
        conn.terminate()  # killed before the commit: the lock goes with it
        await _rated(pool, [game_id])
        after = await pool.fetch(_RATINGS)
        assert len(after) >= len(before) and after != before
        await _each_game_once(pool)
        assert await pool.fetchval("SELECT count(*) FROM rated_games WHERE game_id = $1",
                                   uuid.UUID(game_id)) == 1
    finally:
        if not conn.is_closed():
            conn.terminate()


async def test_two_processes_with_one_killed_rate_each_game_once_and_a_rebuild_agrees(
    settings: Settings, pool: asyncpg.Pool, tmp_path: Path
) -> None:
    env = {**api_env(settings), "POLIS_RATING_POLL_SECONDS": "0.1"}
    servers = [ApiProcess(env, tmp_path, name).start() for name in ("r1", "r2")]
    try:
        clients = [httpx.AsyncClient(base_url=s.url, timeout=10) for s in servers]
        games = await _bot_games(clients[0], 6) + await _bot_games(clients[1], 6)
        # kill the first process while games end and are rated
        deadline = time.monotonic() + 60
        while await pool.fetchval(
                "SELECT count(*) FROM rated_games WHERE game_id = ANY($1)",
                [uuid.UUID(g) for g in games]) < 2:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        servers[0].kill()
        await _rated(pool, games)
        for client in clients:
            await client.aclose()
    finally:
        for server in servers:
            server.stop()
    await _each_game_once(pool)
    bots = await pool.fetch(
        "SELECT p.name, r.games FROM ratings r JOIN players p USING (player_id) "
        "WHERE p.issuer = 'polis:bot' AND r.pool = 'duel'")
    assert {b["name"] for b in bots} >= {"random bot", "greedy bot"}
    before = await pool.fetch(_RATINGS)
    run = subprocess.run([sys.executable, "-m", "api.cli", "rebuild-projections"], cwd=ROOT,
                         env={**os.environ, "DATABASE_URL": settings.database_url or ""},
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "rebuilt the ratings" in run.stdout
    after = await pool.fetch(_RATINGS)
    assert [tuple(r) for r in after] == [tuple(r) for r in before]
