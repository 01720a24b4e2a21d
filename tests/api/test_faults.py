"""The service under faults, each reproduced against real PostgreSQL and Redis.

A game held by a slow transaction delays no other game; a committed command gets its
outcome even when its connection breaks afterwards; backends terminated again and again
under load answer no 500 (a command whose outcome is unknown is a 503 retried with its key,
and applied once); nested and oversized input gets a 4xx;
a hung Redis does not slow commands; seat tokens never reach the access log; rate limits
are reached, reported and shared; live fan-out reads once per game and version.
"""

from __future__ import annotations

import asyncio
import os
import random
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

from api.http.errors import STATUS_OF_REFUSAL
from api.service.commands import Committed, scoped_key
from api.service.game_service import GameService
from api.service.refusals import Busy
from infra.db import create_pool, lost_connection
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


async def test_a_connection_ended_while_idle_fails_as_lost(database_url: str) -> None:
    """The server's FATAL error reaches an idle pooled connection before its close does:
    the next statement there fails as a lost connection (which callers retry or answer
    with a 503), never with asyncpg's internal state error (which was a 500)."""
    pool = await create_pool(database_url, 1, 1)
    admin = await asyncpg.connect(database_url)
    failures: dict[str, int] = {}
    try:
        for _ in range(40):
            async with pool.acquire() as conn:
                pid = conn.get_server_pid()
            await admin.fetchval("SELECT pg_terminate_backend($1)", pid)
            async with pool.acquire() as conn:
                for _ in range(200):  # a statement at each turn of the loop, until one fails
                    try:
                        await conn.fetchval("SELECT 1")
                    except Exception as exc:
                        assert lost_connection(exc), repr(exc)
                        assert not isinstance(exc, asyncpg.exceptions.InternalClientError)
                        failures[str(exc)[:40]] = failures.get(str(exc)[:40], 0) + 1
                        break
                    await asyncio.sleep(0)
            assert await pool.fetchval("SELECT 1") == 1  # the pool replaced it
    finally:
        await admin.close()
        await pool.close()
    assert sum(failures.values()) >= 20, failures  # (the pool may replace it first)


