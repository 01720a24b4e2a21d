"""The player WebSocket on two API processes (README, "Players and tables"): three guests
at a table, each socket on another process than the one serving its joins; each is told
the table started, plays every turn it is told of (`your_turn` is the only prompt: a turn
it missed would stall the game), and learns the game ended with its ranking. A signed-in
player with no games hears nothing but heartbeats; seat tokens and tokens in the URL are
refused."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tests.api.clients import auth, create_game
from tests.api.servers import ApiProcess


class Listener:
    """A WebSocket that logs in with a first message and keeps every message it gets."""

    def __init__(self, url: str, first: dict[str, Any] | None) -> None:
        self.url = url
        self.first = first
        self.messages: list[dict[str, Any]] = []
        self.closed: int | None = None
        self._socket: ClientConnection | None = None
        self._task: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()

    async def __aenter__(self) -> Listener:
        self._socket = await connect(self.url)
        if self.first is not None:
            await self._socket.send(json.dumps(self.first))
        self._task = asyncio.create_task(self._read())
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._socket:
            await self._socket.close()

    async def _read(self) -> None:
        assert self._socket is not None
        try:
            async for raw in self._socket:
                self.messages.append(json.loads(raw))
                self._changed.set()
        except ConnectionClosed:
            pass
        self.closed = self._socket.close_code
        self._changed.set()

    async def wait_for(self, predicate: Any, after: int = 0,
                       timeout: float = 20.0) -> tuple[int, dict[str, Any]]:
        """The first message from index `after` on for which `predicate` holds, and its
        index."""
        async with asyncio.timeout(timeout):
            while True:
                for i, message in enumerate(self.messages[after:], after):
                    if predicate(message):
                        return i, message
                after = len(self.messages)
                if self.closed is not None:
                    raise AssertionError(f"closed {self.closed}: {self.messages}")
                self._changed.clear()
                await self._changed.wait()

    def kinds(self) -> set[str]:
        return {m["type"] for m in self.messages}


def player_socket(api: ApiProcess, token: str | None) -> Listener:
    return Listener(f"{api.ws_url}/players/me/ws", {"type": "follow", "token": token})


async def guest(http: httpx.AsyncClient, name: str) -> tuple[str, str]:
    reply = await http.post("/players", json={"name": name})
    http.cookies.clear()
    assert reply.status_code == 201, reply.text
    return reply.json()["player_id"], reply.json()["token"]


async def play_when_told(http: httpx.AsyncClient, socket: Listener, game_id: str,
                         token: str) -> dict[str, Any]:
    """Play the first legal move each time the socket says it is my turn; the
    `game_over` message at the end."""
    seen = 0
    while True:
        seen, message = await socket.wait_for(
            lambda m: m["type"] in ("your_turn", "game_over") and m["game_id"] == game_id,
            seen, timeout=30)
        seen += 1
        if message["type"] == "game_over":
            return message
        for _ in range(20):
            moves = (await http.get(f"/games/{game_id}/legal-moves",
                                    headers=auth(token))).json()
            if not moves["moves"]:
                break
            assert moves["seat"] == message["seat"]
            played = await http.post(f"/games/{game_id}/commands", headers=auth(token), json={
                "expected_version": moves["version"], "command": moves["moves"][0]})
            if played.status_code == 200:
                break
            assert played.status_code == 409, played.text  # another seat moved first


async def test_three_guests_are_told_their_turns_the_start_and_the_end(
    apis: list[ApiProcess],
) -> None:
    a_api, b_api = apis
    async with httpx.AsyncClient(base_url=a_api.url, timeout=10) as a, \
            httpx.AsyncClient(base_url=b_api.url, timeout=10) as b:
        host, host_token = await guest(a, "Host")
        ada, ada_token = await guest(a, "Ada")
        bob, bob_token = await guest(b, "Bob")
        _, quiet_token = await guest(b, "Quiet")
        created = await a.post("/games", headers=auth(host_token), json={
            "kind": "7wonders", "visibility": "public",
            "seats": [{"player": host}, {"open": True}, {"open": True}]})
        assert created.status_code == 201, created.text
        gid = created.json()["game"]["game_id"]
        async with player_socket(b_api, host_token) as host_socket, \
                player_socket(a_api, ada_token) as ada_socket, \
                player_socket(b_api, bob_token) as bob_socket, \
                player_socket(a_api, quiet_token) as quiet:
            for socket, pid in ((host_socket, host), (ada_socket, ada), (bob_socket, bob)):
                _, hello = await socket.wait_for(lambda m: m["type"] == "hello")
                assert hello["player_id"] == pid and hello["heartbeat_seconds"] > 0
            # each joins through the process its socket is not on
            assert (await b.post(f"/games/{gid}/join", json={},
                                 headers=auth(ada_token))).status_code == 200
            _, joined = await host_socket.wait_for(
                lambda m: m["type"] == "table" and m["change"] == "joined")
            assert joined["game"]["game_id"] == gid and joined["seat"] == 0
            assert (await a.post(f"/games/{gid}/join", json={},
                                 headers=auth(bob_token))).status_code == 200
            seats = {}
            for socket, pid in ((host_socket, host), (ada_socket, ada), (bob_socket, bob)):
                _, started = await socket.wait_for(
                    lambda m: m["type"] == "table" and m["change"] == "started")
                assert started["game_id"] == gid and not started["game"]["waiting"]
                assert started["game"]["seats"][started["seat"]]["player"] == pid
                seats[pid] = started["seat"]
            assert sorted(seats.values()) == [0, 1, 2]
            ends = await asyncio.gather(
                play_when_told(a, host_socket, gid, host_token),
                play_when_told(b, ada_socket, gid, ada_token),
                play_when_told(a, bob_socket, gid, bob_token))
            game = (await a.get(f"/games/{gid}")).json()
            assert game["over"]
            for end, pid in zip(ends, (host, ada, bob), strict=True):
                assert end["seat"] == seats[pid]
                assert end["ranking"] == game["summary"]["ranking"] and end["game"]["over"]
            # one your_turn per turn: never twice for one version of one seat
            for socket in (host_socket, ada_socket, bob_socket):
                turns = [m["version"] for m in socket.messages if m["type"] == "your_turn"]
                assert len(turns) == len(set(turns)) and len(turns) >= 18  # 3 ages of 6
            await asyncio.sleep(1.5)  # past a heartbeat
            assert quiet.kinds() == {"hello", "heartbeat"}, quiet.messages


async def test_a_player_socket_takes_a_header_and_refuses_seats_and_urls(
    apis: list[ApiProcess], http: httpx.AsyncClient,
) -> None:
    api = apis[0]
    _, token = await guest(http, "Header")
    async with connect(f"{api.ws_url}/players/me/ws",
                       additional_headers=auth(token)) as socket:
        hello = json.loads(await socket.recv())
        assert hello["type"] == "hello" and hello["name"] == "Header"
        await socket.send(json.dumps({"type": "ping", "request_id": "p"}))
        assert json.loads(await socket.recv()) == {"type": "pong", "request_id": "p"}
    _, seat_tokens = await create_game(http)
    for first, url, code, close in (
        ({"type": "follow", "token": seat_tokens[0]}, "", "player_required", 4401),
        ({"type": "follow", "token": None}, "", "player_required", 4401),
        ({"type": "follow", "token": "pt_nobody"}, "", "unauthorized", 4401),
        (None, f"?token={token}", "token_in_url", 4400),
    ):
        async with Listener(f"{api.ws_url}/players/me/ws{url}", first) as refused:
            _, error = await refused.wait_for(lambda m: m["type"] == "error")
            assert error["error"]["code"] == code
            with contextlib.suppress(AssertionError):
                await refused.wait_for(lambda m: False, timeout=5)
            assert refused.closed == close
