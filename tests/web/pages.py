"""Helpers of the browser tests: pages that record what they send, random clicks on the
legal moves a page shows, and the screenshots kept as artefacts."""

from __future__ import annotations

import asyncio
import random
import time
from typing import TYPE_CHECKING, Any

from tests.web.conftest import artifacts_dir, keep_for_docs

if TYPE_CHECKING:
    from playwright.async_api import Browser, BrowserContext, Page, ViewportSize

VIEWPORT: ViewportSize = {"width": 1400, "height": 900}


class Tab:
    """One browser context (its own storage, like another person's browser) and its page."""

    def __init__(self, context: BrowserContext, page: Page) -> None:
        self.context = context
        self.page = page
        self.urls: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda r: self.urls.append(r.url))
        page.on("websocket", lambda ws: self.urls.append(ws.url))
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    @classmethod
    async def open(cls, browser: Browser, url: str) -> Tab:
        context = await browser.new_context(viewport=VIEWPORT)
        tab = cls(context, await context.new_page())
        await tab.page.goto(url)
        return tab

    async def version(self) -> int:
        value = await self.page.get_attribute("body", "data-version")
        return int(value) if value else -1

    async def phase(self) -> str | None:
        return await self.page.get_attribute("body", "data-phase")

    async def wait_version(self, at_least: int, timeout: float = 15.0) -> None:
        await self.page.wait_for_function(
            f"Number(document.body.dataset.version || -1) >= {at_least}", timeout=timeout * 1000)

    async def click_random_move(self, rng: random.Random) -> str | None:
        """Click one of the legal moves the page shows, if it shows any; its label."""
        buttons = self.page.locator("#moves button.move")
        count = await buttons.count()
        if not count:
            return None
        if len(self.context.pages) > 1:  # a page behind another is not drawn: no clicks
            await self.page.bring_to_front()
        button = buttons.nth(rng.randrange(count))
        try:
            label = await button.text_content(timeout=1000)
            await button.click(timeout=1000)
        except Exception:  # redrawn by an update between counting and clicking: next round
            return None
        return label

    async def shot(self, name: str, docs: bool = False, full_page: bool = True) -> None:
        """A screenshot kept as an artefact; `docs`: also one the README shows."""
        path = artifacts_dir() / f"{name}.png"
        await self.page.screenshot(path=str(path), full_page=full_page)
        if docs:
            keep_for_docs(path)

    async def close(self) -> None:
        await self.context.close()


async def play_until_over(
    tabs: list[Tab], rng: random.Random, budget_seconds: float, on_click: Any = None,
    others: Any = None,
) -> int:
    """Click random legal moves on every tab until each shows the game over; the clicks.
    `others` (an async callable) plays the seats no tab holds between rounds."""
    clicks = 0
    deadline = time.monotonic() + budget_seconds
    while True:
        phases = [await t.phase() for t in tabs]
        if all(p == "over" for p in phases):
            return clicks
        assert time.monotonic() < deadline, f"no end after {clicks} clicks: {phases}"
        moved = False
        for tab in tabs:
            if await tab.click_random_move(rng) is not None:
                clicks += 1
                moved = True
                if on_click is not None:
                    await on_click(tab, clicks)
        if others is not None and await others():
            moved = True
        if not moved:
            await asyncio.sleep(0.03)


async def create_in_lobby(
    browser: Any, base_url: str, kind: str, expansions: tuple[str, ...] = (),
    bots: tuple[str | None, ...] = (None, None), lang: str = "en", clock: bool = False,
) -> tuple[Tab, list[str], str]:
    """Create a game through the lobby form: the lobby tab, the seat links (human seats
    only) and the spectator link. `bots`: per seat, a bot level or None for a human."""
    lobby = await Tab.open(browser, f"{base_url}/#lang={lang}")
    await lobby.page.wait_for_selector("#create")
    await lobby.page.select_option("#kind", kind)
    if len(bots) != 2 or kind != "duel":
        await lobby.page.fill("#seat-count", str(len(bots)))
        await lobby.page.dispatch_event("#seat-count", "input")
    for name in expansions:
        await lobby.page.check(f"input.expansion[value={name}]")
    for row, bot in enumerate(bots):
        if bot is not None:
            await lobby.page.locator(".seat-type").nth(row).select_option(bot)
    if clock:
        await lobby.page.check("#clock-on")
    await lobby.page.click("#create")
    await lobby.page.wait_for_selector(".seat-link")
    links = await lobby.page.eval_on_selector_all(".seat-link", "els => els.map(e => e.href)")
    spectate = await lobby.page.get_attribute(".spectate-link", "href") or ""
    return lobby, links, spectate


async def click_move_labelled(tab: Tab, prefix: str) -> str | None:
    """Click the first legal move whose label starts with `prefix`, if the page shows one."""
    buttons = tab.page.locator("#moves button.move")
    for i in range(await buttons.count()):
        try:
            text = await buttons.nth(i).text_content(timeout=500) or ""
            if text.startswith(prefix):
                await buttons.nth(i).click(timeout=1000)
                return text
        except Exception:  # redrawn by an update: the caller tries again
            return None
    return None
