"""A Duel Leaders game hosted by the service: the recruitment choice is secret and
simultaneous (duel-leaders-rules-fr: "Chaque joueur en choisit un, face cachée"; "Les
joueurs retournent simultanément le leader qu'ils ont choisi").

Both seats act at once: each command is accepted against the version both saw, whichever
arrives first; until both have chosen, neither the other seat nor a spectator sees a
choice, in views or events; options (cost overrides) reach the views, and a bad option is
a 4xx with the domain's code.
"""

from __future__ import annotations

import random
from typing import Any

import httpx

from domain.duel_leaders.catalog import BY_KEY
from tests.api.clients import auth


async def _create(http: httpx.AsyncClient, options: dict[str, Any]) -> httpx.Response:
    return await http.post("/games", json={
        "kind": "duel", "expansions": ["leaders"], "seed": 5, "options": options,
        "seats": [{"name": "Ada"}, {"name": "Brutus"}]})


async def _moves(http: httpx.AsyncClient, game_id: str, token: str) -> dict[str, Any]:
    body: dict[str, Any] = (await http.get(f"/games/{game_id}/legal-moves",
                                           headers=auth(token))).json()
    return body


async def _post(http: httpx.AsyncClient, game_id: str, token: str, version: int,
                command: dict[str, Any], key: str) -> httpx.Response:
    return await http.post(f"/games/{game_id}/commands", headers=auth(token), json={
        "expected_version": version, "command": command, "idempotency_key": key})


async def _view(http: httpx.AsyncClient, game_id: str, token: str | None) -> dict[str, Any]:
    body: dict[str, Any] = (await http.get(f"/games/{game_id}/view",
                                           headers=auth(token))).json()
    return body


async def _events(http: httpx.AsyncClient, game_id: str, token: str | None) -> list[Any]:
    body = (await http.get(f"/games/{game_id}/events", headers=auth(token))).json()
    return [e["event"] for e in body["events"]]


async def test_the_recruitment_choice_is_secret_and_simultaneous(
    http: httpx.AsyncClient,
) -> None:
    created = await _create(http, {"leader_costs": {"plato": 7}})
    assert created.status_code == 201, created.text
    game_id = created.json()["game"]["game_id"]
    tokens = [s["token"] for s in created.json()["seats"]]
    rng = random.Random(2)
    turn = 0
    while True:  # both drafts, one seat at a time
        game = (await http.get(f"/games/{game_id}")).json()
        acting = game["summary"]["acting"]
        if len(acting) == 2:
            break
        moves = await _moves(http, game_id, tokens[acting[0]])
        response = await _post(http, game_id, tokens[acting[0]], moves["version"],
                               rng.choice(moves["moves"]), f"draft-{turn}")
        assert response.status_code == 200, response.text
        turn += 1
    assert game["summary"]["phase"] == "recruitment"
    view = (await _view(http, game_id, tokens[0]))["view"]
    assert view["leaders"]["costs"][BY_KEY["plato"]] == 7

    seen = [await _moves(http, game_id, tokens[s]) for s in (0, 1)]
    version = seen[0]["version"]
    assert seen[1]["version"] == version
    first = await _post(http, game_id, tokens[1], version, seen[1]["moves"][-1], "choose-1")
    assert first.status_code == 200, first.text
    # Seat 0 still sees its own moves unchanged, and not seat 1's leader.
    assert (await _moves(http, game_id, tokens[0]))["moves"] == seen[0]["moves"]
    chosen = seen[1]["moves"][-1]["leader"]
    for viewer in (tokens[0], None):
        leaders = (await _view(http, game_id, viewer))["view"]["leaders"]
        assert leaders["seats"][1]["chosen"] == -1
        events = [e for e in await _events(http, game_id, viewer)
                  if e["type"] == "LeaderChosen"]
        assert [e["leader"] for e in events] == [-1]
        dealt = next(e for e in await _events(http, game_id, viewer)
                     if e["type"] == "LeadersDealt")
        assert dealt["leaders"] is None
    own = (await _view(http, game_id, tokens[1]))["view"]["leaders"]["seats"][1]
    assert own["chosen"] == chosen

    # Seat 0 answers against the version it saw, before seat 1's choice: accepted.
    second = await _post(http, game_id, tokens[0], version, seen[0]["moves"][0], "choose-0")
    assert second.status_code == 200, second.text
    leaders = (await _view(http, game_id, None))["view"]["leaders"]
    assert leaders["seats"][1]["chosen"] == chosen
    assert leaders["seats"][0]["chosen"] == seen[0]["moves"][0]["leader"]
    revealed = [e for e in await _events(http, game_id, None) if e["type"] == "ChoicesRevealed"]
    assert len(revealed) == 1

    # The declarations: again both at once, secret until both are made.
    seen = [await _moves(http, game_id, tokens[s]) for s in (0, 1)]
    version = seen[0]["version"]
    discard = {"type": "DeclareRecruitment", "seat": 0, "recruit": False}
    assert discard in seen[0]["moves"]
    response = await _post(http, game_id, tokens[0], version, discard, "declare-0")
    assert response.status_code == 200, response.text
    other = (await _view(http, game_id, tokens[1]))["view"]["leaders"]["seats"][0]
    assert other["declared"] == -1
    response = await _post(http, game_id, tokens[1], version, seen[1]["moves"][-1], "declare-1")
    assert response.status_code == 200, response.text
    game = (await http.get(f"/games/{game_id}")).json()
    assert game["summary"]["age"] == 1 and game["summary"]["phase"] in (
        "play", "wonder_draft")


async def test_a_bad_leaders_option_is_refused(http: httpx.AsyncClient) -> None:
    refused = await _create(http, {"leader_costs": {"plato": -2}})
    assert 400 <= refused.status_code < 500
    assert refused.json()["code"] == "invalid_option"
    refused = await _create(http, {"leader_panel": "heroes"})
    assert refused.json()["code"] == "invalid_option"
