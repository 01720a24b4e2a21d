"""Leaders through the page: a complete Duel Leaders game between two browser contexts (one
in French), and a complete 7 Wonders game with Leaders against two of the service's bots.

Duel Leaders rules followed on screen (seeds/duel-leaders-rules-fr.txt): the leader draft
before the wonders ("4 leaders face visible", each player keeps some in turn), the
recruitment step at the start of each Age (each player chooses a leader in secret, then
recruits it for its cost or discards it for 2 coins), the recruited leaders beside each
city. 7 Wonders: Leaders (seeds): the draft of four leaders, the recruitment at each Age's
start (recruit, build a stage with it, or discard for 3 coins), the leaders face up beside
each board.
"""

from __future__ import annotations

import random
from typing import Any

import httpx

from tests.api.servers import ApiProcess
from tests.web.pages import Tab, click_move_labelled, create_in_lobby, play_until_over


async def catalog(http: httpx.AsyncClient, kind: str, expansions: str, lang: str) -> Any:
    reply = await http.get(f"/kinds/{kind}/catalog", params={"expansions": expansions,
                                                             "lang": lang})
    return reply.json()["catalog"]


async def leader_cards(tab: Tab, selector: str) -> list[tuple[int, str]]:
    """(leader id, text) of the leader cards under `selector`."""
    pairs: list[tuple[int, str]] = await tab.page.eval_on_selector_all(
        f"{selector} .leader[data-leader]",
        "els => els.map(e => [Number(e.dataset.leader), e.textContent])")
    return [(int(i), str(text)) for i, text in pairs]


async def test_two_browsers_play_a_duel_leaders_game(
    browser: Any, web_api: ApiProcess
) -> None:
    rng = random.Random(43)
    lobby, links, _ = await create_in_lobby(browser, web_api.url, "duel", ("leaders",))
    game_id = links[0].split("game=")[1].split("&")[0]
    ada = await Tab.open(browser, links[0])
    brutus = await Tab.open(browser, links[1].replace("lang=en", "lang=fr"))
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        en = await catalog(http, "duel", "leaders", "en")
        fr = await catalog(http, "duel", "leaders", "fr")
    for tab in (ada, brutus):
        await tab.wait_version(1)

    # The leader draft: the offer face up, each leader with its cost in this game.
    offer = await leader_cards(ada, "#leaders .leader-offer")
    assert len(offer) == 4, offer
    for leader, text in offer:
        assert en["leaders"][leader]["name"] in text
        assert f"{en['leaders'][leader]['cost']}¢" in text
    await ada.shot("13-duel-leaders-draft")
    french = await leader_cards(brutus, "#leaders .leader-offer")
    assert [text.split(" ")[0] for _, text in french] == [
        fr["leaders"][i]["name"].split(" ")[0] for i, _ in french]

    # Through the draft and the wonders to Age I's recruitment step.
    clicks = 0
    while not await ada.page.locator("#recruit-step").count():
        assert clicks < 60, "no recruitment step after the drafts"
        for tab in (ada, brutus):
            if await tab.click_random_move(rng) is not None:
                clicks += 1
        await ada.page.wait_for_timeout(30)
    await ada.shot("14-duel-leaders-recruitment")

    # Both choose, then both recruit (the declaration shows the chosen leader's cost).
    declared: list[str] = []
    for _ in range(300):
        if len(declared) == 2:
            break
        for tab in (ada, brutus):
            if await tab.phase() != "recruitment":
                continue
            label = await click_move_labelled(tab, "Recruit") or await click_move_labelled(
                tab, "Recruter")
            if label:
                declared.append(label)
                continue
            await tab.click_random_move(rng)
        await ada.page.wait_for_timeout(30)
    # in words, in the tab's language: "2 coins", "1 pièces", or free (a leader cost 0)
    words = ("coins", "pièces", "(free)", "(gratuit)")
    assert all("¢" not in d and any(w in d for w in words) for d in declared), declared

    # Each city shows the leaders recruited, named in its reader's language.
    await ada.page.wait_for_selector(".city[data-seat='0'] .city-leaders .leader.recruited")
    await brutus.page.wait_for_selector(".city[data-seat='1'] .city-leaders .leader.recruited")
    recruited = await leader_cards(brutus, ".city .city-leaders")
    assert recruited and all(fr["leaders"][i]["name"] in text for i, text in recruited)

    shot_taken = False

    async def board_shot(tab: Tab, count: int) -> None:
        nonlocal shot_taken
        if count >= 12 and not shot_taken and await ada.page.locator(".structure .card").count():
            shot_taken = True
            await ada.shot("15-duel-leaders-board")

    clicks += await play_until_over([ada, brutus], rng, 150, on_click=board_shot)
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        game = (await http.get(f"/games/{game_id}")).json()
    assert game["over"] is True
    await ada.wait_version(game["version"])
    sheet = ada.page.locator("#score-sheet")
    await sheet.wait_for()
    assert "leaders" in (await sheet.text_content() or "")
    for tab in (ada, brutus, lobby):
        assert tab.errors == []
        await tab.close()


