"""Two people play a complete 7 Wonders Duel game through the page, each in their own
browser context, while a spectator page (in French) follows; then the replay slider."""

from __future__ import annotations

import random
from typing import Any

import httpx

from tests.api.servers import ApiProcess
from tests.web.pages import Tab, play_until_over


async def test_two_browsers_play_a_duel_game_a_spectator_follows(
    browser: Any, web_api: ApiProcess
) -> None:
    rng = random.Random(21)
    lobby = await Tab.open(browser, web_api.url + "/#lang=en")
    await lobby.page.wait_for_selector("#create")
    await lobby.page.select_option("#kind", "duel")
    await lobby.page.click("#create")
    await lobby.page.wait_for_selector(".seat-link")
    await lobby.shot("01-lobby-duel-created")
    links = await lobby.page.eval_on_selector_all(".seat-link", "els => els.map(e => e.href)")
    spectate = await lobby.page.get_attribute(".spectate-link", "href")
    assert len(links) == 2 and spectate
    tokens = [link.split("token=")[1].split("&")[0] for link in links]
    game_id = links[0].split("game=")[1].split("&")[0]

    ada, brutus = [await Tab.open(browser, link) for link in links]
    viewer = await Tab.open(browser, spectate.replace("lang=en", "lang=fr"))
    for tab in (ada, brutus, viewer):
        await tab.wait_version(2)
    assert "Ada" in (await ada.page.text_content("#info") or "")
    await ada.shot("02-duel-wonder-draft")

    shot_taken = False

    async def midgame(tab: Tab, clicks: int) -> None:
        nonlocal shot_taken
        cards = await tab.page.locator(".structure .card").count()
        if not shot_taken and clicks >= 30 and cards >= 8:
            shot_taken = True
            await tab.shot("03-duel-board")
            await viewer.wait_version(await tab.version())
            await viewer.shot("04-duel-spectator-fr")

    clicks = await play_until_over([ada, brutus], rng, 150, on_click=midgame)
    assert clicks >= 20  # the draft alone is 8 picks
    wonders = ada.page.locator("ul.wonders li")  # each wonder shows its cost
    assert await wonders.count() >= 7
    assert await wonders.locator(".cost").count() == await wonders.count()

    async with httpx.AsyncClient(base_url=web_api.url) as http:
        game = (await http.get(f"/games/{game_id}")).json()
        names = {lang: [c["name"] for c in (await http.get(
            "/kinds/duel/catalog", params={"lang": lang})).json()["catalog"]["cards"]]
            for lang in ("en", "fr")}
    assert game["over"] is True
    final = game["version"]
    for tab in (ada, brutus, viewer):
        await tab.wait_version(final)
        assert await tab.phase() == "over"
        sheet = tab.page.locator("#score-sheet")
        await sheet.wait_for()
        assert "total" in (await sheet.text_content() or "")
    winner = game["summary"]["winner"]
    expected = "Ada" if winner == 0 else "Brutus" if winner == 1 else None
    text = await ada.page.text_content("#winner") or ""
    assert (expected in text) if expected else ("Tie" in text)
    await ada.shot("05-duel-score-sheet")

    # The spectator reads card names in French, and sees no seat's moves.
    names_fr = set(names["fr"]) - set(names["en"])
    shown = await viewer.page.locator(".chip[data-card]").all_text_contents()
    assert set(shown) & names_fr, shown[:10]
    assert await viewer.page.locator("button.move").count() == 0

    # No seat token ever left the page in a URL (request, WebSocket or other).
    for tab in (ada, brutus, viewer, lobby):
        assert not [u for u in tab.urls if any(t in u for t in tokens)]
        assert tab.errors == []

    replay = await Tab.open(browser, web_api.url + f"/#replay={game_id}&lang=en")
    await replay.wait_version(final)
    middle = final // 2
    await replay.page.locator("#slider").fill(str(middle))
    await replay.page.wait_for_function(f"document.body.dataset.version === '{middle}'")
    assert await replay.phase() not in (None, "over")  # a position mid-game: no score sheet
    assert await replay.page.locator("#score-sheet").count() == 0
    await replay.shot("06-duel-replay")
    await replay.page.click("#next")
    await replay.page.wait_for_function(f"document.body.dataset.version === '{middle + 1}'")
    for tab in (ada, brutus, viewer, lobby, replay):
        await tab.close()


async def test_an_agora_game_shows_the_senate(browser: Any, web_api: ApiProcess) -> None:
    """With Agora on, the board adds the Senate: six chambers, decrees, cubes, conspiracies."""
    rng = random.Random(16)
    lobby = await Tab.open(browser, web_api.url + "/#lang=en")
    await lobby.page.wait_for_selector("#create")
    await lobby.page.select_option("#kind", "duel")
    await lobby.page.check("input.expansion[value=agora]")
    await lobby.page.click("#create")
    await lobby.page.wait_for_selector(".seat-link")
    links = await lobby.page.eval_on_selector_all(".seat-link", "els => els.map(e => e.href)")
    tabs = [await Tab.open(browser, link) for link in links]
    clicks = 0
    # Through the draft into Age I, where senators are recruited, and on until a card turn:
    # random moves may end an age, whose weaker seat then chooses who starts the next.
    while clicks < 400:
        moved = [await tab.click_random_move(rng) for tab in tabs]
        clicks += sum(m is not None for m in moved)
        if not any(moved):
            await tabs[0].page.wait_for_timeout(30)
        if clicks >= 40:
            await tabs[0].wait_version(await tabs[1].version())
            if await tabs[0].phase() in ("play", "over"):
                break
    senate = tabs[0].page.locator(".senate")
    await senate.wait_for()
    assert await senate.locator("tbody tr").count() == 6
    assert await tabs[0].phase() in ("play", "over")
    await tabs[0].shot("12-duel-agora-senate")
    for tab in (*tabs, lobby):
        assert tab.errors == []
        await tab.close()
