"""A seat that follows with `include: ["moves"]` gets its legal moves with each update that
brings it to the game's latest version: a WebSocket client then plays with one message per
move and no reads. The moves must be exactly what `GET /legal-moves` answers at that version,
whether the command was committed by the follower's own process (sent from memory) or by
another one (the follower's process folds what is new once for every socket)."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.api.clients import Follower, auth, create_game
from tests.api.servers import ApiProcess


async def _moves(http: httpx.AsyncClient, game_id: str, token: str) -> dict[str, Any]:
    listed: dict[str, Any] = (await http.get(f"/games/{game_id}/legal-moves",
                                             headers=auth(token))).json()
    return listed


async def test_updates_carry_the_moves_a_read_would_answer(
    http: httpx.AsyncClient, apis: list[ApiProcess]
) -> None:
    game_id, tokens = await create_game(http, seed=31)
    rng = random.Random(31)
    async with (
        Follower(apis[0].ws_url, game_id, tokens[0], include=["moves"]) as local0,
        Follower(apis[1].ws_url, game_id, tokens[1], include=["moves"]) as remote1,
        Follower(apis[1].ws_url, game_id, tokens[0]) as plain0,
    ):
        followers = {0: [local0], 1: [remote1]}
        for follower in (local0, remote1, plain0):
            await follower.wait_for(lambda m: m["type"] == "snapshot")
        for seat, (follower,) in followers.items():
            snapshot = follower.of_type("snapshot")[0]
            listed = await _moves(http, game_id, tokens[seat])
            assert snapshot["version"] == listed["version"]
            assert snapshot["moves"] == listed["moves"]
        checked = 0
        for _ in range(30):
            game = (await http.get(f"/games/{game_id}")).json()
            if game["over"]:
                break
            seat = game["summary"]["acting"][0]
            listed = await _moves(http, game_id, tokens[seat])
            response = await http.post(  # committed by process a
                f"/games/{game_id}/commands",
                json={"expected_version": listed["version"],
                      "command": rng.choice(listed["moves"])},
                headers=auth(tokens[seat]),
            )
            assert response.status_code == 200, response.text
            version = response.json()["version"]
            for follower in (local0, remote1, plain0):
                await follower.wait_version(version)
            for owner, (follower,) in followers.items():
                update = follower.of_type("update")[-1]
                assert update["version"] == version
                assert update["moves"] == (await _moves(http, game_id, tokens[owner]))["moves"]
            assert all("moves" not in m for m in plain0.messages), "only when asked"
            checked += 1
        assert checked >= 20


async def _fan_out_reads(api: ApiProcess) -> int:
    async with httpx.AsyncClient(base_url=api.url) as client:
        text = (await client.get("/metrics")).text
    line = next(x for x in text.splitlines() if x.startswith("polis_fanout_reads_total{"))
    return int(float(line.rsplit(" ", 1)[1]))


async def test_a_seat_plays_from_its_updates_alone(
    http: httpx.AsyncClient, apis: list[ApiProcess]
) -> None:
    """Two seats play over their sockets only: every move comes from the last update. A
    command's own process sends its update from memory (its socket's reply waits for that,
    without reading it back): each process reads only the other's commits."""
    game_id, tokens = await create_game(http, seed=32)
    rng = random.Random(32)
    async with (
        Follower(apis[0].ws_url, game_id, tokens[0], include=["moves"]) as seat0,
        Follower(apis[1].ws_url, game_id, tokens[1], include=["moves"]) as seat1,
    ):
        seats = [seat0, seat1]
        for seat in seats:
            await seat.wait_for(lambda m: m["type"] == "snapshot")
        before = [await _fan_out_reads(api) for api in apis]
        commits = [0, 0]
        for turn in range(40):
            latest = [[m for m in s.messages if m["type"] in ("snapshot", "update")][-1]
                      for s in seats]
            assert latest[0]["version"] == latest[1]["version"]
            acting = [i for i, m in enumerate(latest) if m.get("moves")]
            if not acting:
                break  # over
            who = rng.choice(acting)
            await seats[who].send({"type": "command", "request_id": f"t{turn}",
                                   "expected_version": latest[who]["version"],
                                   "command": rng.choice(latest[who]["moves"])})
            reply = await seats[who].wait_for(lambda m, t=turn: m.get("request_id") == f"t{t}")
            assert reply["type"] == "command_accepted", reply
            commits[who] += 1
            for seat in seats:
                await seat.wait_version(reply["version"])
        assert turn >= 20
        after = [await _fan_out_reads(api) for api in apis]
        assert [after[0] - before[0], after[1] - before[1]] == [commits[1], commits[0]]


async def test_a_spectator_cannot_ask_for_moves(apis: list[ApiProcess],
                                                http: httpx.AsyncClient) -> None:
    game_id, _ = await create_game(http, seed=33)
    async with connect(f"{apis[0].ws_url}/games/{game_id}/ws") as socket:
        await socket.send(json.dumps({"type": "follow", "token": None, "include": ["moves"]}))
        message = json.loads(await socket.recv())
        assert message["type"] == "error"
        assert message["error"]["code"] == "invalid_include"
        await socket.wait_closed()
        assert socket.close_code == 4400


async def test_a_player_without_a_seat_asking_for_moves_watches(
    apis: list[ApiProcess], http: httpx.AsyncClient
) -> None:
    """A signed-in page asks for moves before it knows its seat: a player holding no seat of
    the game follows as a spectator (no moves), where an anonymous one is refused."""
    game_id, _ = await create_game(http, seed=35)
    token = (await http.post("/players", json={"name": "Watcher"})).json()["token"]
    http.cookies.clear()
    async with connect(f"{apis[0].ws_url}/games/{game_id}/ws") as socket:
        await socket.send(json.dumps({"type": "follow", "token": token, "include": ["moves"]}))
        hello = json.loads(await socket.recv())
        assert hello["type"] == "hello" and hello["seat"] is None
        snapshot = json.loads(await socket.recv())
        assert snapshot["type"] == "snapshot" and "moves" not in snapshot


@pytest.mark.parametrize("query, ok", [("include=moves", True), ("include=view", False)])
async def test_a_header_login_asks_in_the_query(
    apis: list[ApiProcess], http: httpx.AsyncClient, query: str, ok: bool
) -> None:
    game_id, tokens = await create_game(http, seed=34)
    async with connect(f"{apis[1].ws_url}/games/{game_id}/ws?{query}",
                       additional_headers=auth(tokens[0])) as socket:
        hello = json.loads(await socket.recv())
        if not ok:
            assert hello["type"] == "error" and hello["error"]["code"] == "invalid_include"
            return
        snapshot = json.loads(await socket.recv())
        assert snapshot["type"] == "snapshot"
        assert snapshot["moves"] == (await _moves(http, game_id, tokens[0]))["moves"]
