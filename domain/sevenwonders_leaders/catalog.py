# ruff: noqa: E501
"""Leaders (first edition) as data: the 36 leaders and the blank one, the 4 guilds, Rome.

Ids are positions and never change (events and states refer to them). Leader effects are
`(name, args)` pairs resolved by `effects.py`; the guilds and Rome extend the base tables
(`attach` appends them after the base cards and boards). Transcribed from
`shared/reference/7wonders/leaders.yaml`; `tests/domain/sevenwonders_leaders/test_catalog.py`
checks it field by field against that file.
"""

from __future__ import annotations

import msgspec

from domain.sevenwonders.catalog import CARDS, NAMES, WONDERS
from domain.sevenwonders.catalog_types import PURPLE, CardDef, StageDef, WonderDef

IMMEDIATE, ONGOING, END_GAME, NONE = "immediate", "ongoing", "end_game", "none"


class LeaderDef(msgspec.Struct, frozen=True):
    id: int
    key: str
    name: str
    name_fr: str
    cost: int
    timing: str
    effect: str
    args: tuple[int, ...] = ()


# Colours (domain.sevenwonders.catalog_types): brown 0, grey 1, blue 2, yellow 3, red 4,
# green 5, purple 6. Science symbols: compass 0, gear 1, tablet 2.
# fmt: off
LEADERS: tuple[LeaderDef, ...] = (
    LeaderDef(0, "alexander", "Alexander", "Alexandre", 3, END_GAME, "vp_per_victory_token", (1,)),
    LeaderDef(1, "amytis", "Amytis", "Amytis", 4, END_GAME, "vp_per_stage", (2,)),
    LeaderDef(2, "archimedes", "Archimedes", "Archimède", 4, ONGOING, "one_less_colour", (5,)),
    LeaderDef(3, "aristotle", "Aristotle", "Aristote", 3, END_GAME, "science_set_bonus", (3,)),
    LeaderDef(4, "bilkis", "Bilkis", "Bilkis", 4, ONGOING, "buy_from_bank", (1,)),
    LeaderDef(5, "caesar", "Caesar", "César", 5, ONGOING, "shields", (2,)),
    LeaderDef(6, "cleopatra", "Cleopatra", "Cléopâtre", 4, END_GAME, "vp", (5,)),
    LeaderDef(7, "croesus", "Croesus", "Crésus", 1, IMMEDIATE, "gain_coins", (6,)),
    LeaderDef(8, "euclid", "Euclid", "Euclide", 5, ONGOING, "science", (0,)),
    LeaderDef(9, "hammurabi", "Hammurabi", "Hammurabi", 2, ONGOING, "one_less_colour", (2,)),
    LeaderDef(10, "hannibal", "Hannibal", "Hannibal", 2, ONGOING, "shields", (1,)),
    LeaderDef(11, "hatshepsut", "Hatshepsut", "Hatshepsout", 2, ONGOING, "trade_rebate", (1,)),
    LeaderDef(12, "hiram", "Hiram", "Hiram", 3, END_GAME, "vp_per_colour", (2, 6)),
    LeaderDef(13, "hypatia", "Hypatia", "Hypatie", 4, END_GAME, "vp_per_colour", (1, 5)),
    LeaderDef(14, "imhotep", "Imhotep", "Imhotep", 3, ONGOING, "one_less_stage", ()),
    LeaderDef(15, "justinian", "Justinian", "Justinien", 3, END_GAME, "vp_per_set", (3, 2, 4, 5)),
    LeaderDef(16, "leonidas", "Leonidas", "Léonidas", 2, ONGOING, "one_less_colour", (4,)),
    LeaderDef(17, "maecenas", "Maecenas", "Mécène", 1, ONGOING, "free_leaders", ()),
    LeaderDef(18, "midas", "Midas", "Midas", 3, END_GAME, "vp_per_coins", (3,)),
    LeaderDef(19, "nebuchadnezzar", "Nebuchadnezzar", "Nabuchodonosor", 4, END_GAME, "vp_per_colour", (1, 2)),
    LeaderDef(20, "nefertiti", "Nefertiti", "Néfertiti", 3, END_GAME, "vp", (4,)),
    LeaderDef(21, "nero", "Nero", "Néron", 1, ONGOING, "coins_per_victory", (2,)),
    LeaderDef(22, "pericles", "Pericles", "Périclès", 6, END_GAME, "vp_per_colour", (2, 4)),
    LeaderDef(23, "phidias", "Phidias", "Phidias", 3, END_GAME, "vp_per_colour", (1, 0)),
    LeaderDef(24, "plato", "Plato", "Platon", 4, END_GAME, "vp_per_set", (7, 0, 1, 2, 3, 5, 4, 6)),
    LeaderDef(25, "praxiteles", "Praxiteles", "Praxitèle", 3, END_GAME, "vp_per_colour", (2, 1)),
    LeaderDef(26, "ptolemy", "Ptolemy", "Ptolémée", 5, ONGOING, "science", (2,)),
    LeaderDef(27, "pythagoras", "Pythagoras", "Pythagore", 5, ONGOING, "science", (1,)),
    LeaderDef(28, "ramses", "Ramses", "Ramsès", 5, ONGOING, "free_guilds", ()),
    LeaderDef(29, "sappho", "Sappho", "Sapho", 1, END_GAME, "vp", (2,)),
    LeaderDef(30, "solomon", "Solomon", "Salomon", 3, IMMEDIATE, "build_from_discard", ()),
    LeaderDef(31, "tomyris", "Tomyris", "Tomyris", 4, ONGOING, "defeats_to_winner", ()),
    LeaderDef(32, "varro", "Varro", "Varron", 3, END_GAME, "vp_per_colour", (1, 3)),
    LeaderDef(33, "vitruvius", "Vitruvius", "Vitruve", 1, ONGOING, "coins_per_chain", (2,)),
    LeaderDef(34, "xenophon", "Xenophon", "Xénophon", 2, ONGOING, "coins_per_colour_built", (2, 3)),
    LeaderDef(35, "zenobia", "Zenobia", "Zénobie", 2, END_GAME, "vp", (3,)),
    LeaderDef(36, "semiramis", "Semiramis", "Sémiramis", 0, NONE, "none", ()),
    LeaderDef(37, "heracles", "Heracles", "Héraclès", 4, ONGOING, "free_gods", ()),
)
# fmt: on