async def test_one_browser_plays_seven_wonders_leaders_against_two_bots(
    browser: Any, web_api: ApiProcess
) -> None:
    rng = random.Random(44)
    lobby, links, _ = await create_in_lobby(
        browser, web_api.url, "7wonders", ("leaders",), bots=(None, "greedy", "greedy"),
        lang="fr")
    assert len(links) == 1
    game_id = links[0].split("game=")[1].split("&")[0]
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        fr = await catalog(http, "7wonders", "leaders", "fr")
    ada = await Tab.open(browser, links[0])
    await ada.wait_version(1)

    # The draft: four leaders in hand, each with its name in French and its cost.
    await ada.page.wait_for_selector("#leaders .leader")
    hand = await leader_cards(ada, "#leaders")
    assert len(hand) == 4, hand
    for leader, text in hand:
        assert fr["leaders"][leader]["name"] in text
        assert f"{fr['leaders'][leader]['cost']}¢" in text
    await ada.page.wait_for_selector("#moves button.move[data-type=PickLeader]")
    await ada.shot("16-7wonders-leaders-draft")

    # Keep leaders until the recruitment, then recruit one.
    recruited_label = None
    for _ in range(400):
        phase = await ada.phase()
        if phase == "recruitment" and recruited_label is None:
            recruited_label = await click_move_labelled(ada, "Recruter")
            if recruited_label:
                break
        elif phase in ("leader_draft", "recruitment"):
            await ada.click_random_move(rng)
        await ada.page.wait_for_timeout(30)
    assert recruited_label and "¢" in recruited_label, recruited_label
    mine = ada.page.locator(".sw-city.mine .city-leaders .leader.recruited")
    await mine.first.wait_for()
    recruited = await leader_cards(ada, ".sw-city.mine .city-leaders")
    assert [fr["leaders"][i]["name"] in text for i, text in recruited] == [True]
    await ada.page.wait_for_selector("#hand .chip")
    await ada.page.wait_for_selector("#moves button.move")
    await ada.shot("17-7wonders-leaders-recruited")

    clicks = await play_until_over([ada], rng, 150)
    assert clicks >= 18
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        game = (await http.get(f"/games/{game_id}")).json()
        events = (await http.get(f"/games/{game_id}/events", params={"limit": 1000})).json()
    assert game["over"] is True
    kinds = {e["type"] for e in events["events"]}
    assert {"LeaderKept", "LeaderChosen"} <= kinds, kinds
    await ada.wait_version(game["version"])
    sheet = ada.page.locator("#score-sheet")
    await sheet.wait_for()
    assert await sheet.locator("tbody tr").count() == len(fr["score_categories"])
    # three recruitments (Ages I-III): each city holds what it recruited, beside its board
    assert await ada.page.locator(".sw-city.mine .city-leaders .leader").count() >= 1
    assert ada.errors == []
    await ada.close()
    await lobby.close()


async def play_until(tabs: list[Tab], rng: random.Random, done: Any, budget: int = 200) -> None:
    """Click legal moves on `tabs` until `done()` holds (at most `budget` rounds): a
    leader's recruitment where the page offers it, else a random one."""
    for _ in range(budget):
        if await done():
            return
        moved = [await click_move_labelled(tab, "Recruit") or await tab.click_random_move(rng)
                 for tab in tabs]
        if not any(moved):
            await tabs[0].page.wait_for_timeout(30)
    raise AssertionError("the page never reached the expected screen")


async def test_expansions_combined_show_each_panel(browser: Any, web_api: ApiProcess) -> None:
    """Expansions as their rulebooks combine them: Duel with Agora and Leaders shows the
    Senate and the leaders; 7 Wonders with Leaders and Faith shows the leaders (Faith's view
    wraps Leaders') and the gods, each city with its recruited leaders and its gods."""
    rng = random.Random(46)
    lobby, links, _ = await create_in_lobby(browser, web_api.url, "duel", ("agora", "leaders"))
    tabs = [await Tab.open(browser, link) for link in links]
    page = tabs[0].page

    async def duel_in_age_one() -> bool:
        return (await tabs[0].phase() == "play" and await page.locator(".senate").count() > 0
                and await page.locator(".city .city-leaders .leader").count() > 0)

    await play_until(tabs, rng, duel_in_age_one)
    assert await page.locator("#leaders .leader-table tbody tr").count() == 2
    for tab in (*tabs, lobby):
        assert tab.errors == []
        await tab.close()

    lobby, links, _ = await create_in_lobby(
        browser, web_api.url, "7wonders", ("leaders", "faith"), bots=(None, "greedy", "greedy"))
    ada = await Tab.open(browser, links[0])
    await ada.page.wait_for_selector("#leaders .leader")

    async def both_in_play() -> bool:
        return (await ada.phase() == "play"
                and await ada.page.locator(".sw-city.mine .city-leaders .leader").count() > 0
                and await ada.page.locator("#faith .gods-kept .god").count() > 0)

    await play_until([ada], rng, both_in_play, budget=400)
    assert await ada.page.locator(".sw-city .city-gods").count() == 3
    assert ada.errors == []
    await ada.close()
    await lobby.close()
