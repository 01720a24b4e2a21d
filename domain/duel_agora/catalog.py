"""Agora as data: senators, conspiracies, decrees, the Senate, wonders, tokens and layouts.

Every row restates `shared/reference/duel/agora.yaml` (checked field by field by
`tests/domain/duel_agora/test_catalog.py`). Ids extend the base game's: senators follow the
73 Age cards, Curia Julia and Knossos the 12 wonders, Corruption and Organized Crime the 10
progress tokens, so every base rule reads them from the same tables.

Provisional values (the reference says `unknown`), each documented here:
- French conspiracy names were not found: `name_fr` is empty and views use the English
  names of the reference (the licensed digital implementation's).
- Senators of one kind are identical cards; they carry a number (`Politician (left) 1`) only
  so a recorded game can name each of them.
- The politicians' split by section, 2 left / 3 centre / 2 right, rests on one source
  (agora.yaml `senators.politicians.by_section`).
"""

from __future__ import annotations

import msgspec

from domain.duel.catalog import CARDS as BASE_CARDS
from domain.duel.catalog import TOKENS as BASE_TOKENS
from domain.duel.catalog import WONDERS as BASE_WONDERS
from domain.duel.catalog_types import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    CardDef,
    MilitaryToken,
    TokenDef,
    WonderDef,
)
from domain.duel.structure import Layout, make_layout

SENATOR = 7
"""The senators' 'colour': not one of the seven, so no colour rule counts them."""

LEFT, CENTRE, RIGHT = range(3)
SECTIONS: tuple[str, ...] = ("left", "centre", "right")
CONSPIRATOR_SECTION = -1


class Chamber(msgspec.Struct, frozen=True):
    number: int
    """1 to 6, left to right on the board."""
    section: int
    vp: int
    face_up: bool
    """How the decree dealt to it lies at set-up."""


CHAMBERS: tuple[Chamber, ...] = (
    Chamber(1, LEFT, 1, True),
    Chamber(2, LEFT, 2, False),
    Chamber(3, CENTRE, 3, True),
    Chamber(4, CENTRE, 3, False),
    Chamber(5, RIGHT, 2, True),
    Chamber(6, RIGHT, 1, False),
)
N_CHAMBERS = 6
CUBES_PER_SEAT = 12
SECTION_CHAMBERS: tuple[tuple[int, ...], ...] = ((0, 1), (2, 3), (4, 5))
"""Chamber indexes (0-5) of each section."""


def senate_actions(blue_cards: int) -> int:
    """A politician's Senate actions: 0-1 blue cards 1, 2-3 give 2, 4+ give 3."""
    return 1 if blue_cards <= 1 else 2 if blue_cards <= 3 else 3


class SenatorDef(msgspec.Struct, frozen=True):
    card: int
    """Id among the ruleset's cards."""
    kind: str
    """politician or conspirator"""
    section: int
    """A politician's section (LEFT, CENTRE, RIGHT); -1 for a conspirator."""


def _senators() -> tuple[tuple[CardDef, ...], tuple[SenatorDef, ...]]:
    rows: list[tuple[str, int]] = (
        [("politician", LEFT)] * 2
        + [("politician", CENTRE)] * 3
        + [("politician", RIGHT)] * 2
        + [("conspirator", CONSPIRATOR_SECTION)] * 6
    )
    cards, senators = [], []
    numbers: dict[tuple[str, int], int] = {}
    zero = (0, 0, 0, 0, 0)
    for i, (kind, section) in enumerate(rows):
        n = numbers[(kind, section)] = numbers.get((kind, section), 0) + 1
        card_id = len(BASE_CARDS) + i
        if kind == "politician":
            side = SECTIONS[section]
            fr = {"left": "gauche", "centre": "centre", "right": "droite"}[side]
            key, name, name_fr = (f"politician_{side}_{n}", f"Politician ({side}) {n}",
                                  f"Politicien ({fr}) {n}")
        else:
            key, name, name_fr = f"conspirator_{n}", f"Conspirator {n}", f"Comploteur {n}"
        cards.append(CardDef(
            id=card_id, key=key, name=name, name_fr=name_fr, age=0, colour=SENATOR, coins=0,
            cost=zero, produces=zero, choice=(), fixed_price=zero, shields=0, vp=0,
            science=-1, chain_grants=-1, chain_from=-1, on_build=(), end_vp=(),
        ))
        senators.append(SenatorDef(card_id, kind, section))
    return tuple(cards), tuple(senators)


