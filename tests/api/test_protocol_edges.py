"""Protocol edges a client relies on: every version readable, one timestamp format, a 400 for
a malformed path parameter, and `request_id` echoed on refused WebSocket messages."""

from __future__ import annotations

import json
import re

import httpx

from tests.api.clients import Follower, auth, create_game
from tests.api.servers import ApiProcess

RFC3339_Z = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")


async def test_every_version_from_the_first_has_a_view(http: httpx.AsyncClient) -> None:
    game_id, tokens = await create_game(http)
    current = (await http.get(f"/games/{game_id}")).json()["version"]
    assert current >= 2  # the opening is one append of several events
    for version in range(1, current + 1):
        response = await http.get(f"/games/{game_id}/versions/{version}/view",
                                  headers=auth(tokens[0]))
        assert response.status_code == 200, (version, response.text)
        assert response.json()["version"] == version
    at_current = (await http.get(f"/games/{game_id}/versions/{current}/view",
                                 headers=auth(tokens[0]))).json()["view"]
    assert at_current == (await http.get(f"/games/{game_id}/view",
                                         headers=auth(tokens[0]))).json()["view"]
    for bad in ("abc", "-1", "1.5"):
        response = await http.get(f"/games/{game_id}/versions/{bad}/view")
        assert response.status_code == 400, (bad, response.text)
        assert response.json()["code"] == "invalid_path_parameter"
    for missing in (0, current + 1):
        response = await http.get(f"/games/{game_id}/versions/{missing}/view")
        assert response.status_code == 404 and response.json()["code"] == "version_not_found"


async def test_timestamps_are_the_same_over_http_and_websocket(
    apis: list[ApiProcess], http: httpx.AsyncClient
) -> None:
    game_id, tokens = await create_game(http)
    seat = (await http.get(f"/games/{game_id}")).json()["summary"]["acting"][0]
    moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[seat]))).json()
    async with Follower(apis[0].ws_url, game_id, tokens[1 - seat]) as follower:
        await follower.wait_for(lambda m: m["type"] == "snapshot")
        accepted = await http.post(
            f"/games/{game_id}/commands", headers=auth(tokens[seat]),
            json={"expected_version": moves["version"], "command": moves["moves"][0]})
        assert accepted.status_code == 200, accepted.text
        update = await follower.wait_for(lambda m: m["type"] == "update")
    over_http = (await http.get(f"/games/{game_id}/events",
                                params={"after_version": moves["version"]},
                                headers=auth(tokens[1 - seat]))).json()["events"]
    over_ws = update["events"]
    assert [e["recorded_at"] for e in over_ws] == [e["recorded_at"] for e in over_http]
    assert all(RFC3339_Z.match(e["recorded_at"]) for e in over_ws), over_ws


async def test_refused_websocket_messages_echo_their_request_id(
    apis: list[ApiProcess], http: httpx.AsyncClient
) -> None:
    game_id, tokens = await create_game(http)
    async with Follower(apis[0].ws_url, game_id, tokens[0]) as player:
        await player.wait_for(lambda m: m["type"] == "snapshot")
        await player.send({"type": "command", "request_id": "no-version", "command": {}})
        refused = await player.wait_for(lambda m: m["type"] == "error")
        assert refused["request_id"] == "no-version", refused
        assert refused["error"]["code"] == "malformed_message"
        assert refused["error"]["status"] == 400
        await player.send({"type": "nonsense", "request_id": 7})
        refused = await player.wait_for(
            lambda m: m["type"] == "error" and m is not refused)
        assert refused["request_id"] is None  # not a string: not echoed


async def test_the_served_document_is_the_exported_one(http: httpx.AsyncClient) -> None:
    import json

    from api.cli.server import OPENAPI_PATH

    served = (await http.get("/schema/openapi.json")).json()
    assert served == json.loads(OPENAPI_PATH.read_text())


async def test_websocket_messages_match_the_asyncapi_types(
    apis: list[ApiProcess], http: httpx.AsyncClient
) -> None:
    import msgspec

    from api.ws.asyncapi import SERVER_MESSAGES

    decode = msgspec.json.Decoder(_union(SERVER_MESSAGES))
    game_id, tokens = await create_game(http)
    seat = (await http.get(f"/games/{game_id}")).json()["summary"]["acting"][0]
    moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[seat]))).json()
    async with Follower(apis[0].ws_url, game_id, tokens[seat]) as player, \
            Follower(apis[1].ws_url, game_id, None, after_version=1) as late:
        await player.wait_for(lambda m: m["type"] == "snapshot")
        await player.send({"type": "ping", "request_id": "p"})
        await player.send({"type": "command", "request_id": "c", "command": {}})
        await player.send({"type": "command", "request_id": "ok",
                           "expected_version": moves["version"], "command": moves["moves"][0]})
        await player.send({"type": "command", "request_id": "stale",
                           "expected_version": moves["version"], "command": moves["moves"][0]})
        await player.wait_for(lambda m: m.get("request_id") == "stale")
        await late.wait_for(lambda m: m["type"] == "update" and m["version"] > moves["version"])
        messages = player.messages + late.messages
    kinds = set()
    for message in messages:
        decoded = decode.decode(json.dumps(message))
        kinds.add(type(decoded).__name__)
    assert {"Hello", "Snapshot", "Update", "Pong", "ErrorMessage", "CommandAcceptedMessage",
            "CommandRejected"} <= kinds, kinds


def _union(types: tuple[object, ...]) -> object:
    from typing import Union

    return Union[types]  # noqa: UP007  (a union built from a tuple of types)
