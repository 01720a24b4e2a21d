"""Parts of the page whose routes a service may lack (play now, leaderboards): whether or
not the service has their routes, the page shows them without an error and
the rest of it works (issue 33, "Ways in": the page works without them)."""

from __future__ import annotations

from typing import Any

from tests.api.servers import ApiProcess
from tests.web.pages import Tab
from tests.web.test_tables_in_browser import guest


async def test_play_now_and_the_leaderboard_degrade_without_their_routes(
    browser: Any, web_api: ApiProcess
) -> None:
    ada = await guest(browser, web_api.url, "Ada")
    await ada.page.click("#play-now")
    await ada.page.wait_for_function("""(() => {
        const s = document.getElementById('play-now-status')?.textContent || '';
        return s.includes('not available') || s.includes('looking for')
            || location.hash.includes('game='); })()""")
    if await ada.page.get_attribute("#play-now-status", "data-state") == "waiting":
        # a service with matchmaking: the ticket is withdrawn, so it matches nobody later
        await ada.page.click("#play-now-cancel")
        await ada.page.wait_for_selector("#play-now-status[data-state='cancelled']")
    leaderboard = await Tab.open(browser, web_api.url + "/#leaderboard=7wonders&lang=en")
    await leaderboard.page.wait_for_function("""(() => {
        const b = document.getElementById('leaderboard');
        return b && !b.textContent.includes('…'); })()""")
    text = await leaderboard.page.text_content("#leaderboard") or ""
    assert ("not available" in text or "No rated games" in text
            or await leaderboard.page.locator("#leaderboard table").count() == 1)
    for tab in (ada, leaderboard):
        assert tab.errors == []
        await tab.close()
