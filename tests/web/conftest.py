"""Headless Chromium (the system's, never a downloaded one) driven by Playwright, and one
API process serving the browser client on this run's database and Redis channel."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from infra.settings import Settings
from tests.api.conftest import api_env
from tests.api.servers import ROOT, ApiProcess
from tests.conftest import RUN_ID, fresh_database
from tests.missing_tools import missing

if TYPE_CHECKING:
    from playwright.async_api import Browser

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
"""No sandbox (CI runs as root), no GPU, and nothing that reaches out to the network."""


def chromium_path() -> str | None:
    """`POLIS_CHROMIUM`, else Debian's `chromium` (or `chromium-browser`) on PATH."""
    explicit = os.environ.get("POLIS_CHROMIUM")
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def artifacts_dir() -> Path:
    """Where the screenshots of each screen are kept (`POLIS_WEB_ARTIFACTS`, else build/)."""
    path = Path(os.environ.get("POLIS_WEB_ARTIFACTS") or ROOT / "build" / "web-screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


DOCS_SCREENSHOTS = ROOT / "docs" / "screenshots"


def keep_for_docs(shot: Path) -> None:
    """Copy a screenshot the README shows to docs/screenshots/ when
    `POLIS_DOCS_SCREENSHOTS` is set (a run that refreshes them; other runs leave the
    tree clean)."""
    if os.environ.get("POLIS_DOCS_SCREENSHOTS"):
        DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, DOCS_SCREENSHOTS / shot.name)


@pytest.fixture(scope="session")
def chromium() -> str:
    path = chromium_path()
    if path is None:
        missing("no Chromium found (install Debian's 'chromium' package or set "
                "POLIS_CHROMIUM): the browser tests did not run")
    return path


@pytest.fixture(scope="session")
async def web_database_url(admin_dsn: str) -> AsyncIterator[str]:
    """A database of its own: every API process on a database plays its games' bots, and the
    API tests count the bot moves their own processes make."""
    async with fresh_database(admin_dsn, f"polis_test_{RUN_ID}_web") as dsn:
        yield dsn


@pytest.fixture(scope="session")
def web_api(
    settings: Settings, web_database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ApiProcess]:
    env = api_env(settings) | {"DATABASE_URL": web_database_url,
                               "POLIS_CHANNEL": f"{settings.channel}:web"}
    server = ApiProcess(env, tmp_path_factory.mktemp("web-api-logs"), "web")
    try:
        yield server.start()  # which stops it when interrupted while it starts
    finally:
        server.stop()


@pytest.fixture(scope="session")
async def browser(chromium: str) -> AsyncIterator[Browser]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        # each launch runs on a fresh, temporary user-data dir that Playwright removes after
        browser = await p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            await browser.close()
