"""Every age card and guild by name: built through a real step, its effect observed.

Rulebook: "Description des cartes" / card list of the first-edition rules, as restated in
`base.yaml`. Each expectation below is written from the card's printed effect, not read
from the catalog.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.sevenwonders import events as ev
from domain.sevenwonders.catalog import CARDS
from domain.sevenwonders.catalog_types import RESOURCES
from domain.sevenwonders.play import pay_options
from domain.sevenwonders.scoring import civilian, commercial, guilds, science
from domain.sevenwonders.state import SWState
from tests.domain.sevenwonders.support import G, card, give, hands, play, setup, step

PRODUCERS: dict[str, tuple[tuple[str, ...], int]] = {
    # name: (resources it offers, units at once)
    "Lumber Yard": (("wood",), 1), "Stone Pit": (("stone",), 1), "Clay Pool": (("clay",), 1),
    "Ore Vein": (("ore",), 1), "Tree Farm": (("wood", "clay"), 1),
    "Excavation": (("stone", "clay"), 1), "Clay Pit": (("clay", "ore"), 1),
    "Timber Yard": (("stone", "wood"), 1), "Forest Cave": (("wood", "ore"), 1),
    "Mine": (("stone", "ore"), 1), "Loom": (("loom",), 1), "Glassworks": (("glass",), 1),
    "Press": (("papyrus",), 1), "Sawmill": (("wood",), 2), "Quarry": (("stone",), 2),
    "Brickyard": (("clay",), 2), "Foundry": (("ore",), 2),
}
UNTRADEABLE: dict[str, tuple[str, ...]] = {
    "Forum": ("glass", "loom", "papyrus"), "Caravansery": ("wood", "stone", "clay", "ore"),
}
CIVILIAN = {"Pawnshop": 3, "Baths": 3, "Altar": 2, "Theater": 2, "Aqueduct": 5, "Temple": 3,
            "Statue": 4, "Courthouse": 4, "Pantheon": 7, "Gardens": 5, "Town Hall": 6,
            "Palace": 8, "Senate": 6}
MILITARY = {"Stockade": 1, "Barracks": 1, "Guard Tower": 1, "Walls": 2, "Training Ground": 2,
            "Stables": 2, "Archery Range": 2, "Fortifications": 3, "Circus": 3, "Arsenal": 3,
            "Siege Workshop": 3}
SCIENCE = {"Apothecary": 0, "Workshop": 1, "Scriptorium": 2, "Dispensary": 0,
           "Laboratory": 1, "Library": 2, "School": 2, "Lodge": 0, "Observatory": 1,
           "University": 2, "Academy": 0, "Study": 1}
DISCOUNTS = {"East Trading Post": ("right", ("wood", "stone", "clay", "ore")),
             "West Trading Post": ("left", ("wood", "stone", "clay", "ore")),
             "Marketplace": ("both", ("glass", "loom", "papyrus"))}
OTHER = ("Tavern", "Vineyard", "Bazar", "Haven", "Lighthouse", "Chamber of Commerce", "Arena")
GUILD_NAMES = tuple(c.name for c in CARDS if c.colour == 6)

ALL_NAMES = sorted({c.name for c in CARDS})


def test_every_card_has_an_expectation_here() -> None:
    covered = (set(PRODUCERS) | set(UNTRADEABLE) | set(CIVILIAN) | set(MILITARY)
               | set(SCIENCE) | set(DISCOUNTS) | set(OTHER) | set(GUILD_NAMES))
    assert covered == set(ALL_NAMES)


def _rich(state: SWState, city: int) -> SWState:
    """Give `city` every resource five times over (a stand-in city that can pay anything)."""
    cities = list(state.cities)
    cities[city] = replace(cities[city], fixed=(5,) * 7, coins=30)
    return replace(state, cities=tuple(cities))


def _built(name: str, age: int | None = None, state: SWState | None = None) -> tuple[
    list[object], SWState]:
    """City 0 builds `name` (alone in the step), paying from a rich city."""
    base = state or setup([("gizah", "A"), ("babylon", "A"), ("ephesus", "A")])
    cid = card(name, age)
    st = _rich(hands(base, [cid], [], []), 0)
    return step(st, play(0, cid))


def _one(resource: str) -> tuple[int, ...]:
    return tuple(1 if r == resource else 0 for r in RESOURCES)


@pytest.mark.parametrize("name", sorted(PRODUCERS))
def test_producer(name: str) -> None:
    offered, units = PRODUCERS[name]
    age = 2 if units == 2 else 1
    _, st = _built(name, age)
    # reset city 0's stand-in production: only the board (Gizah: stone) and the card remain
    # and the buyer (city 2) makes nothing itself
    st = replace(st, cities=(replace(st.cities[0], fixed=tuple(
        f - 5 for f in st.cities[0].fixed)), st.cities[1], replace(st.cities[2], fixed=(0,) * 7)))
    for r in offered:
        need = tuple(units if x == r else 0 for x in RESOURCES)
        assert pay_options(G.rules, st, 0, need)[0][:2] == (0, 0), (name, r)
        # the right neighbour of city 2 is city 0: it buys the resource there
        bought = [p for p in pay_options(G.rules, st, 2, _one(r)) if p[3] == _one(r)]
        assert bought, (name, r)
    if len(offered) == 2:
        both = tuple(1 if x in offered else 0 for x in RESOURCES)
        if "stone" not in offered:
            assert all(p[:2] != (0, 0) for p in pay_options(G.rules, st, 0, both))


@pytest.mark.parametrize("name", sorted(UNTRADEABLE))
def test_yellow_producers_are_for_their_city_only(name: str) -> None:
    _, st = _built(name)
    city = replace(st.cities[0], fixed=(0,) * 7)
    st = replace(st, cities=(city, *st.cities[1:]))
    for r in UNTRADEABLE[name]:
        assert pay_options(G.rules, st, 0, _one(r))[0][:2] == (0, 0), (name, r)
        assert not any(p[3] == _one(r) for p in pay_options(G.rules, st, 2, _one(r)))


@pytest.mark.parametrize("name", sorted(CIVILIAN))
def test_civilian_structure(name: str) -> None:
    _, st = _built(name)
    assert civilian(G.rules, st, 0) == CIVILIAN[name]


@pytest.mark.parametrize("name", sorted(MILITARY))
def test_military_structure(name: str) -> None:
    _, st = _built(name)
    assert st.cities[0].shields == MILITARY[name]


@pytest.mark.parametrize("name", sorted(SCIENCE))
def test_scientific_structure(name: str) -> None:
    _, st = _built(name)
    symbols = [0, 0, 0]
    symbols[SCIENCE[name]] = 1
    assert st.cities[0].science == tuple(symbols)
    assert science(G.rules, st, 0) == 1


@pytest.mark.parametrize("name", sorted(DISCOUNTS))
def test_trading_discount_from_the_next_turn(name: str) -> None:
    side, goods = DISCOUNTS[name]
    base = setup([("gizah", "A"), ("babylon", "A"), ("ephesus", "A")])
    # both neighbours of city 0 make every resource
    base = give(base, 1, ["Lumber Yard", "Stone Pit", "Clay Pool", "Ore Vein", "Loom",
                          "Glassworks", "Press"])
    base = give(base, 2, ["Lumber Yard", "Stone Pit", "Clay Pool", "Ore Vein", "Loom",
                          "Glassworks", "Press"])
    st = hands(base, [name], [], [])
    for r in RESOURCES:  # before: 2 coins on either side
        assert {p[:2] for p in pay_options(G.rules, st, 0, _one(r))} <= {(2, 0), (0, 2), (0, 0)}
    _, st = step(st, play(0, name))
    for r in RESOURCES:
        if r == "stone":
            continue  # Gizah makes its own
        prices = {p[:2] for p in pay_options(G.rules, st, 0, _one(r))}
        cheap_left = r in goods and side in ("left", "both")
        cheap_right = r in goods and side in ("right", "both")
        assert ((1, 0) if cheap_left else (2, 0)) in prices, (name, r, prices)
        assert ((0, 1) if cheap_right else (0, 2)) in prices or (cheap_left and not cheap_right)


def test_tavern_gives_five_coins() -> None:
    events, _st = _built("Tavern")
    resolved = next(e for e in events if isinstance(e, ev.StepResolved))
    assert resolved.actions[0].gained == 5


@pytest.mark.parametrize(("name", "colour_cards", "each"), [
    ("Vineyard", ["Lumber Yard", "Clay Pit"], 1),
    ("Bazar", ["Loom", "Press"], 2),
])
def test_vineyard_and_bazar_count_both_neighbours_and_the_same_step(
    name: str, colour_cards: list[str], each: int
) -> None:
    """Rulebook (first edition): cards the neighbours build in the same turn count too."""
    base = setup([("gizah", "A"), ("babylon", "A"), ("ephesus", "A")])
    base = give(base, 0, colour_cards[:1])
    base = give(base, 1, colour_cards[:1])
    base = give(base, 2, colour_cards[:1])
    st = hands(base, [name], [card(colour_cards[1], 1)], ["Altar"], age=2)
    st = replace(st, cities=tuple(replace(c, coins=10) for c in st.cities))
    events, st = step(st, play(0, name), play(2, "Altar", "discard"),
                      play(1, colour_cards[1], "build"))
    resolved = next(e for e in events if isinstance(e, ev.StepResolved))
    # own 1 + left neighbour (city 2) 1 + right neighbour (city 1) 2, one of them built now
    assert resolved.actions[0].gained == each * 4


@pytest.mark.parametrize(("name", "cards", "coins", "vp"), [
    ("Haven", ["Lumber Yard", "Ore Vein", "Clay Pit"], 3, 3),
    ("Lighthouse", ["Tavern", "Marketplace"], 3, 3),  # it counts itself
    ("Chamber of Commerce", ["Loom", "Press"], 4, 4),
])
def test_age_three_commercial_cards(name: str, cards: list[str], coins: int, vp: int) -> None:
    base = give(setup([("gizah", "A"), ("babylon", "A"), ("ephesus", "A")]), 0, cards)
    events, st = _built(name, state=base)
    resolved = next(e for e in events if isinstance(e, ev.StepResolved))
    assert resolved.actions[0].gained == coins
    assert commercial(G.rules, st, 0) == vp


def test_arena_counts_built_stages() -> None:
    base = give(setup([("gizah", "A"), ("babylon", "A"), ("ephesus", "A")]), 0, stages=2)
    events, st = _built("Arena", state=base)
    resolved = next(e for e in events if isinstance(e, ev.StepResolved))
    assert resolved.actions[0].gained == 6
    assert commercial(G.rules, st, 0) == 2


GUILD_CASES = {
    # name: (neighbour cards, own cards, expected guild points)
    "Workers Guild": (["Lumber Yard", "Clay Pit"], ["Ore Vein"], 4),
    "Craftsmens Guild": (["Loom", "Press"], ["Glassworks"], 8),
    "Traders Guild": (["Tavern", "Forum"], ["Marketplace"], 4),
    "Philosophers Guild": (["Apothecary", "Library"], ["Workshop"], 4),
    "Spies Guild": (["Stockade", "Walls"], ["Barracks"], 4),
    "Magistrates Guild": (["Altar", "Temple"], ["Baths"], 4),
}


@pytest.mark.parametrize("name", sorted(GUILD_CASES))
def test_guild_counts_both_neighbours_only(name: str) -> None:
    near, own, points = GUILD_CASES[name]
    base = setup([("gizah", "A"), ("babylon", "A"), ("ephesus", "A"), ("rhodes", "A")])
    base = give(give(give(base, 1, near), 3, near), 0, own)
    base = give(base, 2, near)  # not a neighbour of city 0 in a 4-player game
    _, st = _built(name, state=replace(base, hands=((), (), (), ())))
    assert guilds(G.rules, st, 0) == points


def test_strategists_guild_counts_neighbours_defeats() -> None:
    base = setup([("gizah", "A"), ("babylon", "A"), ("ephesus", "A"), ("rhodes", "A")])
    cities = list(base.cities)
    cities[1] = replace(cities[1], tokens=(-1, -1, 3))
    cities[3] = replace(cities[3], tokens=(-1,))
    cities[2] = replace(cities[2], tokens=(-1, -1))
    cities[0] = replace(cities[0], tokens=(-1,))
    _, st = _built("Strategists Guild", state=replace(base, cities=tuple(cities),
                                                      hands=((), (), (), ())))
    assert guilds(G.rules, st, 0) == 3


def test_shipowners_guild_counts_own_brown_grey_purple_itself_included() -> None:
    base = give(setup([("gizah", "A"), ("babylon", "A"), ("ephesus", "A")]), 0,
                ["Lumber Yard", "Loom", "Press", "Workers Guild"])
    base = give(base, 1, ["Ore Vein", "Glassworks"])
    _, st = _built("Shipowners Guild", state=base)
    # 1 brown + 2 grey + 2 purple (Workers and Shipowners itself); Workers adds 1 (Ore Vein)
    assert guilds(G.rules, st, 0) == 5 + 1


def test_scientists_guild_is_a_wild_symbol() -> None:
    base = give(setup([("gizah", "A"), ("babylon", "A"), ("ephesus", "A")]), 0,
                ["Apothecary", "Workshop"])
    _, st = _built("Scientists Guild", state=base)
    assert st.cities[0].wilds == 1
    assert science(G.rules, st, 0) == 1 + 1 + 1 + 7  # the wild completes a set
    assert guilds(G.rules, st, 0) == 0


def test_builders_guild_counts_stages_of_three_cities() -> None:
    base = setup([("gizah", "A"), ("babylon", "A"), ("ephesus", "A"), ("rhodes", "A")])
    base = give(give(give(give(base, 0, stages=1), 1, stages=2), 3, stages=3), 2, stages=3)
    _, st = _built("Builders Guild", state=replace(base, hands=((), (), (), ())))
    assert guilds(G.rules, st, 0) == 6
