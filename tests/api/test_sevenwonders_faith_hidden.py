"""A 7 Wonders game with Faith hosted by the service, unchanged: the gods dealt, kept and
passed in the prayer and a god chosen with a card stay hidden from the other seats and the
spectator, in views, events and WebSocket messages, until the step reveals them.

Every step all acting seats read their legal moves at one version and submit them against
that same version in a random order, over both API processes (the prayer and the invocation
are simultaneous choices); the moves that make secrets are preferred (keeping a god,
playing a card with a god). Every message each follower receives must equal what the
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

GAME: Any = get_game("7wonders", ("faith",))
SEATS = 3
HIDDEN = -1


def _json(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


def _assert_no_secret(seat: int | None, message: dict[str, Any]) -> None:
    """Nothing of another seat's gods or unrevealed god in one message to `seat`."""
    view = message.get("view")
    if view is not None:
        faith = view["ext"]
        if seat is None:
            assert faith["gods_hand"] == [] and faith["gods_kept"] == []
            assert faith["my_god_choice"] is None
    for entry in message.get("events", []):
        event = entry["event"]
        kind = event["type"]
        if kind in ("PrayerBegan", "GodsPassed"):
            for city, hand in enumerate(event["hands"]):
                assert city == seat or set(hand) <= {HIDDEN}
        if kind == "GodKept" and event["seat"] != seat:
            assert event["god"] == HIDDEN
        if kind == "GodChosen" and event["seat"] != seat:
            assert event["choice"] is None
        if kind == "GodRevealed" and event["seat"] != seat:
            assert set(event["dropped"]) <= {HIDDEN}
        if kind == "GameStarted":
            assert event["deal"] is None


async def _play_step(clients: list[httpx.AsyncClient], game_id: str, tokens: list[str],
                     rng: random.Random, step: int, seen: set[str]) -> bool:
    game = (await clients[0].get(f"/games/{game_id}")).json()
    if game["over"]:
        return False
    chosen = []
    for seat in game["summary"]["acting"]:
        moves = (await clients[seat % 2].get(f"/games/{game_id}/legal-moves",
                                             headers=auth(tokens[seat]))).json()
        secret = [m for m in moves["moves"] if m["type"] in ("KeepGod", "PlayWithGod")]
        command = rng.choice(secret or moves["moves"])
        seen.add(command["type"])
        chosen.append((seat, moves["version"], command))
    rng.shuffle(chosen)
    for n, (seat, version, command) in enumerate(chosen):
        response = await clients[n % 2].post(
            f"/games/{game_id}/commands",
            json={"expected_version": version, "command": command,
                  "idempotency_key": f"faith-{step}-{seat}"},
            headers=auth(tokens[seat]),
        )
        assert response.status_code == 200, response.text
    return True


def _check_follower(follower: Follower, seat: int | None, events: list[Any],
                    states: list[Any], final: int) -> None:
    assert [m["type"] for m in follower.messages[:2]] == ["hello", "snapshot"]
    snapshot = follower.messages[1]
    assert snapshot["view"] == _json(GAME.view(states[snapshot["version"] - 1], seat))
    received: list[int] = []
    for message in follower.messages[2:]:
        if message["type"] == "heartbeat":
            continue
        assert message["type"] == "update", message
        _assert_no_secret(seat, message)
        for event in message["events"]:
            received.append(event["version"])
            assert event["event"] == _json(GAME.redact(events[event["version"] - 1], seat))
        assert message["view"] == _json(GAME.view(states[message["version"] - 1], seat))
    assert received == list(range(snapshot["version"] + 1, final + 1))


async def test_faith_secrets_stay_hidden(apis: list[ApiProcess]) -> None:
    a, b = apis
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as http_a, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as http_b:
        created = await http_a.post("/games", json={
            "kind": "7wonders", "expansions": ["faith"], "seed": 5,
            "options": {"god_costs": {"apollon": {"1": ["coins", 1]}}},
            "seats": [{"name": n} for n in ("Ada", "Bo", "Cy")]})
        assert created.status_code == 201, created.text
        body = created.json()
        game_id = body["game"]["game_id"]
        tokens = [s["token"] for s in body["seats"]]
        assert body["game"]["summary"]["phase"] == "prayer"
        assert body["game"]["summary"]["acting"] == [0, 1, 2]
        async with Follower(a.ws_url, game_id, tokens[0]) as s0, \
                Follower(b.ws_url, game_id, tokens[1]) as s1, \
                Follower(a.ws_url, game_id, tokens[2]) as s2, \
                Follower(b.ws_url, game_id, None) as spectator:
            followers: dict[int | None, Follower] = {0: s0, 1: s1, 2: s2, None: spectator}
            for follower in followers.values():
                await follower.wait_for(lambda m: m["type"] == "snapshot")
            rng = random.Random(8)
            step = 0
            seen: set[str] = set()
            while await _play_step([http_a, http_b], game_id, tokens, rng, step, seen):
                step += 1
                if step == 1:  # mid-prayer, over HTTP: another seat's gods are not shown
                    for seat in range(SEATS):
                        view = (await http_b.get(f"/games/{game_id}/view",
                                                 headers=auth(tokens[seat]))).json()["view"]
                        assert len(view["ext"]["gods_kept"]) == 1
                        assert view["ext"]["gods_kept_count"] == [1, 1, 1]
                        cost = view["ext"]["god_costs"][1][0]
                        assert cost == ["coins", 1, [0] * 7]  # the option's Apollo
            assert {"KeepGod", "PlayWithGod"} <= seen
            summary = (await http_a.get(f"/games/{game_id}")).json()
            assert summary["over"]
            final = summary["version"]
            for follower in followers.values():
                await follower.wait_version(final)

        log = (await http_b.get(f"/games/{game_id}/events")).json()["events"]
        events = [msgspec.convert(e["event"], GAME.event_type) for e in log]
        state = GAME.initial_state()
        states = []
        for event in events:
            state = GAME.evolve(state, event)
            states.append(state)
        assert any(type(e).__name__ == "GodRevealed" for e in events)
        for audience, follower in followers.items():
            _check_follower(follower, audience, events, states, final)


async def test_a_faith_game_refuses_bad_options_and_seat_counts(
    http: httpx.AsyncClient,
) -> None:
    bad = await http.post("/games", json={
        "kind": "7wonders", "expansions": ["faith"],
        "options": {"god_costs": {"apollon": {"9": ["coins", 1]}}},
        "seats": [{"name": n} for n in ("Ada", "Bo", "Cy")]})
    assert bad.status_code in (400, 422), bad.text
    assert bad.json()["code"] == "invalid_option"
    bad_board = await http.post("/games", json={
        "kind": "7wonders", "expansions": ["faith"],
        "options": {"board_costs": {"ithaca": {"A9": {"wood": 1}}}},
        "seats": [{"name": n} for n in ("Ada", "Bo", "Cy")]})
    assert bad_board.status_code in (400, 422), bad_board.text
    assert bad_board.json()["code"] == "invalid_option"
    seven = await http.post("/games", json={
        "kind": "7wonders", "expansions": ["faith"],
        "options": {"guild_costs": {"plunderers_guild": {"ore": 3}}},
        "seats": [{"name": str(n)} for n in range(7)]})
    assert seven.status_code in (200, 201), seven.text
    many = await http.post("/games", json={
        "kind": "7wonders", "expansions": ["faith"],
        "seats": [{"name": str(n)} for n in range(8)]})
    assert many.status_code in (400, 422), many.text
    assert many.json()["code"] == "invalid_seat_count"
