"""A seat's log never names a card hidden from it (issue 33, "What happened"): a 3-seat
7 Wonders game with two of the service's bots, the person's seat played through the API
until Age III; then the page, opened on the seat's link, reads its log back to the start,
and every card name in it must be one the seat could know: a card of its own hands (or
anything else its views or legal moves showed it) or one the public events (a
spectator's) named. The check stops before the game's end, whose score sheet may show
every city in full; the others' face-down discards read "a hidden card". The same log
in German has no line left in English."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import httpx

from tests.api.servers import ApiProcess
from tests.web.pages import Tab

CARD_KEYS = {"card", "cards", "hand", "discard", "pile", "built", "tucked"}


def cards_in(value: Any, under_card_key: bool = False) -> set[int]:
    """Every card id under a key that names cards, anywhere in a JSON value."""
    found: set[int] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            found |= cards_in(item, under_card_key or key in CARD_KEYS)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item, under_card_key)
    elif under_card_key and isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        found.add(value)
    return found


async def test_a_seats_log_names_no_card_hidden_from_it(
    browser: Any, web_api: ApiProcess
) -> None:
    rng = random.Random(33)
    async with httpx.AsyncClient(base_url=web_api.url, timeout=20) as http:
        created = (await http.post("/games", json={"kind": "7wonders", "seats": [
            {"name": "Ada"}, {"name": "Brutus", "bot": "greedy"},
            {"name": "Cleo", "bot": "greedy"}]})).json()
        game_id = created["game"]["game_id"]
        token = created["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        known: set[int] = set()
        for _ in range(400):
            view = (await http.get(f"/games/{game_id}/view", headers=auth)).json()
            known |= cards_in(view["view"])
            if view["view"]["age"] == 3 and view["view"]["turn"] >= 3:
                break
            moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth)).json()
            known |= cards_in(moves["moves"])  # its hand may have moved on since the view
            if not moves["moves"]:
                await asyncio.sleep(0.05)
                continue
            # discards too, so that discarded cards (face down) are in the game
            move = rng.choice(moves["moves"])
            await http.post(f"/games/{game_id}/commands", headers=auth, json={
                "expected_version": moves["version"], "command": move})
        else:
            raise AssertionError("the game did not reach Age III")
        public = (await http.get(f"/games/{game_id}/events", params={"limit": 1000})).json()
        known |= cards_in([e["event"] for e in public["events"]])
        catalog = (await http.get("/kinds/7wonders/catalog", params={"lang": "en"})).json()

        tab = await Tab.open(browser, web_api.url + f"/#game={game_id}&token={token}&lang=en")
        await tab.wait_version(1)
        await tab.page.click("#log-older")  # the page opened after these events: read them
        await tab.page.wait_for_selector("#log-older", state="detached")
        lines: list[str] = await tab.page.eval_on_selector_all(
            "#log li", "els => els.map(e => e.textContent)")
        assert len(lines) > 30  # three ages' moves, read back to the start
        german = await Tab.open(browser, web_api.url + f"/#game={game_id}&token={token}&lang=de")
        await german.wait_version(1)
        await german.page.click("#log-older")
        await german.page.wait_for_selector("#log-older", state="detached")
        in_german: list[str] = await german.page.eval_on_selector_all(
            "#log li", "els => els.map(e => e.textContent)")
        await german.close()
        final = (await http.get(f"/games/{game_id}/view", headers=auth)).json()
        mine = (await http.get(f"/games/{game_id}/events", headers=auth,
                               params={"limit": 1000})).json()["events"]
        known |= cards_in(final["view"])

    # every event is said in German too: no line is left as it reads in English
    assert len(in_german) == len(lines)
    assert [en for en, de in zip(lines, in_german, strict=True) if en == de] == []
    names = {i: c["name"] for i, c in enumerate(catalog["catalog"]["cards"])}
    known_names = sorted({names[i] for i in known}, key=len, reverse=True)
    hidden_names = {n for n in names.values()} - set(known_names)
    assert hidden_names, "every card was seen: nothing hidden to check"
    text = "\n".join(lines)
    assert "a hidden card" in text  # the others' face-down discards, as the log says them
    for name in known_names:  # a known name may contain a hidden one ("Walls" in ...)
        text = text.replace(name, "·")
    named = sorted(n for n in hidden_names if re.search(rf"\b{re.escape(n)}\b", text))
    ids = {i for i, n in names.items() if n in named}
    assert named == [], (f"the log names cards hidden from the seat: {named}",
                         [line for line in lines if any(n in line for n in named)],
                         [e["event"] for e in mine if ids & cards_in(e["event"])])
    assert tab.errors == []
    await tab.close()


async def read_log(browser: Any, url: str) -> list[str]:
    """The whole log of a page opened at `url` (read back to the start)."""
    tab = await Tab.open(browser, url)
    await tab.wait_version(1)
    await tab.page.click("#log-older")
    await tab.page.wait_for_selector("#log-older", state="detached")
    lines: list[str] = await tab.page.eval_on_selector_all(
        "#log li", "els => els.map(e => e.textContent)")
    assert len(lines) > 10
    assert tab.errors == []
    await tab.close()
    return lines


async def test_the_log_of_leaders_and_faith_reads_in_french_and_german(
    browser: Any, web_api: ApiProcess
) -> None:
    """Leaders and Faith add their own events (drafts, recruitment, prayer, gods): read in
    French and German, no line of the log stays as it reads in English."""
    rng = random.Random(34)
    async with httpx.AsyncClient(base_url=web_api.url, timeout=20) as http:
        created = (await http.post("/games", json={
            "kind": "7wonders", "expansions": ["leaders", "faith"], "seats": [
                {"name": "Ada"}, {"name": "Brutus", "bot": "greedy"},
                {"name": "Cleo", "bot": "greedy"}]})).json()
        game_id = created["game"]["game_id"]
        token = created["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        for _ in range(400):
            view = (await http.get(f"/games/{game_id}/view", headers=auth)).json()["view"]
            if view.get("age", 0) >= 2 and view.get("phase") == "play":
                break
            moves = (await http.get(f"/games/{game_id}/legal-moves", headers=auth)).json()
            if not moves["moves"]:
                await asyncio.sleep(0.05)
                continue
            await http.post(f"/games/{game_id}/commands", headers=auth, json={
                "expected_version": moves["version"], "command": rng.choice(moves["moves"])})
        else:
            raise AssertionError("the game did not reach Age II")
        # The bots play on by themselves: wait until only Ada may act, so that the log holds
        # still between the three reads below (a bot's move between them is one line more).
        for _ in range(200):
            view = (await http.get(f"/games/{game_id}/view", headers=auth)).json()["view"]
            if view.get("acting") == [0]:
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError(f"the bots did not move: acting {view.get('acting')}")
    base = web_api.url + f"/#game={game_id}&token={token}&lang="
    english = await read_log(browser, base + "en")
    said = " ".join(english).lower()
    assert "leader" in said and "god" in said, english[:20]  # the expansions' own events
    for lang in ("fr", "de"):
        other = await read_log(browser, base + lang)
        assert len(other) == len(english)
        assert [en for en, o in zip(english, other, strict=True) if en == o] == [], lang
