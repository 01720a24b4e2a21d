"""Matchmaking over real API processes (README, "Ratings and matchmaking"): tickets are
filed, read and cancelled; the matcher seats close players in one game they play at once
with their player tokens; bots fill only after `bots_after`; bad tickets are refused with
nothing written; with two processes matching one queue and one killed, each ticket ends in
at most one game, and that game exists."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import asyncpg
import httpx

from infra.settings import Settings
from tests.api.clients import auth
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess
from tests.api.test_player_socket import guest, player_socket

_CLOCKS = iter(range(1000, 100000, 7))


def _queue_clock() -> dict[str, Any]:
    """A clock of its own: the test's tickets wait in a queue no other test uses."""
    return {"bank_seconds": next(_CLOCKS)}


async def _file(http: httpx.AsyncClient, token: str, **body: Any) -> httpx.Response:
    return await http.post("/matchmaking/tickets", headers=auth(token), json=body)


async def _settled(http: httpx.AsyncClient, tickets: list[str], timeout: float = 30,
                   fewest: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """The tickets once none waits, or (`fewest`: the smallest table per kind) once too
    few wait in each kind to make a table, for a second (several rounds) on end."""
    deadline = time.monotonic() + timeout
    short_since: float | None = None
    while True:
        found = [(await http.get(f"/matchmaking/tickets/{t}")).json() for t in tickets]
        waiting = Counter(f["kind"] for f in found if f["state"] == "waiting")
        if not waiting or time.monotonic() > deadline:
            return found
        if fewest is not None and all(n < fewest[k] for k, n in waiting.items()):
            short_since = short_since or time.monotonic()
            if time.monotonic() - short_since > 1.0:
                return found
        else:
            short_since = None
        await asyncio.sleep(0.2)


async def test_bad_tickets_are_refused_and_nothing_is_written(
    http: httpx.AsyncClient, pool: asyncpg.Pool
) -> None:
    player, token = await guest(http, "Picky")
    clock = _queue_clock()
    for body, status, code in (
        ({"kind": "chess"}, 422, "unknown_game_kind"),
        ({"kind": "duel", "expansions": ["dragons"]}, 422, "unknown_expansion"),
        ({"kind": "7wonders", "seats": [2, 9]}, 422, "invalid_seat_count"),
        ({"kind": "7wonders", "seats": [5, 3]}, 422, "invalid_seat_count"),
        ({"kind": "duel", "bots_after": -1}, 400, "invalid_body"),
        ({"kind": "duel", "clock": {"bank_seconds": -5}}, 422, None),
    ):
        reply = await _file(http, token, **body)
        assert reply.status_code == status, (body, reply.text)
        assert code is None or reply.json()["code"] == code, (body, reply.text)
    assert await pool.fetchval("SELECT count(*) FROM match_tickets WHERE player_id = $1",
                               uuid.UUID(player)) == 0
    first = await _file(http, token, kind="7wonders", seats=[3, 5], clock=clock)
    assert first.status_code == 201, first.text
    again = await _file(http, token, kind="7wonders", seats=[3, 4], clock=clock)
    assert again.status_code == 409 and again.json()["code"] == "ticket_exists", again.text
    assert (await http.post("/matchmaking/tickets", json={"kind": "duel"})).json()["code"] \
        == "player_required"
    ticket = first.json()["ticket_id"]
    _, other = await guest(http, "Other")
    refused = await http.delete(f"/matchmaking/tickets/{ticket}", headers=auth(other))
    assert refused.status_code == 404 and refused.json()["code"] == "ticket_not_found"
    cancelled = await http.delete(f"/matchmaking/tickets/{ticket}", headers=auth(token))
    assert cancelled.status_code == 200 and cancelled.json()["state"] == "cancelled"
    closed = await http.delete(f"/matchmaking/tickets/{ticket}", headers=auth(token))
    assert closed.status_code == 409 and closed.json()["code"] == "ticket_closed"
    assert (await http.get(f"/matchmaking/tickets/{uuid.uuid4()}")).status_code == 404
    assert (await http.get("/matchmaking/tickets/nope")).status_code == 400
    # once cancelled, the queue takes a new ticket
    assert (await _file(http, token, kind="7wonders", clock=clock)).status_code == 201


async def test_three_guests_are_seated_in_one_game_and_told_on_their_socket(
    http: httpx.AsyncClient, apis: list[ApiProcess]
) -> None:
    clock = _queue_clock()
    guests = [await guest(http, f"Mm{i}") for i in range(3)]
    async with player_socket(apis[1], guests[0][1]) as socket:
        await socket.wait_for(lambda m: m["type"] == "hello")
        tickets = []
        for _, token in guests:
            reply = await _file(http, token, kind="7wonders", seats=[3, 5], clock=clock)
            assert reply.status_code == 201, reply.text
            assert reply.json()["state"] == "waiting"
            tickets.append(reply.json()["ticket_id"])
        found = await _settled(http, tickets)
        assert {f["state"] for f in found} == {"matched"}
        [game_id] = {f["game_id"] for f in found}
        _, told = await socket.wait_for(
            lambda m: m["type"] == "ticket" and m["ticket"]["state"] == "matched")
        assert told["ticket"]["game_id"] == game_id
    game = (await http.get(f"/games/{game_id}")).json()
    assert sorted(s["player"] for s in game["seats"]) == sorted(p for p, _ in guests)
    assert game["options"]["rated"] is True and not game["waiting"]
    for _, token in guests:  # each may act at once with its player token
        moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(token))).json()
        assert moves["moves"], moves
    closed = await http.delete(f"/matchmaking/tickets/{tickets[0]}", headers=auth(guests[0][1]))
    assert closed.status_code == 409 and closed.json()["details"]["game_id"] == game_id


