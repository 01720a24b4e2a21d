"""Agora in words, generated from its catalog (`domain.kernel.effect_text`): senators (what
a politician or a conspirator lets you do in the Senate), decrees by kind, the new wonders
and progress tokens. A conspiracy's effect is the reference's restatement (`text`), in
English: no rulebook text gives it word for word in the service's other languages.

French words are the French rulebook's (Politicien, Comploteur, Sénat, Influence, Décret);
German ones the German rulebook's (Senat, Politiker, Verschwörer, Einfluss-Würfel, Dekret).
"""

from __future__ import annotations

from typing import Any

from domain.duel.catalog_types import COLOURS
from domain.duel_agora.catalog import SECTIONS
from domain.kernel.effect_text import Phrase, Phrasing, Templates, colours_of, fixed
from domain.kernel.effect_text import words as _t

KIND = "duel"

WORDS: dict[str, dict[str, dict[str, str]]] = {
    "fr": {"sections": {"left": "gauche", "centre": "centrale", "right": "droite"}},
    "de": {"sections": {"left": "links", "centre": "Mitte", "right": "rechts"}},
}

POLITICIAN = _t(
    "Politician: Senate actions by your blue cards (0-1: 1, 2-3: 2, 4+: 3), each placing 1 "
    "influence cube in the {section} section or moving 1 to a next chamber",
    "Politicien : actions au Sénat selon vos cartes bleues (0-1 : 1, 2-3 : 2, 4+ : 3), "
    "chacune place 1 cube Influence dans la section {section} ou en déplace 1 vers une "
    "Chambre voisine",
    "Politiker: Senatsaktionen nach deinen blauen Karten (0-1: 1, 2-3: 2, 4+: 3), je 1 "
    "Einfluss-Würfel in den Bereich {section} setzen oder 1 in eine Nachbarkammer ziehen")
CONSPIRATOR = _t(
    "Conspirator: place 1 influence cube in any chamber, or draw 2 conspiracies and keep 1",
    "Comploteur : placez 1 cube Influence dans la Chambre de votre choix, ou piochez 2 "
    "Conspirations et gardez-en 1",
    "Verschwörer: 1 Einfluss-Würfel in eine beliebige Kammer setzen, oder 2 "
    "Verschwörungen ziehen und 1 behalten")
SENATOR_COST = _t("Costs 1 coin per senator you already have",
                  "Coûte 1 pièce par Sénateur déjà recruté",
                  "Kostet 1 Münze je bereits rekrutiertem Senator")


def _decree(templates: Templates) -> Phrase:
    def phrase(ph: Phrasing, args: tuple[int, ...]) -> str:
        return ph.say(templates, colours=colours_of(ph, COLOURS, 1 << args[0]))
    return phrase


DECREES: dict[str, Phrase] = {
    "coins_per_colour": _decree(_t(
        "Each time either player builds a {colours} card, take coins equal to the Age",
        "Chaque fois qu'un joueur construit une carte {colours}, prenez autant de pièces "
        "que l'Âge en cours",
        "Jedes Mal, wenn ein Spieler eine Karte ({colours}) baut, nimm so viele Münzen wie "
        "das Zeitalter")),
    "ignore_cost_symbol": _decree(_t(
        "Building a {colours} card, ignore 1 symbol of its cost",
        "En construisant une carte {colours}, ignorez 1 symbole de son coût",
        "Beim Bau einer Karte ({colours}) 1 Kosten-Symbol ignorieren")),
    "wonder_discount": fixed(_t("Your wonders cost 1 resource less",
                                "Vos merveilles coûtent 1 ressource de moins",
                                "Deine Weltwunder kosten 1 Ressource weniger")),
    "shield": fixed(_t("1 shield while you hold the chamber",
                       "1 bouclier tant que vous contrôlez la Chambre",
                       "1 Schild, solange du die Kammer kontrollierst")),
    "resource_discount": _decree(_t(
        "{colours} resources bought from the bank cost 1 coin less",
        "Les ressources {colours} achetées à la banque coûtent 1 pièce de moins",
        "Ressourcen ({colours}) von der Bank kosten 1 Münze weniger")),
    "plus_two_blue": fixed(_t("Counting your Senate actions, add 2 to your blue cards",
                              "Pour vos actions au Sénat, ajoutez 2 à vos cartes bleues",
                              "Für Senatsaktionen zählen 2 blaue Karten mehr")),
    "discard_bonus": fixed(_t("Discarding a card for coins, take 2 more",
                              "En défaussant une carte, prenez 2 pièces de plus",
                              "Beim Abwerfen einer Karte 2 zusätzliche Münzen")),
    "wonder_coins": fixed(_t(
        "Each time either player builds a wonder, take coins equal to the Age",
        "Chaque fois qu'un joueur construit une merveille, prenez autant de pièces que "
        "l'Âge en cours",
        "Jedes Mal, wenn ein Spieler ein Weltwunder errichtet, nimm so viele Münzen wie das "
        "Zeitalter")),
    "opponent_chains": fixed(_t("You may chain from the cards your opponent built",
                                "Vous pouvez chaîner depuis les cartes de l'adversaire",
                                "Du darfst Kettensymbole der Karten des Gegners nutzen")),
    "conspirator_replay": fixed(_t("When you recruit a conspirator, play again",
                                   "Quand vous recrutez un Comploteur, rejouez",
                                   "Wenn du einen Verschwörer rekrutierst, spiele erneut")),
}

