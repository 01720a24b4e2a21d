"""7 Wonders' cards and wonder boards (each stage of each side) in words, generated from the
catalog's data (`domain.kernel.effect_text`): production (fixed and choice), shields, points,
science symbols, chains (the cards that free this one and the cards it frees), trade and
named effects and abilities.

French words are those of the French rulebooks (pièces, PV, boucliers, voisins, étape de
Merveille); German ones the German rulebooks' (Münzen, Siegpunkte, Schilde).
"""

from __future__ import annotations

from typing import Any

from domain.kernel.effect_text import (
    Phrase,
    Phrasing,
    Templates,
    amount,
    colours_of,
    fixed,
    one_of,
    resources_of,
)
from domain.kernel.effect_text import words as _t
from domain.sevenwonders.catalog_types import COLOURS, RESOURCES, SYMBOLS

KIND = "7wonders"

WORDS: dict[str, dict[str, dict[str, str]]] = {
    "en": {"colours": {c: c for c in COLOURS}},
    "fr": {
        "colours": {"brown": "marron", "grey": "grise", "blue": "bleue", "yellow": "jaune",
                    "red": "rouge", "green": "verte", "purple": "violette"},
        "science_symbols": {"compass": "compas", "gear": "roue dentée", "tablet": "tablette"},
    },
    "de": {
        "resources": {"wood": "Holz", "stone": "Stein", "clay": "Ton", "ore": "Erz",
                      "glass": "Glas", "loom": "Stoff", "papyrus": "Papyrus"},
        "colours": {"brown": "braun", "grey": "grau", "blue": "blau", "yellow": "gelb",
                    "red": "rot", "green": "grün", "purple": "lila"},
    },
}

PRODUCES = _t("Produces {what}", "Produit {what}", "Produziert {what}")
CHOICE = _t("Produces one of {what} a turn", "Produit au choix {what} par tour",
            "Produziert pro Zug eins von {what}")
SCIENCE = _t("Science symbol: {what}", "Symbole scientifique : {what}",
             "Wissenschaftssymbol: {what}")
FREES = _t("Chain: frees {cards}", "Chaînage : {cards} gratuit", "Kette: {cards} kostenlos")
FREED_BY = _t("Free if you have {cards}", "Gratuit si vous avez {cards}",
              "Kostenlos, wenn du {cards} hast")
AT_END = _t("At the end: {what}", "En fin de partie : {what}", "Bei Spielende: {what}")
STAGE = _t("Stage {n}: {what}", "Étape {n} : {what}", "Stufe {n}: {what}")
SIDE = _t("Side {side}", "Face {side}", "Seite {side}")
BOARD = _t("Produces 1 {what}", "Produit 1 {what}", "Produziert 1 {what}")
NOTHING = _t("Nothing", "Rien", "Nichts")
LEFT = _t("left", "gauche", "links")
RIGHT = _t("right", "droite", "rechts")
BOTH = _t("both", "deux", "beide")


def _per(templates: Templates) -> Phrase:
    """An effect of `each` coins or VP per card of one colour (`args` = each, colour)."""
    def phrase(ph: Phrasing, args: tuple[int, ...]) -> str:
        each, colours = args[0], args[1:]
        mask = sum(1 << c for c in colours)
        return ph.say(templates, coins=ph.coins(each), vp=ph.vp(each),
                      colours=colours_of(ph, COLOURS, mask))
    return phrase


def _discount(ph: Phrasing, args: tuple[int, ...]) -> str:
    """Trading posts and the Marketplace: bit r buys resource r from the left neighbour for
    1 coin, bit 7 + r from the right one."""
    mask = args[0]
    left = tuple(r for r in range(7) if mask >> r & 1)
    right = tuple(r for r in range(7) if mask >> (7 + r) & 1)
    side = ph.say(BOTH) if left and right else ph.say(LEFT if left else RIGHT)
    return ph.say(_t("Buy {what} from the {side} neighbour(s) for 1 coin",
                     "Achetez {what} au(x) voisin(s) ({side}) pour 1 pièce",
                     "Kaufe {what} beim Nachbarn ({side}) für 1 Münze"),
                  what=one_of(ph, RESOURCES, left or right), side=side)


