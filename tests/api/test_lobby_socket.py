"""The lobby WebSocket on two API processes (README, "Players and tables"): a snapshot of
the public tables of a kind, then each table opening, filling, starting and closing, whichever
process served the change; private tables and other kinds are not shown."""

from __future__ import annotations

import asyncpg
import httpx

from tests.api.clients import auth
from tests.api.servers import ApiProcess
from tests.api.test_player_socket import Listener, guest


def _about(game_id: str, change: str) -> object:
    return lambda m: (m["type"] == "lobby_table" and m["change"] == change
                      and m["table"]["game"]["game_id"] == game_id)


async def test_the_lobby_socket_shows_tables_open_fill_start_and_close(
    apis: list[ApiProcess], pool: asyncpg.Pool,
) -> None:
    a_api, b_api = apis
    async with httpx.AsyncClient(base_url=a_api.url, timeout=10) as a, \
            httpx.AsyncClient(base_url=b_api.url, timeout=10) as b:
        host, host_token = await guest(a, "Host")
        _, ada_token = await guest(a, "Ada")
        _, bob_token = await guest(b, "Bob")
        before = await a.post("/games", headers=auth(host_token), json={
            "kind": "7wonders", "visibility": "public",
            "seats": [{"player": host}, {"open": True}, {"open": True}]})
        old = before.json()["game"]["game_id"]
        async with Listener(f"{b_api.ws_url}/lobby/ws?kind=7wonders", None) as lobby, \
                Listener(f"{a_api.ws_url}/lobby/ws?kind=duel", None) as duels:
            _, snapshot = await lobby.wait_for(lambda m: m["type"] == "lobby")
            listed = {t["game"]["game_id"]: t["free"] for t in snapshot["tables"]}
            assert listed[old] == [1, 2]
            assert all(t["game"]["kind"] == "7wonders" for t in snapshot["tables"])
            await duels.wait_for(lambda m: m["type"] == "lobby")

            created = await a.post("/games", headers=auth(host_token), json={
                "kind": "7wonders", "visibility": "public",
                "seats": [{"player": host}, {"open": True}, {"open": True}]})
            gid = created.json()["game"]["game_id"]
            hidden = (await a.post("/games", headers=auth(host_token), json={
                "kind": "7wonders", "visibility": "private",
                "seats": [{"player": host}, {"open": True}, {"open": True}]})
            ).json()["game"]["game_id"]
            _, opened = await lobby.wait_for(_about(gid, "opened"))
            assert opened["table"]["free"] == [1, 2]
            assert (await a.post(f"/games/{gid}/join", json={},
                                 headers=auth(ada_token))).status_code == 200
            _, filling = await lobby.wait_for(_about(gid, "filling"))
            assert filling["table"]["free"] == [2]
            assert (await a.post(f"/games/{gid}/join", json={},
                                 headers=auth(bob_token))).status_code == 200
            _, started = await lobby.wait_for(_about(gid, "started"))
            assert not started["table"]["game"]["waiting"] and started["table"]["free"] == []
            # the older table: Ada sits down and stands up again (through the other process)
            assert (await b.post(f"/games/{old}/join", json={},
                                 headers=auth(ada_token))).status_code == 200
            at, _ = await lobby.wait_for(_about(old, "filling"))
            assert (await b.post(f"/games/{old}/leave",
                                 headers=auth(ada_token))).status_code == 200
            _, left = await lobby.wait_for(_about(old, "filling"), at + 1)
            assert left["table"]["free"] == [1, 2]
            # closed without any wake-up (as if the message were lost): the heartbeat's
            # read finds it gone and not started
            await pool.execute("UPDATE games SET waiting = false, over = true "
                               "WHERE game_id = $1::uuid", old)
            _, closed = await lobby.wait_for(_about(old, "closed"))
            assert closed["table"]["free"] == []
            shown = {m["table"]["game"]["game_id"] for m in lobby.messages
                     if m["type"] == "lobby_table"}
            assert hidden not in shown
            assert not any(m["type"] == "lobby_table" for m in duels.messages)
