"""Players meet in the browser (issue "Players and tables"): three guests in three browser
contexts (three people's browsers, each with its own HttpOnly player cookie), one opens a
public 3-seat 7 Wonders table, the two others find it in the lobby (live over the lobby
socket) and join, the table starts by itself when full and they play it to the end in the
page, each told "your turn" in "my games" (live over the player socket). A private table is
joined from its invitation link (code in the URL fragment) and started early by its host.
After the game a player asks for a rematch from the score sheet; the others are invited."""

from __future__ import annotations

import random
from typing import Any

import httpx

from tests.api.servers import ApiProcess
from tests.web.conftest import artifacts_dir, keep_for_docs
from tests.web.pages import Tab, play_until_over
from tests.web.test_cards_say_what_they_do import axe_serious


async def guest(browser: Any, base_url: str, name: str) -> Tab:
    """A new browser signed in as a guest from the front page."""
    tab = await Tab.open(browser, base_url + "/#lang=en")
    await tab.page.wait_for_selector("#guest-name")
    await tab.page.fill("#guest-name", name)
    await tab.page.press("#guest-name", "Enter")  # the keyboard signs in
    await tab.page.wait_for_selector("#my-games")
    assert name in (await tab.page.text_content("#me") or "")
    return tab


async def open_table(tab: Tab, seats: list[str], visibility: str) -> str:
    """Open a 7 Wonders table from the front page's form (`seats`: the others', `open` or a
    bot level); the page goes to the table. Its game id."""
    page = tab.page
    await page.select_option("#table-kind", "7wonders")
    await page.fill("#table-seats", str(len(seats) + 1))
    await page.dispatch_event("#table-seats", "input")
    for row, seat in enumerate(seats):
        await page.locator(".table-seat").nth(row).select_option(seat)
    await page.select_option("#table-visibility", visibility)
    await page.click("#open-table")
    await page.wait_for_selector("#table")
    return page.url.split("game=")[1].split("&")[0]


async def home(tab: Tab, base_url: str) -> Any:
    """A second page of the same browser (same cookie) on the front page: "my games"."""
    page = await tab.context.new_page()
    page.on("pageerror", lambda e: tab.errors.append(str(e)))
    await page.goto(base_url + "/#lang=en")
    await page.wait_for_selector("#my-games")
    return page


def my_game(game_id: str, **data: str) -> str:
    return f"li.my-game[data-game='{game_id}']" + "".join(
        f"[data-{k.replace('_', '-')}='{v}']" for k, v in data.items())


