"""A 7 Wonders game with Leaders hosted by the service: no seat sees another seat's leaders
before they are revealed (the hands dealt and drafted, the draft picks, a recruitment
choice until every seat has chosen, the leaders discarded or used as stage markers, Rome
B's draws), in views, events or WebSocket messages.

Every step all acting seats read their legal moves at one version and submit them in a
random order against that same version (a pick or a recruitment never fails because
another seat chose first). Every message each follower receives must equal what the
domain's `view` / `redact` give that audience.
"""

from __future__ import annotations

import random
from typing import Any

import httpx
import msgspec

from domain.kernel import get_game
from tests.api.clients import Follower, auth
from tests.api.servers import ApiProcess

GAME: Any = get_game("7wonders", ("leaders",))
SEATS = 3
HIDDEN = -1


def _json(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


def _no_leak(seat: int | None, message: dict[str, Any]) -> None:
    view = message.get("view")
    if view is not None and view["ext"] is not None:
        leaders = view["ext"]
        if seat is None:
            assert leaders["hand"] == [] and leaders["choice"] is None
    for entry in message.get("events", []):
        event = entry["event"]
        kind = event["type"]
        if kind == "LeadersDealt":
            assert set(event["box"]) <= {HIDDEN}
            assert all(set(h) <= {HIDDEN} for i, h in enumerate(event["hands"]) if i != seat)
        elif kind == "LeaderKept" and event["seat"] != seat:
            assert event["leader"] == HIDDEN
        elif kind == "LeaderChosen" and event["seat"] != seat:
            assert event["choice"] is None
        elif kind == "LeadersPlayed":
            for a in event["actions"]:
                if a["seat"] != seat and a["kind"] != "recruit":
                    assert a["leader"] == HIDDEN
        elif kind == "LeadersBoxed":
            assert all(set(h) <= {HIDDEN} for i, h in enumerate(event["cards"]) if i != seat)
        elif kind == "LeadersDrawn" and event["city"] != seat:
            assert set(event["leaders"]) <= {HIDDEN}
        elif kind == "GameStarted":
            assert event["deal"] is None


def _check_follower(follower: Follower, seat: int | None, log: list[dict[str, Any]],
                    final: int) -> None:
    events = [msgspec.convert(e["event"], GAME.event_type) for e in log]
    states = []
    state = GAME.initial_state()
    for event in events:
        state = GAME.evolve(state, event)
        states.append(state)
    snapshot = follower.messages[1]
    assert snapshot["type"] == "snapshot"
    assert snapshot["view"] == _json(GAME.view(states[snapshot["version"] - 1], seat))
    for message in follower.messages[2:]:
        if message["type"] == "heartbeat":
            continue
        _no_leak(seat, message)
        for event in message["events"]:
            assert event["event"] == _json(GAME.redact(events[event["version"] - 1], seat))
        assert message["view"] == _json(GAME.view(states[message["version"] - 1], seat))


async def _choice_hidden_until_all_chose(http: httpx.AsyncClient, game_id: str,
                                         tokens: list[str]) -> None:
    """Seat 0 keeps a leader: seat 1 sees that it chose, never what; seat 0 sees its own."""
    moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[0]))).json()
    command = moves["moves"][0]
    response = await http.post(f"/games/{game_id}/commands", headers=auth(tokens[0]),
                               json={"expected_version": moves["version"], "command": command})
    assert response.status_code == 200, response.text
    mine = (await http.get(f"/games/{game_id}/view", headers=auth(tokens[0]))).json()
    theirs = (await http.get(f"/games/{game_id}/view", headers=auth(tokens[1]))).json()
    assert mine["view"]["ext"]["pick"] == command["leader"]
    assert theirs["view"]["ext"]["pick"] == HIDDEN
    assert command["leader"] not in theirs["view"]["ext"]["hand"]


async def _play_step(clients: list[httpx.AsyncClient], game_id: str, tokens: list[str],
                     rng: random.Random, step: int) -> bool:
    game = (await clients[0].get(f"/games/{game_id}")).json()
    if game["over"]:
        return False
    chosen = []
    for seat in game["summary"]["acting"]:
        moves = (await clients[seat % 2].get(f"/games/{game_id}/legal-moves",
                                             headers=auth(tokens[seat]))).json()
        chosen.append((seat, moves["version"], rng.choice(moves["moves"])))
    rng.shuffle(chosen)
    for n, (seat, version, command) in enumerate(chosen):
        response = await clients[n % 2].post(
            f"/games/{game_id}/commands",
            json={"expected_version": version, "command": command,
                  "idempotency_key": f"leaders-{step}-{seat}"},
            headers=auth(tokens[seat]),
        )
        assert response.status_code == 200, response.text
    return True


async def test_no_seat_sees_another_seats_leaders(apis: list[ApiProcess]) -> None:
    a, b = apis
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as http_a, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as http_b:
        response = await http_a.post("/games", json={
            "kind": "7wonders", "expansions": ["leaders"],
            "seats": [{"name": n} for n in ("Ada", "Bo", "Cy")], "seed": 5,
            "options": {"boards": [[7, 1], [3, 0], [4, 1]]},
        })
        assert response.status_code == 201, response.text
        body = response.json()
        game_id = body["game"]["game_id"]
        tokens = [s["token"] for s in body["seats"]]
        assert body["game"]["summary"]["phase"] == "leader_draft"
        async with Follower(a.ws_url, game_id, tokens[0]) as s0, \
                Follower(b.ws_url, game_id, tokens[1]) as s1, \
                Follower(a.ws_url, game_id, tokens[2]) as s2, \
                Follower(b.ws_url, game_id, None) as spectator:
            followers: dict[int | None, Follower] = {0: s0, 1: s1, 2: s2, None: spectator}
            for follower in followers.values():
                await follower.wait_for(lambda m: m["type"] == "snapshot")
            await _choice_hidden_until_all_chose(http_b, game_id, tokens)
            rng = random.Random(3)
            step = 0
            while await _play_step([http_a, http_b], game_id, tokens, rng, step):
                step += 1
            summary = (await http_a.get(f"/games/{game_id}")).json()
            assert summary["over"] and summary["summary"]["phase"] == "over"
            final = summary["version"]
            for follower in followers.values():
                await follower.wait_version(final)
        log = (await http_b.get(f"/games/{game_id}/events")).json()["events"]
        assert [e["version"] for e in log] == list(range(1, final + 1))
        kinds = {e["event"]["type"] for e in log}
        assert {"LeadersDealt", "LeaderKept", "LeaderChosen", "LeadersPlayed"} <= kinds
        for seat, follower in followers.items():
            _check_follower(follower, seat, log, final)
