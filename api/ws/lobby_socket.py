"""The lobby WebSocket (`/lobby/ws?kind=`): public tables opening, filling, starting and
closing, pushed as they change.

No token: the lobby is public. The socket gets a `lobby` snapshot (what `GET /lobby`
lists) first, then a `lobby_table` message per change of a table of its kind: `opened`,
`filling` (its free seats changed), `started`, `closed` (expired). The changes come from
the lobby feed (`api/runners/lobby_feed.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import msgspec
from litestar import WebSocket, websocket
from litestar.exceptions import WebSocketDisconnect

from api.http.tables import LobbyTable
from api.runners.lobby_feed import LobbyNotice
from api.runtime import runtime_of
from api.ws.player_socket import Summaries, answer_pings, open_socket, summaries_of
from infra.event_store import GameRecord

KIND_MAX = 64


class LobbySession:
    """One connected lobby socket, shown the tables of one kind (or every kind)."""

    def __init__(self, socket: WebSocket[Any, Any, Any], kind: str | None) -> None:
        self.socket = socket
        self.kind = kind
        self.summaries: Summaries = summaries_of(socket)
        self._send_lock = asyncio.Lock()

    async def send_text(self, text: str) -> None:
        async with self._send_lock:
            await self.socket.send_data(text, mode="text")

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_text(msgspec.json.encode(message).decode())

    async def table(self, record: GameRecord) -> LobbyTable:
        free = [int(s) for s in record.summary.get("free", [])] if record.waiting else []
        return LobbyTable(await self.summaries.of(record), free)

    def shown(self, record: GameRecord) -> bool:
        return self.kind is None or record.kind == self.kind

    async def snapshot(self, records: list[GameRecord]) -> None:
        tables = [await self.table(r) for r in records if self.shown(r)]
        await self.send({"type": "lobby", "tables": tables})

    async def notify(self, notice: LobbyNotice) -> None:
        if self.shown(notice.record):
            await self.send({"type": "lobby_table", "change": notice.change,
                             "table": await self.table(notice.record)})

    async def drop(self) -> None:
        await self.socket.close()


@websocket("/lobby/ws", name="lobby_socket")
async def lobby_socket(socket: WebSocket[Any, Any, Any]) -> None:
    """Public tables waiting for players (of `kind`), then each change to them."""
    client = await open_socket(socket)
    if client is None:
        return
    runtime = runtime_of(socket)
    kind = socket.query_params.get("kind") or None
    session = LobbySession(socket, kind[:KIND_MAX] if kind else None)
    feed = runtime.lobby
    try:
        await feed.join(session)
        await answer_pings(socket, session.send, runtime.settings.max_body_bytes)
    except WebSocketDisconnect:
        pass
    finally:
        feed.leave(session)
        socket.app.state.open_sockets.close(client)
        with contextlib.suppress(Exception):
            await socket.close()
