"""Each playable god's power in each age, as the rulebook's "Panthéon" sections give it, with
the invocation ("Phase d'Invocation") and the discard for coins."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders import commands as cmd
from domain.sevenwonders.military import conflict_tokens
from domain.sevenwonders.play import card_cost, play_moves
from domain.sevenwonders.state import SWState
from domain.sevenwonders_faith.model import (
    GodChosen,
    GodIncome,
    GodRevealed,
    GodsRetired,
    GodStruck,
    PlayWithGod,
    PrayerBegan,
)
from domain.sevenwonders_faith.powers import gods_points
from tests.domain.sevenwonders.support import card, give, hands
from tests.domain.sevenwonders_faith.support import (
    G,
    ext,
    god,
    prayed,
    turn,
    with_god,
    with_gods,
)

BOARDS = [("gizah", "A"), ("babylon", "A"), ("olympia", "A")]
"""Gizah makes stone, Babylon clay, Olympia wood."""
H1 = (["Lumber Yard", "Stockade", "Apothecary"], ["Clay Pool", "Baths", "Workshop"],
      ["Ore Vein", "Altar", "Scriptorium"])
H2 = (["Aqueduct", "Walls", "Laboratory", "Temple"], ["Sawmill", "Library", "Stables", "Forum"],
      ["Quarry", "Dispensary", "Archery Range", "Caravansery"])


def at(age: int, *kept: list[str], coins: int = 3) -> SWState:
    st = prayed(BOARDS)
    st = replace(st, age=age)
    st = hands(st, *(H1 if age == 1 else H2), age=age)
    for c in range(3):
        st = with_gods(st, c, kept[c] if c < len(kept) else [])
        st = give(st, c, coins=coins)
    return st


def fight(st: SWState) -> tuple[tuple[int, ...], ...]:
    """The conflict tokens of the age, as `flow.end_age` takes them."""
    tokens = conflict_tokens(st, st.age)
    for hook in G.rules.conflict_hooks:
        tokens = hook(st, tokens)
    return tokens


def revealed(events: list[object]) -> list[GodRevealed]:
    return [e for e in events if isinstance(e, GodRevealed)]


def test_apollo_gives_3_5_7_coins() -> None:
    for age, coins in ((1, 3), (2, 5), (3, 7)):
        st = at(age, ["apollon", "ares", "hera"])
        st = give(st, 0, ["Stone Pit", "Lumber Yard"])  # raw materials for every age's cost
        name = "Lumber Yard" if age == 1 else "Aqueduct"
        events, st = turn(st, with_god(0, name, "discard", "apollon"))
        assert revealed(events)[0].gained == coins
        assert st.cities[0].coins == 3 + 3 + coins
        assert ext(st).kept[0] == ()  # the 2 other gods discarded, for no coins
        assert ext(st).active[0] == ((god("apollon"), age),)


def test_apollo_rulebook_example_god_first_pays_the_aqueduct() -> None:
    """"A l'Âge II, David possède 1 Pierre et 2 pièces ... invoquer Apollon (coût : 1 Pierre
    à l'Âge II) ... Possédant désormais 7 pièces, David peut construire l'Aqueduc ... en
    achetant les 2 Pierres restantes chez ses voisins pour un total de 4 pièces."""
    st = at(2, ["apollon"], coins=2)  # Gizah: 1 stone
    st = give(st, 1, ["Stone Pit"])
    st = give(st, 2, ["Stone Pit"])
    card_first = with_god(0, "Aqueduct", "build", "apollon")
    with pytest.raises(DomainError) as info:
        G.step(st, card_first)
    assert info.value.code in ("cannot_afford", "no_such_payment")
    god_first = replace(card_first, god_first=True)
    assert any(m == replace(god_first, left=2, right=2, buy_left=m.buy_left,
                            buy_right=m.buy_right, god_left=0, god_right=0,
                            god_buy_left=m.god_buy_left, god_buy_right=m.god_buy_right)
               for m in G.legal_moves(st, 0) if isinstance(m, PlayWithGod) and m.god_first)
    events, st = turn(st, god_first)
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("GodRevealed") < kinds.index("StepResolved")  # the god first
    assert st.cities[0].coins == 2 + 5 - 4
    assert "Aqueduct" in [G.rules.cards[c].name for c in st.cities[0].built]


def test_ares_adds_1_2_3_shields_to_this_ages_conflicts() -> None:
    for age in (1, 2, 3):
        st = at(age, ["ares"])
        st = give(st, 0, ["Stone Pit", "Lumber Yard", "Clay Pool"])
        st = give(st, 1, ["Stockade"] * age)  # 1 shield per age number
        assert -1 in fight(st)[0]  # without Ares, a defeat
        _, st = turn(st, with_god(0, "Stockade" if age == 1 else "Walls", "discard", "ares"))
        assert ext(st).extra[0] == 2 * age
        tokens = fight(st)
        assert -1 not in tokens[0] and 0 not in tokens[1]  # a tie with the right neighbour


def test_hera_takes_coins_and_her_half_shield_breaks_a_tie() -> None:
    st = at(1, ["hera"])
    st = give(st, 0, ["Glassworks"])  # Hera I costs one manufactured good
    events, st = turn(st, with_god(0, "Lumber Yard", "discard", "hera"))
    struck = next(e for e in events if isinstance(e, GodStruck))
    assert struck.lost == (0, 1, 1)
    assert ext(st).extra[0] == 1  # half a shield
    assert fight(st)[0] == (1, 1)  # 1/2 shield beats 0 on both sides


def test_hecate_takes_2_4_6_coins_or_all_a_city_has() -> None:
    st = at(3, ["hecate"])
    st = give(st, 0, ["Stone Pit", "Lumber Yard", "Clay Pool", "Ore Vein"])
    st = give(st, 1, coins=4)
    events, st = turn(st, with_god(0, "Aqueduct", "discard", "hecate"))
    struck = next(e for e in events if isinstance(e, GodStruck))
    # City 1 had 4 (+3 for its discard this turn = 7): 6 lost; city 2: 3 + 3 = 6: all lost.
    assert struck.lost == (0, 6, 6)
    assert [c.coins for c in st.cities] == [6, 1, 0]


def test_hades_surprise_attack_on_any_opponent() -> None:
    st = at(2, ["hades"])
    st = give(st, 0, ["Stockade", "Barracks"])  # Hades II: 2 shields owned
    _events, st = turn(st, with_god(0, "Aqueduct", "discard", "hades", targets=(2,)))
    assert st.cities[0].tokens == (3,)
    assert st.cities[2].tokens == (-1,)
    assert st.cities[1].tokens == ()


def test_hades_needs_shields_on_cards() -> None:
    st = at(1, ["hades"])
    with pytest.raises(DomainError) as info:
        G.step(st, with_god(0, "Lumber Yard", "discard", "hades", targets=(1,)))
    assert info.value.code == "cannot_invoke"


def test_positive_powers_before_negative_ones_in_alphabetical_order() -> None:
    """"on résout les phases 6 et 7 dans l'ordre alphabétique du nom des Dieux": Apollo's
    coins arrive before Hecate takes 2 (steps 6 then 7)."""
    st = at(1, ["apollon"], ["hecate"], coins=0)
    st = give(st, 1, ["Clay Pool", "Lumber Yard"])  # Hecate I: 2 resources
    events, st = turn(st, with_god(0, "Lumber Yard", "discard", "apollon"),
                      with_god(1, "Clay Pool", "discard", "hecate"))
    names = [type(e).__name__ for e in events if isinstance(e, GodRevealed | GodStruck)]
    assert names == ["GodRevealed", "GodRevealed", "GodStruck"]
    assert [e.choice.god for e in revealed(events)] == [god("apollon"), god("hecate")]
    assert st.cities[0].coins == 0 + 3 + 3 - 2


def test_aphrodite_coins_per_blue_vp_then_points_per_3_coins() -> None:
    st = at(1, ["aphrodite"])
    st = give(st, 0, ["Baths"])  # 3 VP: 3 batches of 1
    events, st = turn(st, with_god(0, "Lumber Yard", "discard", "aphrodite"))
    assert revealed(events)[0].gained == 3
    st = at(2, ["aphrodite"])
    st = give(st, 0, ["Baths", "Altar"])  # 5 VP: 2 batches of 2
    events, st = turn(st, with_god(0, "Aqueduct", "discard", "aphrodite"))
    assert revealed(events)[0].gained == 2
    st = at(3, ["aphrodite"])
    st = give(st, 0, ["Baths", "Altar", "Theater", "Courthouse"], coins=10)  # 11 VP >= 8
    _, st = turn(st, with_god(0, "Aqueduct", "discard", "aphrodite"))
    assert st.cities[0].coins == 13 and gods_points(G.rules, st, 0) == 4


def test_athena_coins_free_green_cards_and_ten_points_a_set() -> None:
    st = at(1, ["athena"])
    st = give(st, 0, ["Glassworks", "Apothecary"])
    st = give(st, 1, ["Workshop"])
    st = give(st, 2, ["Scriptorium"])
    events, st = turn(st, with_god(0, "Lumber Yard", "discard", "athena"))
    assert revealed(events)[0].gained == 3
    st = at(2, ["athena"])
    st = give(st, 0, ["Glassworks", "Loom", "Scriptorium"])  # a tablet already
    _, st = turn(st, with_god(0, "Aqueduct", "discard", "athena"))
    assert card_cost(G.rules, st, 0, card("Laboratory", 2))[1]  # a gear: free
    assert not card_cost(G.rules, st, 0, card("School", 2))[1]  # a tablet: paid
    st = at(3, ["athena"])
    st = give(st, 0, ["Glassworks", "Loom", "Press", "Apothecary", "Workshop",
                      "Scriptorium"])
    _, st = turn(st, with_god(0, "Aqueduct", "discard", "athena"))
    assert gods_points(G.rules, st, 0) == 3  # one set: 7 -> 10


def test_artemis_pays_for_her_age_colours_built_after_her() -> None:
    st = at(1, ["artemis"])
    st = give(st, 0, ["Stone Pit"])
    _, st = turn(st, with_god(0, "Stockade", "discard", "artemis"))
    st = hands(st, ["Lumber Yard", "Altar"], ["Clay Pool", "Baths"], ["Ore Vein", "Theater"])
    events, st = turn(st, G.legal_moves(st, 0)[0])
    built = G.rules.cards[st.cities[0].built[-1]]
    income = [e for e in events if isinstance(e, GodIncome)]
    assert built.name == "Lumber Yard" and income[0].coins[0] == 1


@pytest.mark.parametrize(("key", "resource"), [("demeter", "Apothecary"),
                                                ("dionysos", "Workshop"),
                                                ("hermes", "Scriptorium")])
def test_age_one_gods_give_2_coins_and_a_resource(key: str, resource: str) -> None:
    st = at(1, [key], coins=0)
    events, st = turn(st, with_god(0, "Lumber Yard", "discard", key))
    assert revealed(events)[0].gained == 2 and st.cities[0].coins == 5
    st = hands(st, [resource, "Altar"], ["Clay Pool", "Baths"], ["Ore Vein", "Theater"])
    st = give(st, 0, coins=0)
    free = [m for m in play_moves(G.rules, st, 0) if m.card == card(resource)
            and m.action == "build"]
    assert free and (free[0].left, free[0].right) == (0, 0)  # its own loom/glass/papyrus


def test_amon_ra_stone_then_gives_defeat_tokens() -> None:
    st = at(1, ["amon_re"], coins=1)
    _events, st = turn(st, with_god(0, "Lumber Yard", "discard", "amon_re"))
    assert st.cities[0].coins == 1 - 1 + 3 + 2
    st = at(2, ["amon_re"])
    st = replace(st, cities=(replace(st.cities[0], tokens=(-1, -1, 1)), *st.cities[1:]))
    with pytest.raises(DomainError):
        G.step(st, with_god(0, "Aqueduct", "discard", "amon_re", targets=(1, 1)))
    _, st = turn(st, with_god(0, "Aqueduct", "discard", "amon_re", targets=(1, 2)))
    assert [c.tokens for c in st.cities] == [(1,), (-1,), (-1,)]
    assert st.cities[0].coins == 3 + 3 - 3


def cheapest(st: SWState, name: str, action: str = "build") -> int:
    """Coins city 0 pays its neighbours at the least for `name` (or a stage with it)."""
    st = hands(st, [name, "Walls"], ["Sawmill", "Library"], ["Quarry", "Dispensary"],
               age=st.age)
    paid: int = min(m.left + m.right for m in G.legal_moves(st, 0)
                    if m.card == card(name, st.age) and m.action == action)
    return paid


def test_demeter_two_resources_less_for_stages() -> None:
    st = at(2, ["demeter"])
    st = give(st, 0, ["Stone Pit", "Quarry"])  # Gizah's first stage: 2 stone
    _, st = turn(st, with_god(0, "Aqueduct", "discard", "demeter"))
    st = give(st, 0, coins=9)
    assert cheapest(st, "Walls", "stage") == 0
    assert cheapest(give(st, 0, stages=1), "Walls", "stage") == 2  # 3 wood less 2: 1 bought


def test_dionysos_triples_a_card_resource() -> None:
    st = at(2, ["dionysos"])
    st = give(st, 0, ["Stone Pit", "Clay Pool"])
    _, st = turn(st, with_god(0, "Aqueduct", "discard", "dionysos"))
    assert cheapest(st, "Aqueduct") == 0


def test_hermes_uses_the_neighbours_chains_for_a_coin() -> None:
    st = at(2, ["hermes"])
    st = give(st, 0, ["Clay Pool", "Lumber Yard"])
    st = give(st, 1, ["Altar"])  # Altar -> Temple
    _, st = turn(st, with_god(0, "Aqueduct", "discard", "hermes"))
    st = hands(st, ["Temple", "Walls"], ["Sawmill", "Library"], ["Quarry", "Dispensary"],
               age=2)
    assert card_cost(G.rules, st, 0, card("Temple", 2))[1]
    coins = st.cities[0].coins
    temple = next(m for m in G.legal_moves(st, 0) if m.card == card("Temple", 2))
    assert (temple.left, temple.right) == (0, 0)
    _events, st = turn(st, temple)
    assert st.cities[0].coins == coins + 1


def test_hephaistos_one_or_two_resources_less_for_red_green_purple() -> None:
    st = at(1, ["hephaistos"])
    _, st = turn(st, with_god(0, "Lumber Yard", "discard", "hephaistos"))
    assert cheapest(st, "Stockade") == 0  # 1 wood less: Gizah needs none
    st = at(2, ["hephaistos"])
    st = give(st, 0, ["Lumber Yard", "Clay Pool"])
    _, st = turn(st, with_god(0, "Aqueduct", "discard", "hephaistos"))
    st = give(st, 0, coins=9)
    assert cheapest(st, "Walls") == 0  # 3 stone: the board's, 2 less
    # blue: nothing removed, and no neighbour sells the 2 stone more the Aqueduct needs
    st = hands(st, ["Aqueduct", "Walls"], ["Sawmill", "Library"], ["Quarry", "Dispensary"],
               age=2)
    moves = G.legal_moves(st, 0)
    assert any(m.card == card("Aqueduct", 2) for m in moves)
    assert not any(m.card == card("Aqueduct", 2) and m.action == "build" for m in moves)


def test_hestia_keeps_her_city_out_and_the_neighbours_fight() -> None:
    st = prayed([("gizah", "A"), ("babylon", "A"), ("olympia", "A"), ("rhodes", "A")])
    st = hands(st, *H1, ["Loom", "Press", "Tavern"])
    for c in range(4):
        st = with_gods(st, c, [])
    st = with_gods(st, 0, ["hestia_red"])
    st = give(st, 0, ["Glassworks"])
    st = give(st, 1, ["Stockade"])
    _, st = turn(st, with_god(0, "Lumber Yard", "discard", "hestia_red"))
    tokens = fight(st)
    # The ring closes over city 0: 1 fights 2 and 3 (1 shield against 0), 2 and 3 tie.
    assert tokens == ((), (1, 1), (-1,), (-1,))


def test_zeus_keeps_the_seventh_card() -> None:
    st = at(1, ["zeus"])
    st = hands(st, ["Lumber Yard", "Altar"], ["Clay Pool", "Baths"], ["Ore Vein", "Theater"])
    st = replace(st, turn=6)
    st = give(st, 0, ["Stone Pit", "Clay Pool"])  # Gizah's first stage: 2 stone
    events, st = turn(st, with_god(0, "Lumber Yard", "discard", "zeus"))
    assert type(events[-1]).__name__ == "SeventhBegan" and events[-1].cities == (0,)
    assert st.hands[0] == (card("Altar"),)


def test_wonderwoman_marker_then_five_points() -> None:
    st = at(1, ["wonderwoman", "apollon"])
    st = give(st, 0, ["Stone Pit", "Clay Pool"])
    _, st = turn(st, with_god(0, "Lumber Yard", "discard", "wonderwoman"))
    assert ext(st).marker[0] == 2
    st = G.evolve(G.evolve(st, GodsRetired(age=1)), PrayerBegan(
        age=2, hands=ext(st).deal[1]))
    assert ext(st).allow == (2, 1, 1)
    st = at(3, ["wonderwoman"])
    st = give(st, 0, ["Stone Pit", "Clay Pool", "Lumber Yard", "Ore Vein"])
    _, st = turn(st, with_god(0, "Aqueduct", "discard", "wonderwoman"))
    assert gods_points(G.rules, st, 0) == 5


def test_discarding_a_god_gives_coins_equal_to_the_age() -> None:
    """"Défausser la carte pour obtenir autant de pièces que l'Âge en cours": the 2 others
    are discarded for nothing."""
    for age in (1, 2, 3):
        st = at(age, ["hades", "apollon", "zeus"])
        events, st = turn(st, with_god(0, "Lumber Yard" if age == 1 else "Aqueduct",
                                       "discard", "hades", use="discard"))
        g = revealed(events)[0]
        assert g.gained == age and sorted(g.dropped) == sorted([god("apollon"), god("zeus")])
        assert st.cities[0].coins == 3 + 3 + age
        assert ext(st).kept[0] == () and ext(st).allow[0] == 0
        assert ext(st).active[0] == ()


def test_a_god_costs_what_the_card_leaves() -> None:
    st = at(1, ["amon_re"], coins=0)
    with pytest.raises(DomainError) as info:
        G.step(st, with_god(0, "Lumber Yard", "build", "amon_re"))  # 1 coin, none left
    assert info.value.code == "cannot_afford"
    _, st = turn(st, with_god(0, "Lumber Yard", "discard", "amon_re"))  # the discard's 3
    assert st.cities[0].coins == 3 - 1 + 2


def test_only_a_kept_god_and_one_a_age() -> None:
    st = at(1, ["apollon"])
    with pytest.raises(DomainError) as info:
        G.step(st, with_god(0, "Lumber Yard", "discard", "zeus"))
    assert info.value.code == "god_not_kept"
    _, st = turn(st, with_god(0, "Lumber Yard", "discard", "apollon"))
    st = hands(st, ["Stockade", "Altar"], ["Clay Pool", "Baths"], ["Ore Vein", "Theater"])
    st = with_gods(st, 0, ["zeus"], allow=0)
    with pytest.raises(DomainError) as info:
        G.step(st, with_god(0, "Stockade", "discard", "zeus"))
    assert info.value.code == "no_more_gods"
    assert not any(isinstance(m, PlayWithGod) for m in G.legal_moves(st, 0))


def test_a_god_chosen_stays_secret_until_the_step_is_revealed() -> None:
    st = at(1, ["apollon"])
    events, st = G.step(st, with_god(0, "Lumber Yard", "discard", "apollon"))
    chosen = next(e for e in events if isinstance(e, GodChosen))
    assert G.redact(chosen, 0).choice == chosen.choice
    assert G.redact(chosen, 1).choice is None and G.redact(chosen, None).choice is None
    assert G.view(st, 0).ext.my_god_choice == chosen.choice
    assert G.view(st, 1).ext.my_god_choice is None
    assert G.view(st, 1).ext.invoked == ((), (), ())
    events, st = turn(st)
    shown = next(e for e in events if isinstance(e, GodRevealed))
    assert G.redact(shown, 1).choice.god == god("apollon")  # revealed face up
    assert G.view(st, 1).ext.invoked[0] == ((god("apollon"), 1),)


@pytest.mark.parametrize("age", [1, 2, 3])
def test_pan_builds_a_card_of_a_name_the_city_has(age: int) -> None:
    """"A partir du moment où Pan est invoqué, il permet au joueur de construire des cartes
    de même nom qu'une de ses cartes déjà présente dans sa cité": from the next
    construction, in each age (his cost: 1/2/3 raw materials, here bought or produced)."""
    twin = {1: "Lumber Yard", 2: "Sawmill", 3: "Arena"}[age]
    st = at(age, ["pan", "ares", "hera"], coins=9)
    st = give(st, 0, ["Stone Pit", "Ore Vein", "Clay Pool", card(twin, age)])
    first = "Baths" if age == 1 else "Aqueduct"
    hand = [twin, "Walls"] if age > 1 else [twin, "Stockade"]
    others = (H1 if age == 1 else H2)[1:]
    st = hands(st, [first, *hand], *others, age=min(age, 2))
    # Without Pan, the twin cannot be built.
    assert not any(m.card == card(twin, age) and m.action == "build"
                   for m in G.legal_moves(st, 0))
    _, st = turn(st, with_god(0, first, "discard", "pan"))
    assert ext(st).active[0] == ((god("pan"), age),)
    st = hands(st, hand, *(h[:2] for h in others), age=min(age, 2))
    twins = [m for m in G.legal_moves(st, 0)
             if m.card == card(twin, age) and m.action == "build"]
    assert twins
    _, st = turn(st, twins[0])
    assert st.cities[0].built.count(card(twin, age)) == 2


def test_aphrodite_counts_leaders_raw_points_but_vp_costs_do_not() -> None:
    """With Leaders: Aphrodite counts "ses points de victoires bruts octroyés par les cartes
    bleues, noires ou des Leaders" (Cléopâtre's 5), whereas a god's VP cost counts points
    "disponibles sur les cartes bleues ou noires uniquement"."""
    from domain.sevenwonders_faith.invoke import god_payments
    from domain.sevenwonders_faith.powers import gain
    from domain.sevenwonders_leaders.catalog import BY_KEY as LEADER

    st = at(1, ["aphrodite"])
    st = give(st, 0, ["Baths"])  # 3 VP on a blue card
    city = replace(st.cities[0], beside=(LEADER["cleopatra"], LEADER["tomyris"]))
    st = replace(st, cities=(city, *st.cities[1:]))
    assert gain(st, 0, god("aphrodite"), 1) == 3 + 5  # Tomyris has no raw points
    assert gain(st, 0, god("aphrodite"), 2) == (3 + 5) // 2
    st = replace(st, age=2)  # Age II costs 5 VP: Cléopâtre's do not count
    assert god_payments(G.rules, st, 0, god("aphrodite")) == []


def test_tomyris_gives_her_defeats_as_the_gods_make_the_conflicts() -> None:
    """With Leaders: Tomyris' defeat tokens go to the neighbour that beat her city, on the
    gods' strengths and ring ("voisin qui l'a vaincu")."""
    from tests.domain.sevenwonders_leaders.support import recruit
    from tests.domain.sevenwonders_leaders.test_leaders import base, shields

    st = replace(shields(recruit(base(), 0, "Tomyris"), 1, 2, 3), age=1)
    faith = ext(at(1))
    faith = replace(faith, extra=(4, 0, 0))  # Arès II on city 0: +2 shields, as 4 halves
    st = replace(st, ext2=faith)
    tokens = fight(st)
    # City 0 (1 + 2 shields) beats city 1 (2) and ties with city 2 (3); city 1 loses to
    # both: Tomyris has no defeat to give.
    assert tokens == ((1,), (-1, -1), (1,))
    st = replace(st, ext2=replace(faith, extra=(0, 0, 0)))
    st = replace(st, cities=tuple(replace(c, shields=v)
                                  for c, v in zip(st.cities, (0, 2, 3), strict=True)))
    faith2 = replace(faith, extra=(0, 1, 0))  # Héra I on city 1: half a shield
    st = replace(st, ext2=faith2)
    # City 0 loses to both: her two defeat tokens go to cities 1 and 2, after their own.
    assert fight(st) == ((), (1, -1, -1), (1, 1, -1))


