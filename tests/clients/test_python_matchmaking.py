"""The Python client's matchmaking and ratings calls: two guests file tickets for one queue,
are matched into one game, one resigns, and the board and profiles show the ratings
(README, "Ratings and matchmaking")."""

from __future__ import annotations

import asyncio
import time

import pytest
from polis_client import PolisClient, PolisError

from tests.api.servers import ApiProcess


async def test_two_guests_are_matched_and_rated(apis: list[ApiProcess]) -> None:
    async with PolisClient(apis[0].url) as a, PolisClient(apis[1].url) as b:
        ada = await a.create_player("ClientAda")
        bob = await b.create_player("ClientBob")
        clock = {"bank_seconds": 4321}  # a queue of this test's own
        first = await a.file_ticket(ada.token, "duel", clock=clock)
        second = await b.file_ticket(bob.token, "duel", clock=clock)
        assert first.state == second.state == "waiting"
        with pytest.raises(PolisError) as refused:
            await a.file_ticket(ada.token, "duel", clock=clock)
        assert refused.value.code == "ticket_exists"
        deadline = time.monotonic() + 30
        while (found := await b.ticket(first.ticket_id)).state == "waiting":
            assert time.monotonic() < deadline
            await asyncio.sleep(0.2)
        assert found.state == "matched" and found.game_id
        assert (await a.ticket(second.ticket_id)).game_id == found.game_id
        game = await a.game(found.game_id)
        seat = next(s.seat for s in game.seats if s.player == ada.player_id)
        response = await a.http.post(
            f"/games/{found.game_id}/commands", headers={"Authorization": f"Bearer {ada.token}"},
            json={"expected_version": game.version, "command": {"type": "Resign", "seat": seat}})
        assert response.status_code == 200, response.text
        while not (profile := await b.player(bob.player_id)).ratings:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.2)
        assert profile.games == {"duel": 1} and profile.ratings[0].history[0].place == 1
        board = await a.leaderboard("duel", around="me", token=bob.token, limit=5)
        assert bob.player_id in [e.player_id for e in board.entries]
