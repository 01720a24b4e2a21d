"""Clocks through the API (issue 17): the `clock` option, clocks in summaries, views and
pushes, and deadlines fired once by the session's two API processes on one database."""

from __future__ import annotations

import asyncio
import json
import random
import time
from datetime import datetime
from typing import Any

import asyncpg
import httpx
import pytest

from infra.settings import Settings
from tests.api.clients import Follower, auth
from tests.api.servers import ApiProcess

FULL_DEFAULTS = {"increment_seconds": 0.0, "on_timeout": "bot", "bot": "greedy",
                 "timeouts_to_bot": 3}


async def _create(http: httpx.AsyncClient, kind: str, seats: int, clock: Any = None,
                  seed: int = 3) -> tuple[str, list[str], dict[str, Any]]:
    options = {} if clock is None else {"clock": clock}
    response = await http.post("/games", json={
        "kind": kind, "seats": [{"name": f"P{i}"} for i in range(seats)], "seed": seed,
        "options": options})
    assert response.status_code == 201, response.text
    body = response.json()
    return body["game"]["game_id"], [s["token"] for s in body["seats"]], body["game"]


def _at(text: str) -> float:
    assert text.endswith("Z"), text
    return datetime.fromisoformat(text).timestamp()


async def _events(settings: Settings, game_id: str) -> list[asyncpg.Record]:
    assert settings.database_url
    conn = await asyncpg.connect(settings.database_url)
    try:
        return list(await conn.fetch(
            "SELECT version, type, payload::text AS payload, seat, command_id FROM events"
            " WHERE game_id = $1 ORDER BY version", game_id))
    finally:
        await conn.close()


async def _wait(http: httpx.AsyncClient, game_id: str, ready: Any,
                timeout: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        game: dict[str, Any] = (await http.get(f"/games/{game_id}")).json()
        if ready(game):
            return game
        await asyncio.sleep(0.05)
    raise AssertionError(f"game {game_id}: not reached in {timeout} s")


async def _move(http: httpx.AsyncClient, game_id: str, token: str, seed: int,
                may_be_late: bool = False) -> bool:
    """Play a random legal move; False when the seat's clock (or its bot) was first."""
    moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(token))).json()
    if not moves["moves"] and may_be_late:
        return False
    response = await http.post(f"/games/{game_id}/commands", headers=auth(token), json={
        "expected_version": moves["version"],
        "command": random.Random(seed).choice(moves["moves"])})
    if may_be_late and response.status_code in (409, 422):
        return False
    assert response.status_code == 200, response.text
    return True


def check_timeouts_fired_once(events: list[asyncpg.Record]) -> list[tuple[int, int]]:
    """Every timeout of a seat is one `SeatTimedOut` appended by the service for the version
    it ran out at, followed by one move of that seat (its bot's, keyed by the version it
    played at) before the seat can time out again; (seat, in_a_row) of each timeout."""
    found = []
    owed: dict[int, int] = {}
    for e in events:
        if e["type"] == "SeatTimedOut":
            seat = json.loads(e["payload"])["seat"]
            assert seat not in owed, f"seat {seat} timed out twice for one move: {e}"
            assert e["seat"] is None and e["command_id"] == f"timeout:{seat}:{e['version'] - 1}"
            owed[seat] = e["version"]
            found.append((seat, json.loads(e["payload"])["in_a_row"]))
        elif e["seat"] in owed:
            owed.pop(e["seat"])
    return found


@pytest.mark.parametrize(("clock", "says"), [
    ({"bank_seconds": 0}, "bank_seconds"),
    ({"bank_seconds": 5, "on_timeout": "pass"}, "on_timeout"),
    ({"bank_seconds": 5, "bot": "genius"}, "bot"),
    ({"bank_seconds": 5, "timeouts_to_bot": 0}, "timeouts_to_bot"),
    ({"bank_seconds": 5, "extra": 1}, "extra"),
    ({"increment_seconds": 5}, "bank_seconds"),
    ("300", "clock"),
])
async def test_a_bad_clock_option_is_refused_at_creation(
    http: httpx.AsyncClient, clock: Any, says: str
) -> None:
    """Issue 17: the option is checked for every kind; the refusal names what is wrong."""
    for kind, seats in (("duel", 2), ("7wonders", 3)):
        response = await http.post("/games", json={
            "kind": kind, "seats": [{"name": f"P{i}"} for i in range(seats)],
            "options": {"clock": clock}})
        assert response.status_code == 422, response.text
        body = response.json()
        assert body["code"] == "invalid_option" and says in body["message"], body


