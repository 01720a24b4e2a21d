"""One socket write per event-loop turn (`api/http/coalesced_writes.py`), as `polis serve`
writes: the pieces keep their order, nothing is held past the turn, closing sends what is
pending; and a whole game over REST, pipelined requests and a socket follower on the
deployed protocol."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from api.http.coalesced_writes import CoalescedTransport
from infra.settings import Settings
from tests.api.clients import Follower, auth, create_game
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess


class Recorder:
    """The real transport's side: each write as it arrived."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False
        self.aborted = False

    def write(self, data: bytes) -> None:
        assert not self.closed
        self.writes.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closed or self.aborted

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.aborted = True

    def get_write_buffer_size(self) -> int:
        return 0

    def get_extra_info(self, name: str) -> Any:
        return ("peer", name)


async def _turn() -> None:
    await asyncio.sleep(0)
    await asyncio.sleep(0)


async def test_writes_of_one_turn_leave_as_one() -> None:
    real = Recorder()
    coalesced = CoalescedTransport(real, asyncio.get_running_loop())  # type: ignore[arg-type]
    coalesced.write(b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\n")
    coalesced.write(b"")
    coalesced.writelines([b"he", memoryview(b"llo")])
    assert real.writes == [] and coalesced.get_write_buffer_size() == 43
    await _turn()
    assert real.writes == [b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello"]
    coalesced.write(b"next")
    await _turn()
    assert real.writes[1:] == [b"next"]
    assert coalesced.get_extra_info("socket") == ("peer", "socket")  # the rest passes through


async def test_closing_sends_what_is_pending_and_aborting_drops_it() -> None:
    real = Recorder()
    coalesced = CoalescedTransport(real, asyncio.get_running_loop())  # type: ignore[arg-type]
    coalesced.write(b"408 then close")
    coalesced.close()
    assert real.writes == [b"408 then close"] and real.closed
    await _turn()  # the flush scheduled by the write finds nothing left
    assert real.writes == [b"408 then close"]

    real = Recorder()
    coalesced = CoalescedTransport(real, asyncio.get_running_loop())  # type: ignore[arg-type]
    coalesced.write(b"never sent")
    coalesced.abort()
    await _turn()
    assert real.writes == [] and real.aborted


@pytest.fixture(scope="module")
def deployed(settings: Settings, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """`polis serve` (its own HTTP protocol, access log on), one process."""
    api = ApiProcess(api_env(settings), tmp_path_factory.mktemp("serve"), "serve",
                     workers=1).start()
    yield api
    api.stop()


async def test_a_game_plays_to_the_end_on_the_deployed_protocol(deployed: ApiProcess) -> None:
    """REST moves with the next moves in each reply, a spectator's socket following every
    version, on one keep-alive connection per player."""
    rng = random.Random(5)
    async with httpx.AsyncClient(base_url=deployed.url, timeout=30) as http:
        game_id, tokens = await create_game(http, seed=11)
        async with Follower(deployed.ws_url, game_id, None) as spectator:
            version, over = 1, False
            while not over:
                game = (await http.get(f"/games/{game_id}")).json()
                over = game["over"]
                if over:
                    break
                seat = game["summary"]["acting"][0]
                moves = (await http.get(f"/games/{game_id}/legal-moves",
                                        headers=auth(tokens[seat]))).json()
                reply = await http.post(
                    f"/games/{game_id}/commands", headers=auth(tokens[seat]),
                    json={"expected_version": moves["version"],
                          "command": rng.choice(moves["moves"])})
                assert reply.status_code == 200, reply.text
                version = reply.json()["version"]
            await spectator.wait_version(version)
            versions = [m["version"] for m in spectator.messages
                        if m["type"] in ("snapshot", "update")]
            assert versions == sorted(set(versions)) and versions[-1] == version
        catalog = await http.get("/kinds/duel/catalog")
        assert catalog.status_code == 200 and len(catalog.content) > 20_000
        assert catalog.json()["catalog"]


async def test_pipelined_requests_are_answered_whole_and_in_order(
    deployed: ApiProcess,
) -> None:
    """Three requests sent in one write on one connection: three whole responses, in the
    order asked (each head with its own body)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", deployed.port)
    try:
        paths = ["/health", "/kinds/duel/catalog", "/games/not-a-game"]
        writer.write(b"".join(
            f"GET {p} HTTP/1.1\r\nHost: x\r\nX-Request-Id: r{i}\r\n\r\n".encode()
            for i, p in enumerate(paths)))
        await writer.drain()
        answers = []
        for _ in paths:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 15)
            lines = head.decode("latin-1").split("\r\n")
            headers = {k.lower(): v.strip() for k, _, v in
                       (line.partition(":") for line in lines[1:] if line)}
            body = await asyncio.wait_for(
                reader.readexactly(int(headers["content-length"])), 15)
            answers.append((lines[0].split()[1], headers["x-request-id"], body))
    finally:
        writer.close()
    assert [(status, rid) for status, rid, _ in answers] == [
        ("200", "r0"), ("200", "r1"), ("400", "r2")]
    assert json.loads(answers[1][2])["catalog"]
    assert json.loads(answers[2][2])["request_id"] == "r2"


def test_the_access_log_has_the_requests(deployed: ApiProcess) -> None:
    """Written in batches, an access line still arrives soon after its request."""
    assert httpx.get(f"{deployed.url}/kinds/duel/catalog?lang=fr", timeout=30).status_code == 200
    log: Path = deployed.log
    deadline = time.monotonic() + 10
    while "/kinds/duel/catalog" not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    text = log.read_text()
    assert "/kinds/duel/catalog" in text and "lang=fr" not in text  # no query string
