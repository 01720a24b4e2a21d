"""The service under faults, each reproduced against real PostgreSQL and Redis.

A game held by a slow transaction delays no other game; a committed command gets its
outcome even when its connection breaks afterwards; nested and oversized input gets a 4xx;
a hung Redis does not slow commands; seat tokens never reach the access log; rate limits
are reached, reported and shared; live fan-out reads once per game and version.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
import uuid
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import msgspec
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from api.commands import Committed
from api.game_service import GameService
from api.refusals import Busy
from infra.db import create_pool
from infra.embedded import EmbeddedRedis
from infra.event_store import EventStore
from infra.settings import Settings
from tests.api.clients import Follower, auth, create_game
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess


def _no_wake(committed: Committed) -> None:
    return None


async def _first_move(service: GameService, game_id: uuid.UUID) -> tuple[int, int, Any]:
    folded = await service.folded(game_id)
    seat = folded.game.acting_seats(folded.state)[0]
    version, moves = await service.legal_moves(folded, seat)
    return seat, version, msgspec.json.decode(moves[0])


async def test_a_locked_game_delays_no_other_game(database_url: str) -> None:
    pool = await create_pool(database_url, 1, 3, lock_timeout_ms=300)
    try:
        service = GameService(EventStore(pool), _no_wake, busy_seconds=1.0)
        held, token = await service.create("duel", [], {}, ["a", "b"], None, 1)
        other, other_tokens = await service.create("duel", [], {}, ["a", "b"], None, 2)
        async with pool.acquire() as slow, slow.transaction():
            await slow.execute("SELECT 1 FROM games WHERE game_id = $1 FOR UPDATE",
                               held.game_id)
            folded = await service.folded(held.game_id)
            seat, version, move = await _first_move(service, held.game_id)
            # more commands on the held game than the pool has connections
            stuck = [asyncio.create_task(
                service.submit(held.game_id, token[seat], version, move, f"k{i}")
            ) for i in range(8)]
            await asyncio.sleep(0.05)
            o_seat, o_version, o_move = await _first_move(service, other.game_id)
            result = await asyncio.wait_for(
                service.submit(other.game_id, other_tokens[o_seat], o_version, o_move, None), 5
            )
            assert result.last_version > o_version
            outcomes = await asyncio.gather(*stuck, return_exceptions=True)
            assert all(isinstance(o, Busy) for o in outcomes), outcomes
            assert folded.version == version  # nothing half-applied
        # once the slow transaction ends, the game takes commands again
        retried = await service.submit(held.game_id, token[seat], version, move, "k0")
        assert retried.last_version > version
    finally:
        await pool.close()


async def test_a_committed_command_survives_its_connection_breaking(database_url: str) -> None:
    """The connection is terminated while it is given back to the pool, after commit."""
    async def terminate(conn: asyncpg.Connection) -> None:
        await conn.execute("SELECT pg_terminate_backend(pg_backend_pid())")

    pool = await asyncpg.create_pool(database_url, min_size=1, max_size=2, reset=terminate)
    assert pool is not None
    try:
        service = GameService(EventStore(pool), _no_wake)
        record, tokens = await service.create("duel", [], {}, ["a", "b"], None, 5)
        seat, version, move = await _first_move(service, record.game_id)
        result = await service.submit(record.game_id, tokens[seat], version, move, "once")
        assert not result.replayed and result.last_version > version
        stored = await EventStore(pool).read_stream(record.game_id, version)
        assert [e.version for e in stored] == list(range(version + 1, result.last_version + 1))
        again = await service.submit(record.game_id, tokens[seat], version, move, "once")
        assert again.replayed and again.last_version == result.last_version
    finally:
        pool.terminate()


async def test_nested_and_oversized_input_gets_a_4xx(
    apis: list[ApiProcess], http: httpx.AsyncClient
) -> None:
    game_id, tokens = await create_game(http)
    deep = "[" * 1000 + "1" + "]" * 1000  # a few KB, too deep for any parser's recursion
    options = '{"x": ' * 326 + "{}" + "}" * 326
    headers = {"Content-Type": "application/json"}
    for url, body in (
        ("/games", '{"kind": "duel", "seats": [{"name": "a"}, {"name": "b"}], "options": '
                   + options + "}"),
        ("/games", deep),
        (f"/games/{game_id}/commands", '{"expected_version": 2, "command": {"x": ' + deep + "}}"),
    ):
        response = await http.post(url, content=body, headers=headers)
        assert response.status_code == 400, response.text
        assert response.json()["code"] == "too_deep"
    big = b'{"kind": "duel", "seats": [], "options": {"x": "' + b"a" * 70_000 + b'"}}'
    response = await http.post("/games", content=big, headers=headers)
    assert response.status_code == 413

    async with Follower(apis[0].ws_url, game_id, tokens[0]) as player:
        await player.wait_for(lambda m: m["type"] == "snapshot")
        await player.send_text(
            '{"type": "command", "expected_version": 2, "command": {"x": ' + deep + "}}"
        )
        error = await player.wait_for(lambda m: m["type"] == "error")
        assert error["error"]["code"] == "too_deep"
        await player.send({"type": "ping", "request_id": "alive"})
        await player.wait_for(lambda m: m["type"] == "pong")  # the socket stayed open
    async with connect(f"{apis[0].ws_url}/games/{game_id}/ws", max_size=None) as socket:
        await socket.send(msgspec.json.encode({"type": "follow", "token": None}).decode())
        await socket.send("[" * 70_000)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await socket.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def _redis_pid(redis: EmbeddedRedis) -> int:
    process = redis._process
    assert process is not None
    return process.pid


async def test_a_hung_redis_does_not_slow_commands(settings: Settings, tmp_path: Path) -> None:
    redis = EmbeddedRedis(tmp_path / "redis")
    redis.start()
    api = ApiProcess(api_env(settings, redis.url), tmp_path, "hung").start()
    try:
        async with httpx.AsyncClient(base_url=api.url, timeout=10) as http:
            game_id, tokens = await create_game(http, seed=8)
            os.kill(_redis_pid(redis), signal.SIGSTOP)  # hung: stopped, not killed
            try:
                started = time.monotonic()
                for turn in range(5):
                    game = (await http.get(f"/games/{game_id}")).json()
                    seat = game["summary"]["acting"][0]
                    moves = (await http.get(f"/games/{game_id}/legal-moves",
                                            headers=auth(tokens[seat]))).json()
                    response = await http.post(
                        f"/games/{game_id}/commands", headers=auth(tokens[seat]),
                        json={"expected_version": moves["version"],
                              "command": moves["moves"][0], "idempotency_key": f"h{turn}"})
                    assert response.status_code == 200, response.text
                # each publish would wait for Redis's 0.5 s time-out if replies waited on it
                assert time.monotonic() - started < 2.5
            finally:
                os.kill(_redis_pid(redis), signal.SIGCONT)
    finally:
        api.stop()
        redis.stop()


async def test_no_seat_token_reaches_the_access_log(settings: Settings, tmp_path: Path) -> None:
    api = ApiProcess(api_env(settings), tmp_path, "logged", workers=1).start()
    try:
        async with httpx.AsyncClient(base_url=api.url, timeout=10) as http:
            game_id, tokens = await create_game(http, seed=9)
            secret = tokens[0]
            assert (await http.get(f"/games/{game_id}/view?token={secret}")).status_code == 200
            async with connect(f"{api.ws_url}/games/{game_id}/ws?token={secret}") as socket:
                refused = msgspec.json.decode(await socket.recv())
                assert refused["error"]["code"] == "token_in_url"
            async with Follower(api.ws_url, game_id, secret) as player:
                hello = await player.wait_for(lambda m: m["type"] == "hello")
                assert hello["seat"] == 0
            async with connect(f"{api.ws_url}/games/{game_id}/ws",
                               additional_headers=auth(tokens[1])) as socket:
                hello = msgspec.json.decode(await socket.recv())
                assert hello["type"] == "hello" and hello["seat"] == 1
    finally:
        api.stop()
    log = api.log.read_text()
    assert f"/games/{game_id}/view" in log  # the access log is on
    assert secret not in log and tokens[1] not in log


async def test_rate_limits_are_reached_reported_and_shared(
    settings: Settings, tmp_path: Path
) -> None:
    env = {**api_env(settings), "POLIS_CHANNEL": f"{settings.channel}:rl",
           # day-long windows: the test never straddles two of them
           "POLIS_RATE_CREATE": "4/86400", "POLIS_RATE_COMMANDS": "3/86400"}
    a, b = (ApiProcess(env, tmp_path, n).start() for n in ("a", "b"))
    body = {"kind": "duel", "seats": [{"name": "a"}, {"name": "b"}]}
    try:
        async with httpx.AsyncClient(base_url=a.url, timeout=10) as http_a, \
                httpx.AsyncClient(base_url=b.url, timeout=10) as http_b:
            created = [await http_a.post("/games", json=body) for _ in range(3)]
            assert [r.status_code for r in created] == [201] * 3
            await asyncio.sleep(2.0)  # a's counts reach Redis (synced every 0.2 s)
            assert (await http_b.post("/games", json=body)).status_code == 201
            await asyncio.sleep(2.0)  # and b learns the total
            refused = await http_b.post("/games", json=body)
            assert refused.status_code == 429
            assert refused.json()["code"] == "rate_limited"
            assert 1 <= int(refused.headers["Retry-After"]) <= 86400
            assert (await http_a.post("/games", json=body)).status_code == 429

            game_id = created[0].json()["game"]["game_id"]
            token = created[0].json()["seats"][0]["token"]
            url = f"/games/{game_id}/commands"
            command = {"expected_version": 0, "command": {"type": "x"}}
            codes = [(await http_a.post(url, json=command, headers=auth(token))).status_code
                     for _ in range(4)]
            assert codes[:3] != [429] * 3 and codes[3] == 429
    finally:
        a.stop()
        b.stop()


async def test_fan_out_reads_once_per_game_and_version(
    apis: list[ApiProcess], http: httpx.AsyncClient
) -> None:
    """Thirty followers on another process cost one read per version; followers on the
    process that made the commit cost none (its events and views are at hand)."""
    game_id, tokens = await create_game(http, seed=12)
    local, remote = apis  # `http` sends the commands to apis[0]

    async def reads(api: ApiProcess) -> int:
        async with httpx.AsyncClient(base_url=api.url) as client:
            text = (await client.get("/metrics")).text
        line = next(x for x in text.splitlines() if x.startswith("polis_fanout_reads_total{"))
        return int(float(line.rsplit(" ", 1)[1]))

    followers = [Follower(remote.ws_url, game_id, tokens[i % 2] if i % 3 else None)
                 for i in range(30)]
    followers += [Follower(local.ws_url, game_id, token) for token in (*tokens, None)]
    for follower in followers:
        await follower.__aenter__()
    try:
        for follower in followers:
            await follower.wait_for(lambda m: m["type"] == "snapshot")
        before = [await reads(api) for api in apis]
        version = 0
        for turn in range(3):
            game = (await http.get(f"/games/{game_id}")).json()
            seat = game["summary"]["acting"][0]
            moves = (await http.get(f"/games/{game_id}/legal-moves",
                                    headers=auth(tokens[seat]))).json()
            response = await http.post(
                f"/games/{game_id}/commands", headers=auth(tokens[seat]),
                json={"expected_version": moves["version"], "command": moves["moves"][0],
                      "idempotency_key": f"f{turn}"})
            version = response.json()["version"]
            for follower in followers:  # one version at a time
                await follower.wait_version(version)
        after = [await reads(api) for api in apis]
        assert after[1] - before[1] == 3  # 30 followers, one read per version
        assert after[0] - before[0] == 0  # sent from memory
        events = (await http.get(f"/games/{game_id}/events", headers=auth(tokens[0]))).json()
        pushed = {e["version"]: e for m in followers[-3].of_type("update") for e in m["events"]}
        for event in events["events"]:
            if event["version"] in pushed:  # the same event, time and all, either way
                assert pushed[event["version"]]["recorded_at"][:23] == event["recorded_at"][:23]
                assert pushed[event["version"]]["event"] == event["event"]
    finally:
        for follower in followers:
            await follower.__aexit__(None, None, None)


async def test_a_seeded_deal_is_flagged_in_the_public_summary(http: httpx.AsyncClient) -> None:
    """Whoever chose the seed can compute the deal offline: the listing says so."""
    seats = [{"name": "a"}, {"name": "b"}]
    seeded = (await http.post("/games", json={"kind": "duel", "seats": seats, "seed": 4}))
    secret = (await http.post("/games", json={"kind": "duel", "seats": seats}))
    for response, deal in ((seeded, "seeded"), (secret, "random")):
        assert response.status_code == 201
        game_id = response.json()["game"]["game_id"]
        assert response.json()["game"]["deal"] == deal
        assert (await http.get(f"/games/{game_id}")).json()["deal"] == deal
    listed = {g["game_id"]: g["deal"] for g in (await http.get("/games")).json()["games"]}
    assert listed[seeded.json()["game"]["game_id"]] == "seeded"
