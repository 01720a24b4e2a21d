"""Matchmaking and ratings end to end, as issue "Matchmaking, ratings and leaderboards"
says it is done: 30 guests file tickets on two API processes (7 Wonders for 3 to 5 seats,
and Duel); every ticket ends in exactly one game; the players play those games to the end
with their own tokens (bots fill a 7 Wonders table whose players waited long enough); each
rated game moves its players' ratings once; `polis rebuild-projections` gives the same
leaderboards."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid

import asyncpg
import httpx

from infra.settings import Settings
from tests.api.clients import play_to_end
from tests.api.servers import ROOT, ApiProcess
from tests.api.test_matchmaking import _file, _queue_clock, _settled
from tests.api.test_ratings import _guest, _rated


async def _boards(http: httpx.AsyncClient, players: set[str]
                  ) -> dict[str, list[tuple[str, float, int]]]:
    """Our players' entries of both default pools (player, rating, games)."""
    boards = {}
    for pool in ("duel", "7wonders"):
        entries = (await http.get(f"/leaderboards/{pool}", params={"limit": 200})).json()
        boards[pool] = sorted((e["player_id"], e["rating"], e["games"])
                              for e in entries["entries"] if e["player_id"] in players)
    return boards


async def test_thirty_guests_are_matched_play_and_are_rated_once(
    apis: list[ApiProcess], settings: Settings, pool: asyncpg.Pool
) -> None:
    clients = [httpx.AsyncClient(base_url=api.url, timeout=20) for api in apis]
    try:
        guests = [await _guest(clients[i % 2], f"Mm{i}") for i in range(30)]
        clock = _queue_clock()
        tickets: dict[str, tuple[str, str]] = {}
        for i, (player, token) in enumerate(guests):
            body = ({"kind": "duel"} if i % 3 == 0  # short tables' leftovers: bots after 5 s
                    else {"kind": "7wonders", "seats": [3, 5], "bots_after": 5})
            reply = await _file(clients[i % 2], token, rated=True, clock=clock, **body)
            assert reply.status_code == 201, reply.text
            tickets[reply.json()["ticket_id"]] = (player, token)
        found = await _settled(clients[0], list(tickets), timeout=90)
        assert {f["state"] for f in found} == {"matched"}, found
        games: dict[str, dict[int, str]] = {}
        for ticket in found:
            player, token = tickets[ticket["ticket_id"]]
            game = (await clients[0].get(f"/games/{ticket['game_id']}")).json()
            seats = [i for i, s in enumerate(game["seats"]) if s["player"] == player]
            assert len(seats) == 1, game["seats"]  # one seat, in one game
            games.setdefault(ticket["game_id"], {})[seats[0]] = token
        held = await pool.fetch(
            "SELECT player_id, count(*) AS n FROM seats_held WHERE player_id = ANY($1) "
            "GROUP BY player_id", [uuid.UUID(p) for p, _ in guests])
        assert sorted(r["n"] for r in held) == [1] * 30  # nobody in two games
        for game_id in games:
            game = (await clients[0].get(f"/games/{game_id}")).json()
            assert game["options"]["rated"] is True
            kind_seats = (game["kind"], len(game["seats"]))
            assert kind_seats == ("duel", 2) or (kind_seats[0] == "7wonders"
                                                 and 3 <= kind_seats[1] <= 5), kind_seats
        # the players play their games to the end, each with its own token
        await asyncio.gather(*(play_to_end(clients[n % 2], game_id, tokens, seed=n)
                               for n, (game_id, tokens) in enumerate(games.items())))
        await _rated(pool, list(games))
        players = {p for p, _ in guests}
        boards = await _boards(clients[1], players)
        assert sum(len(b) for b in boards.values()) == 30
        assert all(games_played == 1 for b in boards.values() for _, _, games_played in b)
        run = subprocess.run([sys.executable, "-m", "api.cli", "rebuild-projections"],
                             cwd=ROOT, capture_output=True, text=True, timeout=300,
                             env={**os.environ, "DATABASE_URL": settings.database_url or ""})
        assert run.returncode == 0, run.stderr
        assert await _boards(clients[0], players) == boards
    finally:
        for client in clients:
            await client.aclose()
