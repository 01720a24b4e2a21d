"""Game data by name: `/kinds` lists every ruleset of the registry, and a catalog names its
cards, wonders and tokens in English, French or German, saying what fell back to English."""

from __future__ import annotations

import httpx

from domain.kernel import kinds
from domain.kernel.describe import rulesets


async def test_kinds_list_every_ruleset_of_the_registry(http: httpx.AsyncClient) -> None:
    body = (await http.get("/kinds")).json()
    assert [k["kind"] for k in body["kinds"]] == list(kinds())
    listed = {(k["kind"], tuple(r)) for k in body["kinds"] for r in k["rulesets"]}
    assert listed == {(r.kind, r.expansions) for r in rulesets()}
    duel = next(k for k in body["kinds"] if k["kind"] == "duel")
    assert (duel["min_seats"], duel["max_seats"]) == (2, 2)
    assert "agora" in [e["name"] for e in duel["expansions"]]
    assert body["languages"] == ["en", "fr", "de"]
    seven = next(k for k in body["kinds"] if k["kind"] == "7wonders")
    assert {o["name"] for o in seven["options"]} == {"sides", "boards", "clock"}
    assert "clock" in {o["name"] for o in duel["options"]}  # a service option: every kind
    game = await http.post("/games", json={"kind": "7wonders", "options": {"sides": "B"},
                                           "seats": [{"name": n} for n in "abc"]})
    assert game.status_code == 201, game.text  # a listed option is one the game takes


async def test_catalog_names_follow_the_readers_language(http: httpx.AsyncClient) -> None:
    english = (await http.get("/kinds/duel/catalog")).json()
    assert english["lang"] == "en" and english["untranslated"] == []
    card = english["catalog"]["cards"][0]
    assert (card["id"], card["name"], card["name_lang"]) == (0, "Lumber Yard", "en")

    french = await http.get("/kinds/duel/catalog", headers={"Accept-Language": "fr-FR, en;q=0.5"})
    assert french.headers["content-language"] == "fr"
    body = french.json()
    card = body["catalog"]["cards"][0]
    assert (card["name"], card["name_en"], card["name_lang"]) == ("Chantier", "Lumber Yard", "fr")
    wonder = body["catalog"]["wonders"][0]  # the reference: The Appian Way = La Via Appia
    assert (wonder["name"], wonder["name_lang"]) == ("La Via Appia", "fr")
    assert body["labels"]["resources"]["wood"] == "Bois"
    assert "colours/brown" in body["untranslated"]  # no French colour names: English, listed

    # ?lang= wins over the header; German names Agora's Senate from the German rulebook
    german = (await http.get("/kinds/duel/catalog?expansions=agora&lang=de",
                             headers={"Accept-Language": "fr"})).json()
    assert german["lang"] == "de" and german["expansions"] == ["agora"]
    assert german["labels"]["terms"]["senate"] == "Senat"
    assert german["catalog"]["cards"][0]["name"] == "Lumber Yard"  # no German card names
    assert "cards/lumber_yard" in german["untranslated"]
    assert len(german["catalog"]["conspiracies"]) == 16

    unknown = (await http.get("/kinds/duel/catalog?lang=xx")).json()
    assert unknown["lang"] == "en"


async def test_catalog_refusals(http: httpx.AsyncClient) -> None:
    missing = await http.get("/kinds/chess/catalog")
    assert missing.status_code == 422 and missing.json()["code"] == "unknown_game_kind"
    bad = await http.get("/kinds/duel/catalog?expansions=chess")
    assert bad.status_code == 422 and bad.json()["code"] == "unknown_expansion"
    assert bad.headers["content-type"] == "application/problem+json"
