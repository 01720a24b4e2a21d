"""Table chat and turn notices in the browser (issue "Notifications for turn-based play, and
table chat"): two signed-in players at a Duel table and a spectator see one conversation in
the same order, written through the page's game socket (the library's `GameSession.chat`),
shown as text (a line with markup stays words), with the service's refusals in words (a
spectator may not write, a player writing too fast) and a per-writer mute; the page's
title and favicon count the games waiting for the player's move."""

from __future__ import annotations

from typing import Any

from tests.api.servers import ApiProcess
from tests.web.pages import Tab
from tests.web.test_cards_say_what_they_do import axe_serious
from tests.web.test_tables_in_browser import guest

MARKUP = "<b>bold</b> & <img src=x onerror=\"document.body.dataset.hacked='yes'\">"


async def open_duel(tab: Tab, other: str) -> str:
    """A Duel table from the front page's form (the other seat `open` or a bot level); the
    page goes to the table (or its board, with a bot). Its game id."""
    await tab.page.select_option("#table-kind", "duel")
    await tab.page.locator(".table-seat").nth(0).select_option(other)
    await tab.page.click("#open-table")
    await tab.page.wait_for_function("location.hash.includes('game=')")
    return tab.page.url.split("game=")[1].split("&")[0]


async def lines(tab: Tab) -> list[str]:
    return list(await tab.page.eval_on_selector_all(
        "#chat-lines li.chat-line",
        "els => els.map(e => e.querySelector('.chat-name').textContent + ': ' +"
        " e.querySelector('.chat-text').textContent)"))


async def say(tab: Tab, text: str) -> None:
    await tab.page.fill("#chat-text", text)
    await tab.page.press("#chat-text", "Enter")


async def wait_lines(tab: Tab, n: int) -> None:
    await tab.page.wait_for_function(
        f"document.querySelectorAll('#chat-lines li.chat-line').length >= {n}", timeout=15000)


async def test_two_players_and_a_spectator_share_the_table_chat_in_order(
    browser: Any, web_api: ApiProcess
) -> None:
    url = web_api.url
    ada = await guest(browser, url, "Ada")
    game_id = await open_duel(ada, "open")
    brutus = await guest(browser, url, "Brutus")
    await brutus.page.goto(f"{url}/#game={game_id}&lang=en")
    await brutus.page.click("#join-table")
    for tab in (ada, brutus):  # the table is full: it starts, both pages show the board
        await tab.page.wait_for_selector("body[data-phase]:not([data-phase='waiting'])")
        await tab.page.wait_for_selector("#chat[data-loaded='yes']")
    watcher = await Tab.open(browser, f"{url}/#game={game_id}&lang=en")
    await watcher.page.wait_for_selector("#chat[data-loaded='yes']")

    await say(ada, "Hail, Brutus")
    await wait_lines(brutus, 1)
    await say(brutus, MARKUP)
    await wait_lines(ada, 2)
    await say(ada, "Words only, then")
    expected = ["Ada: Hail, Brutus", f"Brutus: {MARKUP}", "Ada: Words only, then"]
    for tab in (ada, brutus, watcher):
        await wait_lines(tab, 3)
        assert await lines(tab) == expected
        # the markup is text: no element made from it, no script run
        assert await tab.page.locator("#chat-lines b, #chat-lines img").count() == 0
        assert await tab.page.get_attribute("body", "data-hacked") is None
    # a page opened afterwards reads the same conversation from the history
    late = await Tab.open(browser, f"{url}/#game={game_id}&lang=en")
    await wait_lines(late, 3)
    assert await lines(late) == expected
    await late.close()
    await watcher.shot("44-table-chat-spectator")
    await ada.shot("44-table-chat", docs=True)
    assert await axe_serious(ada) == []

    # a spectator reads but may not write here: the refusal is said, nothing is added
    await say(watcher, "may I?")
    await watcher.page.wait_for_selector("#chat-status[data-code]")
    code = await watcher.page.get_attribute("#chat-status", "data-code")
    assert code in ("chat_read_only", "player_required"), code
    assert (await watcher.page.text_content("#chat-status") or "").strip()
    assert len(await lines(watcher)) == 3

    # too fast: the service's rate limit (5 lines in 10 s) is said in words
    for i in range(8):
        await say(brutus, f"line {i}")
        await brutus.page.wait_for_function(
            "!document.querySelector('#chat-send').disabled", timeout=10000)
        if await brutus.page.get_attribute("#chat-status", "data-code") == "chat_rate_limited":
            break
    assert await brutus.page.get_attribute("#chat-status", "data-code") == "chat_rate_limited"
    assert "fast" in (await brutus.page.text_content("#chat-status") or "")
    sent = len(await lines(brutus))
    await wait_lines(ada, sent)

    # Ada mutes Brutus: his lines leave her page (and her history), not the others'
    assert await ada.page.locator("li.chat-line[data-player=''] .chat-mute").count() == 0
    mute = ada.page.locator("li.chat-line .chat-mute").first
    assert "Brutus" in (await mute.get_attribute("aria-label") or "")
    await mute.click()
    await ada.page.wait_for_selector("#chat-muted li")
    assert await lines(ada) == ["Ada: Hail, Brutus", "Ada: Words only, then"]
    await ada.page.reload()
    await ada.page.wait_for_selector("#chat[data-loaded='yes']")
    assert await lines(ada) == ["Ada: Hail, Brutus", "Ada: Words only, then"]
    assert len(await lines(watcher)) == sent
    for tab in (ada, brutus, watcher):
        assert tab.errors == []
        await tab.close()


async def test_the_title_and_favicon_count_the_games_waiting_for_me(
    browser: Any, web_api: ApiProcess
) -> None:
    url = web_api.url
    cleo = await guest(browser, url, "Cleo")
    assert await cleo.page.title() == "Polis"
    # the sound is off until the player turns it on
    assert await cleo.page.get_attribute("#sound-toggle", "aria-pressed") == "false"
    games = []
    for _ in range(2):  # two Duels against a bot: each soon waits for Cleo
        games.append(await open_duel(cleo, "random"))
        await cleo.page.wait_for_selector("#board")  # started: the table page is gone
        await cleo.page.goto(f"{url}/#lang=en")
        await cleo.page.wait_for_selector(f"li.my-game[data-game='{games[-1]}']")
    await cleo.page.wait_for_function("document.title === '(2) Polis'", timeout=30000)
    assert await cleo.page.get_attribute("link[rel=icon]", "data-count") == "2"
    icon = await cleo.page.get_attribute("link[rel=icon]", "href") or ""
    assert icon.startswith("data:image/png")
    # a game's own page counts as well, and a move of mine there is counted at once
    await cleo.page.goto(f"{url}/#game={games[0]}&lang=en")
    await cleo.page.wait_for_function("document.title === '(2) Polis'", timeout=15000)
    await cleo.page.click("#sound-toggle")
    assert await cleo.page.get_attribute("#sound-toggle", "aria-pressed") == "true"
    await cleo.page.reload()  # kept in this browser
    await cleo.page.wait_for_selector("#sound-toggle[aria-pressed='true']")
    await cleo.shot("45-title-turn-count")
    assert cleo.errors == []
    await cleo.close()
