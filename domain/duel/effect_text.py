"""7 Wonders Duel's cards, wonders, progress tokens and looting tokens in words, generated
from the catalog's data (`domain.kernel.effect_text`): production, trade, shields, points,
science symbols, chains (the symbol given and the cards it frees) and named effects.

French words are the French rulebook's (pièces, PV, boucliers, chaînage); German ones the
German rulebooks' (Münzen, Siegpunkte, Schilde). Progress tokens whose power is a rule of
their own module (Architecture, Economy, ...) are phrased by that rule's name.
"""

from __future__ import annotations

from typing import Any

from domain.duel.catalog import CHAIN_SYMBOLS, SCIENCE_SYMBOLS
from domain.duel.catalog_types import COLOURS, RESOURCES
from domain.kernel.effect_text import (
    Phrase,
    Phrasing,
    Templates,
    amount,
    fixed,
    one_of,
    resources_of,
)
from domain.kernel.effect_text import colours_of as _colours_of
from domain.kernel.effect_text import words as _t

KIND = "duel"

WORDS: dict[str, dict[str, dict[str, str]]] = {
    "en": {"colours": {c: c for c in COLOURS}},
    "fr": {
        "colours": {"brown": "marron", "grey": "grise", "blue": "bleue", "green": "verte",
                    "yellow": "jaune", "red": "rouge", "purple": "violette"},
        "science_symbols": {
            "armillary_sphere": "sphère armillaire", "wheel": "roue", "sundial": "cadran solaire",
            "mortar_and_pestle": "mortier", "plumb_line": "fil à plomb", "quill": "plume",
            "scales": "balance"},
        "chain_symbols": {
            "horseshoe": "fer à cheval", "sword": "épée", "tower": "tour", "target": "cible",
            "helmet": "casque", "book": "livre", "gear": "engrenage", "lyre": "lyre",
            "lamp": "lampe", "mask": "masque", "pillar": "colonne", "moon": "lune",
            "sun": "soleil", "water_drop": "goutte", "pediment": "fronton",
            "amphora": "amphore", "barrel": "tonneau"},
    },
    "de": {
        "resources": {"wood": "Holz", "clay": "Ton", "stone": "Stein", "glass": "Glas",
                      "papyrus": "Papyrus"},
        "colours": {"brown": "braun", "grey": "grau", "blue": "blau", "green": "grün",
                    "yellow": "gelb", "red": "rot", "purple": "lila"},
    },
}


PRODUCES = _t("Produces {what}", "Produit {what}", "Produziert {what}")
CHOICE = _t("Produces one of {what} a turn", "Produit au choix {what} par tour",
            "Produziert pro Zug eins von {what}")
FIXED_PRICE = _t("Buy {what} for 1 coin", "Achetez {what} pour 1 pièce",
                 "Kaufe {what} für 1 Münze")
SCIENCE = _t("Science symbol: {what}", "Symbole scientifique : {what}",
             "Wissenschaftssymbol: {what}")
CHAIN_GIVES = _t("Chain symbol {what} (frees {cards})", "Chaînage {what} (libère {cards})",
                 "Kettensymbol {what} (macht {cards} kostenlos)")
CHAIN_FROM = _t("Free with the chain symbol {what} ({cards})",
                "Gratuit par chaînage {what} ({cards})",
                "Kostenlos mit dem Kettensymbol {what} ({cards})")
AT_END = _t("At the end: {what}", "En fin de partie : {what}", "Bei Spielende: {what}")
NO_EFFECT = _t("No effect", "Aucun effet", "Keine Wirkung")


def colours_of(ph: Phrasing, mask: int) -> str:
    return _colours_of(ph, COLOURS, mask)


def _per(per: Templates) -> Phrase:
    def phrase(ph: Phrasing, args: tuple[int, ...]) -> str:
        each = args[0]
        mask = args[1] if len(args) > 1 else 0
        return ph.say(per, coins=ph.coins(each), vp=ph.vp(each), colours=colours_of(ph, mask))
    return phrase


def _destroy(ph: Phrasing, args: tuple[int, ...]) -> str:
    return ph.say(_t("Discard one {colour} card of the opponent's",
                     "Défaussez une carte {colour} de l'adversaire",
                     "Wirf eine Karte ({colour}) des Gegners ab"),
                  colour=colours_of(ph, 1 << args[0]))


