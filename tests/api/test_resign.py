"""`Resign` for every game kind, through the API (the kernel wrapper `domain/kernel/meta.py`,
its leaving rule: the game ends when one seat remains, else the seat's bot plays on)."""

from __future__ import annotations

import asyncio
import time
import uuid

import asyncpg
import httpx

from infra.settings import Settings
from tests.api.clients import auth, play_to_end
from tests.api.servers import ApiProcess


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


async def test_resigning_a_two_player_seven_wonders_game_lets_the_other_seat_win(
    http: httpx.AsyncClient,
) -> None:
    """The leaving rule (`domain/kernel/meta.py`) counts the game's seats, not its kind's:
    the 2-player 7 Wonders (Free City variant) is a two-seat game."""
    game_id, tokens = await _create(http, "7wonders", 2)
    response = await _resign(http, game_id, tokens[0], 0)
    assert response.status_code == 200, response.text
    game = (await http.get(f"/games/{game_id}")).json()
    summary = game["summary"]
    assert game["over"] and summary["variant"] == "free_city"
    assert (summary["winner"], summary["resigned"], summary["ranking"]) == (1, 0, [1, 0])


async def _events(settings: Settings, game_id: str) -> list[asyncpg.Record]:
    assert settings.database_url
    conn = await asyncpg.connect(settings.database_url)
    try:
        return list(await conn.fetch(
            "SELECT version, type, seat, command_id FROM events WHERE game_id = $1"
            " ORDER BY version", uuid.UUID(game_id)))
    finally:
        await conn.close()


async def test_resigning_a_three_seat_seven_wonders_game_lets_the_bot_play_it_to_the_end(
    http: httpx.AsyncClient, apis: list[ApiProcess], settings: Settings,
) -> None:
    """The leaving rule for more than two seats: the game goes on, the seat's bot plays it
    (no clock: the bot runner of the process that made each append; the seat resigns
    through the other process), the seat's token may send nothing more, and the final
    ranking puts the seat last."""
    game_id, tokens = await _create(http, "7wonders", 3)
    wrong = await _resign(http, game_id, tokens[0], 2)
    assert wrong.status_code == 403, wrong.text
    async with httpx.AsyncClient(base_url=apis[1].url, timeout=10) as other:
        response = await _resign(other, game_id, tokens[2], 2)
        assert response.status_code == 200, response.text
        game = (await http.get(f"/games/{game_id}")).json()
        assert not game["over"], game["summary"]
        assert game["summary"]["winner"] is None
        assert game["summary"]["left"] == [{"seat": 2, "how": "resigned"}]
        moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[2])))
        assert moves.json()["moves"] == [], "a seat that left has no move of its own"
        bots = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[0])))
        command = {**bots.json()["moves"][0], "seat": 2}  # a command of seat 2's shape
        refused = await http.post(f"/games/{game_id}/commands", headers=auth(tokens[2]), json={
            "expected_version": moves.json()["version"], "command": command})
        assert refused.status_code == 422 and refused.json()["code"] == "seat_left", refused.text
        again = await _resign(http, game_id, tokens[2], 2)
        assert again.status_code == 422 and again.json()["code"] == "seat_left", again.text

    game = await play_to_end(http, game_id, {0: tokens[0], 1: tokens[1]}, 7)
    summary = game["summary"]
    assert summary["phase"] == "over" and summary["victory"] == "points"
    assert sorted(summary["ranking"]) == [0, 1, 2] and summary["ranking"][-1] == 2
    assert summary["winner"] in (0, 1, None)
    assert summary["left"] == [{"seat": 2, "how": "resigned"}]
    view = (await http.get(f"/games/{game_id}/view")).json()
    assert view["view"]["ranking"] == summary["ranking"] and view["view"]["rank"][2] == 3

    events = await _events(settings, game_id)
    resigned = next(e["version"] for e in events if e["type"] == "SeatResigned")
    assert events[resigned]["type"] == "SeatHandedToBot"  # the next version
    bot_moves = [e for e in events if e["version"] > resigned + 1 and e["seat"] == 2]
    assert bot_moves and all(e["command_id"].startswith("bot:2:") for e in bot_moves)
    assert events[-1]["type"] == "GameEnded"


async def test_resigning_a_clock_game_of_three_seats_hands_the_seat_to_the_clock_s_bot(
    http: httpx.AsyncClient,
) -> None:
    """With a clock, the seat that left is handed to its bot as after too many timeouts:
    its clock stops and shows `bot`, and the clock's runner plays it (at the clock's level)."""
    response = await http.post("/games", json={
        "kind": "7wonders", "seats": [{"name": f"P{i}"} for i in range(3)], "seed": 4,
        "options": {"clock": {"bank_seconds": 300, "bot": "random"}}})
    assert response.status_code == 201, response.text
    game_id = response.json()["game"]["game_id"]
    tokens = [s["token"] for s in response.json()["seats"]]
    assert (await _resign(http, game_id, tokens[1], 1)).status_code == 200
    deadline = time.monotonic() + 20
    while True:
        game = (await http.get(f"/games/{game_id}")).json()
        if 1 not in game["summary"]["acting"]:
            break  # its bot has chosen this step's card
        assert time.monotonic() < deadline, "the seat's bot did not play"
        await asyncio.sleep(0.05)
    clock = game["clocks"][1]
    assert clock["bot"] and not clock["running"] and clock["deadline"] is None
    assert not game["over"] and game["summary"]["left"] == [{"seat": 1, "how": "resigned"}]


async def test_a_forfeit_in_a_three_seat_game_hands_the_seat_to_its_bot_to_the_end(
    http: httpx.AsyncClient, settings: Settings,
) -> None:
    """`on_timeout: forfeit` leaves the game as a resignation does: seat 0 never moves and
    forfeits when its bank runs out; the others (each move adds 10 s) play on against its
    bot, and it is ranked last."""
    response = await http.post("/games", json={
        "kind": "7wonders", "seats": [{"name": f"P{i}"} for i in range(3)], "seed": 5,
        "options": {"clock": {"bank_seconds": 2, "increment_seconds": 10,
                              "on_timeout": "forfeit", "bot": "random"}}})
    assert response.status_code == 201, response.text
    game_id = response.json()["game"]["game_id"]
    tokens = [s["token"] for s in response.json()["seats"]]
    game = await play_to_end(http, game_id, {1: tokens[1], 2: tokens[2]}, 3, timeout=60)
    summary = game["summary"]
    assert summary["victory"] == "points" and summary["ranking"][-1] == 0
    assert summary["left"] == [{"seat": 0, "how": "forfeited"}]
    events = await _events(settings, game_id)
    forfeits = [e for e in events if e["type"] == "SeatForfeited"]
    assert len(forfeits) == 1 and forfeits[0]["command_id"].startswith("timeout:0:")
    assert events[forfeits[0]["version"]]["type"] == "SeatHandedToBot"
    assert any(e["command_id"].startswith("bot:0:") for e in events
               if e["version"] > forfeits[0]["version"] + 1)
