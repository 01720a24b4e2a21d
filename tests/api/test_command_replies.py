"""Commands that ask for the game after them (`include`): one request per move.

The `next` of a reply must be exactly what the separate reads would have answered at that
version (legal moves, the seat's view, who acts), over REST and WebSocket, and it must come
from the pipeline's memory: no read of the database besides the append.
"""

from __future__ import annotations

import json
import random
from typing import Any

import asyncpg
import httpx
import pytest

from api.service.commands import Committed
from api.service.game_service import GameService
from infra.event_store import EventStore
from tests.api.clients import Follower, auth, create_game
from tests.api.servers import ApiProcess


async def _reads_answer(
    http: httpx.AsyncClient, game_id: str, token: str
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(game, legal moves, view) as the separate requests give them."""
    game = (await http.get(f"/games/{game_id}")).json()
    moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(token))).json()
    view = (await http.get(f"/games/{game_id}/view", headers=auth(token))).json()
    return game, moves, view


async def _acting_moves(
    http: httpx.AsyncClient, game_id: str, tokens: list[str]
) -> tuple[int, dict[str, Any]]:
    """A seat that may act now, and its legal moves."""
    game = (await http.get(f"/games/{game_id}")).json()
    seat = game["summary"]["acting"][0]
    moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[seat]))).json()
    assert moves["moves"], "an acting seat has moves"
    return seat, dict(moves)


async def test_a_rest_reply_carries_what_the_reads_would_answer(http: httpx.AsyncClient) -> None:
    game_id, tokens = await create_game(http, seed=11)
    rng = random.Random(11)
    seat, moves = await _acting_moves(http, game_id, tokens)
    version, listed = moves["version"], moves["moves"]
    checked = 0
    for _ in range(40):
        response = await http.post(
            f"/games/{game_id}/commands",
            json={"expected_version": version, "command": rng.choice(listed),
                  "include": ["moves", "view"]},
            headers=auth(tokens[seat]),
        )
        assert response.status_code == 200, response.text
        body = response.json()
        after = body["next"]
        assert after["version"] == body["version"]
        game, moves, view = await _reads_answer(http, game_id, tokens[seat])
        assert after["version"] == game["version"] == moves["version"] == view["version"]
        assert after["acting"] == game["summary"]["acting"]
        assert after["moves"] == moves["moves"]
        assert after["view"] == view["view"]
        checked += 1
        if game["over"]:
            break
        # the next move: from the reply when the same seat acts again, else a read
        if seat in after["acting"] and after["moves"]:
            listed = after["moves"]
        else:
            seat = after["acting"][0]
            listed = (await http.get(f"/games/{game_id}/legal-moves",
                                     headers=auth(tokens[seat]))).json()["moves"]
        version = after["version"]
    assert checked >= 20


async def test_include_asks_only_for_what_it_names(http: httpx.AsyncClient) -> None:
    game_id, tokens = await create_game(http, seed=12)
    for include, present, absent in ((None, [], ["next"]), (["view"], ["view"], ["moves"]),
                                     (["moves"], ["moves"], ["view"])):
        seat, moves = await _acting_moves(http, game_id, tokens)
        body: dict[str, Any] = {"expected_version": moves["version"],
                                "command": moves["moves"][0]}
        if include is not None:
            body["include"] = include
        response = await http.post(f"/games/{game_id}/commands", json=body,
                                   headers=auth(tokens[seat]))
        assert response.status_code == 200, response.text
        reply = response.json()
        found = reply.get("next", reply)
        for key in present:
            assert key in found
        for key in absent:
            assert key not in found


@pytest.mark.parametrize("include", [["board"], "moves", [1], ["moves", "view", "moves"]])
async def test_a_bad_include_is_a_400_with_a_code(http: httpx.AsyncClient, include: Any) -> None:
    game_id, tokens = await create_game(http, seed=13)
    seat, moves = await _acting_moves(http, game_id, tokens)
    response = await http.post(
        f"/games/{game_id}/commands",
        json={"expected_version": moves["version"], "command": moves["moves"][0],
              "include": include},
        headers=auth(tokens[seat]),
    )
    assert response.status_code == 400, response.text
    assert response.json()["code"] == "invalid_body"
    game = (await http.get(f"/games/{game_id}")).json()
    assert game["version"] == moves["version"], "a refused body appends nothing"


async def test_a_replayed_key_answers_with_the_game_as_it_is(http: httpx.AsyncClient) -> None:
    game_id, tokens = await create_game(http, seed=14)
    seat, moves = await _acting_moves(http, game_id, tokens)
    body = {"expected_version": moves["version"], "command": moves["moves"][0],
            "idempotency_key": "once", "include": ["moves", "view"]}
    first = (await http.post(f"/games/{game_id}/commands", json=body,
                             headers=auth(tokens[seat]))).json()
    again = (await http.post(f"/games/{game_id}/commands", json=body,
                             headers=auth(tokens[seat]))).json()
    assert again["replayed"] is True and first["replayed"] is False
    assert again["next"] == first["next"], "nothing moved in between"


async def test_a_websocket_reply_carries_next(
    http: httpx.AsyncClient, apis: list[ApiProcess]
) -> None:
    game_id, tokens = await create_game(http, seed=15)
    seat, moves = await _acting_moves(http, game_id, tokens)
    async with Follower(apis[0].ws_url, game_id, tokens[seat]) as seat0:
        await seat0.wait_for(lambda m: m["type"] == "snapshot")
        await seat0.send({"type": "command", "request_id": "bad",
                          "expected_version": moves["version"],
                          "command": moves["moves"][0], "include": ["everything"]})
        refused = await seat0.wait_for(lambda m: m.get("request_id") == "bad")
        assert refused["type"] == "error"
        assert refused["error"]["code"] == "malformed_message"
        await seat0.send({"type": "command", "request_id": "c1",
                          "expected_version": moves["version"],
                          "command": moves["moves"][0], "include": ["moves", "view"]})
        reply = await seat0.wait_for(lambda m: m.get("request_id") == "c1")
        assert reply["type"] == "command_accepted", reply
        game, listed, view = await _reads_answer(http, game_id, tokens[seat])
        after = reply["next"]
        assert after["version"] == reply["version"] == game["version"]
        assert after["acting"] == game["summary"]["acting"]
        assert after["moves"] == listed["moves"]
        assert after["view"] == view["view"]
        update = seat0.of_type("update")[-1]
        assert update["version"] == after["version"]


def _no_publish(committed: Committed) -> None:
    return None


class _CountingStore(EventStore):
    """The event store, counting the statements the pipeline runs (each goes through
    `run`: reads and the append alike)."""

    statements = 0

    async def run(self, work: Any) -> Any:
        self.statements += 1
        return await super().run(work)


async def test_next_comes_from_memory_without_a_read(pool: asyncpg.Pool) -> None:
    store = _CountingStore(pool)
    service = GameService(store, _no_publish)
    record, tokens = await service.create("duel", [], {}, ["a", "b"], None, 21)
    folded = await service.folded(record.game_id)
    rng = random.Random(21)
    for _ in range(30):
        if folded.game.is_over(folded.state):
            break
        seat = folded.game.acting_seats(folded.state)[0]
        version, moves = await service.legal_moves(folded, seat)
        store.statements = 0
        result, after = await service.submit_for_reply(
            record.game_id, tokens[seat], version, json.loads(rng.choice(moves)), None,
            include=frozenset({"moves", "view"}),
        )
        assert store.statements == 1, "the append, and no read for the reply"
        assert after is not None and after.version == result.last_version == folded.version
        assert after.acting == list(folded.game.acting_seats(folded.state))
        assert after.moves is not None and after.view is not None
        assert [bytes(m) for m in after.moves] == [
            m for m in (await service.legal_moves(folded, seat))[1]]
        stored = await service.view(record.game_id, seat)
        assert stored == (after.version, bytes(after.view).decode())
