"""Faith in words, generated from its catalog (`domain.kernel.effect_text`): each god's
invocation cost and power per Age (the cost from the data; the power is the reference's
English restatement, `powers`), the new guilds and the new boards' stage abilities, in the
Faith rulebook's French words where it gives them.
"""

from __future__ import annotations

from typing import Any

from domain.kernel.effect_text import Phrase, Phrasing, amount, fixed, resources_of
from domain.kernel.effect_text import words as _t
from domain.sevenwonders.catalog_types import RESOURCES

KIND = "7wonders"

AGE = _t("Age {n} ({cost}): {power}", "Âge {n} ({cost}) : {power}",
         "Zeitalter {n} ({cost}): {power}")
COSTS = {
    "free": _t("free", "gratuit", "kostenlos"),
    "raw": _t("{n} raw material{s}", "{n} matière{s} première{s}", "{n} Rohstoff{e}"),
    "manufactured": _t("{n} manufactured good{s}", "{n} produit{s} manufacturé{s}",
                       "{n} Manufakturware{n_}"),
    "any": _t("{n} resource{s}", "{n} ressource{s}", "{n} Ressource{n_}"),
    "shields": _t("have {n} shield{s}", "avoir {n} bouclier{s}", "{n} Schild{e} haben"),
    "vp": _t("have {n} VP on blue cards", "avoir {n} PV en cartes bleues",
             "{n} Siegpunkte auf blauen Karten haben"),
    "wonder": _t("the next wonder stage's resources",
                 "les ressources de la prochaine étape de Merveille",
                 "die Ressourcen der nächsten Weltwunderstufe"),
    "coins": _t("{n} coin{s}", "{n} pièce{s}", "{n} Münze{n_}"),
}

PHRASES: dict[str, Phrase] = {
    "extra_god_2": fixed(_t("Invoke one more god in Age II",
                            "Invoquez un Dieu supplémentaire à l'Âge II",
                            "Rufe in Zeitalter II einen Gott mehr an")),
    "extra_god_3": fixed(_t("Invoke one more god in Age III",
                            "Invoquez un Dieu supplémentaire à l'Âge III",
                            "Rufe in Zeitalter III einen Gott mehr an")),
    "shields_pay": fixed(_t("1 coin per shield of your cards now, 1 VP per shield at the end",
                            "1 pièce par Bouclier de vos cartes maintenant, 1 PV par Bouclier "
                            "en fin de partie",
                            "1 Münze je Schild deiner Karten jetzt, 1 Siegpunkt je Schild bei "
                            "Spielende")),
    "vp_per_god_in_play": amount(_t("{vp} per god in your city and your neighbours'",
                                    "{vp} par Dieu présent dans votre cité et les deux "
                                    "cités voisines",
                                    "{vp} je Gott deiner Stadt und der Nachbarn")),
    "vp_per_own_shield": amount(_t("{vp} per shield in your city",
                                   "{vp} pour chaque Bouclier présent dans la cité",
                                   "{vp} je Schild deiner Stadt")),
    "plunderers_guild": fixed(_t(
        "When built: a 5-VP victory token, and a defeat token to each neighbour",
        "À sa construction : 1 jeton Victoire valant 5 points de victoire, et 1 jeton "
        "Défaite à chacun de vos voisins",
        "Beim Bau: 1 Sieg-Marker zu 5 Siegpunkten, und 1 Niederlage-Marker an jeden "
        "Nachbarn")),
}


def _cost(ph: Phrasing, cost: list[Any] | tuple[Any, ...]) -> str:
    kind, n, vector = cost
    if kind == "resources":
        return resources_of(ph, RESOURCES, tuple(vector))
    return ph.say(COSTS.get(kind, COSTS["any"]), n=n)


def god_text(ph: Phrasing, entry: dict[str, Any]) -> str:
    if ph.lang != "en":
        ph.fell_back = True
    return ph.join([ph.say(AGE, n="I" * (age + 1), cost=_cost(ph, cost), power=power)
                    for age, (cost, power) in enumerate(zip(entry.get("costs", ()),
                                                            entry.get("powers", ()),
                                                            strict=False))])


def guild_text(ph: Phrasing, entry: dict[str, Any]) -> str | None:
    """A guild whose power is a step of the rules rather than a score (the Plunderers)."""
    key = str(entry.get("key"))
    if key in PHRASES and not entry.get("end_vp") and not entry.get("on_build"):
        return ph.effect(key, ())
    return None


ENTRIES = {"gods": god_text, "cards": guild_text}
