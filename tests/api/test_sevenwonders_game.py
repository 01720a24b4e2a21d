"""A whole 4-seat 7 Wonders game through the service: a WebSocket per seat and a spectator.

Every step all acting seats read their legal moves at one version and then submit them, in
a random order, against that same version over both API processes (a seat's choice must
not fail because another seat chose first). Every message each follower receives must be
what the domain's `view` / `redact` give that audience, and no message to a seat may hold
another seat's hand or unrevealed choice.
"""

from __future__ import annotations

import random
from typing import Any

import httpx
import msgspec

from domain.kernel import get_game
from tests.api.clients import Follower, auth
from tests.api.servers import ApiProcess

SEATS = 4
HIDDEN = -1


def _json(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


def _assert_no_secret(seat: int | None, message: dict[str, Any]) -> None:
    """Nothing of another seat's hand or pending choice in one message to `seat`."""
    view = message.get("view")
    if view is not None:
        for city in view["cities"]:
            assert "hand" not in city
        assert all(c["city"] == seat for c in view["my_choices"])
    for entry in message.get("events", []):
        event = entry["event"]
        if event["type"] == "CardChosen" and event["seat"] != seat:
            assert event["choice"] is None
        if event["type"] == "AgeBegan":
            for city, hand in enumerate(event["hands"]):
                assert city == seat or set(hand) <= {HIDDEN}
        if event["type"] == "GameStarted":
            assert event["deal"] is None


def _check_follower(follower: Follower, seat: int | None, log: list[dict[str, Any]],
                    final: int) -> None:
    game = get_game("7wonders")
    events = [msgspec.convert(e["event"], game.event_type) for e in log]
    states = []
    state = game.initial_state()
    for event in events:
        state = game.evolve(state, event)
        states.append(state)
    assert [m["type"] for m in follower.messages[:2]] == ["hello", "snapshot"]
    snapshot = follower.messages[1]
    version = snapshot["version"]
    assert snapshot["view"] == _json(game.view(states[version - 1], seat))
    received: list[int] = []
    for message in follower.messages[2:]:
        if message["type"] == "heartbeat":
            continue
        assert message["type"] == "update", message
        _assert_no_secret(seat, message)
        for event in message["events"]:
            received.append(event["version"])
            assert event["event"] == _json(game.redact(events[event["version"] - 1], seat))
        version = message["version"]
        assert message["view"] == _json(game.view(states[version - 1], seat))
    assert received == list(range(snapshot["version"] + 1, final + 1))


async def _play_step(clients: list[httpx.AsyncClient], game_id: str, tokens: list[str],
                     rng: random.Random, step: int) -> bool:
    game = (await clients[0].get(f"/games/{game_id}")).json()
    acting = game["summary"]["acting"]
    if game["over"]:
        return False
    chosen = []
    for seat in acting:
        moves = (await clients[seat % 2].get(f"/games/{game_id}/legal-moves",
                                             headers=auth(tokens[seat]))).json()
        chosen.append((seat, moves["version"], rng.choice(moves["moves"])))
    rng.shuffle(chosen)
    for n, (seat, version, command) in enumerate(chosen):
        response = await clients[n % 2].post(
            f"/games/{game_id}/commands",
            json={"expected_version": version, "command": command,
                  "idempotency_key": f"step-{step}-seat-{seat}"},
            headers=auth(tokens[seat]),
        )
        assert response.status_code == 200, response.text
    return True


async def _refusals(http: httpx.AsyncClient, game_id: str, tokens: list[str]) -> None:
    """Illegal choices are refused by the rules with their reason, and change nothing."""
    view = (await http.get(f"/games/{game_id}/view", headers=auth(tokens[0]))).json()
    version = view["version"]
    mine = view["view"]["hand"]
    others = (await http.get(f"/games/{game_id}/view", headers=auth(tokens[1]))).json()
    theirs = others["view"]["hand"]
    foreign = next(c for c in theirs if c not in mine)
    cases = [
        (tokens[0], {"type": "Play", "seat": 0, "card": foreign, "action": "discard"},
         422, "card_not_in_hand"),
        (tokens[0], {"type": "Play", "seat": 0, "card": mine[0], "action": "fly"},
         422, "unknown_action"),
        (tokens[1], {"type": "Play", "seat": 0, "card": mine[0], "action": "discard"},
         403, None),
    ]
    for token, command, status, code in cases:
        response = await http.post(f"/games/{game_id}/commands", headers=auth(token),
                                   json={"expected_version": version, "command": command})
        assert response.status_code == status, response.text
        if code is not None:
            assert response.json()["code"] == code
    again = (await http.get(f"/games/{game_id}")).json()
    assert again["version"] == version


async def test_whole_game_four_seats_and_a_spectator(apis: list[ApiProcess]) -> None:
    a, b = apis
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as http_a, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as http_b:
        response = await http_a.post("/games", json={
            "kind": "7wonders", "seats": [{"name": n} for n in ("Ada", "Bo", "Cy", "Di")],
            "seed": 21,
        })
        assert response.status_code == 201, response.text
        body = response.json()
        game_id = body["game"]["game_id"]
        tokens = [s["token"] for s in body["seats"]]
        assert body["game"]["summary"]["acting"] == [0, 1, 2, 3]
        await _refusals(http_b, game_id, tokens)
        async with Follower(a.ws_url, game_id, tokens[0]) as s0, \
                Follower(b.ws_url, game_id, tokens[1]) as s1, \
                Follower(a.ws_url, game_id, tokens[2]) as s2, \
                Follower(b.ws_url, game_id, tokens[3]) as s3, \
                Follower(a.ws_url, game_id, None) as spectator:
            followers: dict[int | None, Follower] = {0: s0, 1: s1, 2: s2, 3: s3,
                                                     None: spectator}
            for follower in followers.values():
                await follower.wait_for(lambda m: m["type"] == "snapshot")
            rng = random.Random(8)
            step = 0
            while await _play_step([http_a, http_b], game_id, tokens, rng, step):
                step += 1
            summary = (await http_a.get(f"/games/{game_id}")).json()
            assert summary["over"] and step >= 18
            assert summary["summary"]["phase"] == "over"
            final = summary["version"]
            for follower in followers.values():
                await follower.wait_version(final)

        log = (await http_b.get(f"/games/{game_id}/events")).json()["events"]
        assert [e["version"] for e in log] == list(range(1, final + 1))
        assert log[0]["event"]["deal"] is not None  # the full log once the game is over
        for seat, follower in followers.items():
            _check_follower(follower, seat, log, final)
