"""The service's clocks on the page: a game created in the lobby with the `clock` option shows
each seat's remaining time as the service sends it (`clocks` in the game summary, the view
and every update), counted down by the page while the seat's clock runs, and marks a seat
handed to its bot after timeouts. A game without a clock keeps the page's own count.

Skipped, saying why, while the service refuses the `clock` option (checked at run time with
the same request the lobby makes)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.api.servers import ApiProcess
from tests.web.pages import Tab, create_in_lobby

CLOCK = {"bank_seconds": 300, "increment_seconds": 10, "on_timeout": "bot"}
REFUSED = ("invalid_option", "unknown_option")


async def clock_refused(http: httpx.AsyncClient) -> str | None:
    """The refusal (code: message) when the service does not take the `clock` option."""
    reply = await http.post("/games", json={
        "kind": "duel", "seats": [{"name": "Ada"}, {"name": "Brutus"}],
        "options": {"clock": CLOCK}})
    if reply.status_code < 400:
        return None
    body = reply.json()
    assert body.get("code") in REFUSED, body  # any other refusal is a bug, not a skip
    return f"{body['code']}: {body.get('message', '')}"


async def running_seat(tab: Tab) -> tuple[int, int]:
    clock = tab.page.locator("#clocks .clock.server.running").first
    await clock.wait_for(timeout=10_000)
    return (int(await clock.get_attribute("data-seat") or -1),
            int(await clock.get_attribute("data-remaining") or -1))


async def test_the_page_shows_the_services_clocks(browser: Any, web_api: ApiProcess) -> None:
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        refused = await clock_refused(http)
    if refused is not None:
        pytest.skip(f"the service refuses the clock option ({refused}); this test runs once "
                    "clocks are served")

    lobby, links, _ = await create_in_lobby(browser, web_api.url, "duel", clock=True)
    game_id = links[0].split("game=")[1].split("&")[0]
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        game = (await http.get(f"/games/{game_id}")).json()
    assert game["options"]["clock"]["bank_seconds"] == 300  # the lobby's defaults
    assert [c["seat"] for c in game["clocks"]] == [0, 1]

    ada, brutus = [await Tab.open(browser, link) for link in links]
    for tab in (ada, brutus):
        await tab.wait_version(1)
        assert await tab.page.get_attribute("#clocks", "data-source") == "server"
    seat, before = await running_seat(ada)
    assert 200 < before <= 300
    version = await ada.version()
    await ada.page.wait_for_timeout(2300)
    assert await ada.version() == version  # no update came: the page counted down itself
    _, after = await running_seat(ada)
    assert 1 <= before - after <= 4, (before, after)
    idle = ada.page.locator(f"#clocks .clock.server:not(.running)[data-seat='{1 - seat}']")
    assert int(await idle.get_attribute("data-remaining") or -1) == 300

    # The acting seat moves: its clock stops with the increment added, the other starts.
    mover = ada if seat == 0 else brutus
    await mover.page.locator("#moves button.move").first.click()
    await ada.wait_version(version + 1)
    await ada.page.wait_for_function(
        f"document.querySelector('#clocks .clock.running')?.dataset.seat === '{1 - seat}'"
        f" || document.body.dataset.acting === 'yes'", timeout=10_000)
    stopped = ada.page.locator(f"#clocks .clock.server[data-seat='{seat}']")
    assert 290 <= int(await stopped.get_attribute("data-remaining") or -1) <= 310
    await ada.shot("22-duel-clocks")
    for tab in (ada, brutus, lobby):
        assert tab.errors == []
        await tab.close()


async def test_a_seat_out_of_time_is_shown_played_by_its_bot(
    browser: Any, web_api: ApiProcess
) -> None:
    """A bank of one second, `on_timeout: bot`: nobody moves, the seat that must play runs
    out and is marked as played by its bot (after `timeouts_to_bot` timeouts)."""
    clock = {"bank_seconds": 1, "increment_seconds": 0, "on_timeout": "bot",
             "timeouts_to_bot": 1}
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        refused = await clock_refused(http)
        if refused is not None:
            pytest.skip(f"the service refuses the clock option ({refused}); this test runs "
                        "once clocks are served")
        reply = await http.post("/games", json={
            "kind": "duel", "seats": [{"name": "Ada"}, {"name": "Brutus"}],
            "options": {"clock": clock}})
        if reply.status_code >= 400:  # a service without `timeouts_to_bot`: its default
            clock.pop("timeouts_to_bot")
            reply = await http.post("/games", json={
                "kind": "duel", "seats": [{"name": "Ada"}, {"name": "Brutus"}],
                "options": {"clock": clock}})
        assert reply.status_code == 201, reply.text
    game_id = reply.json()["game"]["game_id"]
    viewer = await Tab.open(browser, f"{web_api.url}/#game={game_id}&lang=en")
    await viewer.page.wait_for_selector("#clocks .clock.server.bot", timeout=45_000)
    text = await viewer.page.text_content("#clocks .clock.bot") or ""
    assert "bot" in text
    await viewer.shot("23-clock-seat-handed-to-bot")
    assert viewer.errors == []
    await viewer.close()


async def test_without_a_clock_the_page_counts_the_time_spent(
    browser: Any, web_api: ApiProcess
) -> None:
    lobby, links, _ = await create_in_lobby(browser, web_api.url, "duel")
    ada = await Tab.open(browser, links[0])
    await ada.wait_version(1)
    assert await ada.page.get_attribute("#clocks", "data-source") == "page"
    assert "Time spent" in (await ada.page.text_content("#clocks") or "")
    assert await ada.page.locator("#clocks .clock.page").count() == 2
    for tab in (ada, lobby):
        assert tab.errors == []
        await tab.close()
