"""The gods of Faith as data: names, pantheon, powers per age, invocation costs with provenance.

Costs were printed only as icons and are lost (`faith.yaml`, header): each cost here is either
the rulebook's worked example (`rules_example`) or a provisional value (`provisional`) chosen
by comparison with base cards of similar power; `COST_NOTES` says why for each god, and
`openapi/traces-faith.md` lists them all. A game may override any cost (option `god_costs`).

A cost is `(kind, n, resources)`:
- `free`: nothing (the red cross);
- `raw` / `manufactured` / `any`: n raw materials / manufactured goods / of either, identical
  or not, produced or bought from the neighbours;
- `resources`: exactly the 7-count vector `resources` (Apollo's printed Age II stone);
- `shields` / `vp`: the city must *have* n shields on its cards / n VP on its blue cards
  (nothing is paid, nothing can be bought; a wonder's shields and VP do not count);
- `wonder`: the resources of the city's next unbuilt wonder stage (produced or bought);
- `coins`: n coins to the bank (the Egyptian gods).

`status` is `playable` for the gods a game deals, otherwise the reason it is left out
(needs Cities, or team play).
"""

from __future__ import annotations

import msgspec

FREE, RAW, MANUFACTURED, ANY, RESOURCES, SHIELDS, VP, WONDER, COINS = (
    "free", "raw", "manufactured", "any", "resources", "shields", "vp", "wonder", "coins")
COST_KINDS = (FREE, RAW, MANUFACTURED, ANY, RESOURCES, SHIELDS, VP, WONDER, COINS)
ZERO7 = (0, 0, 0, 0, 0, 0, 0)

Cost = tuple[str, int, tuple[int, ...]]


class GodDef(msgspec.Struct, frozen=True):
    id: int
    key: str
    """The id of `faith.yaml`."""
    name_fr: str
    name_en: str
    pantheon: str
    costs: tuple[Cost, Cost, Cost]
    """Invocation cost in Ages I, II, III."""
    provenance: tuple[str, str, str]
    """`rules_example` or `provisional`, per age."""
    powers: tuple[str, str, str]
    """What the god does in each age (the rulebook's text, restated)."""
    status: str = "playable"
    removed_two_players: bool = False


def _c(kind: str, n: int = 0, res: tuple[int, ...] = ZERO7) -> Cost:
    return (kind, n, res)


P = "provisional"
PPP = (P, P, P)
STONE1 = (0, 1, 0, 0, 0, 0, 0)