SENATOR_CARDS, SENATORS = _senators()
SENATOR_BY_CARD: dict[int, SenatorDef] = {s.card: s for s in SENATORS}
SENATORS_PER_AGE: tuple[int, int, int] = (5, 5, 3)
CARDS: tuple[CardDef, ...] = (*BASE_CARDS, *SENATOR_CARDS)


class ConspiracyDef(msgspec.Struct, frozen=True):
    id: int
    key: str
    name: str
    name_fr: str
    """Not found in any source (agora.yaml: unknown); empty."""
    effect: str
    """The named effect in `domain.duel_agora.conspiracies`."""
    optional_move: bool
    """Ends with 'you may move 1 of your cubes to an adjacent chamber'."""
    text: str


def _conspiracy(i: int, key: str, name: str, move: bool, text: str) -> ConspiracyDef:
    return ConspiracyDef(i, key, name, "", key, move, text)


CONSPIRACIES: tuple[ConspiracyDef, ...] = (
    _conspiracy(0, "extortion", "Extortion", True,
                "Take 1 wonder your opponent has not built and add it to yours."),
    _conspiracy(1, "blackmail", "Blackmail", True,
                "Take half your opponent's coins, rounded up."),
    _conspiracy(2, "expropriation", "Expropriation", True,
                "Put 1 blue card built by your opponent into the discard pile."),
    _conspiracy(3, "swindle", "Swindle", True,
                "Put 1 yellow card built by your opponent into the discard pile."),
    _conspiracy(4, "obscurantism", "Obscurantism", False,
                "Put 1 progress token (board, opponent's, or out of the game) face down on "
                "this card: nobody may use it."),
    _conspiracy(5, "coup", "Coup", False, "2 shields."),
    _conspiracy(6, "property_fraud", "Property Fraud", False,
                "Build for free 1 building card of the structure's last row (not a senator)."),
    _conspiracy(7, "treason", "Treason", False,
                "Look at the cards removed at set-up from the Ages so far and build 1 free."),
    _conspiracy(8, "political_maneuver", "Political Maneuver", True,
                "Place 1 of your cubes in any chamber and remove 1 opponent cube."),
    _conspiracy(9, "espionage", "Espionage", False,
                "Look at the progress tokens removed at set-up and take 1."),
    _conspiracy(10, "turn_of_events", "Turn of Events", True,
                "Put 1 accessible structure card into the discard pile; you may do it again."),
    _conspiracy(11, "embezzlement", "Embezzlement", False,
                "Gain 1 coin per cube of yours in the Senate; the opponent loses 1 per theirs."),
    _conspiracy(12, "foreclosure", "Foreclosure", False,
                "Take 1 brown or grey card of your opponent's city into yours."),
    _conspiracy(13, "coercion", "Coercion", True,
                "Take 1 blue or green card of your opponent's; give them 1 of yours of that "
                "colour."),
    _conspiracy(14, "insider_influence", "Insider Influence", True,
                "Move 1 decree of the Senate into another chamber, under its decree."),
    _conspiracy(15, "sabotage", "Sabotage", False,
                "Return 1 wonder your opponent has built to the box."),
)
CONSPIRACY_BY_KEY: dict[str, ConspiracyDef] = {c.key: c for c in CONSPIRACIES}


class DecreeDef(msgspec.Struct, frozen=True):
    id: int
    key: str
    """The reference's id (D01-D16): decree tokens carry no printed name."""
    kind: str
    """coins_per_colour, ignore_cost_symbol, wonder_discount, shield, resource_discount,
    plus_two_blue, discard_bonus, wonder_coins, opponent_chains, conspirator_replay"""
    arg: int
    """A colour (coins_per_colour, ignore_cost_symbol) or a resource group
    (resource_discount: 0 brown, 1 grey); else 0."""
    text: str


BROWN_GROUP, GREY_GROUP = 0, 1

