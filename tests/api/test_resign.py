"""`Resign` for every game kind, through the API (the kernel wrapper `domain/kernel/meta.py`)."""

from __future__ import annotations

import httpx

from tests.api.clients import auth


async def _create(http: httpx.AsyncClient, kind: str, seats: int) -> tuple[str, list[str]]:
    response = await http.post("/games", json={
        "kind": kind, "seats": [{"name": f"P{i}"} for i in range(seats)], "seed": 4})
    assert response.status_code == 201, response.text
    body = response.json()
    return body["game"]["game_id"], [s["token"] for s in body["seats"]]


async def _resign(http: httpx.AsyncClient, game_id: str, token: str, seat: int) -> httpx.Response:
    version = (await http.get(f"/games/{game_id}")).json()["version"]
    return await http.post(f"/games/{game_id}/commands", headers=auth(token), json={
        "expected_version": version, "command": {"type": "Resign", "seat": seat}})


async def test_resigning_a_duel_ends_it_and_the_other_seat_wins(http: httpx.AsyncClient) -> None:
    game_id, tokens = await _create(http, "duel", 2)
    response = await _resign(http, game_id, tokens[1], 1)
    assert response.status_code == 200, response.text
    game = (await http.get(f"/games/{game_id}")).json()
    assert game["over"]
    summary = game["summary"]
    assert (summary["winner"], summary["resigned"], summary["victory"]) == (0, 1, "resignation")
    assert summary["acting"] == []
    moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[0]))).json()
    assert moves["moves"] == []
    refused = await _resign(http, game_id, tokens[0], 0)
    assert refused.status_code in (409, 422), refused.text
    assert refused.json()["code"] == "game_over"


async def test_resigning_a_seven_wonders_game_ranks_the_seat_last(
    http: httpx.AsyncClient,
) -> None:
    game_id, tokens = await _create(http, "7wonders", 3)
    wrong = await _resign(http, game_id, tokens[0], 2)
    assert wrong.status_code == 403, wrong.text
    response = await _resign(http, game_id, tokens[2], 2)
    assert response.status_code == 200, response.text
    game = (await http.get(f"/games/{game_id}")).json()
    assert game["over"]
    summary = game["summary"]
    assert summary["winner"] is None and summary["resigned"] == 2
    assert summary["ranking"][-1] == 2
    moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[0]))).json()
    refused = await http.post(f"/games/{game_id}/commands", headers=auth(tokens[0]), json={
        "expected_version": game["version"], "command": {"type": "Resign", "seat": 0}})
    assert moves["moves"] == [] and refused.status_code in (409, 422), refused.text