async def test_clocks_are_in_the_summary_the_view_and_every_push(
    http: httpx.AsyncClient, apis: list[ApiProcess]
) -> None:
    """Issue 17: a seat's clock runs only while it must act; a move adds the increment."""
    plain_id, _, plain = await _create(http, "duel", 2)
    assert plain["clocks"] is None and plain["clocks_as_of"] is None
    view = (await http.get(f"/games/{plain_id}/view")).json()
    assert view["clocks"] is None

    game_id, tokens, game = await _create(
        http, "duel", 2, {"bank_seconds": 300, "increment_seconds": 10})
    assert game["options"]["clock"] == {"bank_seconds": 300.0, **FULL_DEFAULTS,
                                        "increment_seconds": 10.0}
    first = game["summary"]["acting"][0]
    other = 1 - first
    clocks = {c["seat"]: c for c in game["clocks"]}
    assert clocks[first]["running"] and not clocks[other]["running"]
    assert clocks[other] == {"seat": other, "remaining_seconds": 300.0, "running": False,
                             "deadline": None, "timeouts_in_a_row": 0, "bot": False}
    assert 299 < clocks[first]["remaining_seconds"] <= 300
    created = _at(game["created_at"])
    assert abs(_at(clocks[first]["deadline"]) - (created + 300)) < 0.01
    assert _at(game["clocks_as_of"]) >= created

    view = (await http.get(f"/games/{game_id}/view", headers=auth(tokens[other]))).json()
    assert [c["seat"] for c in view["clocks"]] == [0, 1]
    assert view["clocks"][first]["running"] and view["clocks_as_of"].endswith("Z")

    async with Follower(apis[0].ws_url, game_id, tokens[0]) as near, \
            Follower(apis[1].ws_url, game_id, None) as far:
        snapshot = await near.wait_for(lambda m: m["type"] == "snapshot")
        assert snapshot["clocks"][first]["running"]
        await far.wait_for(lambda m: m["type"] == "snapshot")
        await asyncio.sleep(0.2)
        await _move(http, game_id, tokens[first], 1)
        pushes = [await f.wait_for(lambda m: m["type"] == "update") for f in (near, far)]
    for push in pushes:  # from memory here, from a read in the other process: the same
        moved, waiting = push["clocks"][first], push["clocks"][other]
        committed = _at(push["events"][-1]["recorded_at"])
        assert _at(push["clocks_as_of"]) == committed
        spent = committed - created
        assert spent >= 0.2
        assert moved["remaining_seconds"] == pytest.approx(300 - spent + 10, abs=0.002)
        assert not moved["running"] and moved["deadline"] is None
        assert waiting["running"] and waiting["remaining_seconds"] == 300
        assert _at(waiting["deadline"]) == pytest.approx(committed + 300, abs=0.002)
    assert pushes[0]["clocks"] == pushes[1]["clocks"]


async def test_a_clock_that_runs_out_forfeits_once(
    http: httpx.AsyncClient, settings: Settings
) -> None:
    """Issue 17, `on_timeout: forfeit`: the seat forfeits (the other seat wins a Duel)."""
    game_id, _, game = await _create(http, "duel", 2,
                                     {"bank_seconds": 0.3, "on_timeout": "forfeit"})
    first = game["summary"]["acting"][0]
    ended = await _wait(http, game_id, lambda g: g["over"])
    assert ended["summary"]["forfeited"] == first
    assert ended["summary"]["winner"] == 1 - first
    assert ended["clocks"][first]["remaining_seconds"] == 0
    assert not any(c["running"] for c in ended["clocks"])
    await asyncio.sleep(0.5)  # both processes had time to fire it again
    events = await _events(settings, game_id)
    assert [e["type"] for e in events].count("SeatForfeited") == 1
    assert events[-1]["type"] == "SeatForfeited"
    assert events[-1]["command_id"] == f"timeout:{first}:{events[-1]['version'] - 1}"