_GODS: list[tuple[str, str, str, str, tuple[Cost, Cost, Cost], tuple[str, str, str],
                  tuple[str, str, str], str, bool]] = [
    # key, fr, en, pantheon, costs, provenance, powers, status, removed in 2 players
    ("aphrodite", "Aphrodite", "Aphrodite", "greek",
     (_c(VP, 2), _c(VP, 5), _c(VP, 8)), PPP,
     ("on invocation, 1 coin per complete batch of 1 VP on blue cards",
      "on invocation, 1 coin per complete batch of 2 VP on blue cards",
      "at game end, 1 VP per complete 3 coins"), "playable", False),
    ("apollon", "Apollon", "Apollo", "greek",
     (_c(RAW, 1), _c(RESOURCES, 1, STONE1), _c(RAW, 2)), (P, "rules_example", P),
     ("take 3 coins", "take 5 coins", "take 7 coins"), "playable", False),
    ("ares", "Arès", "Ares", "greek",
     (_c(RAW, 1), _c(RAW, 2), _c(RAW, 3)), PPP,
     ("+1 shield in this age's conflicts", "+2 shields in this age's conflicts",
      "+3 shields in this age's conflicts"), "playable", False),
    ("artemis", "Artémis", "Artemis", "greek",
     (_c(RAW, 1), _c(ANY, 2), _c(ANY, 3)), PPP,
     ("1 coin per brown or grey card built afterwards this age",
      "2 coins per blue or green card built afterwards this age",
      "3 coins per purple or red card built afterwards"), "playable", False),
    ("athena", "Athéna", "Athena", "greek",
     (_c(MANUFACTURED, 1), _c(MANUFACTURED, 2), _c(MANUFACTURED, 3)), PPP,
     ("on invocation, 1 coin per green card in the city and both neighbours",
      "green cards whose symbol the city lacks are free this age",
      "at game end, 3 VP per set of three different science symbols"), "playable", False),
    ("chronos", "Chronos", "Chronos", "greek",
     (_c(WONDER), _c(WONDER), _c(WONDER)), PPP,
     ("a Wonder card marks the next stage",) * 3, "playable", False),
    ("demeter", "Déméter", "Demeter", "greek",
     (_c(FREE), _c(WONDER), _c(WONDER)), PPP,
     ("take 2 coins; the city produces 1 loom for itself",
      "wonder stages cost 2 resources of the player's choice less this age",
      "wonder stages cost 2 resources of the player's choice less"), "playable", False),
    ("dionysos", "Dionysos", "Dionysus", "greek",
     (_c(FREE), _c(ANY, 2), _c(ANY, 3)), PPP,
     ("take 2 coins; the city produces 1 glass for itself",
      "once per construction, one resource the city's brown, grey or yellow cards produce "
      "counts three times this age",
      "once per construction, one resource the city's brown, grey or yellow cards produce "
      "counts three times"), "playable", False),
    ("hades", "Hadès", "Hades", "greek",
     (_c(SHIELDS, 1), _c(SHIELDS, 2), _c(SHIELDS, 3)), PPP,
     ("surprise attack: a 1-VP victory token, a defeat token to the chosen opponent",
      "surprise attack: a 3-VP victory token, a defeat token to the chosen opponent",
      "surprise attack: a 5-VP victory token, a defeat token to the chosen opponent"),
     "playable", False),
    ("hecate", "Hécate", "Hecate", "greek",
     (_c(ANY, 2), _c(ANY, 3), _c(ANY, 4)), PPP,
     ("every other player returns 2 coins", "every other player returns 4 coins",
      "every other player returns 6 coins"), "playable", False),
    ("hephaistos", "Héphaïstos", "Hephaestus", "greek",
     (_c(RAW, 1), _c(RAW, 2), _c(RAW, 3)), PPP,
     ("red, green and purple cards cost 1 resource less this age",
      "red, green and purple cards cost 2 resources less this age",
      "red, green and purple cards cost 2 resources less"), "playable", False),
    ("hera", "Héra", "Hera", "greek",
     (_c(MANUFACTURED, 1), _c(MANUFACTURED, 2), _c(ANY, 3)), PPP,
     ("every other player returns 1 coin; +1/2 shield in this age's conflicts",
      "every other player returns 2 coins; +1 shield in this age's conflicts",
      "every other player returns 3 coins; +1 1/2 shields in this age's conflicts"),
     "playable", False),
    ("hermes", "Hermès", "Hermes", "greek",
     (_c(FREE), _c(ANY, 2), _c(ANY, 3)), PPP,
     ("take 2 coins; the city produces 1 papyrus for itself",
      "the neighbours' chains serve the city this age; 1 coin each time",
      "the neighbours' chains serve the city; 1 coin each time"), "playable", False),
    ("hestia_red", "Hestia (rouge)", "Hestia (red)", "greek",
     (_c(MANUFACTURED, 1), _c(MANUFACTURED, 2), _c(ANY, 3)), PPP,
     ("the city stays out of this age's conflicts; its neighbours fight each other",) * 3,
     "playable", True),
    ("ouranos", "Ouranos", "Uranus", "greek",
     (_c(ANY, 2), _c(ANY, 3), _c(ANY, 4)), PPP,
     ("every hand is gathered, shuffled and dealt again",) * 3, "playable", False),
    ("pan", "Pan", "Pan", "greek",
     (_c(RAW, 1), _c(RAW, 2), _c(RAW, 3)), PPP,
     ("build cards of a name the city already has",) * 3, "playable", True),
    ("poseidon", "Poséidon", "Poseidon", "greek",
     (_c(MANUFACTURED, 1), _c(MANUFACTURED, 2), _c(MANUFACTURED, 3)), PPP,
     ("buy resources from any player at 1 coin",) * 3, "playable", True),
    ("zeus", "Zeus", "Zeus", "greek",
     (_c(WONDER), _c(WONDER), _c(WONDER)), PPP,
     ("play the 7th card of this age instead of discarding it",) * 3, "playable", False),
    ("amon_re", "Amon-Rê", "Amun-Ra", "egyptian",
     (_c(COINS, 1), _c(COINS, 3), _c(COINS, 3)), PPP,
     ("take 2 coins; the city produces 1 stone for itself",
      "give 2 of your defeat tokens to two different players",
      "give 2 of your defeat tokens to two different players"), "playable", False),
    ("anubis", "Anubis", "Anubis", "egyptian",
     (_c(COINS, 2), _c(COINS, 3), _c(COINS, 4)), PPP,
     ("build 2 cards of one hand in 2 turns",) * 3, "playable", True),
    ("bastet", "Bastet", "Bastet", "egyptian",
     (_c(COINS, 2), _c(COINS, 3), _c(COINS, 4)), PPP,
     ("swap a card with an opponent's card of as many resources",) * 3, "playable",
     False),
    ("horus", "Horus", "Horus", "egyptian",
     (_c(COINS, 1), _c(COINS, 2), _c(COINS, 3)), PPP,
     ("twice this age, see the previous player's hand",) * 3, "playable", True),
    ("osiris", "Osiris", "Osiris", "egyptian",
     (_c(COINS, 2), _c(COINS, 3), _c(COINS, 4)), PPP,
     ("build a discarded card for free or discard it for 3 coins",) * 3, "playable",
     False),
    ("seth", "Seth", "Seth", "egyptian",
     (_c(COINS, 2), _c(COINS, 3), _c(COINS, 4)), PPP,
     ("cancel a god an opponent reveals",) * 3, "playable", False),
    ("marduk", "Marduk", "Marduk", "babylonian",
     (_c(RAW, 3), _c(RAW, 4), _c(RAW, 4)), PPP,
     ("teammates share their resources",) * 3, "team play only", False),
    ("ishtar", "Ishtar", "Ishtar", "babylonian",
     (_c(SHIELDS, 2), _c(SHIELDS, 4), _c(SHIELDS, 6)), (P, "rules_example", P),
     ("teammates pool their shields",) * 3, "team play only", False),
    ("shamash", "Shamash", "Shamash", "babylonian",
     (_c(ANY, 2), _c(ANY, 3), _c(ANY, 4)), PPP,
     ("a teammate's yellow card or discard pays the other too",) * 3, "team play only",
     False),
    ("wonderwoman", "Wonderwoman", "Wonder Woman", "goodisien",
     (_c(ANY, 2), _c(ANY, 3), _c(ANY, 4)), PPP,
     ("the marker: one more god in Age II, both may come with one card",
      "the marker: one more god in Age III, both may come with one card",
      "5 VP at game end"), "playable", False),
    ("toinito", "Toinito", "Toinito", "goodisien",
     (_c(ANY, 2), _c(ANY, 3), _c(ANY, 4)), PPP,
     ("teammates build in one city once",) * 3, "team play only", False),
    ("pegase", "Pégase", "Pegasus", "mythological_creature",
     (_c(FREE), _c(FREE), _c(FREE)), PPP,
     ("draw 2 leaders, play one free", "draw 3 leaders, play one free",
      "draw 4 leaders, play one free"), "playable", False),
    ("hestia_blue", "Hestia (bleue)", "Hestia (blue)", "greek",
     (_c(ANY, 2), _c(ANY, 3), _c(ANY, 4)), PPP,
     ("protection from coin losses and targeting",) * 3, "needs Cities", False),
    ("meduse", "Méduse", "Medusa", "mythological_creature",
     (_c(FREE), _c(FREE), _c(FREE)), PPP,
     ("draw 2 black cards, build one free",) * 3, "needs Cities", False),
    ("nout", "Nout", "Nut", "egyptian",
     (_c(COINS, 2), _c(COINS, 3), _c(COINS, 4)), PPP,
     ("give 3 of your debt tokens",) * 3, "needs Cities", True),
]

