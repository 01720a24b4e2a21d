"""Duel Leaders in words, generated from its catalog (`domain.kernel.effect_text`): each
leader's timing, its chain symbols (and the cards they free), with the reference's
restatement of its power (`effect`, English: the rules' French text is not kept per
leader); Rome and Abu Simbel in the French rulebook's words.
"""

from __future__ import annotations

from typing import Any

from domain.duel.catalog import CHAIN_SYMBOLS
from domain.kernel.effect_text import Phrase, Phrasing, fixed
from domain.kernel.effect_text import words as _t

KIND = "duel"

TIMING = {
    "immediate": _t("On recruitment", "Au recrutement", "Bei Rekrutierung"),
    "ongoing": _t("From recruitment on", "Dès le recrutement", "Ab Rekrutierung"),
    "end_game": _t("At the end", "En fin de partie", "Bei Spielende"),
}
CHAINS = _t("Chain symbols {what} (free: {cards})", "Symboles de chaînage {what} (gratuit : "
            "{cards})", "Kettensymbole {what} (kostenlos: {cards})")

PHRASES: dict[str, Phrase] = {
    "leaders_rome": fixed(_t(
        "Draw 2 of the leaders set aside into your hand, then you may recruit 1 for free",
        "Tirez 2 leaders parmi ceux écartés et ajoutez-les à votre main ; vous pouvez "
        "recruter un leader de votre main gratuitement",
        "Ziehe 2 aussortierte Anführer auf die Hand, dann darfst du 1 kostenlos "
        "rekrutieren")),
    "leaders_abu_simbel": fixed(_t(
        "Bury a leader you recruited: it loses its power and scores twice its cost",
        "Enterrez un leader recruté : il n'a plus de capacité mais rapporte le double de son "
        "coût en points de victoire",
        "Begrabe einen rekrutierten Anführer: er verliert seine Fähigkeit und bringt das "
        "Doppelte seiner Kosten")),
}


def leader_text(ph: Phrasing, entry: dict[str, Any]) -> str:
    timing = TIMING.get(str(entry.get("timing")))
    head = f"{ph.say(timing)}: " if timing else ""
    if ph.lang != "en":
        ph.fell_back = True
    parts = [head + str(entry.get("effect", ""))]
    chains = [s for s in entry.get("chains", ()) if s in CHAIN_SYMBOLS]
    if chains:
        codes = {CHAIN_SYMBOLS.index(s) for s in chains}
        cards = ", ".join(ph.named("cards", c["id"]) for c in ph.catalog.get("cards", ())
                          if c.get("chain_from") in codes)
        what = ", ".join(ph.word("chain_symbols", s) for s in chains)
        parts.append(ph.say(CHAINS, what=what, cards=cards))
    return ph.join(parts)


ENTRIES = {"leaders": leader_text}