async def test_bots_fill_a_table_only_after_bots_after(http: httpx.AsyncClient) -> None:
    clock = _queue_clock()
    _, token = await guest(http, "Lonely")
    reply = await _file(http, token, kind="duel", clock=clock, bots_after=2.5)
    ticket = reply.json()["ticket_id"]
    await asyncio.sleep(1.5)
    assert (await http.get(f"/matchmaking/tickets/{ticket}")).json()["state"] == "waiting"
    [found] = await _settled(http, [ticket])
    assert found["state"] == "matched"
    game = (await http.get(f"/games/{found['game_id']}")).json()
    assert sorted(level or "" for level in game["options"]["bots"]) == ["", "greedy"]


async def test_two_processes_match_one_queue_with_one_killed(
    settings: Settings, pool: asyncpg.Pool, tmp_path: Path
) -> None:
    env = {**api_env(settings), "POLIS_MATCH_INTERVAL_SECONDS": "0.1"}
    servers = [ApiProcess(env, tmp_path, name).start() for name in ("m1", "m2")]
    clock = _queue_clock()
    tickets: list[str] = []
    try:
        clients = [httpx.AsyncClient(base_url=s.url, timeout=10) for s in servers]
        for i in range(30):
            http = clients[i % 2]
            _, token = await guest(http, f"Q{i}")
            body: dict[str, Any] = {"kind": "7wonders", "seats": [3, 5], "clock": clock}
            if i % 3 == 0:
                body = {"kind": "duel", "clock": clock}
            reply = await _file(http, token, **body)
            assert reply.status_code == 201, reply.text
            tickets.append(reply.json()["ticket_id"])
            if i == 15:
                servers[0].kill()  # mid-way, while both match these queues
                clients[0] = clients[1]
        found = await _settled(clients[1], tickets, timeout=90,
                               fewest={"duel": 2, "7wonders": 3})
        # a group the killed process matched gets its game from the next round's recovery
        deadline = time.monotonic() + 30
        for game_id in {f["game_id"] for f in found if f["state"] == "matched"}:
            while (await clients[1].get(f"/games/{game_id}")).status_code == 404:
                assert time.monotonic() < deadline, f"no game {game_id} for its tickets"
                await asyncio.sleep(0.2)
        for client in {id(c): c for c in clients}.values():
            await client.aclose()
    finally:
        for server in servers:
            server.stop()
    rows = await pool.fetch(
        "SELECT ticket_id, player_id, state, game_id FROM match_tickets WHERE ticket_id = ANY($1)",
        [uuid.UUID(t) for t in tickets])
    assert len(rows) == 30
    waiting = [r for r in rows if r["state"] == "waiting"]
    assert len(waiting) <= 4, found  # at most a short table's worth per queue is left
    games: dict[uuid.UUID, list[uuid.UUID]] = {}
    for row in rows:
        if row["state"] == "matched":
            games.setdefault(row["game_id"], []).append(row["player_id"])
    for game_id, players in games.items():
        seated = await pool.fetch("SELECT player_id FROM seats_held WHERE game_id = $1",
                                  game_id)
        assert sorted(r["player_id"] for r in seated) == sorted(players)
    held = await pool.fetch(
        "SELECT player_id, count(*) AS n FROM seats_held WHERE player_id = ANY($1) "
        "GROUP BY player_id", [r["player_id"] for r in rows])
    assert all(r["n"] == 1 for r in held)  # one ticket each: never two games


