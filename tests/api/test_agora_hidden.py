"""An Agora game hosted by the service: a seat never sees the other's unrevealed
conspiracies, the face-down decrees or the conspiracy deck, in views, events or
WebSocket messages.

The game is played over HTTP by both seats (preferring the moves that create secrets:
conspiring, keeping, preparing), followed over WebSockets by both seats and a spectator.
Every message each follower receives equals what the domain's `view` / `redact` give that
audience, and the secrets themselves are checked to be absent.
"""

from __future__ import annotations

import random
from typing import Any

import httpx
import msgspec

from domain.kernel import get_game
from tests.api.clients import Follower, auth
from tests.api.servers import ApiProcess

GAME: Any = get_game("duel", ("agora",))
SECRET_FIRST = ("Conspire", "KeepConspiracy", "PrepareConspiracy", "RecruitSenator")


def _json(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


async def _play(http: httpx.AsyncClient, game_id: str, tokens: list[str], rng: random.Random,
                turn: int) -> bool:
    game = (await http.get(f"/games/{game_id}")).json()
    if game["over"] or not game["summary"]["acting"]:
        return False
    seat = game["summary"]["acting"][0]
    moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[seat]))).json()
    preferred = [m for m in moves["moves"] if m["type"] in SECRET_FIRST]
    command = rng.choice(preferred or moves["moves"])
    response = await http.post(
        f"/games/{game_id}/commands",
        json={"expected_version": moves["version"], "command": command,
              "idempotency_key": f"agora-{turn}"},
        headers=auth(tokens[seat]),
    )
    assert response.status_code == 200, response.text
    return True


def _secrets(state: Any, seat: int) -> set[int]:
    """Conspiracy ids `seat` holds and has not triggered."""
    ext = state.ext
    return {c for i, c in enumerate(ext.held[seat]) if not ext.triggered[seat][i]}


def _check_view(view: dict[str, Any], state: Any, viewer: int | None) -> None:
    ext = state.ext
    agora = view["ext"]
    assert "deck" not in agora and agora["deck_size"] == len(ext.deck)
    for chamber, shown in enumerate(agora["decrees"]):
        for decree, seen in zip(ext.decrees[chamber], shown, strict=True):
            assert seen == (decree if (ext.revealed >> decree) & 1 else -1)
    for seat in (0, 1):
        if seat == viewer:
            continue
        shown = {c["conspiracy"] for c in agora["seats"][seat]["conspiracies"]}
        assert not shown & _secrets(state, seat)
        assert len(agora["seats"][seat]["conspiracies"]) == len(ext.held[seat])
        assert [c["prepared"] for c in agora["seats"][seat]["conspiracies"]] == [
            p >= 0 for p in ext.prepared[seat]]
    if ext.drawn and viewer is not None and viewer != _drawer(state):
        assert agora["drawn"] == []


def _drawer(state: Any) -> int:
    return int(state.pending[0][2]) if state.pending else int(state.current)


def _check_follower(follower: Follower, viewer: int | None, events: list[Any],
                    states: list[Any]) -> int:
    secrets_seen = 0
    version = follower.messages[1]["version"]
    assert follower.messages[1]["view"] == _json(GAME.view(states[version - 1], viewer))
    for message in follower.messages[2:]:
        if message["type"] != "update":
            continue
        for event in message["events"]:
            original = events[event["version"] - 1]
            assert event["event"] == _json(GAME.redact(original, viewer))
            name = type(original).__name__
            if name == "AgoraDealt":
                assert event["event"]["deal"] is None
            if name in ("ConspiraciesDrawn", "ConspiracyKept") and original.seat != viewer:
                secrets_seen += 1
                assert event["event"].get("cards", []) == []
                assert set(event["event"].get("kept", [])) <= {-1}
        version = message["version"]
        view = message["view"]
        assert view == _json(GAME.view(states[version - 1], viewer))
        _check_view(view, states[version - 1], viewer)
    return secrets_seen


async def test_agora_secrets_stay_hidden(apis: list[ApiProcess]) -> None:
    a, b = apis
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as http_a, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as http_b:
        created = await http_a.post("/games", json={
            "kind": "duel", "expansions": ["agora"], "seed": 3,
            "seats": [{"name": "Ada"}, {"name": "Brutus"}]})
        assert created.status_code == 201, created.text
        game_id = created.json()["game"]["game_id"]
        tokens = [s["token"] for s in created.json()["seats"]]
        async with Follower(a.ws_url, game_id, tokens[0]) as seat0, \
                Follower(b.ws_url, game_id, tokens[1]) as seat1, \
                Follower(b.ws_url, game_id, None) as spectator:
            followers = {0: seat0, 1: seat1, None: spectator}
            for follower in followers.values():
                await follower.wait_for(lambda m: m["type"] == "snapshot")
            rng = random.Random(8)
            turn = 0
            mid_checked = False
            while await _play([http_a, http_b][turn % 2], game_id, tokens, rng, turn):
                turn += 1
                if turn == 40:  # mid-game, over HTTP: each seat's view and its events
                    mid_checked = True
                    for seat in (0, 1):
                        seen = (await http_b.get(f"/games/{game_id}/events",
                                                 headers=auth(tokens[seat]))).json()
                        assert seen["redacted"] is True
                        dealt = next(e for e in seen["events"]
                                     if e["event"]["type"] == "AgoraDealt")
                        assert dealt["event"]["deal"] is None
                        assert -1 in dealt["event"]["face_up"]
            summary = (await http_a.get(f"/games/{game_id}")).json()
            assert summary["over"] and mid_checked
            final = summary["version"]
            for follower in followers.values():
                await follower.wait_version(final)

        log = (await http_b.get(f"/games/{game_id}/events")).json()
        assert log["redacted"] is False
        events = [msgspec.convert(e["event"], GAME.event_type) for e in log["events"]]
        states = []
        state = GAME.initial_state()
        for event in events:
            state = GAME.evolve(state, event)
            states.append(state)
        assert state.ext.held[0] or state.ext.held[1]
        hidden_draws = sum(_check_follower(f, seat, events, states)
                           for seat, f in followers.items())
        assert hidden_draws > 0


async def test_an_agora_game_from_an_explicit_deal(http: httpx.AsyncClient) -> None:
    """The whole set-up settable by an explicit deal through the service; a wrong one is a
    4xx with the domain's code, and no game is created."""
    deal = msgspec.to_builtins(GAME.deal(random.Random(12)))
    deal["decrees"] = [8, 9, 10, 11, 12, 13]
    deal["decrees_unused"] = [d for d in range(16) if d not in deal["decrees"]]
    created = await http.post("/games", json={
        "kind": "duel", "expansions": ["agora"], "deal": deal,
        "seats": [{"name": "Ada"}, {"name": "Brutus"}]})
    assert created.status_code == 201, created.text
    game_id = created.json()["game"]["game_id"]
    token = created.json()["seats"][0]["token"]
    view = (await http.get(f"/games/{game_id}/view", headers=auth(token))).json()["view"]
    assert [ds[0] for ds in view["ext"]["decrees"]] == [8, -1, 10, -1, 12, -1]
    deal["conspiracies"] = [0] * 16
    refused = await http.post("/games", json={
        "kind": "duel", "expansions": ["agora"], "deal": deal,
        "seats": [{"name": "Ada"}, {"name": "Brutus"}]})
    assert 400 <= refused.status_code < 500 and refused.json()["code"] == "invalid_deal"
