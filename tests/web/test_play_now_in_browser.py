"""Matchmaking, ratings and leaderboards in the browser (issue "Matchmaking, ratings and
leaderboards"): two guests in two browsers press "Play now" for a rated Duel, each page
shows the wait, the service matches the two tickets and both pages open the game; they play
it to the end in the page, the score sheet shows each seat's rating before and after, and
the leaderboard page lists both players with their ratings. A ticket can be cancelled."""

from __future__ import annotations

import random
from typing import Any

from tests.api.servers import ApiProcess
from tests.web.pages import Tab, play_until_over
from tests.web.test_cards_say_what_they_do import axe_serious
from tests.web.test_tables_in_browser import guest


async def play_now(tab: Tab, kind: str) -> None:
    await tab.page.select_option("#quick-kind", kind)
    await tab.page.click("#play-now")
    await tab.page.wait_for_selector("#play-now-status[data-state]")


async def test_two_guests_press_play_now_play_a_rated_duel_and_see_their_ratings(
    browser: Any, web_api: ApiProcess
) -> None:
    url = web_api.url
    ada = await guest(browser, url, "Ada")
    await play_now(ada, "duel")
    # the wait is shown and counted while nobody else is looking
    assert await ada.page.get_attribute("#play-now-status", "data-state") == "waiting"
    assert "looking for players" in (await ada.page.text_content("#play-now-status") or "")
    await ada.shot("47-play-now-waiting", docs=True)
    assert await axe_serious(ada) == []
    brutus = await guest(browser, url, "Brutus")
    await play_now(brutus, "duel")
    games = []
    for tab in (ada, brutus):  # matched: each page opens the game, at its own seat
        await tab.page.wait_for_function("location.hash.includes('game=')", timeout=30000)
        await tab.page.wait_for_selector("body[data-phase]")
        games.append(tab.page.url.split("game=")[1].split("&")[0])
    assert games[0] == games[1]
    await play_until_over([ada, brutus], random.Random(31), 300)

    for tab in (ada, brutus):  # the ratings runner applies the game: before -> after
        await tab.page.wait_for_selector("#rating-changes li", timeout=30000)
        rows = await tab.page.eval_on_selector_all(
            "#rating-changes li", "els => els.map(e => [e.textContent, e.dataset.before,"
            " e.dataset.after])")
        assert len(rows) == 2, rows
        assert {r[0].split(" (")[0] for r in rows} == {"Ada", "Brutus"}
        assert all("→" in r[0] and r[1] != r[2] for r in rows), rows
    await ada.shot("48-score-sheet-ratings", docs=True)

    board = await Tab.open(browser, f"{url}/#leaderboard=duel&lang=en")
    await board.page.wait_for_selector("#leaderboard table")
    names = await board.page.eval_on_selector_all(
        "#leaderboard tbody tr td:nth-child(2)", "els => els.map(e => e.textContent)")
    assert {"Ada", "Brutus"} <= set(names), names
    ratings = await board.page.eval_on_selector_all(
        "#leaderboard tbody tr td:nth-child(3)", "els => els.map(e => Number(e.textContent))")
    assert ratings == sorted(ratings, reverse=True)
    await board.shot("49-leaderboard", docs=True)
    assert await axe_serious(board) == []
    for tab in (ada, brutus, board):
        assert tab.errors == []
        await tab.close()


async def test_a_ticket_is_cancelled_from_the_page(browser: Any, web_api: ApiProcess) -> None:
    cleo = await guest(browser, web_api.url, "Cleo")
    await cleo.page.select_option("#quick-kind", "7wonders")
    await cleo.page.fill("#quick-min", "5")
    await cleo.page.fill("#quick-max", "7")  # nobody else wants seven seats: it waits
    await cleo.page.click("#play-now")
    await cleo.page.wait_for_selector("#play-now-status[data-state='waiting']")
    await cleo.page.click("#play-now-cancel")
    await cleo.page.wait_for_selector("#play-now-status[data-state='cancelled']")
    assert not await cleo.page.is_disabled("#play-now")
    assert cleo.errors == []
    await cleo.close()