PHRASES: dict[str, Phrase] = {
    "gain_coins": amount(_t("Take {coins}", "Prenez {coins}", "Nimm {coins}")),
    "coins_per_card_around": _per(_t(
        "{coins} per {colours} card in your city and your neighbours'",
        "{coins} par carte {colours} de votre cité et des cités voisines",
        "{coins} je Karte ({colours}) deiner Stadt und der Nachbarn")),
    "coins_per_own_card": _per(_t("{coins} per {colours} card in your city",
                                  "{coins} par carte {colours} de votre cité",
                                  "{coins} je Karte ({colours}) deiner Stadt")),
    "coins_per_own_stage": amount(_t("{coins} per wonder stage you built",
                                     "{coins} par étape de Merveille construite",
                                     "{coins} je errichtete Weltwunderstufe")),
    "trade_discount": _discount,
    "trade_discount_raw": fixed(_t("Buy raw materials from both neighbours for 1 coin",
                                   "Achetez les matières premières aux deux voisins pour 1 "
                                   "pièce",
                                   "Kaufe Rohstoffe bei beiden Nachbarn für 1 Münze")),
    "science_wild": fixed(_t("One science symbol of your choice",
                             "Un symbole scientifique au choix",
                             "Ein Wissenschaftssymbol nach Wahl")),
    "vp_per_own_card": _per(_t("{vp} per {colours} card in your city",
                               "{vp} par carte {colours} de votre cité",
                               "{vp} je Karte ({colours}) deiner Stadt")),
    "vp_per_own_colours": _per(_t("{vp} per {colours} card in your city",
                                  "{vp} par carte {colours} de votre cité",
                                  "{vp} je Karte ({colours}) deiner Stadt")),
    "vp_per_own_stage": amount(_t("{vp} per wonder stage you built",
                                  "{vp} par étape de Merveille construite",
                                  "{vp} je errichtete Weltwunderstufe")),
    "vp_per_neighbour_card": _per(_t("{vp} per {colours} card of your neighbours",
                                     "{vp} par carte {colours} des cités voisines",
                                     "{vp} je Karte ({colours}) der Nachbarn")),
    "vp_per_neighbour_defeat": amount(_t("{vp} per defeat token of your neighbours",
                                         "{vp} par jeton Défaite des cités voisines",
                                         "{vp} je Niederlage-Marker der Nachbarn")),
    "vp_per_stage_around": amount(_t(
        "{vp} per wonder stage built in your city and your neighbours'",
        "{vp} par étape de Merveille construite dans votre cité et les cités voisines",
        "{vp} je Weltwunderstufe deiner Stadt und der Nachbarn")),
    "build_from_discard": fixed(_t("Build a card of the discard for free",
                                   "Construisez gratuitement une carte de la défausse",
                                   "Errichte kostenlos eine abgeworfene Karte")),
    "free_build": fixed(_t("Once an age, build a card for free",
                           "Une fois par âge, construisez une carte gratuitement",
                           "Einmal pro Zeitalter eine Karte kostenlos errichten")),
    "seventh_card": fixed(_t("Play the seventh card of each age too",
                             "Jouez aussi la septième carte de chaque âge",
                             "Spiele auch die siebte Karte jedes Zeitalters")),
    "copy_guild": fixed(_t("At the end, copy a guild of a neighbour",
                           "En fin de partie, copiez une Guilde d'une cité voisine",
                           "Bei Spielende eine Gilde eines Nachbarn kopieren")),
}


def _names(ph: Phrasing, cards: list[dict[str, Any]]) -> str:
    return ", ".join(dict.fromkeys(ph.named("cards", c["id"]) for c in cards))


def card_text(ph: Phrasing, entry: dict[str, Any]) -> str | None:
    parts: list[str] = []
    if any(entry.get("produces", ())):
        parts.append(ph.say(PRODUCES, what=resources_of(ph, RESOURCES, entry["produces"])))
    if entry.get("choice"):
        parts.append(ph.say(CHOICE, what=one_of(ph, RESOURCES, tuple(entry["choice"]))))
    if entry.get("shields"):
        parts.append(ph.shields(entry["shields"]))
    if entry.get("vp"):
        parts.append(ph.vp(entry["vp"]))
    if entry.get("science", -1) >= 0:
        parts.append(ph.say(SCIENCE, what=ph.word("science_symbols",
                                                   SYMBOLS[entry["science"]])))
    parts.extend(ph.effect(name, args) for name, args in entry.get("on_build", ()))
    parts.extend(ph.say(AT_END, what=ph.effect(name, args))
                 for name, args in entry.get("end_vp", ()))
    cards = [c for c in ph.catalog.get("cards", ()) if isinstance(c, dict)]
    frees = [c for c in cards if entry.get("name_id") in c.get("chain_from", ())]
    if frees:
        parts.append(ph.say(FREES, cards=_names(ph, frees)))
    freed_by = [c for c in cards if c.get("name_id") in entry.get("chain_from", ())]
    if freed_by:
        parts.append(ph.say(FREED_BY, cards=_names(ph, freed_by)))
    return ph.join(parts) if parts else None


def stage_text(ph: Phrasing, stage: dict[str, Any]) -> str:
    parts: list[str] = []
    if stage.get("vp"):
        parts.append(ph.vp(stage["vp"]))
    if stage.get("coins"):
        parts.append(ph.effect("gain_coins", (stage["coins"],)))
    if stage.get("shields"):
        parts.append(ph.shields(stage["shields"]))
    if stage.get("choice"):
        parts.append(ph.say(CHOICE, what=one_of(ph, RESOURCES, tuple(stage["choice"]))))
    parts.extend(ph.effect(a, ()) for a in stage.get("abilities", ()))
    return ", ".join(parts) or ph.say(NOTHING)


def wonder_text(ph: Phrasing, entry: dict[str, Any]) -> str:
    resource = entry.get("resource", -1)
    board = ph.say(BOARD, what=ph.word("resources", RESOURCES[resource])) if resource >= 0 else ""
    sides = []
    for letter, stages in zip("AB", entry.get("sides", ()), strict=False):
        steps = " · ".join(ph.say(STAGE, n=i + 1, what=stage_text(ph, s))
                          for i, s in enumerate(stages))
        sides.append(f"{ph.say(SIDE, side=letter)}: {steps}")
    return ph.join([board, *sides])


def wonder_stages(ph: Phrasing, entry: dict[str, Any]) -> dict[str, Any]:
    """Each stage of each side with its own `effect`."""
    return {"sides": [[{**s, "effect": stage_text(ph, s)} for s in side]
                      for side in entry.get("sides", ())]}


ENTRIES = {"cards": card_text, "wonders": wonder_text}
NESTED = {"wonders": wonder_stages}
