"""Real servers for the service tests: a fresh database per run, a Redis channel per run.

`DATABASE_URL` / `REDIS_URL` name the servers when set; otherwise the embedded ones start
(PostgreSQL under the data directory's `pg/`, shared with `polis serve`; Redis as a child
process). The run's database `polis_test_<random>` is dropped at the end.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from infra.db import create_database, create_pool, drop_database
from infra.embedded import EmbeddedRedis, default_data_dir, start_postgres
from infra.engine_build import StaleBuild, check_fresh
from infra.migrate import migrate
from infra.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
RUN_ID = secrets.token_hex(4)

LONGEST_FIRST = (
    "tests/web/test_cards_say_what_they_do.py",
    "tests/bots/test_bots.py",
    "tests/api/test_readme_walkthrough.py",
    "tests/web/test_tables_in_browser.py",
    "tests/web/test_duel_in_browser.py",
    "tests/web/test_play_now_in_browser.py",
    "tests/web/test_sevenwonders_in_browser.py",
    "tests/web/test_leaders_in_browser.py",
)
"""The files that take longest (a minute to a few, from `--durations`): run first, so that
the workers of a parallel run (`make test`, one file at a time each) end together instead
of one finishing the longest file alone."""


def pytest_configure(config: pytest.Config) -> None:
    """Compiled rules older than their source (`make engines-compiled`, then an edit) would
    test other rules than the source says: refuse the run."""
    try:
        check_fresh()
    except StaleBuild as exc:
        raise pytest.UsageError(str(exc)) from None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}

    def first(item: pytest.Item) -> int:
        path = item.path.relative_to(ROOT).as_posix() if item.path.is_relative_to(ROOT) else ""
        return rank.get(path, len(rank))

    items.sort(key=first)  # stable: every other file keeps its order


@pytest.fixture(scope="session")
def admin_dsn() -> str:
    data_dir = Path(os.environ.get("POLIS_DATA_DIR") or default_data_dir())
    return os.environ.get("DATABASE_URL") or start_postgres(data_dir / "pg")


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = os.environ.get("REDIS_URL")
    if url:
        yield url
        return
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"))
    yield server.start()
    server.stop()


@contextlib.asynccontextmanager
async def fresh_database(admin_dsn: str, name: str) -> AsyncIterator[str]:
    """A new database `name`, migrated, dropped when done; its DSN."""
    dsn = await create_database(admin_dsn, name)
    conn = await asyncpg.connect(dsn)
    try:
        await migrate(conn)
    finally:
        await conn.close()
    try:
        yield dsn
    finally:
        await drop_database(admin_dsn, name)


@pytest.fixture(scope="session")
async def database_url(admin_dsn: str) -> AsyncIterator[str]:
    async with fresh_database(admin_dsn, f"polis_test_{RUN_ID}") as dsn:
        yield dsn


def own_database(suffix: str) -> tuple[Any, Any]:
    """Module fixtures `database_url` and `pool` on a database of the module's own, for
    tests that write rows the service cannot fold (games of a made-up kind, bare appends):
    the run's database stays one `polis rebuild-projections` can rebuild whole, which
    other tests do. Bind both in the module: `database_url, pool = own_database("x")`."""

    @pytest.fixture(scope="module", name="database_url")
    async def database_url_(admin_dsn: str) -> AsyncIterator[str]:
        async with fresh_database(admin_dsn, f"polis_test_{RUN_ID}_{suffix}") as dsn:
            yield dsn

    @pytest.fixture(scope="module", name="pool")
    async def pool_(database_url: str) -> AsyncIterator[asyncpg.Pool]:
        pool = await create_pool(database_url, min_size=1, max_size=12)
        yield pool
        await pool.close()

    return database_url_, pool_


@pytest.fixture(scope="session")
async def pool(database_url: str) -> AsyncIterator[asyncpg.Pool]:
    pool = await create_pool(database_url, min_size=1, max_size=12)
    yield pool
    await pool.close()


@pytest.fixture(scope="session")
def settings(database_url: str, redis_url: str) -> Settings:
    """Settings of the service under test, on this run's database and channel."""
    return Settings(
        database_url=database_url,
        redis_url=redis_url,
        channel=f"polis:test:{RUN_ID}",
        heartbeat_seconds=1.0,
    )
