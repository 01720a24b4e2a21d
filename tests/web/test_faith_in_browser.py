"""Faith through the page: one browser plays a complete 7 Wonders game with Faith against two
of the service's bots, keeping gods in the prayer and invoking one with a card through the
Faith panel (rulebook, seeds: "la Prière" at each Age's start, then a god chosen with an
Age card and invoked for its cost, or discarded for as many coins as the Age)."""

from __future__ import annotations

import random
from typing import Any

import httpx

from tests.api.servers import ApiProcess
from tests.web.pages import Tab, create_in_lobby


async def test_one_browser_plays_faith_against_two_bots(
    browser: Any, web_api: ApiProcess
) -> None:
    rng = random.Random(45)
    lobby, links, spectate = await create_in_lobby(
        browser, web_api.url, "7wonders", ("faith",), bots=(None, "greedy", "greedy"))
    game_id = links[0].split("game=")[1].split("&")[0]
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        cat = (await http.get("/kinds/7wonders/catalog",
                              params={"expansions": "faith", "lang": "en"})).json()["catalog"]
        cat_fr = (await http.get("/kinds/7wonders/catalog",
                                 params={"expansions": "faith", "lang": "fr"})).json()["catalog"]
    ada = await Tab.open(browser, links[0])
    viewer = await Tab.open(browser, spectate.replace("lang=en", "lang=fr"))
    await ada.wait_version(1)

    # The prayer: three gods to pick from, each with its Age I cost and power.
    await ada.page.wait_for_selector("#faith .gods-hand .god")
    gods = ada.page.locator("#faith .gods-hand .god")
    assert await gods.count() == 3
    for i in range(3):
        god = int(await gods.nth(i).get_attribute("data-god") or -1)
        text = await gods.nth(i).text_content() or ""
        assert cat["gods"][god]["name_en"] in text and "cost" in text
        assert cat["gods"][god]["powers"][0] in text
    assert await ada.page.locator("#moves button.move[data-type=KeepGod]").count() == 3
    await ada.shot("18-faith-prayer")
    # Faith's two wonders are described in the panel.
    assert await ada.page.locator("#faith .faith-wonder").count() == 2

    invoked_with: int | None = None
    shot_taken = chose_shot = False
    clicks = 0
    for _ in range(3000):
        if await ada.phase() == "over":
            break
        # invoke a god until one shows in the reader's city (a click can lose a race with an
        # update, and a god invoked with an Age's last card retires with the Age at once)
        if not shot_taken and await ada.page.locator(
                "#faith button.god-choice[data-use=invoke]").count():
            button = ada.page.locator("#faith button.god-choice[data-use=invoke]").first
            try:
                god = int(await button.get_attribute("data-god", timeout=500) or -1)
                await button.click(timeout=1000)
                # only plays with that god are listed now
                types = await ada.page.eval_on_selector_all(
                    "#moves button.move", "els => els.map(e => e.dataset.type)")
                assert types and set(types) == {"PlayWithGod"}, types
                if invoked_with is None and not chose_shot:
                    chose_shot = True
                    await ada.shot("19-faith-god-choice")
                label = await ada.click_random_move(rng)
                if label is not None:
                    assert cat["gods"][god]["name_en"] in label
                    invoked_with = god
                    clicks += 1
                    continue
            except AssertionError:
                raise
            except Exception:  # redrawn by an update between reading and clicking
                pass
        if await ada.click_random_move(rng) is not None:
            clicks += 1
        else:
            await ada.page.wait_for_timeout(30)
        if invoked_with is not None and not shot_taken and await ada.page.locator(
                ".sw-city.mine .invoked-god").count():
            shot_taken = True
            await ada.shot("20-faith-god-invoked")
            # a French spectator names the gods invoked in French (the catalog's name_fr)
            await viewer.wait_version(await ada.version())
            chips = await viewer.page.eval_on_selector_all(
                "#faith .gods-table .god-chip[data-god]",
                "els => els.map(e => [Number(e.dataset.god), e.textContent])")
            assert chips and all(text.startswith(cat_fr["gods"][g]["name_fr"] + " (Âge")
                                 for g, text in chips), chips
    assert invoked_with is not None, "no god could be invoked with a card all game"
    assert shot_taken, "the god invoked never showed in the reader's city"
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        game = (await http.get(f"/games/{game_id}")).json()
        events: list[Any] = []
        while True:  # the whole log, a page of at most 1000 at a time
            page = (await http.get(f"/games/{game_id}/events", params={
                "after_version": events[-1]["version"] if events else 0})).json()["events"]
            if not page:
                break
            events += page
    assert game["over"] is True
    revealed = [e for e in events if e["type"] == "GodRevealed"
                and e["event"]["seat"] == 0 and e["event"]["choice"][0] == invoked_with]
    assert revealed, "the god chosen through the page was never revealed"
    await ada.wait_version(game["version"])
    sheet = ada.page.locator("#score-sheet")
    await sheet.wait_for()
    assert await sheet.locator("tbody tr").count() == len(cat["score_categories"])
    await ada.shot("21-faith-score-sheet")
    await viewer.wait_version(game["version"])
    assert await viewer.page.locator("#faith .gods-table tr").count() == 3
    for tab in (ada, viewer, lobby):
        assert tab.errors == []
        await tab.close()
