"""Poséidon ("Panthéon Grec"): "il permet au joueur de commercer les ressources de n'importe
quel autre joueur. Toutes les ressources ainsi achetées coûtent 1 pièce à donner au joueur
concerné. Les effets des comptoirs et du marché ne sont pas cumulables avec le pouvoir de
Poséidon" (rule choice 52), through the engine's market hook."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders import commands as cmd
from domain.sevenwonders.play import play_moves
from domain.sevenwonders.state import ZERO7, SWState
from domain.sevenwonders_faith.invoke import faith_moves
from domain.sevenwonders_faith.model import INVOKE, PlayWithGod
from domain.sevenwonders_faith.powers import poseidon_market
from domain.sevenwonders_faith.rules import god_pool
from tests.domain.sevenwonders.support import card, give, hands
from tests.domain.sevenwonders_faith.support import G, ext, god, prayed, turn, with_god

BOARDS = [("gizah", "A"), ("babylon", "A"), ("olympia", "A"), ("rhodes", "A"),
          ("alexandria", "A")]
"""City 0 (stone) has Alexandria (glass) on its left and Babylon (clay) on its right;
Olympia (wood) and Rhodes (ore) are not its neighbours."""
HANDS = (["Stockade", "Guard Tower", "Barracks", "Loom", "Altar"], ["Altar"], ["Altar"],
         ["Altar"], ["Altar"])
WOOD = (1, 0, 0, 0, 0, 0, 0)
ORE = (0, 0, 0, 1, 0, 0, 0)
CLAY = (0, 0, 1, 0, 0, 0, 0)


def table(poseidon: bool = True) -> SWState:
    st = prayed(BOARDS)
    st = hands(st, *HANDS, age=1)
    for c in range(5):
        st = give(st, c, coins=3)
    if poseidon:
        e = ext(st)
        active = (((god("poseidon"), 1),), (), (), (), ())
        st = replace(st, ext2=replace(e, active=active))
    return st


def builds(st: SWState, name: str) -> list[cmd.Play]:
    return [m for m in play_moves(G.rules, st, 0) if m.card == card(name, 1)
            and m.action == "build"]


def test_poseidon_is_dealt_but_not_at_two_players() -> None:
    assert god("poseidon") in god_pool(3) and god("poseidon") not in god_pool(2)


def test_poseidon_buys_from_a_city_that_is_not_a_neighbour_for_1_coin() -> None:
    st = table(poseidon=False)
    assert builds(st, "Stockade") == []  # wood only in Olympia, two seats away
    st = table()
    assert poseidon_market(st, 0) == 1 and poseidon_market(st, 1) == 0
    [move] = builds(st, "Stockade")
    assert (move.left, move.right, move.buy_far) == (0, 0, ((2, WOOD),))
    _, after = turn(st, move)
    assert after.cities[0].coins == 3 - 1
    assert after.cities[2].coins == 3 + 3 + 1  # its discard's 3 coins and Poséidon's 1
    assert card("Stockade", 1) in after.cities[0].built


def test_poseidon_neighbours_sell_at_1_coin_without_trading_post() -> None:
    [move] = builds(table(), "Guard Tower")
    assert (move.left, move.right, move.buy_right, move.buy_far) == (0, 1, CLAY, None)
    [before] = builds(table(poseidon=False), "Guard Tower")
    assert before.right == 2


def test_poseidon_checks_a_purchase_named_by_the_player() -> None:
    st = table()
    _, after = turn(st, cmd.Play(seat=0, card=card("Barracks", 1), action="build",
                                 buy_far=((3, ORE),)))
    assert after.cities[3].coins == 3 + 3 + 1
    with pytest.raises(DomainError) as bad:
        G.step(st, cmd.Play(seat=0, card=card("Barracks", 1), action="build",
                            buy_far=((2, ORE),)))
    assert bad.value.code == "bad_purchase"  # Olympia makes no ore
    with pytest.raises(DomainError) as neighbour:
        G.step(st, cmd.Play(seat=0, card=card("Guard Tower", 1), action="build",
                            buy_far=((1, CLAY),)))
    assert neighbour.value.code == "bad_purchase"  # Babylon is buy_right's
    with pytest.raises(DomainError) as closed:
        G.step(table(poseidon=False), cmd.Play(seat=0, card=card("Barracks", 1),
                                                action="build", buy_far=((3, ORE),)))
    assert closed.value.code == "no_market"


def test_poseidon_market_opens_after_his_invocation() -> None:
    """Invoked with the step's card, he serves the constructions of the next steps."""
    st = table(poseidon=False)
    st = give(st, 0, ["Loom"])  # his Age I cost: 1 manufactured good
    e = ext(st)
    st = replace(st, ext2=replace(e, kept=((god("poseidon"),), *e.kept[1:]),
                                  allow=(1, *e.allow[1:])))
    _, st = turn(st, with_god(0, "Altar", "build", "poseidon"))
    assert poseidon_market(st, 0) == 1
    st = hands(st, *HANDS, age=1)
    assert [m.buy_far for m in builds(st, "Stockade")] == [((2, WOOD),)]


