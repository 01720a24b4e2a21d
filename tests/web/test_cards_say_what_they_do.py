"""A new player's page, for every kind and expansion set (and 7 Wonders' 2-player Free City
variant): one person plays a complete game against the service's bots, on a phone
(390×844) and on a desktop window; every card, wonder, token, leader and god shown carries
its effect text (visible or as its accessible description), each city shows its points so
far (which end as the score sheet's totals), the log reads back to the start, the phone
never scrolls sideways, axe-core finds no serious accessibility violation on the lobby and
the board, and every board update is timed (printed, not asserted). Screenshots (`30-…`)
go to the artefacts directory, and to docs/screenshots/ (which the README shows) with
`POLIS_DOCS_SCREENSHOTS=1`."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product
from typing import Any

import pytest

from tests.api.servers import ROOT, ApiProcess
from tests.web.pages import Tab, create_in_lobby, play_until_over

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
PHONE: Any = {"width": 390, "height": 844}
DESKTOP: Any = {"width": 1366, "height": 900}

SETS: list[tuple[str, tuple[str, ...], int]] = [
    ("duel", (), 2), ("duel", ("agora",), 2), ("duel", ("leaders",), 2),
    ("duel", ("agora", "leaders"), 2),
    ("7wonders", (), 3), ("7wonders", ("leaders",), 3), ("7wonders", ("faith",), 3),
    ("7wonders", ("leaders", "faith"), 3),
    ("7wonders", (), 2),  # the Free City variant: two players and the Free City
]
"""Every kind and expansion set the service offers, with its seats."""
CASES = [pytest.param(kind, expansions, seats, window,
                      id="-".join([kind, *expansions, f"{seats}p",
                                   "phone" if window is PHONE else "desktop"]))
         for (kind, expansions, seats), window in product(SETS, (PHONE, DESKTOP))]


def shot_name(kind: str, expansions: tuple[str, ...], seats: int, window: Any) -> str:
    """`30-<kind>[-<expansions>][-freecity]-<phone|desktop>`: the README shows them all."""
    variant = ["freecity"] if kind == "7wonders" and seats == 2 else []
    return "-".join(["30", kind, *expansions, *variant,
                     "phone" if window is PHONE else "desktop"])

SHOWN = ("[data-card]:not(.hidden-card), [data-wonder], [data-token], "
         "[data-leader]:not(.hidden-leader), [data-god]:not(.hidden-god):not(button), .stage")


async def axe_serious(tab: Tab) -> list[str]:
    """The serious and critical violations axe-core (from web/node_modules) finds."""
    await tab.page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = await tab.page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => ({id: v.id, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))")
    return [f"{v['id']}: {v['nodes']}" for v in found]


async def without_effect(tab: Tab) -> list[str]:
    return list(await tab.page.eval_on_selector_all(SHOWN, """els => els.filter(e =>
        !(e.getAttribute('aria-description') || e.getAttribute('title') || '').trim())
        .map(e => e.outerHTML.slice(0, 120))"""))


async def city_points(tab: Tab) -> list[int]:
    """Each city's points so far as its panel shows them."""
    return [int(v) for v in await tab.page.eval_on_selector_all(
        ".city .points-so-far", "els => els.map(e => e.dataset.points)")]


async def whole_log(tab: Tab) -> list[str]:
    """The log read back to the game's start ("Back to the start").

    The button goes once the older lines are drawn; the list need not grow (a page that
    followed the game from its first version already holds every line).
    """
    await tab.page.click("#log-older")
    await tab.page.wait_for_selector("#log-older", state="detached")
    return list(await tab.page.eval_on_selector_all(
        "#log li", "els => els.map(e => e.textContent)"))


async def sideways(tab: Tab) -> int:
    return int(await tab.page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"))


@pytest.mark.parametrize(("kind", "expansions", "seats", "window"), CASES)
async def test_a_new_player_reads_every_card(
    browser: Any, web_api: ApiProcess, kind: str, expansions: tuple[str, ...], seats: int,
    window: Any,
) -> None:
    rng = random.Random(33)
    cities = 3 if kind == "7wonders" and seats == 2 else seats  # the Free City's own city
    lobby, links, _ = await create_in_lobby(
        browser, web_api.url, kind, expansions, bots=(None, *(["greedy"] * (seats - 1))))
    name = shot_name(kind, expansions, seats, window)
    await lobby.page.set_viewport_size(window)
    assert await axe_serious(lobby) == []
    await lobby.close()

    tab = await Tab.open(browser, links[0])
    await tab.page.set_viewport_size(window)
    await tab.wait_version(1)
    checked = {"mid": False}

    async def midgame(t: Tab, clicks: int) -> None:
        if checked["mid"] or clicks < 6:
            return
        checked["mid"] = True
        await t.page.wait_for_selector("#log li")
        assert await without_effect(t) == []
        assert len(await city_points(t)) == cities
        assert await axe_serious(t) == []
        if window is PHONE:
            assert await sideways(t) <= 0
        await t.shot(name, docs=True, full_page=False)

    await play_until_over([tab], rng, 240, on_click=midgame)
    assert checked["mid"]
    assert await without_effect(tab) == []
    assert await tab.page.locator("#log li.latest").count() >= 1
    totals = await tab.page.eval_on_selector_all(
        "#score-sheet tr.total td", "els => els.map(e => Number(e.textContent))")
    # the seats' totals; the Free City has points on its panel but no column of its own
    points = await city_points(tab)
    assert len(totals) == seats and any(totals)
    assert not Counter(totals) - Counter(points) and len(points) == cities, (points, totals)
    lines = await whole_log(tab)
    assert any("Age 1" in line or "Age I" in line for line in lines), lines[-5:]
    if window is PHONE:
        assert await sideways(tab) <= 0
    # the board's updates are measured (performance marks); their figures are printed,
    # not asserted: a shared CI machine makes any time bound a false alarm
    updates = await tab.page.evaluate("""(() => {
        const d = performance.getEntriesByName('board-update').map(e => e.duration)
            .sort((a, b) => a - b);
        return [d.length, d[d.length >> 1], d[d.length - 1]]; })()""")
    assert updates[0] > 0
    print(f"{kind}+{'+'.join(expansions)} {window}: {updates[0]} board updates, "
          f"median {updates[1]:.1f} ms, slowest {updates[2]:.1f} ms")
    assert tab.errors == []
    await tab.close()
