"""`polis serve` as deployed (its own HTTP protocol, the access log on): a whole game over
REST with a socket follower, pipelined requests answered whole and in order, a large
response, and access lines written in batches that still arrive."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from infra.settings import Settings
from tests.api.clients import Follower, create_game, play_one
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess


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
            version, turn = 1, 0
            while (reply := await play_one([http], game_id, tokens, rng, turn)) is not None:
                version, turn = reply["version"], turn + 1
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
