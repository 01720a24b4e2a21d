"""A whole Duel game over HTTP, followed by both seats and a spectator over WebSockets.

Commands alternate between two API processes; seat 0 follows on process A, seat 1 and the
spectator on process B. Every message each follower receives is checked: versions arrive
once and in order, and each view and event equals what the domain's `view` / `redact` give
that audience, so no follower ever holds another seat's secret.
"""

from __future__ import annotations

import random
from typing import Any

import httpx
import msgspec

from domain.kernel import get_game
from tests.api.clients import Follower, auth, create_game, play_one
from tests.api.servers import ApiProcess


def _json(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


def _check_follower(follower: Follower, seat: int | None, log: list[dict[str, Any]],
                    final: int) -> None:
    game = get_game("duel")
    events = [msgspec.convert(e["event"], game.event_type) for e in log]
    states = []
    state = game.initial_state()
    for event in events:
        state = game.evolve(state, event)
        states.append(state)

    kinds = [m["type"] for m in follower.messages]
    assert kinds[:2] == ["hello", "snapshot"], kinds[:3]
    assert follower.messages[0]["seat"] == seat
    snapshot = follower.messages[1]
    version = snapshot["version"]
    assert snapshot["view"] == _json(game.view(states[version - 1], seat))
    received: list[int] = []
    for message in follower.messages[2:]:
        assert message["type"] in ("update", "heartbeat"), message
        if message["type"] == "heartbeat":
            continue
        assert message["after_version"] == version
        for event in message["events"]:
            received.append(event["version"])
            expected = game.redact(events[event["version"] - 1], seat)
            assert event["event"] == _json(expected), (seat, event["version"])
        assert message["events"][-1]["version"] == message["version"]
        version = message["version"]
        assert message["view"] == _json(game.view(states[version - 1], seat))
    assert received == list(range(snapshot["version"] + 1, final + 1))


async def test_whole_game_two_processes_three_followers(apis: list[ApiProcess]) -> None:
    a, b = apis
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as http_a, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as http_b:
        game_id, tokens = await create_game(http_a, seed=11)
        async with Follower(a.ws_url, game_id, tokens[0]) as seat0, \
                Follower(b.ws_url, game_id, tokens[1]) as seat1, \
                Follower(b.ws_url, game_id, None) as spectator:
            followers = {0: seat0, 1: seat1, None: spectator}
            for follower in followers.values():
                await follower.wait_for(lambda m: m["type"] == "snapshot")
            rng = random.Random(5)
            turn = 0
            while (result := await play_one([http_a, http_b], game_id, tokens, rng, turn)):
                turn += 1
                assert result["version"] >= result["first_version"]
            summary = (await http_a.get(f"/games/{game_id}")).json()
            assert summary["over"] and turn > 20
            final = summary["version"]
            for follower in followers.values():
                await follower.wait_version(final)

        # once over, everyone reads the full log (the deal included)
        log_response = (await http_b.get(f"/games/{game_id}/events")).json()
        assert log_response["redacted"] is False
        log = log_response["events"]
        assert [e["version"] for e in log] == list(range(1, final + 1))
        assert log[0]["event"]["deal"] is not None
        for seat, follower in followers.items():
            _check_follower(follower, seat, log, final)

        # a reconnect with after_version receives exactly what it missed
        async with Follower(b.ws_url, game_id, tokens[1], after_version=final - 5) as late:
            await late.wait_version(final)
            got = [e["version"] for m in late.of_type("update") for e in m["events"]]
            assert got == list(range(final - 4, final + 1))
            assert not late.of_type("snapshot")

        # the view at any past version, for replays
        past = (await http_b.get(f"/games/{game_id}/versions/3/view",
                                 headers=auth(tokens[0]))).json()
        assert past["version"] <= 3 and past["seat"] == 0
