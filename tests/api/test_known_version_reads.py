"""`GET /legal-moves?min_version=N`: an answer from version N or later, from the process's
memory when its copy is that new and current as far as its wake-ups tell (no PostgreSQL
read), else read. A caller's own commits are seen whichever process it asks; another
process's commits are seen once their wake-up arrives, or after `POLIS_READ_TRUST_SECONDS`
whatever happens to Redis. A version not reached is waited for, then refused (409)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest

from api.service.folded import Folded, FoldedGames
from api.service.game_service import GameService
from infra.embedded import EmbeddedRedis
from infra.event_store import EventStore, GameRecord
from infra.settings import Settings
from tests.api.clients import auth, create_game
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess
from tests.api.test_faults import _redis_pid
from tests.conftest import RUN_ID, fresh_database


async def _metric(url: str, name: str) -> int:
    async with httpx.AsyncClient(base_url=url) as client:
        text = (await client.get("/metrics")).text
    line = next(x for x in text.splitlines() if x.startswith(name + "{"))
    return int(float(line.rsplit(" ", 1)[1]))


async def _game_reads(url: str) -> int:
    """The process's `polis_game_reads_total` (loads and refreshes of kept games)."""
    return await _metric(url, "polis_game_reads_total")


async def _moves(client: httpx.AsyncClient, game_id: str, token: str,
                 min_version: int | None = None) -> dict[str, Any]:
    query = "" if min_version is None else f"?min_version={min_version}"
    response = await client.get(f"/games/{game_id}/legal-moves{query}", headers=auth(token))
    assert response.status_code == 200, response.text
    listed: dict[str, Any] = response.json()
    return listed


async def _play(client: httpx.AsyncClient, game_id: str, tokens: list[str],
                rng: random.Random) -> int:
    """One random move by the acting seat, sent to `client`'s process; its new version."""
    seat = (await client.get(f"/games/{game_id}")).json()["summary"]["acting"][0]
    listed = await _moves(client, game_id, tokens[seat])
    response = await client.post(
        f"/games/{game_id}/commands", headers=auth(tokens[seat]),
        json={"expected_version": listed["version"], "command": rng.choice(listed["moves"])},
    )
    assert response.status_code == 200, response.text
    version: int = response.json()["version"]
    return version


