"""One person plays a complete 3-seat 7 Wonders game through the page against two of the
service's bots (seats created as bots in the lobby, played by the service)."""

from __future__ import annotations

import random
from typing import Any

import httpx

from tests.api.servers import ApiProcess
from tests.web.pages import Tab, play_until_over


async def test_one_browser_plays_seven_wonders_against_two_bots(
    browser: Any, web_api: ApiProcess
) -> None:
    rng = random.Random(17)
    lobby = await Tab.open(browser, web_api.url + "/#lang=en")
    await lobby.page.wait_for_selector("#create")
    await lobby.page.select_option("#kind", "7wonders")
    await lobby.page.fill("#seat-count", "3")
    await lobby.page.dispatch_event("#seat-count", "input")
    assert await lobby.page.locator(".seat-row").count() == 3
    for row in (1, 2):
        await lobby.page.locator(".seat-type").nth(row).select_option("greedy")
    await lobby.page.click("#create")
    await lobby.page.wait_for_selector(".seat-link")
    await lobby.shot("07-lobby-7wonders-created")
    links = await lobby.page.eval_on_selector_all(".seat-link", "els => els.map(e => e.href)")
    assert len(links) == 1  # the bots' seats get no link: the service plays them
    assert await lobby.page.locator(".links li").count() == 3 + 2  # seats, spectate, replay
    game_id = links[0].split("game=")[1].split("&")[0]

    ada = await Tab.open(browser, links[0])
    await ada.wait_version(1)
    await ada.page.wait_for_selector("#hand .chip")
    assert await ada.page.locator(".sw-city").count() == 3
    assert await ada.page.locator(".relation").count() == 2  # both neighbours marked
    stages = ada.page.locator(".sw-city .stage")  # every wonder stage shows its cost
    assert await stages.count() >= 6
    assert await stages.locator(".cost").count() == await stages.count()
    await ada.page.wait_for_selector("#moves button.move")
    await ada.shot("08-7wonders-hand")
    shots = {"09-7wonders-age2": 2, "10-7wonders-age3": 3}

    async def by_age(tab: Tab, clicks: int) -> None:
        for name, age in list(shots.items()):
            if f"Age {age}" in (await tab.page.text_content("#info") or ""):
                await tab.page.wait_for_selector("#moves button.move", timeout=5000)
                await tab.shot(name)
                del shots[name]

    clicks = await play_until_over([ada], rng, 150, on_click=by_age)
    assert clicks >= 18  # 6 turns in each of 3 ages, one card each
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        game = (await http.get(f"/games/{game_id}")).json()
        events = (await http.get(f"/games/{game_id}/events", params={"limit": 1000})).json()
    assert game["over"] is True
    chosen_by = {e["seat"] for e in events["events"] if e["type"] == "CardChosen"}
    assert chosen_by == {0, 1, 2}  # the bots chose their own cards
    await ada.wait_version(game["version"])
    sheet = ada.page.locator("#score-sheet")
    await sheet.wait_for()
    assert await sheet.locator("tbody tr").count() == 8  # military … guilds, total
    winner = game["summary"]["ranking"][0]
    seat_names = [s["name"] for s in game["seats"]]
    assert seat_names[winner] in (await ada.page.text_content("#winner") or "")
    await ada.shot("11-7wonders-score-sheet")
    assert ada.errors == []
    await ada.close()
    await lobby.close()
