"""Duel Leaders as data: the 43 leaders, the two 16-leader panels and the two new wonders.

Facts come from `shared/reference/duel/duel_leaders.yaml` (restating the French rules
v1.1.1, `seeds/duel-leaders-rules-fr.txt`); `tests/domain/duel_leaders/test_catalog.py`
compares every row with that file. Where the reference says `unknown` (41 coin costs, the
chain symbols of five leaders, the costs of Rome and Abu Simbel, Rome's replay, Abu Simbel's
own VP) the row carries a provisional value and its provenance (`cost_source`,
`PROVISIONAL`), and a game may override any leader's cost (option `leader_costs`).

Provisional costs: a leader costs what the same character costs in the first edition of
7 Wonders: Leaders (`shared/reference/7wonders/leaders.yaml`, source "7w-leaders"); the
rules' own statements win (Darius and Nero cost 0: "ne coûte aucune pièce", source
"rules"); the six characters absent there (or printed blank: Semiramis) get a value
justified in `JUSTIFIED` (source "justified").
"""

from __future__ import annotations

import msgspec

from domain.duel.catalog import CHAIN_SYMBOLS
from domain.duel.catalog_types import WonderDef

# fmt: off


class LeaderDef(msgspec.Struct, frozen=True):
    id: int
    key: str
    name: str
    """The conventional English name (reference: english_name)."""
    name_fr: str
    cost: int
    cost_source: str
    """"rules" (stated in the rules text), "7w-leaders" (the same character's cost in
    7 Wonders: Leaders, first edition) or "justified" (see `JUSTIFIED`)."""
    panel: str | None
    """"victory_points", "abilities" or None (reference: variant_panels)."""
    timing: str
    """"immediate" (on recruitment), "ongoing" (from recruitment on) or "end_game"."""
    effect: str
    """Short restatement of the rules text."""
    chains: tuple[str, ...] = ()
    """Chain symbols granted (provisional for the five chain leaders, see PROVISIONAL)."""


_MILITARY_CHAINS = ("horseshoe", "sword", "tower", "target", "helmet")
_SCIENCE_CHAINS = ("book", "gear", "lyre", "lamp")
_CIVIC_CHAINS = ("mask", "pillar", "moon", "sun", "water_drop", "pediment")
_TRADE_CHAINS = ("amphora", "barrel")
_ALL_CHAINS = _MILITARY_CHAINS + _SCIENCE_CHAINS + _CIVIC_CHAINS + _TRADE_CHAINS

JUSTIFIED: dict[str, str] = {
    "aspasia": "2: cancels one pawn move, worth about one shield like Hannibal (2)",
    "berenice": "2: +1 coin per discard, an economy leader like Xenophon or Hatshepsut (2)",
    "caligula": "3: doubles the coins of one's lootings; one coin less than the defensive "
                "mirror Tomyris (4), because it only pays when one's own army advances",
    "diocletian": "2: Darius (0, stated) makes the opponent lose 2; Diocletian's 2 more "
                  "coins of loss cost 2 more coins",
    "da_vinci": "6: grants the chains of the four leaders he replaces (2+2+2+4 in "
                "7 Wonders: Leaders), capped at the highest printed cost there (Pericles, 6)",
    "semiramis": "2: at most two lootings can reach her owner, each worth one shield: "
                 "priced like Hannibal's shield (2); the 7 Wonders: Leaders card is blank",
}
"""Costs of the characters absent from 7 Wonders: Leaders, with the reasoning."""

CHAINS_JUSTIFIED: dict[str, str] = {
    "archimedes": "the green cards' chain symbols: in 7 Wonders: Leaders he makes green "
                  "cards cheaper",
    "hammurabi": "the blue cards' chain symbols: in 7 Wonders: Leaders he makes blue cards "
                 "cheaper",
    "leonidas": "the red cards' chain symbols: in 7 Wonders: Leaders he makes red cards "
                "cheaper",
    "xenophon": "the yellow cards' chain symbols: in 7 Wonders: Leaders he rewards yellow "
                "cards",
    "da_vinci": "the union of the four: the rules recommend leaving those four out when he "
                "is played, so he stands for them",
}