@pytest.fixture(scope="module")
async def alone(
    settings: Settings, admin_dsn: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[ApiProcess]:
    """A process on a database and channel of its own: no other test's game (a clock
    running out, a bot's move) reads a game there while a test counts its reads."""
    async with fresh_database(admin_dsn, f"polis_test_{RUN_ID}_alone") as dsn:
        server = ApiProcess({**api_env(settings), "DATABASE_URL": dsn,
                             "POLIS_CHANNEL": f"{settings.channel}:alone"},
                            tmp_path_factory.mktemp("alone-logs"), "alone")
        server.start()
        try:
            yield server
        finally:
            server.stop()


async def test_a_known_version_is_answered_without_a_read(alone: ApiProcess) -> None:
    """The process that committed answers `min_version` reads from memory, with what a
    read would answer; without `min_version` it reads."""
    async with httpx.AsyncClient(base_url=alone.url, timeout=10) as http:
        game_id, tokens = await create_game(http, seed=41)
        rng = random.Random(41)
        for _ in range(12):
            version = await _play(http, game_id, tokens, rng)
            before = await _game_reads(alone.url)
            known = [await _moves(http, game_id, t, min_version=version) for t in tokens]
            assert await _game_reads(alone.url) == before, "answered from memory"
            read = [await _moves(http, game_id, t) for t in tokens]
            assert await _game_reads(alone.url) == before + 2, "without min_version: a read"
            assert known == read
            assert all(k["version"] == version for k in known)


async def test_a_view_at_a_known_version_is_the_stored_one(
    http: httpx.AsyncClient, apis: list[ApiProcess]
) -> None:
    """`GET /view?min_version=N` from memory: the same JSON as the view stored at that
    version, for each seat and the spectator."""
    game_id, tokens = await create_game(http, seed=45)
    rng = random.Random(45)
    for _ in range(10):
        version = await _play(http, game_id, tokens, rng)
        for token in (*tokens, None):
            before = await _metric(apis[0].url, "polis_memory_reads_total")
            known = await http.get(f"/games/{game_id}/view?min_version={version}",
                                   headers=auth(token))
            assert await _metric(apis[0].url, "polis_memory_reads_total") == before + 1
            stored = await http.get(f"/games/{game_id}/view", headers=auth(token))
            assert await _metric(apis[0].url, "polis_memory_reads_total") == before + 1
            assert known.status_code == stored.status_code == 200
            assert known.json() == stored.json() and known.json()["version"] == version


async def test_another_process_commit_is_seen(apis: list[ApiProcess]) -> None:
    """A commit made through process b: process a answers a `min_version` it has not reached
    by reading (read-your-writes across processes), and an older `min_version` with the new
    version once b's wake-up arrived."""
    async with (httpx.AsyncClient(base_url=apis[0].url, timeout=10) as a,
                httpx.AsyncClient(base_url=apis[1].url, timeout=10) as b):
        game_id, tokens = await create_game(a, seed=42)
        rng = random.Random(42)
        for turn in range(8):
            start = (await _moves(a, game_id, tokens[0]))["version"]  # a keeps it
            version = await _play(b, game_id, tokens, rng)
            assert version > start
            if turn % 2 == 0:  # right away: a has to read to reach the caller's version
                before = await _game_reads(apis[0].url)
                listed = await _moves(a, game_id, tokens[0], min_version=version)
                assert listed["version"] == version
                assert await _game_reads(apis[0].url) > before
            else:  # with b's wake-up heard, an older known version is not answered stale
                await asyncio.sleep(0.3)
                listed = await _moves(a, game_id, tokens[0], min_version=start)
                assert listed["version"] == version
            assert listed == await _moves(b, game_id, tokens[0])


@pytest.fixture(scope="module")
def short_trust(
    settings: Settings, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ApiProcess]:
    server = ApiProcess({**api_env(settings), "POLIS_READ_TRUST_SECONDS": "0.3"},
                        tmp_path_factory.mktemp("trust-logs"), "trust")
    server.start()
    try:
        yield server
    finally:
        server.stop()


async def test_a_kept_game_is_trusted_for_a_bounded_time(short_trust: ApiProcess) -> None:
    """Past `POLIS_READ_TRUST_SECONDS` since the copy was last confirmed, a `min_version`
    read goes to PostgreSQL again (the bound if wake-ups stopped unnoticed)."""
    async with httpx.AsyncClient(base_url=short_trust.url, timeout=10) as client:
        game_id, tokens = await create_game(client, seed=43)
        version = await _play(client, game_id, tokens, random.Random(43))
        before = await _game_reads(short_trust.url)
        await _moves(client, game_id, tokens[0], min_version=version)
        assert await _game_reads(short_trust.url) == before
        await asyncio.sleep(0.5)
        await _moves(client, game_id, tokens[0], min_version=version)
        assert await _game_reads(short_trust.url) == before + 1
        await _moves(client, game_id, tokens[0], min_version=version)
        assert await _game_reads(short_trust.url) == before + 1, "confirmed again by that read"


def _kept(games: FoldedGames, version: int) -> Folded:
    record = GameRecord(uuid.uuid4(), "duel", (), {}, ("a", "b"), ("x", "y"),
                        datetime.now(UTC), version, {}, False, "random", "")
    folded = Folded(record)
    folded.version = version
    games.put(folded)
    return folded


def test_when_a_kept_game_is_current() -> None:
    """`FoldedGames.current`: only while wake-ups flow, none announced a newer version, and
    the copy was confirmed after the subscription was last (re)made and within the bound."""
    games = FoldedGames(store=None, trust_seconds=5.0)  # type: ignore[arg-type]
    folded = _kept(games, 10)
    folded.confirmed_at = float("-inf")
    subscribed = False
    games.listening = lambda: subscribed
    games.missed()  # the subscription is made
    subscribed = True
    assert not games.current(folded), "never confirmed"
    folded.confirmed_at = time.monotonic()
    assert games.current(folded)
    games.heard(folded.game_id, 10)
    assert games.current(folded), "its own version announced"
    games.heard(folded.game_id, 11)
    assert not games.current(folded), "a newer version was announced"
    folded.version = 11
    assert games.current(folded)
    subscribed = False
    assert not games.current(folded), "wake-ups not flowing"
    subscribed = True
    games.missed()  # resubscribed: wake-ups may have been lost meanwhile
    assert not games.current(folded)
    folded.confirmed_at = time.monotonic()
    assert games.current(folded)
    folded.confirmed_at -= 6.0
    assert not games.current(folded), "older than the trust bound"


async def test_a_version_heard_while_loading_is_kept(pool: asyncpg.Pool) -> None:
    """A wake-up that arrives while a game is being loaded may announce an append the load's
    read did not see: the loaded copy is then not current (its read may have missed it)."""
    service = GameService(EventStore(pool), lambda committed: None)
    record, _ = await service.create("duel", [], {}, ["a", "b"], None, 44)
    for heard in (None, record.version + 1):
        other = FoldedGames(EventStore(pool), trust_seconds=5.0)  # another process's cache
        other.listening = lambda: True
        other.missed()
        loading = asyncio.create_task(other.get(record.game_id))
        await asyncio.sleep(0)  # the load has started its read
        if heard is not None:
            other.heard(record.game_id, heard)
        folded = await loading
        assert folded.version == record.version
        assert other.current(folded) is (heard is None)


async def test_a_summary_at_a_known_version_is_the_stored_one(apis: list[ApiProcess]) -> None:
    """`GET /games/{id}?min_version=N` from memory: the same summary as the database's
    (version, rules summary, chain head), moves made through either process; a process that
    has not heard of the newest version yet reads it."""
    async with (httpx.AsyncClient(base_url=apis[0].url, timeout=10) as a,
                httpx.AsyncClient(base_url=apis[1].url, timeout=10) as b):
        game_id, tokens = await create_game(a, seed=46)
        await _moves(b, game_id, tokens[0])  # b keeps it too
        rng = random.Random(46)
        served = 0
        for turn in range(12):
            client = a if turn % 2 == 0 else b
            version = await _play(client, game_id, tokens, rng)
            await asyncio.sleep(0.2)  # the other process hears of it
            for other, url in ((a, apis[0].url), (b, apis[1].url)):
                before = await _metric(url, "polis_memory_reads_total")
                known = (await other.get(f"/games/{game_id}?min_version={version}")).json()
                served += await _metric(url, "polis_memory_reads_total") - before
                stored = (await other.get(f"/games/{game_id}")).json()
                assert known == stored and known["version"] == version
        assert served >= 12, "most answered from memory"


async def test_with_redis_hung_a_known_version_lags_at_most_the_trust_bound(
    settings: Settings, tmp_path: Path
) -> None:
    """Redis stopped (not killed): the subscriptions look alive but no wake-up arrives. A
    commit made through process b is then unknown to a; a's answer to an older known version
    may lag, but not past `POLIS_READ_TRUST_SECONDS` (0.5 s here) since a last confirmed its
    copy; a known version a has not reached is read at once."""
    redis = EmbeddedRedis(tmp_path / "redis")
    redis.start()
    env = {**api_env(settings, redis.url), "POLIS_READ_TRUST_SECONDS": "0.5"}
    apis = [ApiProcess(env, tmp_path, name).start() for name in ("a", "b")]
    try:
        async with (httpx.AsyncClient(base_url=apis[0].url, timeout=10) as a,
                    httpx.AsyncClient(base_url=apis[1].url, timeout=10) as b):
            game_id, tokens = await create_game(a, seed=47)
            rng = random.Random(47)
            os.kill(_redis_pid(redis), signal.SIGSTOP)
            try:
                for _ in range(3):
                    start = (await _moves(a, game_id, tokens[0]))["version"]  # a confirms it
                    confirmed = time.monotonic()
                    version = await _play(b, game_id, tokens, rng)
                    early = await _moves(a, game_id, tokens[0], min_version=start)
                    if time.monotonic() - confirmed < 0.4:
                        assert early["version"] in (start, version)
                    reached = await _moves(a, game_id, tokens[0], min_version=version)
                    assert reached["version"] == version, "a version not reached is read"
                    start = (await _moves(a, game_id, tokens[0]))["version"]
                    version = await _play(b, game_id, tokens, rng)
                    await asyncio.sleep(0.6)  # past the bound since a last read it
                    late = await _moves(a, game_id, tokens[0], min_version=start)
                    assert late["version"] == version, "no answer older than the bound"
            finally:
                os.kill(_redis_pid(redis), signal.SIGCONT)
    finally:
        for api in apis:
            api.stop()
        redis.stop()


async def test_a_version_not_reached_is_refused_after_the_wait(
    http: httpx.AsyncClient,
) -> None:
    """A `min_version` past the game's version is waited for (`POLIS_VERSION_WAIT_SECONDS`,
    1 s here), then refused by each of the three reads: 409 `version_not_reached` naming the
    current version, never an answer older than the caller asked for."""
    game_id, tokens = await create_game(http, seed=48)
    version = await _play(http, game_id, tokens, random.Random(48))
    wanted = version + 3
    started = time.monotonic()
    answers = await asyncio.gather(*(
        http.get(f"/games/{game_id}{path}?min_version={wanted}", headers=auth(tokens[0]))
        for path in ("", "/view", "/legal-moves")))
    waited = time.monotonic() - started
    for answer in answers:
        assert answer.status_code == 409, answer.text
        assert answer.headers["content-type"].startswith("application/problem+json")
        problem = answer.json()
        assert problem["code"] == "version_not_reached"
        assert problem["details"] == {"min_version": wanted, "current_version": version}
    assert 0.9 <= waited < 4.0, waited
    plain = await http.get(f"/games/{game_id}?min_version={version}")
    assert plain.status_code == 200 and plain.json()["version"] == version


@pytest.mark.parametrize("committer", [0, 1])
async def test_a_version_reached_while_waiting_is_answered(
    apis: list[ApiProcess], committer: int
) -> None:
    """Reads waiting for the next version are answered as soon as it is committed, through
    the same process (its own append wakes them) or another (its wake-up does), long before
    the wait's bound."""
    async with (httpx.AsyncClient(base_url=apis[0].url, timeout=10) as a,
                httpx.AsyncClient(base_url=apis[1].url, timeout=10) as b):
        game_id, tokens = await create_game(a, seed=49 + committer)
        rng = random.Random(49)
        version = await _play(a, game_id, tokens, rng)
        waiting = [asyncio.create_task(a.get(
            f"/games/{game_id}{path}?min_version={version + 1}", headers=auth(tokens[0])))
            for path in ("", "/view", "/legal-moves")]
        await asyncio.sleep(0.2)
        assert not any(w.done() for w in waiting)
        started = time.monotonic()
        reached = await _play((a, b)[committer], game_id, tokens, rng)
        answers = await asyncio.gather(*waiting)
        assert time.monotonic() - started < 0.9  # not the bound (1 s): woken
        for answer in answers:
            assert answer.status_code == 200, answer.text
            assert answer.json()["version"] == reached