async def test_a_timed_out_seat_s_bot_moves_and_n_timeouts_in_a_row_hand_it_over(
    http: httpx.AsyncClient, settings: Settings
) -> None:
    """Issue 17, `on_timeout: bot`: the seat's bot plays the move; a move in time ends a
    run of timeouts; after `timeouts_to_bot` in a row the seat is its bot's to the end."""
    clock = {"bank_seconds": 0.4, "increment_seconds": 1.5, "timeouts_to_bot": 2,
             "bot": "random"}
    game_id, tokens, game = await _create(http, "duel", 2, clock, seed=8)
    slow = game["summary"]["acting"][0]
    quick = 1 - slow
    played_in_time = False
    deadline = time.monotonic() + 40
    while True:
        assert time.monotonic() < deadline, "the seat was not handed to its bot"
        game = (await http.get(f"/games/{game_id}")).json()
        mine = game["clocks"][slow]
        if mine["bot"]:
            break
        acting = game["summary"]["acting"]
        if quick in acting:
            await _move(http, game_id, tokens[quick], game["version"], may_be_late=True)
        elif slow in acting and mine["running"] and mine["timeouts_in_a_row"] == 1 \
                and not played_in_time:
            played_in_time = await _move(http, game_id, tokens[slow], game["version"],
                                         may_be_late=True)
            after = (await http.get(f"/games/{game_id}")).json()
            if played_in_time:
                assert after["clocks"][slow]["timeouts_in_a_row"] == 0
        await asyncio.sleep(0.03)
    assert game["clocks"][slow] == {**game["clocks"][slow], "running": False,
                                    "deadline": None, "timeouts_in_a_row": 2}
    events = await _events(settings, game_id)
    types = [e["type"] for e in events]
    handed = types.index("SeatHandedToBot")
    assert types.count("SeatHandedToBot") == 1
    assert json.loads(events[handed]["payload"]) == {"type": "SeatHandedToBot", "seat": slow,
                                                     "bot": "random"}
    assert events[handed - 1]["type"] == "SeatTimedOut"
    runs = [n for seat, n in check_timeouts_fired_once(events) if seat == slow]
    assert played_in_time and runs[0] == 1 and runs[-2:] == [1, 2], runs
    # the owed moves were the bot's, through the command path under the bot's key
    bot_keys = [e["command_id"] for e in events if e["seat"] == slow
                and (e["command_id"] or "").startswith(f"bot:{slow}:")]
    assert len(set(bot_keys)) >= 2
    # from now on the bot plays the seat at once: the game goes on without it
    await _wait(http, game_id, lambda g: g["version"] > events[-1]["version"] + 2)


async def test_in_simultaneous_choices_each_seat_s_own_clock_runs_out(
    http: httpx.AsyncClient, settings: Settings
) -> None:
    """Issue 17: in 7 Wonders' simultaneous picks each seat's own clock runs; a seat that
    picked in time is not timed out when the others' clocks run out."""
    game_id, tokens, game = await _create(
        http, "7wonders", 3, {"bank_seconds": 1.5, "timeouts_to_bot": 1, "bot": "random"})
    assert game["summary"]["acting"] == [0, 1, 2]
    assert all(c["running"] for c in game["clocks"])
    await _move(http, game_id, tokens[0], 1)
    picked = (await http.get(f"/games/{game_id}")).json()
    assert not picked["clocks"][0]["running"]
    assert picked["clocks"][1]["running"] and picked["clocks"][2]["running"]
    await _wait(http, game_id,
                lambda g: g["clocks"][1]["bot"] and g["clocks"][2]["bot"])
    events = await _events(settings, game_id)
    fired = check_timeouts_fired_once(events)
    assert fired[:2] in ([(1, 1), (2, 1)], [(2, 1), (1, 1)])


async def test_seats_handed_to_their_bots_finish_the_game_and_it_exports(
    http: httpx.AsyncClient, settings: Settings
) -> None:
    """Issue 17: a seat handed to its bot is played to the end; the timeouts are in the
    game's log, and its trace (moves only) is exported like any finished game's."""
    game_id, _, _ = await _create(
        http, "duel", 2, {"bank_seconds": 0.2, "timeouts_to_bot": 1, "bot": "random"}, seed=5)
    ended = await _wait(http, game_id, lambda g: g["over"], timeout=60)
    assert all(c["bot"] and not c["running"] for c in ended["clocks"])
    events = await _events(settings, game_id)
    assert sorted(seat for seat, _ in check_timeouts_fired_once(events)) == [0, 1]
    assert [e["type"] for e in events].count("SeatHandedToBot") == 2
    trace = await http.get(f"/games/{game_id}/trace")
    assert trace.status_code == 200, trace.text
