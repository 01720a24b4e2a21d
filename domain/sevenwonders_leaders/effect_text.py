"""7 Wonders: Leaders in words, generated from its catalog (`domain.kernel.effect_text`):
each leader's power from its effect name and arguments, the new guilds' scores and Rome's
stage abilities. French words are the Leaders rulebook's (pièces, PV, jetons Victoire,
bâtiments, chaînage); German ones the German rulebooks' vocabulary.
"""

from __future__ import annotations

from typing import Any

from domain.kernel.effect_text import Phrase, Phrasing, Templates, amount, colours_of, fixed
from domain.kernel.effect_text import words as _t
from domain.sevenwonders.catalog_types import COLOURS, SYMBOLS

KIND = "7wonders"

TIMING = {
    "immediate": _t("On recruitment", "Au recrutement", "Bei Rekrutierung"),
    "ongoing": _t("From recruitment on", "Dès sa mise en jeu", "Ab Rekrutierung"),
    "end_game": _t("At the end", "En fin de partie", "Bei Spielende"),
}


def _colour(templates: Templates) -> Phrase:
    """`args` = colour (and `each` first where the phrase counts)."""
    def phrase(ph: Phrasing, args: tuple[int, ...]) -> str:
        each, colour = (args[0], args[1]) if len(args) > 1 else (1, args[0])
        return ph.say(templates, vp=ph.vp(each), coins=ph.coins(each),
                      colours=colours_of(ph, COLOURS, 1 << colour))
    return phrase


def _set(ph: Phrasing, args: tuple[int, ...]) -> str:
    colours = ", ".join(colours_of(ph, COLOURS, 1 << c) for c in args[1:])
    return ph.say(_t("{vp} per set of cards ({colours})", "{vp} par série de cartes "
                     "({colours})", "{vp} je Satz Karten ({colours})"),
                  vp=ph.vp(args[0]), colours=colours)


def _science(ph: Phrasing, args: tuple[int, ...]) -> str:
    return ph.say(_t("Science symbol: {what}", "Symbole scientifique : {what}",
                     "Wissenschaftssymbol: {what}"),
                  what=ph.word("science_symbols", SYMBOLS[args[0]]))


PHRASES: dict[str, Phrase] = {
    "vp": amount(_t("{vp}", "{vp}", "{vp}")),
    "shields": amount(_t("{shields}", "{shields}", "{shields}")),
    "science": _science,
    "vp_per_victory_token": amount(_t("{vp} per victory token", "{vp} par jeton Victoire",
                                      "{vp} je Sieg-Marker")),
    "vp_per_stage": amount(_t("{vp} per wonder stage you built",
                              "{vp} par étape de Merveille construite",
                              "{vp} je errichtete Weltwunderstufe")),
    "vp_per_colour": _colour(_t("{vp} per {colours} card in your city",
                                "{vp} par carte {colours} de votre cité",
                                "{vp} je Karte ({colours}) deiner Stadt")),
    "one_less_colour": _colour(_t("{colours} cards cost 1 resource less",
                                  "Les cartes de couleur {colours} coûtent 1 ressource de moins",
                                  "Karten ({colours}) kosten 1 Ressource weniger")),
    "coins_per_colour_built": _colour(_t(
        "{coins} per {colours} card you build afterwards",
        "{coins} par carte {colours} construite ensuite",
        "{coins} je danach gebaute Karte ({colours})")),
    "science_set_bonus": amount(_t("{vp} more per set of three science symbols",
                                   "{vp} de plus par série de trois symboles scientifiques",
                                   "{vp} mehr je Satz aus drei Wissenschaftssymbolen")),
    "buy_from_bank": amount(_t("Once a turn, buy any resource from the bank for {coins}",
                               "Une fois par tour, achetez une ressource à la banque pour "
                               "{coins}",
                               "Einmal pro Zug eine Ressource von der Bank für {coins}")),
    "trade_rebate": amount(_t("{coins} back when you buy from a neighbour (once a "
                              "neighbour a turn)",
                              "{coins} par achat à un voisin (une fois par voisin et par "
                              "tour)",
                              "{coins} zurück je Kauf beim Nachbarn (einmal pro Nachbar "
                              "und Zug)")),
    "one_less_stage": fixed(_t("Wonder stages cost 1 resource less",
                               "Les étapes de Merveille coûtent 1 ressource de moins",
                               "Weltwunderstufen kosten 1 Ressource weniger")),
    "vp_per_set": _set,
    "free_leaders": fixed(_t("Your next leaders cost nothing",
                             "Vos prochains Leaders sont gratuits",
                             "Deine nächsten Anführer kosten nichts")),
    "vp_per_coins": amount(_t("1 VP per {coins}", "1 PV par lot de {coins}",
                              "1 Siegpunkt je {coins}")),
    "coins_per_victory": amount(_t("{coins} per victory token you win",
                                   "{coins} par jeton Victoire remporté",
                                   "{coins} je gewonnenem Sieg-Marker")),
    "free_guilds": fixed(_t("Guilds cost you nothing", "Les Guildes sont gratuites",
                            "Gilden kosten dich nichts")),
    "defeats_to_winner": fixed(_t("Your defeat tokens go to the victorious neighbour",
                                  "Vos jetons Défaite sont donnés à la cité voisine "
                                  "victorieuse",
                                  "Deine Niederlage-Marker gehen an den siegreichen "
                                  "Nachbarn")),
    "coins_per_chain": amount(_t("{coins} each time you build for free by chain",
                                 "{coins} chaque fois que vous construisez par chaînage",
                                 "{coins} bei jedem kostenlosen Bau durch Kette")),
    "none": fixed(_t("No printed power", "Aucun effet imprimé", "Keine gedruckte Fähigkeit")),
    "free_gods": fixed(_t("Gods cost you no resources", "Les divinités ne vous coûtent "
                          "aucune ressource", "Götter kosten dich keine Ressourcen")),
    "vp_per_own_coins": _colour(_t("{vp} per 3 coins in your treasury",
                                   "{vp} par lot de 3 pièces de votre trésor",
                                   "{vp} je 3 Münzen deines Schatzes")),
    "vp_per_neighbour_leader": amount(_t("{vp} per leader of your neighbours",
                                         "{vp} par Leader des cités voisines",
                                         "{vp} je Anführer der Nachbarn")),
    "courtesans_guild": fixed(_t("Copy a leader of a neighbour",
                                 "Copiez un Leader d'une cité voisine",
                                 "Kopiere einen Anführer eines Nachbarn")),
    "draw_leaders": fixed(_t("Draw 4 leaders from the box", "Piochez 4 Leaders de la boîte",
                             "Ziehe 4 Anführer aus der Schachtel")),
    "extra_leader": fixed(_t("Recruit one more leader at once",
                             "Recrutez immédiatement un Leader de plus",
                             "Rekrutiere sofort einen weiteren Anführer")),
}


def leader_text(ph: Phrasing, entry: dict[str, Any]) -> str:
    timing = TIMING.get(str(entry.get("timing")))
    power = ph.effect(str(entry.get("effect")), tuple(entry.get("args", ())))
    return f"{ph.say(timing)}: {power}" if timing else power


def guild_text(ph: Phrasing, entry: dict[str, Any]) -> str | None:
    """A guild whose power is a step of the rules rather than a score (the Courtesans)."""
    key = str(entry.get("key"))
    if key in PHRASES and not entry.get("end_vp") and not entry.get("on_build"):
        return ph.effect(key, ())
    return None


ENTRIES = {"leaders": leader_text, "cards": guild_text}
