"""Every leader by name, each with the effect the rulebook gives it ("Description des
Leaders"), and the 4 guilds ("Description des Guildes"), in a 3-city game: city 0 Gizah A
(stone), city 1 Rhodes A (ore), city 2 Babylon A (clay); city 0's left neighbour is city 2,
its right city 1."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from msgspec.structs import replace

from domain.sevenwonders import flow
from domain.sevenwonders.play import card_cost
from domain.sevenwonders.scoring import science
from domain.sevenwonders.state import SWState
from domain.sevenwonders.transaction import Transaction
from domain.sevenwonders_leaders import events as lev
from domain.sevenwonders_leaders.catalog import LEADERS
from domain.sevenwonders_leaders.commands import PlayLeader
from domain.sevenwonders_leaders.deal import LeadersDeal
from domain.sevenwonders_leaders.effects import GUILD_VP, leader_cost, leaders_line
from tests.domain.sevenwonders.support import deal_of
from tests.domain.sevenwonders_leaders.support import (
    G,
    age_hands,
    card,
    draft_keeping_first,
    give,
    leader,
    recruit,
    start,
    step,
    with_hands,
)

BOARDS = [("gizah", "A"), ("rhodes", "A"), ("babylon", "A")]
FOUR = [["Caesar", "Croesus", "Plato", "Nero"], ["Midas", "Sappho", "Hiram", "Varro"],
        ["Amytis", "Bilkis", "Euclid", "Tomyris"]]


def base() -> SWState:
    return draft_keeping_first(start(3, boards=BOARDS, leaders=FOUR))[1]


def line(st: SWState, city: int = 0) -> int:
    return leaders_line(G.rules, st, city)


def tokens(st: SWState, city: int, *taken: int) -> SWState:
    cities = list(st.cities)
    cities[city] = replace(cities[city], tokens=taken)
    return replace(st, cities=tuple(cities))


def builds(st: SWState, seat: int, name: str) -> list[Any]:
    return [m for m in G.legal_moves(st, seat) if m.action == "build" and m.card == card(name)]


def reveal(st: SWState, *plays: Any) -> tuple[list[Any], SWState]:
    """The plays given, the other seats discarding their first card."""
    seats = {p.seat for p in plays}
    others = [next(m for m in G.legal_moves(st, s) if m.action == "discard")
              for s in G.acting_seats(st) if s not in seats]
    return step(st, *plays, *others)


def conflicts(st: SWState) -> tuple[list[Any], SWState]:
    tx = Transaction(G.rules, st)
    flow.end_age(tx)
    return tx.events, tx.state


def shields(st: SWState, *values: int) -> SWState:
    return replace(st, cities=tuple(replace(c, shields=v)
                                    for c, v in zip(st.cities, values, strict=True)))


def one_less(name: str, blocked_card: str) -> None:
    """Without the leader the card cannot be paid (nobody around makes what it needs)."""
    st = age_hands(base(), [blocked_card], ["Altar"], ["Altar"])
    assert builds(st, 0, blocked_card) == []
    st = recruit(st, 0, name)
    moves = builds(st, 0, blocked_card)
    assert moves and (moves[0].left, moves[0].right) == (0, 0)


def check_alexander() -> None:
    assert line(tokens(recruit(base(), 0, "Alexander"), 0, 1, 3, -1, 5)) == 3


def check_amytis() -> None:
    assert line(give(recruit(base(), 0, "Amytis"), 0, stages=2)) == 4


def check_archimedes() -> None:
    one_less("Archimedes", "Apothecary")  # green, 1 loom


def check_aristotle() -> None:
    st = give(recruit(base(), 0, "Aristotle"), 0, ["Apothecary", "Workshop", "Scriptorium"])
    assert science(G.rules, st, 0) == 3 + 7 and line(st) == 3
    st = give(st, 0, ["Dispensary", "Laboratory", "Library"])
    assert line(st) == 6  # two sets: 7 -> 10 each


def check_bilkis() -> None:
    st = age_hands(base(), ["Apothecary"], ["Altar"], ["Altar"])
    assert builds(st, 0, "Apothecary") == []
    st = recruit(st, 0, "Bilkis")
    move = builds(st, 0, "Apothecary")[0]
    events, after = reveal(st, move)
    action = next(e for e in events if type(e).__name__ == "StepResolved").actions[0]
    assert action.bank == 1 and after.cities[0].coins == st.cities[0].coins - 1


def check_caesar() -> None:
    assert recruit(base(), 0, "Caesar").cities[0].shields == 2


def check_cleopatra() -> None:
    assert line(recruit(base(), 0, "Cleopatra")) == 5


def check_croesus() -> None:
    st = with_hands(base(), ["Croesus"], ["Sappho"], ["Varro"])
    _, st = reveal(st, PlayLeader(seat=0, leader=leader("Croesus"), action="recruit"))
    assert st.cities[0].coins == 6 - 1 + 6


def _symbol(name: str, symbol: int) -> None:
    st = recruit(base(), 0, name)
    expected = [0, 0, 0]
    expected[symbol] = 1
    assert st.cities[0].science == tuple(expected) and science(G.rules, st, 0) == 1


def check_euclid() -> None:
    _symbol("Euclid", 0)


def check_hammurabi() -> None:
    st = age_hands(base(), ["Altar"], ["Baths"], ["Altar"])
    assert builds(st, 1, "Baths")[0].left + builds(st, 1, "Baths")[0].right == 2
    st = recruit(st, 1, "Hammurabi")
    assert (builds(st, 1, "Baths")[0].left, builds(st, 1, "Baths")[0].right) == (0, 0)


def check_hannibal() -> None:
    assert recruit(base(), 0, "Hannibal").cities[0].shields == 1


def check_hatshepsut() -> None:
    st = recruit(age_hands(base(), ["Altar"], ["Baths"], ["Altar"]), 1, "Hatshepsut")
    move = builds(st, 1, "Baths")[0]  # 2 coins to Gizah for its stone
    events, after = reveal(st, move)
    action = next(e for e in events if type(e).__name__ == "StepResolved").actions[1]
    assert action.city == 1 and action.gained == 1
    assert after.cities[1].coins == st.cities[1].coins - 2 + 1


def check_hiram() -> None:
    st = give(recruit(base(), 0, "Hiram"), 0, ["Workers Guild", "Spies Guild"])
    assert line(st) == 4


def check_hypatia() -> None:
    assert line(give(recruit(base(), 0, "Hypatia"), 0, ["Apothecary", "Workshop"])) == 2


def check_imhotep() -> None:
    st = age_hands(base(), ["Altar"], ["Altar"], ["Altar"])
    assert not [m for m in G.legal_moves(st, 0) if m.action == "stage"]  # 2 stone, 1 own
    st = recruit(st, 0, "Imhotep")
    assert [m for m in G.legal_moves(st, 0) if m.action == "stage"]


def check_justinian() -> None:
    st = give(recruit(base(), 0, "Justinian"), 0,
              ["Altar", "Baths", "Stockade", "Apothecary", "Workshop", "Barracks"])
    assert line(st) == 3 * 2
    assert line(give(st, 0, ["Theater"])) == 3 * 2


def check_leonidas() -> None:
    one_less("Leonidas", "Stockade")  # red, 1 wood


def check_maecenas() -> None:
    st = recruit(base(), 0, "Maecenas")
    assert leader_cost(st, 0, leader("Caesar")) == 0


def check_midas() -> None:
    st = recruit(base(), 0, "Midas")
    assert line(replace(st, cities=(replace(st.cities[0], coins=11), *st.cities[1:]))) == 3


def check_nebuchadnezzar() -> None:
    assert line(give(recruit(base(), 0, "Nebuchadnezzar"), 0, ["Altar", "Baths"])) == 2


def check_nefertiti() -> None:
    assert line(recruit(base(), 0, "Nefertiti")) == 4


def check_nero() -> None:
    st = replace(shields(recruit(base(), 0, "Nero"), 3, 1, 1), age=1)
    events, after = conflicts(st)
    paid = next(e for e in events if isinstance(e, lev.VictoryCoins))
    assert paid.coins == (4, 0, 0) and after.cities[0].coins == st.cities[0].coins + 4


def check_pericles() -> None:
    assert line(give(recruit(base(), 0, "Pericles"), 0, ["Stockade", "Barracks"])) == 4


def check_phidias() -> None:
    assert line(give(recruit(base(), 0, "Phidias"), 0, ["Lumber Yard", "Ore Vein"])) == 2


def check_plato() -> None:
    seven = ["Lumber Yard", "Loom", "Altar", "Tavern", "Apothecary", "Stockade", "Spies Guild"]
    st = give(recruit(base(), 0, "Plato"), 0, seven)
    assert line(st) == 7
    twice = ["Ore Vein", "Glassworks", "Baths", "Marketplace", "Workshop", "Barracks",
             "Workers Guild"]
    assert line(give(st, 0, twice)) == 14  # F.A.Q. Platon: 2 of each colour -> 14


def check_praxiteles() -> None:
    assert line(give(recruit(base(), 0, "Praxiteles"), 0, ["Loom", "Press"])) == 4


def check_ptolemy() -> None:
    _symbol("Ptolemy", 2)


def check_pythagoras() -> None:
    _symbol("Pythagoras", 1)


def check_ramses() -> None:
    st = recruit(base(), 0, "Ramses")
    assert card_cost(G.rules, st, 0, card("Workers Guild"))[2] == (0,) * 7
    assert card_cost(G.rules, st, 1, card("Workers Guild"))[2] != (0,) * 7
    assert card_cost(G.rules, st, 0, card("Temple"))[2] != (0,) * 7


def check_sappho() -> None:
    assert line(recruit(base(), 0, "Sappho")) == 2


def check_solomon() -> None:
    st = replace(with_hands(base(), ["Solomon"], ["Sappho"], ["Varro"]),
                 discard=(card("Altar"),), age=2)
    _, st = reveal(st, PlayLeader(seat=0, leader=leader("Solomon"), action="recruit"))
    assert [m.card for m in G.legal_moves(st, 0)] == [card("Altar")]


def check_tomyris() -> None:
    st = replace(shields(recruit(base(), 0, "Tomyris"), 0, 2, 1), age=1)
    events, _after = conflicts(st)
    resolved = next(e for e in events if type(e).__name__ == "ConflictsResolved")
    assert resolved.tokens[0] == ()  # both defeats given away
    assert sorted(resolved.tokens[1]) == [-1, 1, 1] and sorted(resolved.tokens[2]) == [-1, -1, 1]


def check_varro() -> None:
    assert line(give(recruit(base(), 0, "Varro"), 0, ["Tavern", "Marketplace"])) == 2


def check_vitruvius() -> None:
    st = replace(age_hands(give(recruit(base(), 0, "Vitruvius"), 0, ["Baths"]),
                           ["Aqueduct"], ["Altar"], ["Altar"]), age=2)
    move = builds(st, 0, "Aqueduct")[0]
    events, _after = reveal(st, move)
    action = next(e for e in events if type(e).__name__ == "StepResolved").actions[0]
    assert action.chain and action.gained == 2


def check_xenophon() -> None:
    st = recruit(age_hands(base(), ["Marketplace"], ["Altar"], ["Altar"]), 0, "Xenophon")
    _events, after = reveal(st, builds(st, 0, "Marketplace")[0])
    assert after.cities[0].coins == st.cities[0].coins + 2


def check_zenobia() -> None:
    assert line(recruit(base(), 0, "Zenobia")) == 3


CHECKS: dict[str, Callable[[], None]] = {
    name.removeprefix("check_").capitalize(): fn for name, fn in globals().items()
    if name.startswith("check_")
}


def test_every_leader_has_a_check() -> None:
    assert sorted(CHECKS) == sorted(d.name for d in LEADERS[:36])


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_leader(name: str) -> None:
    CHECKS[name]()


def test_ongoing_effects_are_never_retroactive() -> None:
    """Xenophon, Vitruvius, Nero: "sans effet ... avant sa mise en jeu"."""
    st = age_hands(base(), ["Marketplace"], ["Altar"], ["Altar"])
    _, before = reveal(st, builds(st, 0, "Marketplace")[0])
    after = recruit(before, 0, "Xenophon")
    assert after.cities[0].coins == before.cities[0].coins


def test_semiramis_is_never_dealt() -> None:
    import random

    for seed in range(20):
        d = deal_of(G.start(7, {}, random.Random(seed), None), LeadersDeal)
        assert leader("Semiramis") not in {x for h in d.leaders for x in h} | set(d.box)


# -- the guilds --------------------------------------------------------------------------
def test_gamers_guild() -> None:
    st = replace(base(), cities=tuple(replace(c, coins=10) for c in base().cities))
    assert GUILD_VP["vp_per_own_coins"](st, 0, (1, 3)) == 3


def test_diplomats_guild_counts_recruited_neighbour_leaders_only() -> None:
    st = recruit(recruit(base(), 1, "Caesar", "Sappho"), 2, "Zenobia")
    st = replace(st, ext=replace(st.ext, powers=(st.ext.powers[0] | 1 << leader("Caesar"),
                                                 *st.ext.powers[1:]),
                                 courtesan=(0, 1, leader("Caesar"))))
    assert GUILD_VP["vp_per_neighbour_leader"](st, 0, (1,)) == 3
    # F.A.Q. Guilde des Courtisanes: the copied leader is no leader of city 0 for city 1.
    assert GUILD_VP["vp_per_neighbour_leader"](st, 1, (1,)) == 1


def test_architects_guild() -> None:
    st = give(give(base(), 1, ["Spies Guild"]), 2, ["Workers Guild", "Gamers Guild"])
    st = give(st, 0, ["Architects Guild"])
    from domain.sevenwonders.scoring import guilds

    assert guilds(G.rules, st, 0) == 9


def test_faq_hiram_does_not_count_olympia_b_copy() -> None:
    st = give(recruit(base(), 0, "Hiram"), 0, ["Spies Guild"])
    st = replace(st, cities=(replace(st.cities[0], copied=card("Workers Guild")),
                             *st.cities[1:]))
    assert line(st) == 2


def test_faq_hatshepsut_with_a_trading_post() -> None:
    """F.A.Q. Hatshepsut: pay 1 coin through a trading post, then take 1 from the bank."""
    st = recruit(age_hands(base(), ["Altar"], ["Baths"], ["Altar"]), 1, "Hatshepsut")
    st = give(st, 1, ["West Trading Post"])  # raw materials at 1 from the left (Gizah)
    move = builds(st, 1, "Baths")[0]
    assert (move.left, move.right) == (1, 0)
    _, after = reveal(st, move)
    assert after.cities[1].coins == st.cities[1].coins - 1 + 1


def test_faq_leader_symbols_count_in_both_science_methods() -> None:
    """F.A.Q. "Symboles scientifiques": a leader's symbol counts for identical symbols and
    for sets of three different ones."""
    st = give(recruit(base(), 0, "Euclid"), 0, ["Workshop", "Scriptorium"])
    assert science(G.rules, st, 0) == 1 + 1 + 1 + 7
    assert science(G.rules, recruit(st, 0, "Pythagoras"), 0) == 1 + 4 + 1 + 7


def test_every_seat_sees_the_leader_costs_the_game_replaces() -> None:
    """A leader's cost is printed on its card, face up for all once recruited; a game's
    `leader_costs` replaces it for the whole game, so every seat's view (and a
    spectator's) shows the replaced costs, and the recruitment's price follows them."""
    import random

    from domain.kernel.game import fold

    plato = next(x.id for x in LEADERS if x.key == "plato")
    st = fold(G, G.start(3, {"leader_costs": {"plato": 9}}, random.Random(1), None))
    for seat in (0, 1, 2, None):
        assert G.view(st, seat).ext.leader_costs == ((plato, 9),)
    assert leader_cost(st, 0, plato) == 9
    assert G.view(fold(G, G.start(3, {}, random.Random(1), None)), 0).ext.leader_costs == ()
