"""Rematches and invitations on two API processes (README, "Players and tables"): after a
game, one player asks for a rematch; a private table opens with the same kind, expansions,
options and seats, the asker seated and host, the other players invited (told on their
player socket, listed by `getMyInvitations`), bots where bots sat. Each invited player
accepts (joins its reserved seat) or declines (the seat opens). Both processes asked at
once open one table; a refused request writes nothing."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import asyncpg
import httpx

from infra.event_store import EventStore
from projections.seating import rebuild_seating
from tests.api.clients import auth
from tests.api.servers import ApiProcess
from tests.api.test_player_socket import guest, player_socket


async def _resign(http: httpx.AsyncClient, game_id: str, token: str) -> None:
    """The seat of `token` resigns: Duel ends at once (its opponent wins)."""
    moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(token))).json()
    reply = await http.post(f"/games/{game_id}/commands", headers=auth(token), json={
        "expected_version": moves["version"],
        "command": {"type": "Resign", "seat": moves["seat"]}})
    assert reply.status_code == 200, reply.text


def _code(reply: httpx.Response, status: int, code: str) -> None:
    assert reply.status_code == status, reply.text
    assert reply.json()["code"] == code, reply.text


async def _finished_duel(http: httpx.AsyncClient, ada: tuple[str, str],
                         bob: tuple[str, str], **options: Any) -> str:
    created = await http.post("/games", headers=auth(ada[1]), json={
        "kind": "duel", "options": options, "visibility": "public",
        "seats": [{"player": ada[0]}, {"open": True}]})
    assert created.status_code == 201, created.text
    game_id: str = created.json()["game"]["game_id"]
    assert (await http.post(f"/games/{game_id}/join", json={},
                            headers=auth(bob[1]))).status_code == 200
    await _resign(http, game_id, bob[1])
    assert (await http.get(f"/games/{game_id}")).json()["over"]
    return game_id


async def test_a_rematch_invites_the_other_players_who_accept_or_decline(
    apis: list[ApiProcess], pool: asyncpg.Pool
) -> None:
    a_api, b_api = apis
    async with httpx.AsyncClient(base_url=a_api.url, timeout=10) as a, \
            httpx.AsyncClient(base_url=b_api.url, timeout=10) as b:
        ada, bob, cleo = await guest(a, "Ada"), await guest(b, "Bob"), await guest(a, "Cleo")
        old = await _finished_duel(a, ada, bob)
        _code(await a.get(f"/games/{old}/rematch"), 404, "no_rematch")
        # only a player of the game asks; nothing is written when refused
        _code(await a.post(f"/games/{old}/rematch", headers=auth(cleo[1])), 403,
              "not_a_player")
        _code(await a.post(f"/games/{old}/rematch"), 401, "player_required")
        assert await pool.fetchval("SELECT count(*) FROM rematches WHERE game_id = $1",
                                   uuid.UUID(old)) == 0
        async with player_socket(b_api, bob[1]) as bob_socket:
            await bob_socket.wait_for(lambda m: m["type"] == "hello")
            asked = await a.post(f"/games/{old}/rematch", headers=auth(ada[1]))
            assert asked.status_code == 201, asked.text
            table = asked.json()["game"]
            new = table["game_id"]
            assert asked.json()["rematch_of"] == old
            assert table["waiting"] and table["visibility"] == "private"
            assert table["host"] == ada[0] and table["kind"] == "duel"
            assert [s["player"] for s in table["seats"]] == [ada[0], None]
            assert table["summary"]["reserved"] == [{"seat": 1, "player": bob[0]}]
            # Bob hears of it on the other process, and it is listed for him
            _, told = await bob_socket.wait_for(lambda m: m["type"] == "invitation")
            assert told["game_id"] == new and told["seat"] == 1 and told["host"] == ada[0]
            assert told["game"]["waiting"]
            listed = (await b.get("/players/me/invitations", headers=auth(bob[1]))).json()
            assert [(i["game"]["game_id"], i["seat"], i["host"])
                    for i in listed["invitations"]] == [(new, 1, ada[0])]
            mine = (await b.get("/players/me/games?state=waiting",
                                headers=auth(bob[1]))).json()
            assert new not in [g["game"]["game_id"] for g in mine["games"]]  # not seated yet
            # asking again, from either player and process, gives the same table
            again = await b.post(f"/games/{old}/rematch", headers=auth(bob[1]))
            assert again.status_code == 200 and again.json()["game"]["game_id"] == new
            assert (await a.get(f"/games/{old}/rematch")).json()["game"]["game_id"] == new
            # nobody else takes Bob's seat; Bob accepts by joining: the game starts
            _code(await a.post(f"/games/{new}/join", json={"seat": 1},
                               headers=auth(cleo[1])), 403, "invite_required")
            joined = await b.post(f"/games/{new}/join", json={}, headers=auth(bob[1]))
            assert joined.status_code == 200, joined.text
            assert joined.json()["seat"] == 1 and not joined.json()["game"]["waiting"]
            _, started = await bob_socket.wait_for(
                lambda m: m["type"] == "table" and m["game_id"] == new
                and m["change"] == "started")
            assert started["game"]["seats"][started["seat"]]["player"] == bob[0]
            assert (await b.get("/players/me/invitations",
                                headers=auth(bob[1]))).json()["invitations"] == []

        # the next rematch: Bob declines, his seat opens, nothing else changes
        await _resign(a, new, ada[1])
        third = (await b.post(f"/games/{new}/rematch", headers=auth(bob[1]))).json()["game"]
        third_id = third["game_id"]
        assert third["host"] == bob[0]
        seat_of_ada = next(r["seat"] for r in third["summary"]["reserved"])
        _code(await a.post(f"/games/{third_id}/decline", headers=auth(cleo[1])), 422,
              "not_invited")
        declined = await a.post(f"/games/{third_id}/decline", headers=auth(ada[1]))
        assert declined.status_code == 200, declined.text
        after = declined.json()
        assert after["waiting"] and after["summary"]["reserved"] == []
        assert after["summary"]["free"] == [seat_of_ada]
        assert (await a.get("/players/me/invitations",
                            headers=auth(ada[1]))).json()["invitations"] == []
        _code(await a.post(f"/games/{third_id}/decline", headers=auth(ada[1])), 422,
              "not_invited")
        events = (await a.get(f"/games/{third_id}/events")).json()["events"]
        assert [e["type"] for e in events] == ["TableOpened", "SeatDeclined"]
        assert events[1]["event"] == {"type": "SeatDeclined", "seat": seat_of_ada,
                                      "player": ada[0]}


async def test_a_rematch_keeps_options_and_bots_and_opens_once_across_processes(
    apis: list[ApiProcess],
) -> None:
    a_api, b_api = apis
    async with httpx.AsyncClient(base_url=a_api.url, timeout=10) as a, \
            httpx.AsyncClient(base_url=b_api.url, timeout=10) as b:
        ada, bob = await guest(a, "Ada"), await guest(b, "Bob")
        created = await a.post("/games", headers=auth(ada[1]), json={
            "kind": "7wonders", "expansions": ["leaders"], "visibility": "public",
            "seats": [{"player": ada[0]}, {"bot": "random", "name": "Robo"},
                      {"open": True}]})
        assert created.status_code == 201, created.text
        gid = created.json()["game"]["game_id"]
        _code(await a.post(f"/games/{gid}/rematch", headers=auth(ada[1])), 409,
              "game_not_over")
        assert (await b.post(f"/games/{gid}/join", json={},
                             headers=auth(bob[1]))).status_code == 200
        game = (await a.get(f"/games/{gid}")).json()
        seats = {s["player"]: i for i, s in enumerate(game["seats"])}
        await _resign(a, gid, ada[1])
        await _resign(b, gid, bob[1])
        for _ in range(300):  # the seats that left are their bots': they finish the game
            game = (await a.get(f"/games/{gid}")).json()
            if game["over"]:
                break
            await asyncio.sleep(0.2)
        assert game["over"], game["summary"]
        replies = await asyncio.gather(
            a.post(f"/games/{gid}/rematch", headers=auth(ada[1])),
            b.post(f"/games/{gid}/rematch", headers=auth(bob[1])))
        assert sorted(r.status_code for r in replies) == [200, 201], [r.text for r in replies]
        tables = {r.json()["game"]["game_id"] for r in replies}
        assert len(tables) == 1
        table = (await a.get(f"/games/{tables.pop()}")).json()
        assert table["kind"] == "7wonders" and table["expansions"] == ["leaders"]
        robot = next(i for i, s in enumerate(game["seats"]) if s["name"] == "Robo")
        assert table["options"]["bots"][robot] == "random"
        assert table["seats"][robot]["name"] == "Robo" and table["seats"][robot]["player"] is None
        host = table["host"]
        other = bob[0] if host == ada[0] else ada[0]
        assert table["seats"][seats[host]]["player"] == host
        assert table["summary"]["reserved"] == [{"seat": seats[other], "player": other}]


async def test_seats_held_and_invitations_are_rebuilt_from_the_games(
    apis: list[ApiProcess], pool: asyncpg.Pool
) -> None:
    """`polis rebuild-projections` writes `seats_held` (my games, invitations) again from
    the games' rows: the same rows as the appends wrote, after losing them all."""
    a_api, _ = apis
    async with httpx.AsyncClient(base_url=a_api.url, timeout=10) as a:
        ada, bob, cleo = await guest(a, "Ada"), await guest(a, "Bob"), await guest(a, "Cleo")
        old = await _finished_duel(a, ada, bob)
        await a.post(f"/games/{old}/rematch", headers=auth(bob[1]))  # Ada invited
        created = await a.post("/games", headers=auth(cleo[1]), json={
            "kind": "7wonders", "visibility": "private",
            "seats": [{"player": cleo[0]}, {"player": ada[0]}, {"open": True}]})
        assert created.status_code == 201, created.text
    query = "SELECT player_id, game_id, seat, invited FROM seats_held ORDER BY 1, 2"
    before = [tuple(r) for r in await pool.fetch(query)]
    assert any(r[3] for r in before) and any(not r[3] for r in before)
    await pool.execute("DELETE FROM seats_held")
    store = EventStore(pool)
    assert await rebuild_seating(store) == len(before)
    assert [tuple(r) for r in await pool.fetch(query)] == before
    async with httpx.AsyncClient(base_url=a_api.url, timeout=10) as a:
        mine = (await a.get("/players/me/invitations", headers=auth(ada[1]))).json()
    assert len(mine["invitations"]) == 2
