"""Two API processes on this run's database and Redis channel, shared by the API tests."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from infra.settings import Settings
from tests.api.servers import ApiProcess
from tests.conftest import RUN_ID, fresh_database


def api_env(settings: Settings, redis_url: str | None = None) -> dict[str, str]:
    assert settings.database_url and settings.redis_url
    return {
        "DATABASE_URL": settings.database_url,
        "REDIS_URL": redis_url or settings.redis_url,
        "POLIS_CHANNEL": settings.channel,
        "POLIS_HEARTBEAT_SECONDS": str(settings.heartbeat_seconds),
        # every test client is 127.0.0.1: limits far above any test's pace (the
        # rate-limit test sets its own)
        "POLIS_RATE_CREATE": "1000000/60",
        "POLIS_RATE_COMMANDS": "1000000/60",
        # a loaded machine can take longer than the default 1 s between a commit and the
        # read after it: the memory reads' tests must not hang on that (the bound itself is
        # checked with a setting of its own in test_known_version_reads.py)
        "POLIS_READ_TRUST_SECONDS": "10",
        # the suite runs in two workers, each with processes of its own: a few connections
        # each keep them within PostgreSQL's default max_connections (100)
        "POLIS_POOL_MAX": "5",
    }


def _two_processes(settings: Settings, logs: Path) -> Iterator[list[ApiProcess]]:
    servers = [ApiProcess(api_env(settings), logs, name) for name in ("a", "b")]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


@pytest.fixture(scope="session")
def apis(
    settings: Settings, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[ApiProcess]]:
    yield from _two_processes(settings, tmp_path_factory.mktemp("api-logs"))


@contextlib.asynccontextmanager
async def settings_alone(settings: Settings, admin_dsn: str, suffix: str
                         ) -> AsyncIterator[Settings]:
    """`settings` on a database and Redis channel of their own (dropped after)."""
    async with fresh_database(admin_dsn, f"polis_test_{RUN_ID}_{suffix}") as dsn:
        yield msgspec.structs.replace(settings, database_url=dsn,
                                      channel=f"{settings.channel}:{suffix}")


@pytest.fixture
async def own_settings(settings: Settings, admin_dsn: str) -> AsyncIterator[Settings]:
    """Settings of a test whose processes must be the only ones on their database: every
    process's matcher matches tickets (and writes `match.found` only where webhooks are
    set), and the service's clock moves for a whole database."""
    async with settings_alone(settings, admin_dsn, secrets.token_hex(3)) as alone:
        yield alone


def own_services(suffix: str) -> tuple[Any, Any]:
    """Module fixtures `settings` and `apis`: two processes on a database and channel of
    the module's own, for tests that count what a process does (its bots' moves): other
    modules' games still going (bots playing on, clocks running out) would move the shared
    processes' counters. Bind both in the module: `settings, apis = own_services("x")`."""

    @pytest.fixture(scope="module", name="settings")
    async def settings_(settings: Settings, admin_dsn: str) -> AsyncIterator[Settings]:
        async with settings_alone(settings, admin_dsn, suffix) as alone:
            yield alone

    @pytest.fixture(scope="module", name="apis")
    def apis_(settings: Settings, tmp_path_factory: pytest.TempPathFactory
              ) -> Iterator[list[ApiProcess]]:
        yield from _two_processes(settings, tmp_path_factory.mktemp(f"{suffix}-logs"))

    return settings_, apis_


@pytest.fixture
async def http(apis: list[ApiProcess]) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=apis[0].url, timeout=10) as client:
        yield client