PHRASES: dict[str, Phrase] = {
    "curia_julia": fixed(_t("Trigger 1 of your conspiracies not yet prepared",
                            "Déclenchez 1 de vos Conspirations non préparées",
                            "Löse 1 deiner nicht vorbereiteten Verschwörungen aus")),
    "knossos": fixed(_t("Place 1 influence cube in any chamber, then you may move 1",
                        "Placez 1 cube Influence dans une Chambre, puis déplacez-en 1 si "
                        "vous le voulez",
                        "Setze 1 Einfluss-Würfel in eine Kammer, dann darfst du 1 ziehen")),
    "corruption": fixed(_t("Senators cost you nothing", "Vos Sénateurs ne coûtent rien",
                           "Senatoren kosten dich nichts")),
    "organized_crime": fixed(_t("Keep every conspiracy you draw",
                                "Gardez toutes les Conspirations que vous piochez",
                                "Behalte alle gezogenen Verschwörungen")),
    "agora_place_cube": fixed(_t("Place 1 influence cube in any chamber",
                                 "Placez 1 cube Influence dans une Chambre",
                                 "Setze 1 Einfluss-Würfel in eine Kammer")),
    "agora_remove_cube": fixed(_t("Remove 1 cube of the opponent's, then you may move 1 "
                                  "of yours",
                                  "Retirez 1 cube de l'adversaire, puis déplacez-en 1 des "
                                  "vôtres si vous le voulez",
                                  "Entferne 1 Würfel des Gegners, dann darfst du 1 eigenen "
                                  "ziehen")),
}


def senator_text(ph: Phrasing, senator: dict[str, Any]) -> str:
    if senator.get("kind") == "politician":
        side = SECTIONS[senator["section"]]
        text = ph.say(POLITICIAN, section=ph.word("sections", side))
    else:
        text = ph.say(CONSPIRATOR)
    return ph.join([text, ph.say(SENATOR_COST)])


def card_text(ph: Phrasing, entry: dict[str, Any]) -> str | None:
    """A senator's card (the base game describes every other card)."""
    for senator in ph.catalog.get("senators", ()):
        if senator.get("card") == entry.get("id"):
            return senator_text(ph, senator)
    return None


def decree_text(ph: Phrasing, entry: dict[str, Any]) -> str:
    phrase = DECREES.get(entry.get("kind", ""))
    if phrase is None:
        ph.fell_back = ph.fell_back or ph.lang != "en"
        return str(entry.get("text", ""))
    return phrase(ph, (int(entry.get("arg", 0)),))


def conspiracy_text(ph: Phrasing, entry: dict[str, Any]) -> str:
    if ph.lang != "en":
        ph.fell_back = True
    return str(entry.get("text", ""))


ENTRIES = {
    "cards": card_text,
    "senators": senator_text,
    "decrees": decree_text,
    "conspiracies": conspiracy_text,
}