LEADERS: tuple[LeaderDef, ...] = (
    LeaderDef(0, "alexander", "Alexander", "Alexandre", 3, "7w-leaders",
              "victory_points", "end_game",
              "2 VP if you took the opponent-side 2-coin looting token, 5 if the 5-coin one"),
    LeaderDef(1, "amytis", "Amytis", "Amytis", 4, "7w-leaders",
              "victory_points", "end_game",
              "2 VP per wonder you built"),
    LeaderDef(2, "archimedes", "Archimedes", "Archimède", 4, "7w-leaders",
              None, "ongoing",
              "grants chain symbols",
              _SCIENCE_CHAINS),
    LeaderDef(3, "aristotle", "Aristotle", "Aristote", 3, "7w-leaders",
              "victory_points", "end_game",
              "3 VP per progress token"),
    LeaderDef(4, "aspasia", "Aspasia", "Aspasie", 2, "justified",
              "abilities", "ongoing",
              "cancels the next move of the conflict pawn"),
    LeaderDef(5, "berenice", "Berenice", "Bérénice", 2, "justified",
              "abilities", "ongoing",
              "counts as a yellow card when you discard for coins"),
    LeaderDef(6, "bilkis", "Bilkis", "Bilkis", 4, "7w-leaders",
              "abilities", "ongoing",
              "when building a card, buy 1 unit of any resource for 2 coins"),
    LeaderDef(7, "caesar", "Caesar", "César", 5, "7w-leaders",
              "abilities", "immediate",
              "2 shields"),
    LeaderDef(8, "caligula", "Caligula", "Caligula", 3, "justified",
              "abilities", "ongoing",
              "your lootings cost the opponent twice the coins"),
    LeaderDef(9, "cleopatra", "Cleopatra", "Cléopâtre", 4, "7w-leaders",
              "victory_points", "end_game",
              "5 VP"),
    LeaderDef(10, "croesus", "Croesus", "Crésus", 1, "7w-leaders",
              None, "immediate",
              "once the Age structure is laid out, build 1 of the Age's 3 removed cards for free"),
    LeaderDef(11, "darius", "Darius", "Darius", 0, "rules",
              "abilities", "immediate",
              "the opponent loses 2 coins"),
    LeaderDef(12, "diocletian", "Diocletian", "Dioclétien", 2, "justified",
              "abilities", "immediate",
              "the opponent loses 4 coins"),
    LeaderDef(13, "da_vinci", "Da Vinci", "De Vinci", 6, "justified",
              None, "ongoing",
              "grants chain symbols",
              _ALL_CHAINS),
    LeaderDef(14, "euclid", "Euclid", "Euclide", 5, "7w-leaders",
              "abilities", "ongoing",
              "once: a card that would pair a science symbol gives the Law symbol instead"),
    LeaderDef(15, "hammurabi", "Hammurabi", "Hammurabi", 2, "7w-leaders",
              None, "ongoing",
              "grants chain symbols",
              _CIVIC_CHAINS),
    LeaderDef(16, "hannibal", "Hannibal", "Hannibal", 2, "7w-leaders",
              "abilities", "immediate",
              "1 shield"),
    LeaderDef(17, "hatshepsut", "Hatshepsut", "Hatchepsout", 2, "7w-leaders",
              "abilities", "ongoing",
              "1 coin per resource unit the opponent buys from the bank"),
    LeaderDef(18, "hiram", "Hiram", "Hiram", 3, "7w-leaders",
              "victory_points", "end_game",
              "2 VP per guild"),
    LeaderDef(19, "hypatia", "Hypatia", "Hypatie", 4, "7w-leaders",
              "victory_points", "end_game",
              "1 VP per green card"),
    LeaderDef(20, "imhotep", "Imhotep", "Imhotep", 3, "7w-leaders",
              "abilities", "ongoing",
              "you may build your 4th wonder after the opponent built 4"),
    LeaderDef(21, "justinian", "Justinian", "Justinien", 3, "7w-leaders",
              "victory_points", "end_game",
              "3 VP per set of blue, red and green cards"),
    LeaderDef(22, "leonidas", "Leonidas", "Léonidas", 2, "7w-leaders",
              None, "ongoing",
              "grants chain symbols",
              _MILITARY_CHAINS),
    LeaderDef(23, "maecenas", "Maecenas", "Mécène", 1, "7w-leaders",
              None, "immediate",
              "draw 2 leaders set aside, you may recruit 1 for free"),
    LeaderDef(24, "midas", "Midas", "Midas", 3, "7w-leaders",
              "victory_points", "end_game",
              "1 VP per 3 coins"),
    LeaderDef(25, "nebuchadnezzar", "Nebuchadnezzar", "Nabuchodonosor", 4, "7w-leaders",
              "victory_points", "end_game",
              "1 VP per blue card"),
    LeaderDef(26, "nefertiti", "Nefertiti", "Néfertiti", 3, "7w-leaders",
              "victory_points", "end_game",
              "4 VP"),
    LeaderDef(27, "nero", "Nero", "Néron", 0, "rules",
              "abilities", "ongoing",
              "coins the opponent loses to your lootings go to you"),
    LeaderDef(28, "pericles", "Pericles", "Périclès", 6, "7w-leaders",
              "victory_points", "end_game",
              "1 VP per red card"),
    LeaderDef(29, "phidias", "Phidias", "Phidias", 3, "7w-leaders",
              "victory_points", "end_game",
              "1 VP per brown card"),
    LeaderDef(30, "plato", "Plato", "Platon", 4, "7w-leaders",
              "victory_points", "end_game",
              "7 VP per set of the 7 colours"),
    LeaderDef(31, "praxiteles", "Praxiteles", "Praxitèle", 3, "7w-leaders",
              "victory_points", "end_game",
              "2 VP per grey card"),
    LeaderDef(32, "ptolemy", "Ptolemy", "Ptolémée", 5, "7w-leaders",
              "abilities", "ongoing",
              "once, in Age II or III: a green card copies the symbol of one of your green cards"),
    LeaderDef(33, "pythagoras", "Pythagoras", "Pythagore", 5, "7w-leaders",
              "abilities", "ongoing",
              "once: put the card taken under him (no benefit) and play again"),
    LeaderDef(34, "ramesses", "Ramesses", "Ramsès", 5, "7w-leaders",
              None, "ongoing",
              "when the Age III structure is laid out, draw 2 unused guilds, may build 1 free"),
    LeaderDef(35, "sappho", "Sappho", "Sappho", 1, "7w-leaders",
              None, "end_game",
              "2 VP"),
    LeaderDef(36, "semiramis", "Semiramis", "Sémiramis", 2, "justified",
              "abilities", "ongoing",
              "1 shield each time the opponent loots you"),
    LeaderDef(37, "solomon", "Solomon", "Salomon", 3, "7w-leaders",
              None, "immediate",
              "build a card of the discard pile for free"),
    LeaderDef(38, "tomyris", "Tomyris", "Tomyris", 4, "7w-leaders",
              "abilities", "ongoing",
              "when the opponent's looting costs you coins, they lose as many"),
    LeaderDef(39, "varro", "Varro", "Varron", 3, "7w-leaders",
              "victory_points", "end_game",
              "1 VP per yellow card"),
    LeaderDef(40, "vitruvius", "Vitruvius", "Vitruve", 1, "7w-leaders",
              "victory_points", "end_game",
              "2 VP per pair of your cards linked by a chain symbol"),
    LeaderDef(41, "xenophon", "Xenophon", "Xénophon", 2, "7w-leaders",
              None, "ongoing",
              "grants chain symbols",
              _TRADE_CHAINS),
    LeaderDef(42, "zenobia", "Zenobia", "Zénobie", 2, "7w-leaders",
              None, "end_game",
              "3 VP"),
)

