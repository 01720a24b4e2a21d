"""What a card says: every named entry of every ruleset's catalog, in English, French and
German, carries an `effect` text generated from its data; a few texts are checked word for
word against the card data they come from."""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel import get_game
from domain.kernel.describe import rulesets
from domain.kernel.localisation import LANGUAGES, localise

DESCRIBED = ("cards", "wonders", "tokens", "leaders", "gods", "decrees", "conspiracies",
             "senators", "military_tokens")
"""The sections whose every entry a reader may see on a card, a tile or a token."""

RULESETS = [(r.kind, r.expansions) for r in rulesets()]


def catalog(kind: str, expansions: tuple[str, ...], lang: str) -> dict[str, Any]:
    return localise(kind, get_game(kind, expansions).catalog(), lang).catalog


def entry(cat: dict[str, Any], section: str, key: str) -> dict[str, Any]:
    found: dict[str, Any] = next(e for e in cat[section] if e.get("key") == key)
    return found


@pytest.mark.parametrize(("kind", "expansions"), RULESETS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_named_entry_says_what_it_does(
    kind: str, expansions: tuple[str, ...], lang: str
) -> None:
    cat = catalog(kind, expansions, lang)
    seen = 0
    for section in DESCRIBED:
        for item in cat.get(section, ()):
            text = item.get("effect")
            assert isinstance(text, str) and text.strip(), (section, item)
            assert item["effect_lang"] in (lang, "en")
            assert "_" not in text, (section, text)  # no effect name left unphrased
            seen += 1
        for wonder in cat.get("wonders", ()) if section == "wonders" else ():
            for side in wonder.get("sides", ()):
                assert all(stage["effect"] for stage in side), wonder["key"]
    assert seen >= 85  # 78 cards and 7 boards at the least


def test_untranslated_effects_are_listed_not_silent() -> None:
    game = get_game("duel", ("agora",))
    english = localise("duel", game.catalog(), "en")
    assert english.untranslated_effects == []
    french = localise("duel", game.catalog(), "fr")
    # Conspiracies are the reference's English restatements; the cards are in French.
    assert "conspiracies/blackmail" in french.untranslated_effects
    assert not any(u.startswith("cards/") for u in french.untranslated_effects)
    blackmail = entry(french.catalog, "conspiracies", "blackmail")
    assert blackmail["effect_lang"] == "en" and blackmail["effect_data"] == "blackmail"


def test_duel_texts_follow_the_card_data() -> None:
    en, fr = catalog("duel", (), "en"), catalog("duel", (), "fr")
    # Stable: 1 shield, wood cost, gives the horseshoe that frees Horse Breeders.
    assert entry(en, "cards", "stable")["effect"] == (
        "1 shield; Chain symbol horseshoe (frees Horse Breeders)")
    assert entry(fr, "cards", "stable")["effect"] == (
        "1 bouclier ; Chaînage fer à cheval (libère Haras)")
    # Caravansery: one of wood, clay or stone a turn.
    assert entry(en, "cards", "caravansery")["effect"] == (
        "Produces one of wood / clay / stone a turn")
    # Library: 2 VP, quill, free with the book of the Scriptorium.
    assert entry(en, "cards", "library")["effect"] == (
        "2 VP; Science symbol: quill; Free with the chain symbol book (Scriptorium)")
    assert entry(en, "wonders", "appian_way")["effect"] == (
        "3 VP; Take 3 coins; The opponent loses 3 coins; Play again")
    assert entry(en, "tokens", "mathematics")["effect"] == (
        "At the end: 3 VP per progress token you own")
    loot = next(t for t in en["military_tokens"] if t["name"] == "p5")
    assert loot["effect"] == "The opponent loses 5 coins"
    assert loot["effect_data"] == ("looting", (5,))  # the structured effect is kept
    de = catalog("duel", (), "de")
    assert entry(de, "cards", "lumber_yard")["effect"] == "Produziert 1 Holz"


def test_seven_wonders_texts_follow_the_card_data() -> None:
    en, fr = catalog("7wonders", (), "en"), catalog("7wonders", (), "fr")
    # East Trading Post: raw materials from the right neighbour for 1 coin.
    assert entry(en, "cards", "east_trading_post")["effect"].startswith(
        "Buy wood / stone / clay / ore from the right neighbour(s) for 1 coin")
    assert entry(en, "cards", "spies_guild")["effect"] == (
        "At the end: 1 VP per red card of your neighbours")
    assert entry(fr, "cards", "lumber_yard")["effect"] == "Produit 1 Bois"
    gizah = entry(en, "wonders", "gizah")
    assert gizah["effect"].startswith("Produces 1 stone; Side A: Stage 1: 3 VP")
    assert [s["effect"] for s in gizah["sides"][0]] == ["3 VP", "5 VP", "7 VP"]


def test_expansion_texts_follow_their_data() -> None:
    leaders = catalog("7wonders", ("leaders",), "fr")
    assert entry(leaders, "leaders", "hiram")["effect"] == (
        "En fin de partie: 2 PV par carte violette de votre cité")
    agora = catalog("duel", ("agora",), "en")
    assert entry(agora, "decrees", "D01")["effect"] == (
        "Each time either player builds a blue card, take coins equal to the Age")
    politician = agora["senators"][0]
    assert politician["effect"].startswith("Politician: Senate actions")
    assert "left section" in politician["effect"]
    faith = catalog("7wonders", ("faith",), "en")
    apollo = entry(faith, "gods", "apollon")
    assert apollo["effect"].startswith("Age I (1 raw material): take 3 coins")
    duel_leaders = catalog("duel", ("leaders",), "en")
    archimedes = entry(duel_leaders, "leaders", "archimedes")
    assert "Chain symbols book, gear, lyre, lamp" in archimedes["effect"]