async def test_a_match_whose_matcher_died_before_its_game_gets_its_game(
    http: httpx.AsyncClient, pool: asyncpg.Pool
) -> None:
    """The round committed the tickets as matched, then its process died before creating
    the game: another process's round creates it, with the id the tickets name. Until then
    the tickets read `waiting` without a game: a client that reads `matched` opens its game
    at once (a read between a round's commit and its game once met a 404)."""
    guests = [await guest(http, f"Orphan{i}") for i in range(2)]
    players = [uuid.UUID(player) for player, _ in guests]
    game_id, tickets = uuid.uuid4(), [uuid.uuid4() for _ in players]
    for ticket, player in zip(tickets, players, strict=True):
        await pool.execute(
            """INSERT INTO match_tickets (ticket_id, player_id, queue, kind, expansions,
                 seats_min, seats_max, rated, rating, state, game_id)
               VALUES ($1, $2, 'duel/orphans', 'duel', '{}', 2, 2, false, 25, 'matched', $3)
            """, ticket, player, game_id)
    # matched a moment ago: recovery waits POLIS_MATCH_RECOVER_SECONDS (10 s) for its matcher
    for ticket in tickets:
        read = (await http.get(f"/matchmaking/tickets/{ticket}")).json()
        assert (read["state"], read["game_id"]) == ("waiting", None), read
    # and cancelling says what is stored: the match stands
    refused = await http.delete(f"/matchmaking/tickets/{tickets[0]}",
                                headers=auth(guests[0][1]))
    assert refused.status_code == 409, refused.text
    assert refused.json()["details"] == {"state": "matched", "game_id": str(game_id)}
    await pool.execute("UPDATE match_tickets SET updated_at = now() - interval '1 minute' "
                       "WHERE ticket_id = ANY($1)", tickets)
    deadline = time.monotonic() + 20
    while (reply := await http.get(f"/games/{game_id}")).status_code == 404:
        assert time.monotonic() < deadline
        await asyncio.sleep(0.2)
    game = reply.json()
    assert sorted(uuid.UUID(s["player"]) for s in game["seats"]) == sorted(players)
    assert game["options"] == {"rated": False}
    for ticket in tickets:
        read = (await http.get(f"/matchmaking/tickets/{ticket}")).json()
        assert (read["state"], read["game_id"]) == ("matched", str(game_id)), read


async def test_a_ticket_nobody_matches_expires(http: httpx.AsyncClient, pool: asyncpg.Pool
                                               ) -> None:
    _, token = await guest(http, "Patient")
    ticket = (await _file(http, token, kind="duel", clock=_queue_clock())).json()["ticket_id"]
    # filed longer ago than POLIS_MATCH_TICKET_SECONDS (600 s by default)
    await pool.execute("UPDATE match_tickets SET created_at = now() - interval '11 minutes' "
                       "WHERE ticket_id = $1", uuid.UUID(ticket))
    [found] = await _settled(http, [ticket])
    assert found["state"] == "expired" and found["game_id"] is None
