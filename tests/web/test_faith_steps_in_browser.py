"""Faith's own steps through the page: Horus' look at the previous player's hand, Osiris'
card of the discard pile and Seth's answer, each taken by a browser seat in a game dealt so
that it holds the god (Horus: "observer la main du joueur précédent. Le joueur épié doit
d'abord choisir sa carte"; Osiris: "choisir une carte Âge dans la défausse et la mettre en
jeu gratuitement ou la défausser pour gagner 3 pièces"). The other seats play through the
API."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from typing import Any

import httpx
import msgspec
from msgspec.structs import replace

from domain.kernel import get_game
from domain.sevenwonders.flow import PASS_DIRECTION
from domain.sevenwonders_faith.catalog import BY_KEY
from domain.sevenwonders_faith.rules import god_pool
from tests.api.clients import auth
from tests.api.servers import ApiProcess
from tests.web.pages import Tab

ADA, BRUTUS, CLEO = 0, 1, 2
"""Ada's browser holds Horus (Seth in his test), Cleo's Osiris; Brutus plays through the API
(and Cleo in Seth's test)."""
SEATS = 3


def god_deal(firsts: list[list[str]]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Age I's gods as given (keys, per seat); Ages II and III from the pool without Seth (a
    city holding him answers each god revealed, a step only his test takes)."""
    pool = [g for g in god_pool(SEATS) if g != BY_KEY["seth"].id]
    ages = [tuple(tuple(BY_KEY[k].id for k in hand) for hand in firsts)]
    for age in (1, 2):
        ages.append(tuple(tuple(pool[3 * (s + age): 3 * (s + age) + 3]) for s in range(SEATS)))
    return tuple(ages)


def explicit_deal(firsts: list[list[str]]) -> dict[str, Any]:
    """A deal of the seeded game's cards and boards, with these gods."""
    game = get_game("7wonders", ("faith",))
    drawn = game.start(SEATS, {}, random.Random(24), None)[0].deal  # type: ignore[attr-defined]
    out: dict[str, Any] = msgspec.to_builtins(replace(drawn, gods=god_deal(firsts)))
    return out


class Seats:
    """The seats' tokens and the REST calls the test makes for them."""

    def __init__(self, http: httpx.AsyncClient, game_id: str, tokens: list[str]) -> None:
        self.http, self.game_id, self.tokens = http, game_id, tokens

    @classmethod
    async def create(cls, http: httpx.AsyncClient, firsts: list[list[str]],
                     free: tuple[str, ...]) -> Seats:
        """A game of three seats dealt `firsts` as Age I's gods, the `free` gods costing
        nothing in Age I (option `god_costs`)."""
        created = await http.post("/games", json={
            "kind": "7wonders", "expansions": ["faith"], "deal": explicit_deal(firsts),
            "options": {"god_costs": {key: {"1": ["free", 0]} for key in free}},
            "seats": [{"name": "Ada"}, {"name": "Brutus"}, {"name": "Cleo"}]})
        assert created.status_code == 201, created.text
        return cls(http, created.json()["game"]["game_id"],
                   [s["token"] for s in created.json()["seats"]])

    async def view(self, seat: int) -> dict[str, Any]:
        reply = await self.http.get(f"/games/{self.game_id}/view", headers=auth(self.tokens[seat]))
        assert reply.status_code == 200, reply.text
        view: dict[str, Any] = reply.json()["view"]
        return view

    async def moves(self, seat: int) -> tuple[int, list[dict[str, Any]]]:
        reply = (await self.http.get(f"/games/{self.game_id}/legal-moves",
                                     headers=auth(self.tokens[seat]))).json()
        return reply["version"], reply["moves"]

    async def play(self, seat: int, pick: Any) -> dict[str, Any]:
        """Submit the first legal move `pick` accepts; the move."""
        version, moves = await self.moves(seat)
        move = next(m for m in moves if pick(m))
        reply = await self.http.post(f"/games/{self.game_id}/commands", headers=auth(
            self.tokens[seat]), json={"expected_version": version, "command": move})
        assert reply.status_code == 200, reply.text
        return move

    async def version(self) -> int:
        return int((await self.http.get(f"/games/{self.game_id}")).json()["version"])

    def link(self, seat: int, base_url: str) -> str:
        return f"{base_url}/#game={self.game_id}&token={self.tokens[seat]}&lang=en"

    async def until(self, seat: int, test: Any, timeout: float = 15.0) -> dict[str, Any]:
        """The seat's view once `test` holds of it (the pages' commands go through their
        WebSocket, applied a moment after the click)."""
        deadline = time.monotonic() + timeout
        while True:
            view = await self.view(seat)
            if test(view):
                return view
            assert time.monotonic() < deadline, f"seat {seat}'s view never came: {view}"
            await asyncio.sleep(0.05)


async def catalog(http: httpx.AsyncClient) -> dict[str, Any]:
    reply = await http.get("/kinds/7wonders/catalog", params={"expansions": "faith", "lang": "en"})
    cat: dict[str, Any] = reply.json()["catalog"]
    return cat


async def click(tab: Tab, selector: str) -> int:
    """Click the first button `selector` finds once it shows; its `data-index`."""
    button = tab.page.locator(selector).first
    await button.wait_for(timeout=15000)
    index = int(await button.get_attribute("data-index") or -1)
    await button.click()
    return index


async def cards_in(tab: Tab, selector: str) -> list[int]:
    ids: list[int] = await tab.page.eval_on_selector_all(
        f"{selector} [data-card]", "els => els.map(e => Number(e.dataset.card))")
    return ids


async def test_horus_look_and_osiris_card_through_the_page(
    browser: Any, web_api: ApiProcess
) -> None:
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        seats = await Seats.create(http, [["horus", "aphrodite", "apollon"],
                                          ["ares", "artemis", "athena"],
                                          ["osiris", "hephaistos", "hera"]], ("horus", "osiris"))
        cat = await catalog(http)
        horus, osiris = BY_KEY["horus"].id, BY_KEY["osiris"].id
        ada = await Tab.open(browser, seats.link(ADA, web_api.url))
        cleo = await Tab.open(browser, seats.link(CLEO, web_api.url))

        # The prayer (one god kept of three, one of the two passed on, the last received):
        # each browser seat keeps its god on the page, the API seat its first god.
        await click(ada, "#moves button.move[data-type=KeepGod]:has-text('Horus')")
        await click(cleo, "#moves button.move[data-type=KeepGod]:has-text('Osiris')")
        await seats.play(BRUTUS, lambda m: True)
        await click(ada, "#moves button.move[data-type=KeepGod]")
        await click(cleo, "#moves button.move[data-type=KeepGod]")
        await seats.play(BRUTUS, lambda m: True)
        await seats.until(ADA, lambda v: v["phase"] == "play")
        assert horus in (await seats.view(ADA))["ext"]["gods_kept"]
        assert osiris in (await seats.view(CLEO))["ext"]["gods_kept"]

        # Turn 1: Horus invoked with a card discarded, Osiris with a card built or discarded,
        # the API seat discards: the pile Osiris chooses from holds these cards.
        discarded = [(await seats.play(BRUTUS, lambda m: m["type"] == "Play"
                                       and m["action"] == "discard"))["card"]]
        for tab, god, seat in ((ada, horus, ADA), (cleo, osiris, CLEO)):
            await tab.wait_version(await seats.version())
            await click(tab, f"#faith button.god-choice[data-use=invoke][data-god='{god}']")
            _, moves = await seats.moves(seat)
            buttons = tab.page.locator("#moves button.move[data-type=PlayWithGod]")
            await buttons.first.wait_for()
            for i in range(await buttons.count()):
                move = moves[int(await buttons.nth(i).get_attribute("data-index") or -1)]
                if move["action"] == "discard":
                    assert move["god"] == god and move["use"] == "invoke"
                    assert cat["gods"][god]["name_en"] in (await buttons.nth(i).text_content()
                                                           or "")
                    await buttons.nth(i).click()
                    discarded.append(move["card"])
                    if tab is ada:  # chosen, hidden until Cleo's choice ends the step
                        await tab.page.locator("#faith .my-god-choice").wait_for()
                    break
            else:
                raise AssertionError(f"no discard with {cat['gods'][god]['name_en']} listed")

        # Osiris' step: Cleo alone acts, and sees the pile she chooses from.
        raise_button = cleo.page.locator("#moves button.move[data-type=RaiseDiscarded]")
        await raise_button.first.wait_for(timeout=15000)
        view = await seats.view(CLEO)
        assert view["phase"] != "play" and view["acting"] == [CLEO]
        assert Counter(view["ext"]["osiris_discard"]) == Counter(discarded)
        await cleo.wait_version(await seats.version())
        assert Counter(await cards_in(cleo, "#faith .osiris-pile")) == Counter(discarded)
        assert await ada.page.locator("#faith .osiris-pile").count() == 0  # hers alone
        assert (await seats.view(ADA))["ext"]["osiris_discard"] == []
        groups = await cleo.page.eval_on_selector_all(
            "#moves .move-group", "els => els.map(g => g.querySelector('h3').textContent)")
        assert sorted(set(groups)) == sorted({f"Osiris: {cat['cards'][c]['name_en']}"
                                              for c in discarded}), groups
        labels = {await raise_button.nth(i).text_content()
                  for i in range(await raise_button.count())}
        assert labels == {"Osiris: build for free", "Osiris: leave it for 3 coins"}, labels
        await cleo.shot("25-faith-osiris-pile")
        _, moves = await seats.moves(CLEO)
        index = await click(cleo, "#moves button.move[data-type=RaiseDiscarded]"
                                  ":has-text('build for free')")
        raised = moves[index]
        assert raised["type"] == "RaiseDiscarded" and raised["use"] == "build"
        await cleo.page.locator("#faith .osiris-pile").wait_for(state="detached")
        view = await seats.view(CLEO)
        assert raised["card"] in view["cities"][CLEO]["built"]
        assert view["turn"] == 2 and view["phase"] == "play"

        # Turn 2: the previous player (the one whose hand Ada receives next) chooses first,
        # then Ada looks at that hand, its chosen card set aside.
        spied = (ADA - PASS_DIRECTION[1]) % SEATS
        assert spied == BRUTUS
        await ada.page.locator("#faith .horus-looks").wait_for()
        assert await ada.page.text_content("#faith .horus-looks") == "Horus looks left: 2"
        await ada.page.locator("#moves button.move[data-type=Play]").first.wait_for()
        assert await ada.page.locator("#moves button.move[data-type=Peek]").count() == 0
        chosen = (await seats.play(BRUTUS, lambda m: m["type"] == "Play"))["card"]
        peek = ada.page.locator("#moves button.move[data-type=Peek]")
        await peek.wait_for(timeout=15000)
        assert await peek.text_content() == "Horus: look at the previous player's hand"
        await peek.click()
        await ada.page.locator("#faith .horus-hand").wait_for()
        hand = list((await seats.view(BRUTUS))["hand"])
        hand.remove(chosen)
        assert Counter(await cards_in(ada, "#faith .horus-hand")) == Counter(hand)
        assert Counter((await seats.view(ADA))["ext"]["looked_at"]) == Counter(hand)
        assert await ada.page.text_content("#faith .horus-looks") == "Horus looks left: 1"
        assert await ada.page.locator("#moves button.move[data-type=Peek]").count() == 0
        assert await cleo.page.locator("#faith .horus-hand").count() == 0
        await ada.shot("24-faith-horus")

        # The step ends: the look is over, its hand no longer shown.
        await click(ada, "#moves button.move[data-type=Play]")
        await click(cleo, "#moves button.move[data-type=Play]")
        await seats.until(ADA, lambda v: v["turn"] == 3)
        await ada.wait_version(await seats.version())
        assert await ada.page.locator("#faith .horus-hand").count() == 0
        for tab in (ada, cleo):
            assert tab.errors == []
            await tab.close()


async def test_seth_answer_through_the_page(browser: Any, web_api: ApiProcess) -> None:
    """Seth: "immédiatement après qu'un adversaire a révélé un Dieu [...] L'adversaire doit
    alors se défausser de ce Dieu sans bénéficier de son pouvoir": Ada holds him, Brutus
    invokes Hermes, and Ada cancels it on the page."""
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        seats = await Seats.create(http, [["seth", "aphrodite", "apollon"],
                                          ["hermes", "ares", "artemis"],
                                          ["athena", "hephaistos", "hera"]], ("seth",))
        seth, hermes = BY_KEY["seth"].id, BY_KEY["hermes"].id
        ada = await Tab.open(browser, seats.link(ADA, web_api.url))
        await click(ada, "#moves button.move[data-type=KeepGod]:has-text('Seth')")
        await seats.play(BRUTUS, lambda m: m["god"] == hermes)
        await seats.play(CLEO, lambda m: True)
        await click(ada, "#moves button.move[data-type=KeepGod]")  # the prayer's second round
        await seats.play(BRUTUS, lambda m: True)
        await seats.play(CLEO, lambda m: True)
        await seats.until(ADA, lambda v: v["phase"] == "play")

        # Turn 1: Brutus invokes Hermes with a discarded card, Cleo discards, Ada discards
        # on the page; the step's gods are shown and Ada alone answers.
        await seats.play(BRUTUS, lambda m: m["type"] == "PlayWithGod" and m["god"] == hermes
                         and m["use"] == "invoke" and m["action"] == "discard")
        await seats.play(CLEO, lambda m: m["type"] == "Play" and m["action"] == "discard")
        await ada.wait_version(await seats.version())
        await ada.page.locator("#moves button.move[data-type=Play]").first.wait_for()
        _, moves = await seats.moves(ADA)
        plays = ada.page.locator("#moves button.move[data-type=Play]")
        for i in range(await plays.count()):
            if moves[int(await plays.nth(i).get_attribute("data-index") or -1)]["action"] == (
                    "discard"):
                await plays.nth(i).click()
                break
        answers = ada.page.locator("#moves button.move[data-type=Answer]")
        await answers.first.wait_for(timeout=15000)
        view = await seats.view(ADA)
        assert view["acting"] == [ADA] and view["phase"] != "play"
        labels = sorted([await answers.nth(i).text_content() or ""
                         for i in range(await answers.count())])
        assert labels == ["Seth: cancel the god of Brutus (Hermes)",
                          "Seth: let every god be"], labels
        # the god revealed is named in every seat's view and in Ada's panel
        assert view["ext"]["shown_gods"] == [-1, hermes, -1]
        shown = await ada.page.eval_on_selector_all(
            "#faith .shown-god", "els => els.map(e => [Number(e.dataset.god), e.textContent])")
        assert shown == [[hermes, "Hermes — Brutus"]], shown
        groups = await ada.page.eval_on_selector_all(
            "#moves .move-group h3", "els => els.map(e => e.textContent)")
        assert groups == ["Seth"], groups
        await ada.shot("26-faith-seth")
        _, moves = await seats.moves(ADA)
        index = await click(ada, "#moves button.move[data-type=Answer]:has-text('Brutus')")
        assert moves[index] == {"type": "Answer", "seat": ADA, "target": BRUTUS}

        # Hermes is discarded unpaid and powerless; Seth is in play in Ada's city.
        view = await seats.until(ADA, lambda v: v["turn"] == 2)
        assert view["ext"]["invoked"][BRUTUS] == []
        assert [g for g, _ in view["ext"]["invoked"][ADA]] == [seth]
        await ada.wait_version(await seats.version())
        chips = await ada.page.eval_on_selector_all(
            ".sw-city.mine .invoked-god", "els => els.map(e => Number(e.dataset.god))")
        assert chips == [seth]
        assert ada.errors == []
        await ada.close()
