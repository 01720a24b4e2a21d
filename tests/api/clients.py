"""Test clients: a WebSocket follower that records every message, and random players."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


async def create_game(http: httpx.AsyncClient, seed: int = 1) -> tuple[str, list[str]]:
    response = await http.post(
        "/games", json={"kind": "duel", "seats": [{"name": "Ada"}, {"name": "Brutus"}],
                        "seed": seed},
    )
    assert response.status_code == 201, response.text
    body = response.json()
    return body["game"]["game_id"], [s["token"] for s in body["seats"]]


class Follower:
    """A WebSocket client of one game that keeps every message it receives.

    It logs in as the protocol says: its first message is `follow`, with the seat token
    (None: a spectator) and the version to resume after; no token ever goes in the URL.
    """

    def __init__(self, ws_base: str, game_id: str, token: str | None,
                 after_version: int | None = None, include: list[str] | None = None) -> None:
        self.url = f"{ws_base}/games/{game_id}/ws"
        self.follow: dict[str, Any] = {"type": "follow", "token": token,
                                       "after_version": after_version}
        if include is not None:
            self.follow["include"] = include
        self.messages: list[dict[str, Any]] = []
        self.version = -1
        self._socket: ClientConnection | None = None
        self._task: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()

    async def __aenter__(self) -> Follower:
        self._socket = await connect(self.url)
        await self._socket.send(json.dumps(self.follow))
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
        async for raw in self._socket:
            message = json.loads(raw)
            self.messages.append(message)
            if message["type"] in ("snapshot", "update"):
                self.version = message["version"]
            self._changed.set()

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_text(json.dumps(message))

    async def send_text(self, text: str) -> None:
        assert self._socket is not None
        await self._socket.send(text)

    async def wait_for(self, predicate: Any, timeout: float = 15.0) -> dict[str, Any]:
        """The first message (old or new) for which `predicate` holds."""
        async with asyncio.timeout(timeout):
            seen = 0
            while True:
                for message in self.messages[seen:]:
                    if predicate(message):
                        return message
                seen = len(self.messages)
                self._changed.clear()
                await self._changed.wait()

    async def wait_version(self, version: int, timeout: float = 15.0) -> None:
        async with asyncio.timeout(timeout):
            while self.version < version:
                self._changed.clear()
                await self._changed.wait()

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == kind]


async def play_one(
    clients: list[httpx.AsyncClient], game_id: str, tokens: list[str], rng: random.Random,
    turn: int,
) -> dict[str, Any] | None:
    """Submit one random legal command (alternating API processes); None when it is over."""
    http = clients[turn % len(clients)]
    game = (await http.get(f"/games/{game_id}")).json()
    acting = game["summary"]["acting"]
    if game["over"] or not acting:
        return None
    seat = rng.choice(acting)
    moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[seat]))).json()
    command = rng.choice(moves["moves"])
    response = await http.post(
        f"/games/{game_id}/commands",
        json={"expected_version": moves["version"], "command": command,
              "idempotency_key": f"turn-{turn}"},
        headers=auth(tokens[seat]),
    )
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


async def play_to_end(
    http: httpx.AsyncClient, game_id: str, tokens: dict[int, str], seed: int,
    timeout: float = 90.0,
) -> dict[str, Any]:
    """The players of `tokens` (by seat) play random legal moves until the game is over;
    the other seats are left to the servers' bots."""
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        game = (await http.get(f"/games/{game_id}")).json()
        if game["over"]:
            return dict(game)
        mine = [s for s in game["summary"].get("acting", []) if s in tokens]
        if not mine:
            await asyncio.sleep(0.05)
            continue
        seat = rng.choice(mine)
        moves = (await http.get(f"/games/{game_id}/legal-moves",
                                headers=auth(tokens[seat]))).json()
        if not moves["moves"]:
            await asyncio.sleep(0.05)
            continue
        response = await http.post(
            f"/games/{game_id}/commands",
            json={"expected_version": moves["version"], "command": rng.choice(moves["moves"])},
            headers=auth(tokens[seat]),
        )
        assert response.status_code in (200, 409), response.text
    raise AssertionError(f"game {game_id} did not end in {timeout} s")
