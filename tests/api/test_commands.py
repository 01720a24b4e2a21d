"""The command endpoint's answers: races, idempotency and every documented refusal."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import httpx

from tests.api.clients import Follower, auth, create_game
from tests.api.servers import ApiProcess


async def _acting(http: httpx.AsyncClient, game_id: str, tokens: list[str]) -> tuple[int, Any]:
    for seat, token in enumerate(tokens):
        moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(token))).json()
        if moves["moves"]:
            return seat, moves
    raise AssertionError("nobody may act")


def _error(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == {"code", "message", "details", "request_id",
                         "type", "title", "status", "detail"}, body
    assert body["code"] == code and body["request_id"], body
    assert response.headers["content-type"] == "application/problem+json", response.headers
    assert body["type"] == f"urn:polis:error:{code}" and body["status"] == status, body
    assert body["detail"] == body["message"] and body["title"], body
    return body


async def test_racing_commands_one_winner_per_version(apis: list[ApiProcess]) -> None:
    async with httpx.AsyncClient(base_url=apis[0].url, timeout=10) as a, \
            httpx.AsyncClient(base_url=apis[1].url, timeout=10) as b:
        game_id, tokens = await create_game(a)
        seat, moves = await _acting(a, game_id, tokens)
        posts = [
            (a, b)[i % 2].post(
                f"/games/{game_id}/commands",
                json={"expected_version": moves["version"], "command": move,
                      "idempotency_key": f"race-{i}"},
                headers=auth(tokens[seat]),
            )
            for i, move in enumerate(moves["moves"])
        ]
        responses = await asyncio.gather(*posts)
        codes = sorted(r.status_code for r in responses)
        assert codes.count(200) == 1 and set(codes) == {200, 409}, codes
        game = (await a.get(f"/games/{game_id}")).json()
        assert game["version"] == moves["version"] + 1


async def test_duplicate_idempotency_keys_append_once(apis: list[ApiProcess]) -> None:
    async with httpx.AsyncClient(base_url=apis[0].url, timeout=10) as a, \
            httpx.AsyncClient(base_url=apis[1].url, timeout=10) as b:
        game_id, tokens = await create_game(a)
        seat, moves = await _acting(a, game_id, tokens)
        body = {"expected_version": moves["version"], "command": moves["moves"][0]}
        responses = await asyncio.gather(*(
            (a, b)[i % 2].post(f"/games/{game_id}/commands", json=body,
                               headers={**auth(tokens[seat]), "Idempotency-Key": "same"})
            for i in range(6)
        ))
        assert {r.status_code for r in responses} == {200}
        results = [r.json() for r in responses]
        assert {r["version"] for r in results} == {moves["version"] + 1}
        assert sum(not r["replayed"] for r in results) == 1
        events = (await a.get(f"/games/{game_id}/events")).json()["events"]
        assert events[-1]["version"] == moves["version"] + 1
        other = {"expected_version": moves["version"], "command": moves["moves"][1]}
        _error(await a.post(f"/games/{game_id}/commands", json=other,
                            headers={**auth(tokens[seat]), "Idempotency-Key": "same"}),
               409, "idempotency_key_reused")


async def test_bad_input_gets_its_documented_4xx(http: httpx.AsyncClient) -> None:
    game_id, tokens = await create_game(http)
    seat, moves = await _acting(http, game_id, tokens)
    other = 1 - seat
    url = f"/games/{game_id}/commands"
    good = {"expected_version": moves["version"], "command": moves["moves"][0]}
    json_headers = {**auth(tokens[seat]), "Content-Type": "application/json"}

    _error(await http.post(url, content=b'{"expected_version": 2,', headers=json_headers),
           400, "malformed_json")
    as_text = {**auth(tokens[seat]), "Content-Type": "text/plain"}
    _error(await http.post(url, content=json.dumps(good).encode(), headers=as_text),
           415, "unsupported_media_type")
    _error(await http.post("/games", content=b'{"kind": "duel", "seats": [{"name": "a"}, '
                           b'{"name": "b"}]}'), 415, "unsupported_media_type")
    _error(await http.post(url, json={**good, "expected_version": "two"},
                           headers=auth(tokens[seat])), 400, "invalid_body")
    _error(await http.post(url, json={**good, "surprise": 1}, headers=auth(tokens[seat])),
           400, "invalid_body")
    for lax in (str(moves["version"]), float(moves["version"])):  # no type coercion
        _error(await http.post(url, json={**good, "expected_version": lax},
                               headers=auth(tokens[seat])), 400, "invalid_body")
    _error(await http.post(url, json={**good, "command": {"type": "FlyToTheMoon", "seat": 0}},
                           headers=auth(tokens[seat])), 400, "invalid_command")
    _error(await http.post(url, json={**good, "command": {**good["command"], "seat": "x"}},
                           headers=auth(tokens[seat])), 400, "invalid_command")
    _error(await http.post("/games/00000000-0000-0000-0000-000000000000/commands", json=good,
                           headers=auth(tokens[seat])), 404, "game_not_found")
    _error(await http.post("/games/not-a-game/commands", json=good), 400,
           "invalid_path_parameter")
    _error(await http.get("/games/not-a-game"), 400, "invalid_path_parameter")
    _error(await http.post(url, json=good), 401, "unauthorized")
    _error(await http.post(url, json=good, headers=auth("forged")), 401, "unauthorized")
    _error(await http.post(url, json=good, headers={"Authorization": "Basic abc"}),
           401, "unauthorized")
    _error(await http.post(url, json=good, headers=auth(tokens[other])), 403, "wrong_seat")
    _error(await http.post(url, json={**good, "expected_version": moves["version"] - 1},
                           headers=auth(tokens[seat])), 409, "version_conflict")
    _error(await http.post(url, json={**good, "expected_version": moves["version"] + 5},
                           headers=auth(tokens[seat])), 409, "version_conflict")
    # a well-formed command of the acting seat that the rules refuse: the domain's code
    illegal = {**good["command"], "wonder": 999} if "wonder" in good["command"] else None
    assert illegal is not None, good
    body = _error(await http.post(url, json={**good, "command": illegal},
                                  headers=auth(tokens[seat])), 422, "wonder_not_offered")
    assert body["message"]
    # the other seat acting out of turn: 422 from the rules, with the domain's code
    out_of_turn = {**good["command"], "seat": other}
    _error(await http.post(url, json={**good, "command": out_of_turn},
                           headers=auth(tokens[other])), 422, "not_your_turn")
    big = {**good, "command": {**good["command"], "padding": "x" * 70_000}}
    _error(await http.post(url, json=big, headers=auth(tokens[seat])), 413, "payload_too_large")
    _error(await http.post("/games", json={"kind": "chess", "seats": [{"name": "a"}]}),
           422, "unknown_game_kind")
    _error(await http.post("/games", json={"kind": "duel", "seats": [{"name": "a"}]}),
           422, "invalid_seat_count")
    _error(await http.post("/games", json={"kind": "duel", "seats": [{"name": "a"}, {"name": "b"}],
                                           "options": {"speed": 2}}), 422, "unknown_option")
    _error(await http.post("/games", json={"kind": "duel", "seats": []}), 400, "invalid_body")
    _error(await http.post("/games", json={"kind": "duel", "seats": [{"name": "a"}, {"name": "b"}],
                                           "deal": {"nonsense": True}}), 422, "invalid_deal")
    _error(await http.get(f"/games/{game_id}/legal-moves"), 401, "unauthorized")
    _error(await http.get(f"/games/{game_id}/view", headers=auth("nope")), 401, "unauthorized")
    _error(await http.get(f"/games/{game_id}/versions/999/view"), 404, "version_not_found")
    _error(await http.get("/games?limit=0"), 400, "invalid_query_parameter")
    _error(await http.get(f"/games/{game_id}/legal-moves?min_version=-1",
                          headers=auth(tokens[0])), 400, "invalid_query_parameter")
    _error(await http.delete(f"/games/{game_id}"), 405, "method_not_allowed")
    # nothing above changed the game
    assert (await http.get(f"/games/{game_id}")).json()["version"] == moves["version"]


async def test_websocket_refusals_and_replies(apis: list[ApiProcess], http: httpx.AsyncClient
                                              ) -> None:
    game_id, tokens = await create_game(http)
    seat, moves = await _acting(http, game_id, tokens)
    async with Follower(apis[0].ws_url, game_id, "forged") as bad:
        message = await bad.wait_for(lambda m: m["type"] == "error")
        assert message["error"]["code"] == "unauthorized"
    async with Follower(apis[0].ws_url, "not-a-game", None) as malformed:
        message = await malformed.wait_for(lambda m: m["type"] == "error")
        assert message["error"]["code"] == "invalid_path_parameter"
    async with Follower(apis[0].ws_url, str(uuid.uuid4()), None) as lost:
        message = await lost.wait_for(lambda m: m["type"] == "error")
        assert message["error"]["code"] == "game_not_found"
    async with Follower(apis[0].ws_url, game_id, None, after_version=99) as ahead:
        message = await ahead.wait_for(lambda m: m["type"] == "error")
        assert message["error"]["code"] == "invalid_after_version"
    async with Follower(apis[1].ws_url, game_id, tokens[seat]) as player, \
            Follower(apis[1].ws_url, game_id, tokens[1 - seat]) as rival:
        await player.wait_for(lambda m: m["type"] == "snapshot")
        await player.send({"type": "ping", "request_id": "p"})
        await player.wait_for(lambda m: m["type"] == "pong" and m["request_id"] == "p")
        await player.send({"type": "nonsense"})
        await player.wait_for(lambda m: m["type"] == "error"
                              and m["error"]["code"] == "malformed_message")
        await player.send({"type": "command", "request_id": "r1",
                           "expected_version": moves["version"] - 1,
                           "command": moves["moves"][0]})
        rejected = await player.wait_for(lambda m: m.get("request_id") == "r1")
        assert rejected["type"] == "command_rejected"
        assert rejected["error"]["code"] == "version_conflict"
        await player.send({"type": "command", "request_id": "r2",
                           "expected_version": moves["version"], "command": moves["moves"][0]})
        accepted = await player.wait_for(lambda m: m.get("request_id") == "r2")
        assert accepted["type"] == "command_accepted"
        new_version = accepted["version"]
        # the update for the new version came before the reply
        index = player.messages.index(accepted)
        assert any(m["type"] == "update" and m["version"] == new_version
                   for m in player.messages[:index])
        await rival.wait_version(new_version)
        assert all(m.get("request_id") not in ("r1", "r2") for m in rival.messages)


async def test_values_the_database_cannot_hold_get_a_4xx(
    apis: list[ApiProcess], http: httpx.AsyncClient
) -> None:
    """NUL characters and integers beyond bigint are refused at the edge, never a 500."""
    game_id, tokens = await create_game(http)
    seat, moves = await _acting(http, game_id, tokens)
    url = f"/games/{game_id}/commands"
    good = {"expected_version": moves["version"], "command": moves["moves"][0]}
    two = [{"name": "a"}, {"name": "b"}]
    huge = 2**63

    _error(await http.post("/games", json={"kind": "duel", "seats": [{"name": "a\0"}, two[1]]}),
           400, "invalid_body")
    _error(await http.post("/games", json={"kind": "duel", "seats": two,
                                           "options": {"x": ["\0"]}}), 400, "invalid_options")
    _error(await http.post("/games", json={"kind": "duel", "seats": two,
                                           "options": {"\0": 1}}), 400, "invalid_options")
    _error(await http.post(url, json={**good, "idempotency_key": "k\0"},
                           headers=auth(tokens[seat])), 400, "invalid_body")
    _error(await http.post(url, json={**good, "expected_version": huge},
                           headers=auth(tokens[seat])), 400, "invalid_body")
    _error(await http.get("/games", params={"kind": "duel\0"}), 400, "invalid_query_parameter")
    _error(await http.get("/games", params={"offset": huge}), 400, "invalid_query_parameter")
    for after in (huge, huge - 1, 2**63 - 1000):
        _error(await http.get(f"/games/{game_id}/events", params={"after_version": after}),
               400, "invalid_query_parameter")
    assert (await http.get(f"/games/{game_id}/events",
                           params={"after_version": 2**53 - 1})).json()["events"] == []

    # over the WebSocket: the same limits, as a malformed message; the socket stays open
    async with Follower(apis[0].ws_url, game_id, tokens[seat]) as player:
        await player.wait_for(lambda m: m["type"] == "snapshot")
        for bad in ({**good, "idempotency_key": "k\0"}, {**good, "idempotency_key": "k" * 129},
                    {**good, "expected_version": -1}):
            await player.send({"type": "command", "request_id": "bad", **bad})
        await player.send({"type": "ping", "request_id": "still-open"})
        await player.wait_for(lambda m: m["type"] == "pong")
        errors = [m for m in player.messages if m["type"] in ("error", "command_rejected")]
        assert [m["error"]["code"] for m in errors] == ["malformed_message"] * 3, errors
    assert (await http.get(f"/games/{game_id}")).json()["version"] == moves["version"]


async def test_idempotency_keys_are_scoped_by_seat(http: httpx.AsyncClient) -> None:
    """A key is one seat's: another seat sending the same (guessable) key has its own
    command decided, neither replaying nor burning the first seat's (openapi/README.md,
    Idempotency)."""
    game_id, tokens = await create_game(http, seed=23)
    url = f"/games/{game_id}/commands"
    first, moves = await _acting(http, game_id, tokens)
    sent = {"expected_version": moves["version"], "command": moves["moves"][0]}
    key = {"Idempotency-Key": "ada-1"}
    original = (await http.post(url, json=sent, headers={**auth(tokens[first]), **key})).json()
    assert not original["replayed"]
    while True:  # play on without keys until the other seat acts
        seat, moves = await _acting(http, game_id, tokens)
        if seat != first:
            break
        await http.post(url, headers=auth(tokens[seat]), json={
            "expected_version": moves["version"], "command": moves["moves"][0]})
    other = await http.post(url, headers={**auth(tokens[seat]), **key}, json={
        "expected_version": moves["version"], "command": moves["moves"][0]})
    assert other.status_code in (200, 201), other.text
    assert not other.json()["replayed"] and other.json()["first_version"] > original["version"]
    again = (await http.post(url, json=sent, headers={**auth(tokens[first]), **key})).json()
    assert again["replayed"] and again["first_version"] == original["first_version"]