PHRASES: dict[str, Phrase] = {
    "gain_coins": amount(_t("Take {coins}", "Prenez {coins}", "Nimm {coins}")),
    "opponent_loses_coins": amount(_t("The opponent loses {coins}",
                                       "L'adversaire perd {coins}",
                                       "Der Gegner verliert {coins}")),
    "looting": amount(_t("The opponent loses {coins}", "L'adversaire perd {coins}",
                          "Der Gegner verliert {coins}")),
    "coins_per_own_colour": _per(_t("{coins} per {colours} card in your city",
                                    "{coins} par carte {colours} de votre cité",
                                    "{coins} je Karte ({colours}) deiner Stadt")),
    "coins_per_own_wonder": _per(_t("{coins} per wonder you built",
                                    "{coins} par merveille construite",
                                    "{coins} je errichtetes Weltwunder")),
    "coins_per_top_colour": _per(_t("{coins} per {colours} card of the city with the most",
                                    "{coins} par carte {colours} de la cité qui en a le plus",
                                    "{coins} je Karte ({colours}) der Stadt mit den meisten")),
    "vp_per_top_colour": _per(_t("{vp} per {colours} card of the city with the most",
                                 "{vp} par carte {colours} de la cité qui en a le plus",
                                 "{vp} je Karte ({colours}) der Stadt mit den meisten")),
    "vp_per_top_wonders": _per(_t("{vp} per wonder of the city with the most",
                                  "{vp} par merveille de la cité qui en a le plus",
                                  "{vp} je Weltwunder der Stadt mit den meisten")),
    "vp_per_top_coin_sets": _per(_t("{vp} per 3 coins of the richest city",
                                    "{vp} par lot de 3 pièces de la cité la plus riche",
                                    "{vp} je 3 Münzen der reichsten Stadt")),
    "vp_per_token": _per(_t("{vp} per progress token you own",
                            "{vp} par jeton Progrès possédé",
                            "{vp} je Fortschritts-Plättchen")),
    "destroy_card": _destroy,
    "mausoleum": fixed(_t("Build a card of the discard for free",
                           "Construisez gratuitement une carte de la défausse",
                           "Errichte kostenlos eine abgeworfene Karte")),
    "great_library": fixed(_t("Take 1 of 3 progress tokens left out of the game",
                               "Prenez 1 de 3 jetons Progrès écartés du jeu",
                               "Nimm 1 von 3 aussortierten Fortschritts-Plättchen")),
    "play_again": fixed(_t("Play again", "Rejouez", "Spiele erneut")),
    # Progress tokens whose power is a rule of its own (domain.duel.tokens).
    "architecture": fixed(_t("Wonders cost 2 resources less",
                              "Les merveilles coûtent 2 ressources de moins",
                              "Weltwunder kosten 2 Ressourcen weniger")),
    "masonry": fixed(_t("Blue cards cost 2 resources less",
                         "Les cartes bleues coûtent 2 ressources de moins",
                         "Blaue Karten kosten 2 Ressourcen weniger")),
    "economy": fixed(_t("The coins the opponent spends on trade go to you",
                         "L'argent dépensé par l'adversaire en commerce vous revient",
                         "Münzen, die der Gegner für Handel zahlt, gehen an dich")),
    "law": fixed(_t("A science symbol (scales)", "Un symbole scientifique (balance)",
                     "Ein Wissenschaftssymbol (Waage)")),
    "strategy": fixed(_t("Each new red card gives 1 more shield",
                          "Chaque nouvelle carte rouge donne 1 bouclier de plus",
                          "Jede neue rote Karte gibt 1 Schild mehr")),
    "theology": fixed(_t("Every wonder you build lets you play again",
                          "Chaque merveille construite vous fait rejouer",
                          "Jedes errichtete Weltwunder lässt dich erneut spielen")),
    "urbanism": fixed(_t("4 coins each time you build for free by chain",
                          "4 pièces à chaque construction gratuite par chaînage",
                          "4 Münzen bei jedem kostenlosen Bau durch Kettensymbol")),
}


def _freed_by(ph: Phrasing, symbol: int) -> str:
    return ", ".join(ph.named("cards", c["id"]) for c in ph.catalog.get("cards", ())
                     if c.get("chain_from") == symbol)


def _giving(ph: Phrasing, symbol: int) -> str:
    return ", ".join(ph.named("cards", c["id"]) for c in ph.catalog.get("cards", ())
                     if c.get("chain_grants") == symbol)


def common(ph: Phrasing, entry: dict[str, Any]) -> list[str]:
    """The parts every card-like entry may have, in the order the card shows them."""
    parts: list[str] = []
    if any(entry.get("produces", ())):
        parts.append(ph.say(PRODUCES, what=resources_of(ph, RESOURCES, tuple(entry["produces"]))))
    if entry.get("choice"):
        parts.append(ph.say(CHOICE, what=one_of(ph, RESOURCES, tuple(entry["choice"]))))
    if any(entry.get("fixed_price", ())):
        what = ", ".join(ph.word("resources", RESOURCES[i])
                         for i, n in enumerate(entry["fixed_price"]) if n)
        parts.append(ph.say(FIXED_PRICE, what=what))
    if entry.get("shields"):
        parts.append(ph.shields(entry["shields"]))
    if entry.get("vp"):
        parts.append(ph.vp(entry["vp"]))
    if entry.get("science", -1) >= 0:
        symbol = SCIENCE_SYMBOLS[entry["science"]]
        parts.append(ph.say(SCIENCE, what=ph.word("science_symbols", symbol)))
    parts.extend(ph.effect(name, args) for name, args in entry.get("on_build", ()))
    parts.extend(ph.say(AT_END, what=ph.effect(name, args))
                 for name, args in entry.get("end_vp", ()))
    return parts


def card_text(ph: Phrasing, entry: dict[str, Any]) -> str | None:
    parts = common(ph, entry)
    grants, needs = entry.get("chain_grants", -1), entry.get("chain_from", -1)
    if grants >= 0:
        parts.append(ph.say(CHAIN_GIVES, what=ph.word("chain_symbols", CHAIN_SYMBOLS[grants]),
                            cards=_freed_by(ph, grants)))
    if needs >= 0:
        parts.append(ph.say(CHAIN_FROM, what=ph.word("chain_symbols", CHAIN_SYMBOLS[needs]),
                            cards=_giving(ph, needs)))
    return ph.join(parts) if parts else None


def token_text(ph: Phrasing, entry: dict[str, Any]) -> str:
    parts = common(ph, entry)
    if not parts or (entry.get("key") in ph.phrases and entry.get("science", -1) < 0):
        parts.append(ph.effect(str(entry.get("key")), ()))
    return ph.join(parts)


def wonder_text(ph: Phrasing, entry: dict[str, Any]) -> str:
    return ph.join(common(ph, entry)) or ph.say(NO_EFFECT)


def military_text(ph: Phrasing, entry: dict[str, Any]) -> str:
    name, args = entry["effect"]
    return ph.effect(name, args)


ENTRIES = {
    "cards": card_text,
    "wonders": wonder_text,
    "tokens": token_text,
    "military_tokens": military_text,
}