class LosesAppends(EventStore):
    """A store whose next appends lose their connection, before or after committing."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        super().__init__(pool)
        self.failing: list[str] = []
        """'before' or 'after' for each next append to fail."""

    async def append(self, *args: Any, **kwargs: Any) -> Any:
        if not self.failing:
            return await super().append(*args, **kwargs)
        when = self.failing.pop(0)
        if when == "after":
            await super().append(*args, **kwargs)
        raise ConnectionError(f"connection lost {when} the commit")


@pytest.mark.parametrize("when", ["before", "after"])
async def test_a_command_whose_outcome_is_unknown_is_retried_with_its_key(
    database_url: str, when: str
) -> None:
    """The append's connection is lost (its outcome unknown): a 503 `outcome_unknown` that
    names the key, and the retry with that key applies the command exactly once."""
    pool = await create_pool(database_url, 1, 2)
    try:
        store = LosesAppends(pool)
        service = GameService(store, _no_wake)
        record, tokens = await service.create("duel", [], {}, ["a", "b"], None, 6)
        seat, version, move = await _first_move(service, record.game_id)
        for key in ("given", None):
            store.failing.append(when)
            with pytest.raises(Busy) as lost:
                await service.submit(record.game_id, tokens[seat], version, move, key)
            assert lost.value.code == "outcome_unknown"
            assert STATUS_OF_REFUSAL[type(lost.value)] == 503
            assert "same Idempotency-Key" in lost.value.message
            retry_key = lost.value.details["idempotency_key"]
            assert retry_key == key or (key is None and retry_key.startswith("auto:"))
            retried = await service.submit(record.game_id, tokens[seat], version, move,
                                           retry_key)
            assert retried.replayed == (when == "after")
            assert retried.last_version > version
            rows = await store.stream_rows(record.game_id, version)
            # applied once, under the key scoped by its seat (openapi/README.md, Idempotency)
            assert {r.command_id for r in rows} == {scoped_key(seat, retry_key)}
            seat, version, move = await _first_move(service, record.game_id)
    finally:
        await pool.close()


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


class Tally:
    """What the clients of the killed-backends test saw: requests and answers by status."""

    def __init__(self) -> None:
        self.commands = 0
        self.reads = 0
        self.statuses: dict[int, int] = {}
        self.codes: dict[str, int] = {}
        self.applied: dict[str, int] = {}
        """Game id -> commands the clients saw committed (accepted now or replayed)."""
        self.last_version: dict[str, int] = {}

    def saw(self, response: httpx.Response) -> None:
        self.statuses[response.status_code] = self.statuses.get(response.status_code, 0) + 1
        if response.status_code >= 400:
            code = response.json().get("code", "?")
            self.codes[code] = self.codes.get(code, 0) + 1


_RETRYABLE = ("outcome_unknown", "database_unavailable", "game_busy")


async def _until_answered(
    tally: Tally, http: httpx.AsyncClient, method: str, url: str, command: bool = False,
    **request: Any,
) -> httpx.Response:
    """Send until the answer is not a retryable 503 (a client following the documents); a
    500 is counted (the test fails on it) and retried alike."""
    for _ in range(50):
        response = await http.request(method, url, **request)
        if command:
            tally.commands += 1
        else:
            tally.reads += 1
        tally.saw(response)
        if response.status_code < 500:
            return response
        if response.status_code != 503:
            continue
        problem = response.json()
        assert response.headers["content-type"].startswith("application/problem+json")
        assert problem["code"] in _RETRYABLE, problem
        assert int(response.headers["Retry-After"]) >= 0
        if command and problem["code"] == "outcome_unknown":
            assert "Idempotency-Key" in problem["message"], problem
        await asyncio.sleep(0.02)
    raise AssertionError("still unavailable after 50 tries")


async def _play_under_faults(
    http: httpx.AsyncClient, tally: Tally, name: str, stop_at: float
) -> None:
    """Play games one after another, each command under its own idempotency key, reading
    the game, the view and the legal moves between commands, until `stop_at`. An answer
    that is neither a success nor a retryable 503 is counted and the turn started again
    (the test then fails on it)."""
    turn, game_id, tokens = 0, "", ["", ""]
    while time.monotonic() < stop_at:
        if not game_id:
            created = await _until_answered(tally, http, "POST", "/games", json={
                "kind": "duel", "seats": [{"name": "a"}, {"name": "b"}]})
            if created.status_code != 201:
                continue
            game_id = created.json()["game"]["game_id"]
            tokens = [s["token"] for s in created.json()["seats"]]
            tally.applied[game_id] = 0
        game = await _until_answered(tally, http, "GET", f"/games/{game_id}")
        if game.status_code != 200:
            continue
        if game.json()["over"]:
            game_id = ""
            continue
        seat = game.json()["summary"]["acting"][0]
        headers = auth(tokens[seat])
        view = await _until_answered(tally, http, "GET", f"/games/{game_id}/view",
                                     headers=headers)
        moves = await _until_answered(tally, http, "GET", f"/games/{game_id}/legal-moves",
                                      headers=headers)
        if view.status_code != 200 or moves.status_code != 200:
            continue
        turn += 1
        body = {"expected_version": moves.json()["version"], "command": moves.json()["moves"][0]}
        key = {"Idempotency-Key": f"{name}-{turn}", **headers}
        reply = await _until_answered(tally, http, "POST", f"/games/{game_id}/commands",
                                      command=True, json=body, headers=key)
        assert reply.status_code == 200, reply.text
        tally.applied[game_id] += 1
        tally.last_version[game_id] = reply.json()["version"]


async def test_killed_backends_never_answer_500(settings: Settings, tmp_path: Path) -> None:
    """Backends of the API's pool are terminated again and again while clients command and
    read: no answer is a 500; a command whose outcome is unknown is a 503 the client retries
    with the same key, and every command is applied exactly once."""
    assert settings.database_url
    joiner = "&" if "?" in settings.database_url else "?"  # the embedded server's has ?host=
    marked = f"{settings.database_url}{joiner}application_name=polis-faults"
    env = {**api_env(settings), "DATABASE_URL": marked, "POLIS_POOL_MAX": "4"}
    api = ApiProcess(env, tmp_path, "killed").start()
    admin = await asyncpg.connect(settings.database_url)
    tally, kills = Tally(), 0
    try:
        async with httpx.AsyncClient(base_url=api.url, timeout=20) as http:
            stop_at = time.monotonic() + float(os.environ.get("POLIS_FAULT_SECONDS", "8"))
            players = [asyncio.create_task(_play_under_faults(http, tally, f"p{i}", stop_at))
                       for i in range(6)]
            rng = random.Random(27)
            while not all(p.done() for p in players):
                pids = await admin.fetch(
                    "SELECT pid FROM pg_stat_activity WHERE application_name = $1",
                    "polis-faults")
                for row in rng.sample(pids, k=(len(pids) + 1) // 2):
                    kills += await admin.fetchval(
                        "SELECT count(*) FROM (SELECT pg_terminate_backend($1)) t", row["pid"])
                await asyncio.sleep(rng.uniform(0.01, 0.08))
            await asyncio.gather(*players)
            for game_id, applied in tally.applied.items():
                count = await admin.fetchval(
                    "SELECT count(*) FROM commands WHERE game_id = $1 AND command_id <> $2",
                    uuid.UUID(game_id), "game-created")
                assert count == applied, (game_id, count, applied)  # each applied once
                if game_id in tally.last_version:
                    game = (await http.get(f"/games/{game_id}")).json()
                    assert game["version"] == tally.last_version[game_id]
    finally:
        await admin.close()
        api.stop()
    print(f"\nkilled {kills} backends; {tally.commands} command requests, {tally.reads} reads;"
          f" statuses {sorted(tally.statuses.items())}; codes {tally.codes}")
    assert not any(s >= 500 and s != 503 for s in tally.statuses), tally.statuses
    assert kills > 20 and tally.commands > 50