def _marked(kept: list[str]) -> SWState:
    """City 0 in Age II holding Wonderwoman's marker for it (two gods allowed)."""
    st = at(2, kept, coins=20)
    st = with_gods(st, 0, kept, allow=2)
    e = ext(st)
    return replace(st, ext2=replace(e, marker=(2, *e.marker[1:])))


def test_wonderwoman_marker_invokes_both_gods_with_one_card() -> None:
    """Wonderwoman: « Les 2 Dieux peuvent être invoqués durant le même tour si le joueur le
    souhaite et que ses moyens le lui permettent »: one card, two gods, both paid."""
    from domain.sevenwonders_faith.model import SecondGod

    st = _marked(["apollon", "ares"])
    pairs = [m for m in G.legal_moves(st, 0) if getattr(m, "second", None) is not None]
    assert pairs and {(m.god, m.second.god) for m in pairs} == {(god("apollon"), god("ares"))}
    move = next(m for m in pairs if m.action == "discard")
    coins = st.cities[0].coins
    events, after = turn(st, move)
    assert [e.choice.god for e in revealed(events)] == [god("apollon"), god("ares")]
    assert [g for g, _ in ext(after).active[0]] == [god("apollon"), god("ares")]
    assert ext(after).allow[0] == 0 and ext(after).kept[0] == ()
    paid = sum(e.choice.bank + e.choice.left + e.choice.right for e in revealed(events))
    assert after.cities[0].coins == coins + 3 + 5 - paid  # the discard, Apollon II's 5
    # without the marker, two gods in one turn are refused
    e = ext(st)
    plain = replace(st, ext2=replace(e, marker=(0, *e.marker[1:])))
    assert not any(getattr(m, "second", None) for m in G.legal_moves(plain, 0))
    with pytest.raises(DomainError, match="one_god_a_turn"):
        G.step(plain, replace(move, second=SecondGod(god=god("ares"))))


def test_seth_cancels_the_first_of_two_gods_and_the_second_stays() -> None:
    from domain.sevenwonders_faith.model import ANSWER, Answer

    st = _marked(["apollon", "ares"])
    st = give(with_gods(st, 1, ["seth"]), 1, coins=9)
    move = next(m for m in G.legal_moves(st, 0)
                if getattr(m, "second", None) is not None and m.action == "discard")
    for command in (move, cmd.Play(seat=1, card=st.hands[1][0], action="discard"),
                    cmd.Play(seat=2, card=st.hands[2][0], action="discard")):
        _, st = G.step(st, command)
    assert st.phase == ANSWER
    events, st = G.step(st, Answer(seat=1, target=0))
    assert [e.choice.god for e in revealed(list(events))] == [god("ares")]
    assert [g for g, _ in ext(st).active[0]] == [god("ares")]
    assert ext(st).allow[0] == 0