DECREES: tuple[DecreeDef, ...] = (
    DecreeDef(0, "D01", "coins_per_colour", BLUE,
              "Each time either player builds a blue card, take coins equal to the Age."),
    DecreeDef(1, "D02", "coins_per_colour", GREEN,
              "Each time either player builds a green card, take coins equal to the Age."),
    DecreeDef(2, "D03", "coins_per_colour", YELLOW,
              "Each time either player builds a yellow card, take coins equal to the Age."),
    DecreeDef(3, "D04", "coins_per_colour", RED,
              "Each time either player builds a red card, take coins equal to the Age."),
    DecreeDef(4, "D05", "ignore_cost_symbol", YELLOW,
              "Building a yellow card, ignore 1 symbol of its cost (a resource or a coin)."),
    DecreeDef(5, "D06", "ignore_cost_symbol", RED,
              "Building a red card, ignore 1 symbol of its cost (a resource or a coin)."),
    DecreeDef(6, "D07", "ignore_cost_symbol", GREEN,
              "Building a green card, ignore 1 symbol of its cost (a resource or a coin)."),
    DecreeDef(7, "D08", "wonder_discount", 0, "Your wonders cost 1 resource less."),
    DecreeDef(8, "D09", "shield", 0,
              "1 shield: the pawn moves 1 space toward the opponent on gaining control and "
              "1 back on losing it."),
    DecreeDef(9, "D10", "resource_discount", BROWN_GROUP,
              "Brown resources bought from the bank cost 1 coin less (at least 1)."),
    DecreeDef(10, "D11", "resource_discount", GREY_GROUP,
              "Grey resources bought from the bank cost 1 coin less (at least 1)."),
    DecreeDef(11, "D12", "plus_two_blue", 0,
              "Counting your Senate actions, add 2 to your blue cards."),
    DecreeDef(12, "D13", "discard_bonus", 0, "Discarding a card for coins, take 2 more."),
    DecreeDef(13, "D14", "wonder_coins", 0,
              "Each time either player builds a wonder, take coins equal to the Age."),
    DecreeDef(14, "D15", "opponent_chains", 0,
              "Building, you may chain from the cards your opponent has built."),
    DecreeDef(15, "D16", "conspirator_replay", 0,
              "When you recruit a conspirator, play again at once."),
)
DECREE_BY_KIND: dict[tuple[str, int], int] = {(d.kind, d.arg): d.id for d in DECREES}
SHIELD_DECREE = DECREE_BY_KIND[("shield", 0)]
DECREES_DEALT = 6

CURIA_JULIA = len(BASE_WONDERS)
KNOSSOS = CURIA_JULIA + 1
WONDERS: tuple[WonderDef, ...] = (
    *BASE_WONDERS,
    WonderDef(id=CURIA_JULIA, key="curia_julia", name="Curia Julia", name_fr="Curia Julia",
              cost=(1, 1, 1, 1, 1), choice=(), shields=0, vp=0,
              on_build=(("curia_julia", ()), ("gain_coins", (6,)), ("play_again", ()))),
    WonderDef(id=KNOSSOS, key="knossos", name="Knossos", name_fr="Knossos",
              cost=(1, 1, 1, 2, 0), choice=(), shields=0, vp=3, on_build=(("knossos", ()),)),
)
PICK_EFFECTS: dict[int, str] = {CURIA_JULIA: "conspire", KNOSSOS: "place_cube"}
"""Effects applied when these wonders are picked in the draft (their top-left corner)."""

CORRUPTION = len(BASE_TOKENS)
ORGANIZED_CRIME = CORRUPTION + 1
TOKENS: tuple[TokenDef, ...] = (
    *BASE_TOKENS,
    TokenDef(id=CORRUPTION, key="corruption", name="Corruption", name_fr="Corruption", vp=0,
             science=-1, on_build=(), end_vp=()),
    TokenDef(id=ORGANIZED_CRIME, key="organized_crime", name="Organized Crime",
             name_fr="Crime Organisé", vp=0, science=-1, on_build=(), end_vp=()),
)

MILITARY_TOKENS: tuple[MilitaryToken, ...] = (
    MilitaryToken("p_place", 3, ("agora_place_cube", ())),
    MilitaryToken("p_remove", 6, ("agora_remove_cube", ())),
    MilitaryToken("m_place", -3, ("agora_place_cube", ())),
    MilitaryToken("m_remove", -6, ("agora_remove_cube", ())),
)
"""The Agora military tokens, where the base looting tokens lay (zones 3-5 and 6-8 from
the centre): the small one places a cube of the seat whose shields reach it, the large one
removes an opponent's cube and then lets it move one of its own. No coins are lost."""

LAYOUTS: tuple[Layout, Layout, Layout] = (
    make_layout(((5, 7, 9), (4, 6, 8, 10), (3, 5, 7, 9, 11), (2, 4, 6, 8, 10, 12),
                 (1, 3, 5, 7, 9, 11, 13))),
    make_layout(((1, 3, 5, 7, 9, 11, 13), (2, 4, 6, 8, 10, 12), (3, 5, 7, 9, 11),
                 (4, 6, 8, 10), (5, 7, 9))),
    make_layout(((6, 8), (5, 7, 9), (4, 6, 8, 10), (3, 5, 7, 9, 11), (4, 6, 8, 10), (5, 7, 9),
                 (6, 8))),
)
"""Ages I-III with 25, 25 and 23 cards (agora_card_structures)."""