async def test_three_guests_meet_in_the_lobby_and_play_to_the_end(
    browser: Any, web_api: ApiProcess
) -> None:
    rng = random.Random(30)
    url = web_api.url
    signed_out = await Tab.open(browser, url + "/#lang=en")
    await signed_out.page.wait_for_selector("#guest-name")
    assert await axe_serious(signed_out) == []
    await signed_out.close()
    ada, brutus, cleo = [await guest(browser, url, n) for n in ("Ada", "Brutus", "Cleo")]
    assert await axe_serious(ada) == []
    game_id = await open_table(ada, ["open", "open"], "public")
    assert await ada.page.locator(".table-seat-view.open").count() == 2

    # the others' lobbies were open before the table: it comes to them over the lobby socket
    for tab in (brutus, cleo):
        await tab.page.wait_for_selector(f"li.open-table[data-game='{game_id}'] button.join")
    await brutus.shot("40-lobby-open-table", docs=True, full_page=False)
    await brutus.page.click(f"li.open-table[data-game='{game_id}'] button.join")
    await brutus.page.wait_for_selector("#leave-table")
    await ada.page.wait_for_function(  # the host's table page follows the join live
        "document.querySelector('#table-seats-list')?.textContent.includes('Brutus')")
    await cleo.page.wait_for_selector(f"li.open-table[data-game='{game_id}'][data-free='1']")
    homes = [await home(ada, url), await home(brutus, url)]
    for page in homes:
        await page.wait_for_selector(my_game(game_id, state="waiting"))
    await cleo.page.locator(f"li.open-table[data-game='{game_id}'] button.join").focus()
    await cleo.page.keyboard.press("Enter")  # joining by keyboard: the table fills, starts

    tabs = [ada, brutus, cleo]
    for tab in tabs:
        await tab.page.wait_for_selector("#moves button.move", timeout=20000)
        assert await tab.page.locator(".sw-city").count() == 3
    homes.append(await home(cleo, url))
    for page in homes:  # each is told it is its turn (the player socket, or the first read)
        await page.wait_for_selector(my_game(game_id, state="running", my_turn="yes"))
        assert "your turn" in (await page.text_content(my_game(game_id)) or "")
    shot = artifacts_dir() / "41-my-games-your-turn.png"
    await homes[0].screenshot(path=str(shot))
    keep_for_docs(shot)
    assert await ada.page.locator(f"li.open-table[data-game='{game_id}']").count() == 0

    await play_until_over(tabs, rng, 400)
    async with httpx.AsyncClient(base_url=url, timeout=10) as http:
        game = (await http.get(f"/games/{game_id}")).json()
        events = (await http.get(f"/games/{game_id}/events", params={"limit": 1000})).json()
    assert game["over"] is True
    chosen = [e["seat"] for e in events["events"] if e["type"] == "CardChosen"]
    assert all(chosen.count(seat) >= 18 for seat in range(3))  # 6 turns × 3 ages each
    assert sorted(s["name"] for s in game["seats"]) == ["Ada", "Brutus", "Cleo"]
    for tab in tabs:
        await tab.page.wait_for_selector("#score-sheet")
        assert await tab.page.locator("#rematch").count() == 1  # a seat's player may ask
    for page in homes:  # the end comes over the player socket
        await page.wait_for_selector(my_game(game_id, state="over", my_turn="no"))
    await ada.shot("42-table-score-sheet", docs=True, full_page=False)

    # rematch: the same seats at a new private table; the others are invited, one accepts
    # from "my games" (its reserved seat), one declines (the seat opens)
    await ada.page.click("#rematch")
    await ada.page.wait_for_selector("#table #start-table")
    rematch_id = ada.page.url.split("game=")[1].split("&")[0]
    assert rematch_id != game_id
    for page in homes[1:]:
        # told on the player socket (the page's own re-read comes only every 15 s)
        await page.wait_for_selector(f"li.invitation[data-game='{rematch_id}']", timeout=10000)
        assert "Ada" in (await page.text_content(f"li.invitation[data-game='{rematch_id}']") or "")
    await homes[1].click(f"li.invitation[data-game='{rematch_id}'] button.accept")
    await homes[1].wait_for_selector("#table #leave-table")
    await homes[2].click(f"li.invitation[data-game='{rematch_id}'] button.decline")
    await homes[2].wait_for_selector(f"li.invitation[data-game='{rematch_id}']", state="detached")
    await ada.page.wait_for_function("""document.querySelectorAll(
        '#table-seats-list li.taken').length === 2
        && document.querySelectorAll('#table-seats-list li.open').length === 1""")
    for tab in tabs:
        assert tab.errors == []
        await tab.close()


async def test_a_private_table_is_joined_from_its_invitation_link(
    browser: Any, web_api: ApiProcess
) -> None:
    url = web_api.url
    ada = await guest(browser, url, "Ada")
    cleo = await guest(browser, url, "Cleo")
    game_id = await open_table(ada, ["open", "greedy", "open"], "private")
    link = await ada.page.get_attribute("#invite-link", "href") or ""
    fragment = link.split("#", 1)[1]
    assert f"game={game_id}" in fragment and "invite=" in fragment  # never sent to a server
    assert await ada.page.is_disabled("#start-table")  # 2 seated of the 3 needed
    await ada.shot("43-private-table-invitation", docs=True, full_page=False)
    # a private table is not in the lobby, and its page without the code refuses a join
    await cleo.page.wait_for_selector("#open-tables li")
    assert await cleo.page.locator(f"li.open-table[data-game='{game_id}']").count() == 0
    await cleo.page.goto(url + f"/#game={game_id}&lang=en")
    await cleo.page.click("#join-table")
    await cleo.page.wait_for_selector(".toast >> text=invite_required")

    brutus = await Tab.open(browser, link)  # not signed in: a name first, then the join
    await brutus.page.wait_for_selector("#table #guest-name")
    assert await axe_serious(brutus) == []
    await brutus.page.fill("#guest-name", "Brutus")
    await brutus.page.click("#guest-signin")
    await brutus.page.click("#join-table")
    await brutus.page.wait_for_selector("#table")
    await ada.page.wait_for_function(
        "document.querySelector('#table-seats-list')?.textContent.includes('Brutus')")
    assert not any("invite=" in u for u in brutus.urls if not u.startswith(url + "/#"))
    await ada.page.wait_for_selector("#start-table:not([disabled])")
    await ada.page.click("#start-table")  # early: one seat stays empty and is dropped
    for tab in (ada, brutus):
        await tab.page.wait_for_selector("#moves button.move", timeout=20000)
        assert await tab.page.locator(".sw-city").count() == 3
    async with httpx.AsyncClient(base_url=url, timeout=10) as http:
        game = (await http.get(f"/games/{game_id}")).json()
    assert [s["name"] for s in game["seats"]][:2] == ["Ada", "Brutus"] and not game["waiting"]
    for tab in (ada, brutus, cleo):
        assert tab.errors == []
        await tab.close()