BLANK = 36
"""Semiramis, the blank leader: no printed effect and no cost (leaders.yaml: cost null). It
is never dealt: the rulebook offers it to invent a leader, which no rule can play; it is
in the catalog only so that a view or a trace can name every card of the box."""
DEALT: tuple[int, ...] = tuple(range(36))
"""The leaders that are shuffled and dealt (the 36 printed ones)."""
HERACLES = 37
"""Héraclès, the leader card of the Faith fan expansion (faith.yaml `with_leaders`): dealt
only when Faith is attached too (`catalog_extra["leader_pool"]`). His cost was printed as
an icon and is lost: 4 coins is provisional (`HERACLES_COST_NOTE`), overridable by the
option `leader_costs`."""
HERACLES_COST_NOTE = (
    "provisional: 4 coins, as the leaders whose ongoing power saves resources on a family "
    "of constructions (Archimedes, Hammurabi: 4 and 2 coins for one resource less on a "
    "colour; Imhotep 3 for one less on each stage); Héraclès waives every resource of every "
    "later god, in a game where a city invokes at most a god or two an age")
LEADER_BY_NAME: dict[str, int] = {d.name: d.id for d in LEADERS}
BY_KEY: dict[str, int] = {d.key: d.id for d in LEADERS}

_BASE_CARDS = len(CARDS)
_BASE_NAMES = len(NAMES)
_NO = (0, 0, 0, 0, 0, 0, 0)


def _guild(i: int, key: str, name: str, name_fr: str, cost: tuple[int, ...],
           end_vp: tuple[tuple[str, tuple[int, ...]], ...]) -> CardDef:
    return CardDef(id=_BASE_CARDS + i, key=key, name=name, name_fr=name_fr, age=3,
                   colour=PURPLE, copies=(0,), coins=0, cost=cost, name_id=_BASE_NAMES + i,
                   chain_from=(), produces=_NO, choice=(), tradeable=False, vp=0, shields=0,
                   science=-1, on_build=(), end_vp=end_vp)


GUILDS: tuple[CardDef, ...] = (
    _guild(0, "gamers_guild", "Gamers Guild", "Guilde des joueurs", (1, 1, 1, 1, 0, 0, 0),
           (("vp_per_own_coins", (1, 3)),)),
    _guild(1, "courtesans_guild", "Courtesans Guild", "Guilde des courtisanes",
           (1, 0, 1, 0, 1, 1, 0), ()),
    _guild(2, "diplomats_guild", "Diplomats Guild", "Guilde des diplomates",
           (1, 1, 0, 0, 1, 0, 1), (("vp_per_neighbour_leader", (1,)),)),
    _guild(3, "architects_guild", "Architects Guild", "Guilde des architectes",
           (0, 0, 1, 3, 0, 1, 1), (("vp_per_neighbour_card", (3, PURPLE)),)),
)
"""Cards 78-81 after the base game's 78 (Age III, purple); the Courtesans' effect is its
placement step (`rules.courtesan_step`), not a score."""
GAMERS, COURTESANS, DIPLOMATS, ARCHITECTS = (g.id for g in GUILDS)

ROME = len(WONDERS)
"""Rome's board id (7), after the base game's boards."""
ROME_BOARD = WonderDef(
    id=ROME, key="rome", name="The Colosseum of Rome", city="Rome", resource=-1,
    sides=(
        (StageDef(cost=(1, 0, 1, 1, 0, 0, 0), vp=4),
         StageDef(cost=(0, 2, 1, 0, 0, 1, 0), vp=6)),
        (StageDef(cost=(1, 0, 1, 0, 0, 0, 0), coins=5, abilities=("draw_leaders",)),
         StageDef(cost=(0, 1, 1, 0, 0, 1, 0), vp=3, abilities=("extra_leader",)),
         StageDef(cost=(0, 2, 0, 0, 0, 0, 1), vp=3, abilities=("extra_leader",))),
    ),
)
"""Rome produces no resource (`resource` -1). Side A: leaders recruited for free; side B:
leaders 2 coins cheaper, the neighbours' 1 coin cheaper; stage abilities `draw_leaders`
(4 leaders from the box) and `extra_leader` (recruit one more leader at once)."""
