"""Two API processes on this run's database and Redis channel, shared by the API tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import httpx
import pytest

from infra.settings import Settings
from tests.api.servers import ApiProcess


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
    }


@pytest.fixture(scope="session")
def apis(
    settings: Settings, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[ApiProcess]]:
    logs = tmp_path_factory.mktemp("api-logs")
    servers = [ApiProcess(api_env(settings), logs, name) for name in ("a", "b")]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


@pytest.fixture
async def http(apis: list[ApiProcess]) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=apis[0].url, timeout=10) as client:
        yield client
