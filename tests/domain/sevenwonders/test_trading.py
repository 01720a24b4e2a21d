"""Trading with the neighbours (rulebook: "Commerce"): 2 coins a resource, 1 with a
discount for its kinds and sides from the turn after it is built; only what the neighbour
makes with brown and grey cards and its board; one-of-several cards give one unit a turn.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders import events as ev
from domain.sevenwonders.play import pay_options
from domain.sevenwonders.state import SWState
from tests.domain.sevenwonders.support import G, card, give, hands, play, setup, step

WOOD, STONE, CLAY, ORE, GLASS, LOOM, PAPYRUS = range(7)


def vec(**counts: int) -> tuple[int, ...]:
    order = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
    return tuple(counts.get(r, 0) for r in order)


def _plain(state: SWState, city: int) -> SWState:
    """City makes nothing of its own (not even its board resource)."""
    cities = list(state.cities)
    cities[city] = replace(cities[city], fixed=(0,) * 7)
    return replace(state, cities=tuple(cities))


@pytest.fixture
def four() -> SWState:
    # 0 Gizah (stone), 1 Rhodes (ore), 2 Babylon (clay), 3 Olympia (wood)
    return setup([("gizah", "A"), ("rhodes", "A"), ("babylon", "A"), ("olympia", "A")])


def test_buying_from_both_neighbours(four: SWState) -> None:
    st = _plain(four, 0)
    # left of 0 is 3 (Olympia: wood), right is 1 (Rhodes: ore)
    options = pay_options(G.rules, st, 0, vec(wood=1, ore=1))
    assert [(lc, rc) for lc, rc, _, _ in options] == [(2, 2)]
    assert options[0][2] == vec(wood=1) and options[0][3] == vec(ore=1)
    assert pay_options(G.rules, st, 0, vec(clay=1)) == ()  # city 2 is not a neighbour


def test_each_side_and_the_cheapest_first(four: SWState) -> None:
    st = give(give(_plain(four, 0), 3, ["Ore Vein"]), 0, ["East Trading Post"])
    options = pay_options(G.rules, st, 0, vec(ore=1))
    # cheapest first; paying 2 to the left is not dominated (it pays the right nothing)
    assert [(lc, rc) for lc, rc, _, _ in options] == [(0, 1), (2, 0)]
    st = give(give(_plain(four, 0), 3, ["Ore Vein"]), 0, [])
    options = pay_options(G.rules, st, 0, vec(ore=2))
    assert [(lc, rc) for lc, rc, _, _ in options] == [(2, 2)]
    st = give(give(give(_plain(four, 0), 3, ["Ore Vein"]), 1, ["Foundry"]), 0, [])
    options = pay_options(G.rules, st, 0, vec(ore=2))
    # the left neighbour has one ore, the right three: equal totals, less to the left first
    assert [(lc, rc) for lc, rc, _, _ in options] == [(0, 4), (2, 2)]


def test_choice_cards_sell_one_unit_a_turn(four: SWState) -> None:
    st = give(_plain(four, 0), 1, ["Tree Farm"])  # Rhodes: ore board, wood or clay
    assert pay_options(G.rules, st, 0, vec(clay=1))[0][:2] == (0, 2)
    one_each = pay_options(G.rules, st, 0, vec(wood=1, clay=1))
    assert [(lc, rc) for lc, rc, _, _ in one_each] == [(2, 2)]  # wood left, clay right
    assert pay_options(G.rules, give(st, 3, ["Loom"]), 0, vec(clay=2)) == ()


def test_own_choice_cards_cover_any_one_of_their_resources(four: SWState) -> None:
    st = give(_plain(four, 0), 0, ["Caravansery", "Forum", "Timber Yard"])
    assert pay_options(G.rules, st, 0, vec(stone=1, wood=1, loom=1))[0][:2] == (0, 0)
    assert pay_options(G.rules, st, 0, vec(stone=2, wood=1))[0][:2] == (2, 0)


@pytest.mark.parametrize("unbuyable", ["Forum", "Caravansery"])
def test_yellow_resources_cannot_be_bought(four: SWState, unbuyable: str) -> None:
    st = give(_plain(four, 0), 1, [unbuyable])
    for r in (vec(glass=1), vec(stone=1)):
        assert not any(p[3] == r for p in pay_options(G.rules, st, 0, r))


def test_alexandria_stage_resources_cannot_be_bought() -> None:
    st = setup([("gizah", "A"), ("alexandria", "B"), ("babylon", "A")])
    st = give(_plain(st, 0), 1, stages=2)
    assert pay_options(G.rules, st, 0, vec(ore=1)) == ()
    assert pay_options(G.rules, st, 0, vec(glass=1))[0][:2] == (0, 2)  # the board's glass


def test_marketplace_discounts_manufactured_goods_from_both_sides(four: SWState) -> None:
    st = give(give(give(_plain(four, 0), 3, ["Loom"]), 1, ["Glassworks"]), 0, ["Marketplace"])
    assert pay_options(G.rules, st, 0, vec(loom=1, glass=1))[0][:2] == (1, 1)


def test_olympia_b_discount_applies_from_the_next_turn_not_to_its_own_stage() -> None:
    """Rule fix P1 of the traces, and the rulebook: a discount counts from the turn after."""
    st = setup([("olympia", "B"), ("gizah", "A"), ("rhodes", "A")])
    st = _plain(st, 0)  # no own wood: the first stage (2 wood) is bought
    st = give(give(st, 1, ["Lumber Yard"]), 2, ["Lumber Yard"], coins=3)
    st = give(st, 0, coins=4)
    st = hands(st, ["Altar", "Baths"], ["Theater", "Tavern"], ["Stockade", "Loom"])
    stage = [(m.left, m.right) for m in G.legal_moves(st, 0)
             if m.action == "stage" and m.card == card("Altar")]
    assert stage == [(2, 2)]  # 2 coins each, not 1
    _, st = step(st, play(0, "Altar", "stage", left=2, right=2),
                 play(1, "Theater", "discard"), play(2, "Stockade", "discard"))
    assert pay_options(G.rules, st, 0, vec(wood=2))[0][:2] == (1, 1)
    assert pay_options(G.rules, st, 0, vec(loom=1)) == ()


def test_an_unaffordable_or_impossible_purchase_is_refused_with_the_reason(
    four: SWState
) -> None:
    st = hands(give(_plain(four, 0), 0, coins=1), ["Stockade"], ["Altar"], ["Baths"],
               ["Theater"])
    with pytest.raises(DomainError, match="cannot_afford"):
        G.step(st, play(0, "Stockade"))
    st = hands(_plain(four, 0), ["Guard Tower"], ["Altar"], ["Baths"], ["Theater"])
    with pytest.raises(DomainError, match="cannot_produce"):
        G.step(st, play(0, "Guard Tower"))
    st = hands(_plain(four, 0), ["Stockade"], ["Altar"], ["Baths"], ["Theater"])
    with pytest.raises(DomainError, match="no_such_payment"):
        G.step(st, play(0, "Stockade", left=0, right=2))
    with pytest.raises(DomainError, match="bad_purchase"):
        G.step(st, play(0, "Stockade", buy_left=vec(), buy_right=vec(wood=1)))
    with pytest.raises(DomainError, match="wrong_payment"):
        G.step(st, play(0, "Stockade", left=1, buy_left=vec(wood=1), buy_right=vec()))


def test_a_stated_purchase_is_recorded_and_paid_to_each_neighbour(four: SWState) -> None:
    st = give(give(_plain(four, 0), 1, ["Lumber Yard"]), 0, coins=4)
    st = hands(st, ["Stockade"], ["Altar"], ["Baths"], ["Theater"])
    events, st = step(st, play(0, "Stockade", buy_left=vec(), buy_right=vec(wood=1)),
                      play(1, "Altar", "discard"), play(2, "Baths", "discard"),
                      play(3, "Theater", "discard"))
    action = next(e for e in events if isinstance(e, ev.StepResolved)).actions[0]
    assert (action.left, action.right, action.bought_right) == (0, 2, vec(wood=1))
    assert st.cities[0].coins == 2 and st.cities[1].coins == 3 + 3 + 2
    assert st.cities[3].coins == 3 + 3
    assert card("Stockade") in st.cities[0].built