GODS: tuple[GodDef, ...] = tuple(
    GodDef(id=i, key=k, name_fr=fr, name_en=en, pantheon=pan, costs=costs, provenance=prov,
           powers=powers, status=status, removed_two_players=rm2)
    for i, (k, fr, en, pan, costs, prov, powers, status, rm2) in enumerate(_GODS)
)
BY_KEY: dict[str, GodDef] = {g.key: g for g in GODS}
PLAYABLE: tuple[int, ...] = tuple(g.id for g in GODS if g.status == "playable")

COST_NOTES: dict[str, str] = {
    "aphrodite": "VP needs like the blue cards' own values: 2 (an Age I Baths), 5 (an Age II "
                 "Courthouse and a Baths), 8 (two Age II blue cards); gains of 2-8 coins",
    "apollon": "Age II: 1 stone, the rulebook's example (David invokes Apollo with his stone); "
               "Age I one raw material (3 coins: half a Tavern), Age III two (7 coins)",
    "ares": "one raw material per shield, as the red cards (Stockade: 1 wood for 1 shield; "
            "Walls: 3 stone for 2; Fortifications: 4 for 3)",
    "artemis": "one cheap resource in Age I (coins for brown/grey cards, which cost little), "
               "then 2 and 3 resources like the yellow cards that pay per colour",
    "athena": "manufactured goods, the green cards' own costs (Apothecary: 1 loom; Laboratory: "
              "2 clay 1 papyrus; Academy: 3 stone 1 glass)",
    "chronos": "a wonder stage's resources: the power builds a stage",
    "demeter": "Age I free like the free grey cards (Loom) with 2 coins; Ages II-III the next "
               "stage's resources, the power being a wonder discount",
    "dionysos": "Age I as Demeter (glass); Ages II-III 2 and 3 resources, a production gain "
                "like a Caravansery/Forum (2 resources)",
    "hades": "shields owned, the military theme: 1/2/3 as a red card of each age",
    "hecate": "2/3/4 resources of any kind: an attack on every opponent's treasury",
    "hephaistos": "raw materials 1/2/3, like the discount it gives",
    "hera": "as Hestia: manufactured goods, then 3 of any kind",
    "hermes": "Age I as Demeter (papyrus); Ages II-III 2 and 3 resources (a chain saves a card's "
              "whole cost)",
    "hestia_red": "1 and 2 manufactured goods, 3 resources in Age III (skipping a 5-point defeat)",
    "zeus": "a wonder stage's resources: Babylon B's stage that gives the 7th card",
    "amon_re": "coins (Egyptian): 1 in Age I (2 coins and a stone back), 3 in Ages II-III",
    "wonderwoman": "2/3/4 resources of any kind; Age III 5 VP, the price of a 5-VP blue card",
    "ouranos": "2/3/4 resources of any kind",
    "pan": "raw materials 1/2/3, like Héphaïstos (a construction rule that saves nothing by "
           "itself: the duplicate card is still paid)",
    "poseidon": "manufactured goods 1/2/3, as Athéna's: a trading ability wider than both "
                "trading posts and the Marketplace together, which take three cards",
    "anubis": "coins 2/3/4", "bastet": "coins 2/3/4",
    "horus": "coins 1/2/3", "osiris": "coins 2/3/4", "seth": "coins 2/3/4",
    "marduk": "raw materials: the rulebook's example (Marduk invoked with 4 raw materials, "
              "the age not stated) gives 4 in Ages II-III, 3 in Age I",
    "ishtar": "shields owned: the rulebook's example (Age II, 4 shields); 2 and 6 around it",
    "shamash": "2/3/4 resources of any kind", "toinito": "2/3/4 resources of any kind",
    "pegase": "free: a creature's cost is the sacrifice of the step's age card (its 3 "
              "coins not taken), worth about a leader's price in Age I",
    "hestia_blue": "2/3/4 resources of any kind", "meduse": "free (sacrifice; not built)",
    "nout": "coins 2/3/4",
}

ALPHA_KEY: tuple[str, ...] = tuple(
    g.name_fr.lower().translate(str.maketrans("àâäéèêëîïôöûüç", "aaaeeeeiioouuc"))
    for g in GODS
)
"""Each god's French name without accents: simultaneous gods resolve in this order
("dans l'ordre alphabétique du nom des Dieux")."""