def test_poseidon_market_closes_when_he_leaves_after_his_age() -> None:
    from domain.sevenwonders_faith.model import GodsRetired

    st = G.evolve(table(), GodsRetired(age=1))
    assert poseidon_market(st, 0) == 0
    st = hands(st, *HANDS, age=1)
    assert builds(st, "Stockade") == []


LOOM = (0, 0, 0, 0, 0, 1, 0)
GLASS = (0, 0, 0, 0, 1, 0, 0)


def invoking(st: SWState, god_key: str = "athena") -> SWState:
    """City 0 holding `god_key` to invoke in this age (Athéna: 1 manufactured good in Age I),
    Olympia (city 2, not a neighbour) with a Loom."""
    st = give(st, 2, ["Loom"])
    e = ext(st)
    return replace(st, ext2=replace(e, kept=((god(god_key),), *e.kept[1:]),
                                    allow=(1, *e.allow[1:])))


def god_moves(st: SWState) -> list[PlayWithGod]:
    return [m for m in faith_moves(G.rules, st, 0) if isinstance(m, PlayWithGod)
            and m.use == INVOKE and m.card == card("Altar", 1) and m.action == "discard"]


def test_poseidon_market_pays_a_god_invocation() -> None:
    """"Le joueur paie le coût en ressources (on peut également acheter les ressources
    nécessaires à ses voisins)" (Phase d'Invocation, a.): a god's resources are traded, so
    Poséidon's trade "les ressources de n'importe quel autre joueur", 1 coin a unit, pays
    them too."""
    before = god_moves(invoking(table(poseidon=False)))
    assert {(m.god_left, m.god_right, m.god_buy_far) for m in before} == {(2, 0, None)}
    moves = god_moves(invoking(table()))
    assert {(m.god_left, m.god_right, m.god_buy_left, m.god_buy_far) for m in moves} == {
        (1, 0, GLASS, None), (0, 0, ZERO7, ((2, LOOM),))}
    [far] = [m for m in moves if m.god_buy_far]
    _, after = turn(invoking(table()), far)
    assert after.cities[0].coins == 3 + 3 - 1  # the discard's 3 coins, the loom's 1
    assert after.cities[2].coins == 3 + 3 + 1  # Olympia's discard and the loom sold
    assert (god("athena"), 1) in ext(after).active[0]


def test_poseidon_market_checks_a_god_purchase_named_by_the_player() -> None:
    st = invoking(table())
    _, after = turn(st, with_god(0, "Altar", "discard", "athena", god_buy_left=GLASS))
    assert after.cities[0].coins == 3 + 3 - 1 and after.cities[4].coins == 3 + 3 + 1
    for bad in ({"god_buy_far": ((3, LOOM),)},  # Rhodes makes no loom
                {"god_buy_far": ((4, GLASS),)},  # Alexandria is the left neighbour
                {"god_buy_far": ((2, LOOM),), "god_buy_left": GLASS}):  # more than needed
        with pytest.raises(DomainError) as refused:
            G.step(st, with_god(0, "Altar", "discard", "athena", **bad))
        assert refused.value.code == "bad_purchase"
    with pytest.raises(DomainError) as wrong:
        G.step(st, with_god(0, "Altar", "discard", "athena", god_buy_left=GLASS, god_left=2))
    assert wrong.value.code == "no_such_payment"
    with pytest.raises(DomainError) as closed:
        G.step(invoking(table(poseidon=False)),
               with_god(0, "Altar", "discard", "athena", god_buy_far=((2, LOOM),)))
    assert closed.value.code == "no_market"


def test_poseidon_market_buys_what_only_a_far_city_makes_for_a_god() -> None:
    """A god whose resources only a city other than the neighbours makes is invoked through
    Poséidon's market alone (here a game's cost of exactly 1 ore: Rhodes, city 3)."""
    st = invoking(table())
    e = ext(st)
    costs = list(e.costs)
    costs[god("athena")] = (("resources", 1, ORE), *costs[god("athena")][1:])
    st = replace(st, ext2=replace(e, costs=tuple(costs)))
    assert {m.god_buy_far for m in god_moves(st)} == {((3, ORE),)}
    closed = replace(st, ext2=replace(ext(st), active=((),) * 5))
    assert god_moves(closed) == []