BY_KEY: dict[str, int] = {leader.key: leader.id for leader in LEADERS}
(ALEXANDER, AMYTIS, ARCHIMEDES, ARISTOTLE, ASPASIA, BERENICE, BILKIS, CAESAR, CALIGULA,
 CLEOPATRA, CROESUS, DARIUS, DIOCLETIAN, DA_VINCI, EUCLID, HAMMURABI, HANNIBAL, HATSHEPSUT,
 HIRAM, HYPATIA, IMHOTEP, JUSTINIAN, LEONIDAS, MAECENAS, MIDAS, NEBUCHADNEZZAR, NEFERTITI,
 NERO, PERICLES, PHIDIAS, PLATO, PRAXITELES, PTOLEMY, PYTHAGORAS, RAMESSES, SAPPHO,
 SEMIRAMIS, SOLOMON, TOMYRIS, VARRO, VITRUVIUS, XENOPHON, ZENOBIA) = range(43)

CHAIN_MASKS: tuple[int, ...] = tuple(
    sum(1 << CHAIN_SYMBOLS.index(s) for s in leader.chains) for leader in LEADERS
)
"""Chain symbols granted by each leader, as the bitmask `PlayerState.chains` uses."""

PANELS: dict[str, tuple[int, ...]] = {
    "all": tuple(range(len(LEADERS))),
    "victory_points": tuple(x.id for x in LEADERS if x.panel == "victory_points"),
    "abilities": tuple(x.id for x in LEADERS if x.panel == "abilities"),
}
"""The leaders shuffled for the draft: all 43 (the default: the reference's advice, as the
rules describe 43 although the variants speak of 41), or one of the two variant panels."""

ROME_KEY, ABU_SIMBEL_KEY = "rome", "abu_simbel"


def new_wonders(first_id: int) -> tuple[WonderDef, ...]:
    """Rome and Abu Simbel with ids after the ruleset's wonders (costs provisional)."""
    return (
        # wood, clay, stone, glass, papyrus
        WonderDef(id=first_id, key=ROME_KEY, name="Rome", name_fr="Rome",
                  cost=(1, 0, 2, 1, 1), choice=(), shields=0, vp=2,
                  on_build=(("leaders_rome", ()),)),
        WonderDef(id=first_id + 1, key=ABU_SIMBEL_KEY, name="Abu Simbel", name_fr="Abu Simbel",
                  cost=(0, 2, 1, 0, 2), choice=(), shields=0, vp=0,
                  on_build=(("leaders_abu_simbel", ()), ("play_again", ()))),
    )


PROVISIONAL: dict[str, str] = {
    **{f"cost.{x.key}": f"{x.cost} coins ({x.cost_source})" for x in LEADERS
       if x.cost_source != "rules"},
    **{f"chains.{k}": f"{', '.join(LEADERS[BY_KEY[k]].chains)}: {why}"
       for k, why in CHAINS_JUSTIFIED.items()},
    "wonder.rome.cost": "1 wood, 2 stone, 1 glass, 1 papyrus: five units, as most base "
                        "wonders; no source gives the card",
    "wonder.rome.play_again": "no: the rules text gives Rome no replay",
    "wonder.abu_simbel.cost": "2 clay, 1 stone, 2 papyrus: five units, as most base wonders",
    "wonder.abu_simbel.vp": "0: the rules give only the buried leader's 2 x cost",
}
"""Every value no source gives, with what Polis uses until the printed cards are known."""
