"""Bounds on what one client can hold open: WebSockets per client, and requests whose
headers never finish (issue: 1,000 sockets and 350 half-sent requests from one client
were all held)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import Iterator

import httpx
import msgspec
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from infra.settings import Settings
from tests.api.clients import create_game
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess


@pytest.fixture(scope="module")
def bounded_api(
    settings: Settings, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ApiProcess]:
    """`polis serve` (its HTTP protocol) with small bounds: 3 sockets, 0.5 s for headers."""
    env = {**api_env(settings), "POLIS_MAX_SOCKETS_PER_CLIENT": "3",
           "POLIS_HEADER_TIMEOUT_SECONDS": "0.5"}
    api = ApiProcess(env, tmp_path_factory.mktemp("bounded"), "bounded", workers=1)
    api.start()
    try:
        yield api
    finally:
        api.stop()


async def _refusal(client: ClientConnection) -> tuple[dict[str, object], int, str]:
    message = msgspec.json.decode(await asyncio.wait_for(client.recv(), 5))
    with pytest.raises(ConnectionClosed) as closed:
        await asyncio.wait_for(client.recv(), 5)
    assert closed.value.rcvd is not None
    return message, closed.value.rcvd.code, closed.value.rcvd.reason


async def test_one_client_holds_at_most_the_configured_number_of_sockets(
    bounded_api: ApiProcess
) -> None:
    async with httpx.AsyncClient(base_url=bounded_api.url, timeout=10) as http:
        game_id, _ = await create_game(http)
    url = f"{bounded_api.ws_url}/games/{game_id}/ws"
    held = [await connect(url) for _ in range(3)]
    try:
        for client in held:  # spectators: each one follows and gets its hello
            await client.send('{"type": "follow"}')
            assert msgspec.json.decode(await client.recv())["type"] == "hello"
        async with connect(url) as fourth:
            message, code, reason = await _refusal(fourth)
        assert code == 4429 and reason == "too_many_sockets"
        assert message["type"] == "error"
        assert message["error"]["code"] == "too_many_sockets"  # type: ignore[index]
        assert message["error"]["details"] == {"limit": 3}  # type: ignore[index]
        # another client (named by the trusted local proxy) has sockets of its own
        async with connect(url, additional_headers={"X-Forwarded-For": "198.51.100.4"}) as other:
            await other.send('{"type": "follow"}')
            assert msgspec.json.decode(await other.recv())["type"] == "hello"
        # a closed socket gives its place back, once the server has seen it close
        await held.pop().close()
        for _ in range(50):
            async with connect(url) as again:
                with contextlib.suppress(ConnectionClosed):  # refused: still counted
                    await again.send('{"type": "follow"}')
                if msgspec.json.decode(await again.recv())["type"] == "hello":
                    break
            await asyncio.sleep(0.05)
        else:
            pytest.fail("the closed socket's place was not given back")
    finally:
        for client in held:
            await client.close()


def _read_until_closed(conn: socket.socket, limit: float) -> tuple[bytes, float]:
    """Everything the server sends until it closes, and how long that took."""
    started = time.monotonic()
    conn.settimeout(limit)
    received = b""
    while chunk := conn.recv(4096):
        received += chunk
    return received, time.monotonic() - started


def test_a_request_whose_headers_never_finish_is_closed_after_the_timeout(
    bounded_api: ApiProcess
) -> None:
    with socket.create_connection(("127.0.0.1", bounded_api.port)) as conn:
        conn.sendall(b"GET /health HTTP/1.1\r\nHost: polis\r\nX-Slow: ")
        received, waited = _read_until_closed(conn, 5)
    assert received.startswith(b"HTTP/1.1 408 ")
    assert received.endswith(b"request headers took too long\n")
    assert 0.4 <= waited < 3


def test_a_connection_that_sends_nothing_is_closed_after_the_timeout(
    bounded_api: ApiProcess
) -> None:
    with socket.create_connection(("127.0.0.1", bounded_api.port)) as conn:
        received, waited = _read_until_closed(conn, 5)
    assert received == b"" and 0.4 <= waited < 3


def test_the_timeout_counts_from_each_request_not_from_the_connection(
    bounded_api: ApiProcess
) -> None:
    """A kept-alive connection serves requests for longer than the timeout; the next
    request's headers, started and left unfinished, are bounded again."""
    request = b"GET /health HTTP/1.1\r\nHost: polis\r\n\r\n"
    with socket.create_connection(("127.0.0.1", bounded_api.port)) as conn:
        conn.settimeout(5)
        for _ in range(3):
            conn.sendall(request)
            answer = b""
            while not answer.endswith(b'{"status":"ok"}'):  # the head, then the body
                answer += conn.recv(4096)
            assert answer.startswith(b"HTTP/1.1 200 ")
            time.sleep(0.3)  # 0.9 s in all: more than the timeout, within keep-alive
        conn.sendall(request[:20])
        received, waited = _read_until_closed(conn, 5)
    assert received.startswith(b"HTTP/1.1 408 ") and 0.4 <= waited < 3
