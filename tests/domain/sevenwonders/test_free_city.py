"""The official two-player variant (base.yaml `two_player_variant`): three cities in a ring,
the Free City played by the holder of the Free City card, which changes hands every turn.
"""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.kernel.game import fold
from domain.sevenwonders import events as ev
from domain.sevenwonders.state import FREE_CITY, SWState
from tests.domain.sevenwonders.support import G, card, give, play, step


@pytest.fixture
def game() -> SWState:
    state: SWState = fold(G, G.start(2, {}, random.Random(5), None))
    return state


def test_set_up_three_cities_hands_and_the_draw_pile(game: SWState) -> None:
    assert game.variant and len(game.cities) == 3
    assert [c.coins for c in game.cities] == [3, 3, 3]
    assert game.deal is not None and len(game.deal.guilds) == 5  # players + 2 as for 3
    # the holder in Age I is the city left of the Free City (city 1); it drew one card
    assert game.holder == 1
    assert [len(h) for h in game.hands] == [7, 8, 0]
    assert len(game.pile) == 6
    assert game.stepping == (0, 1, FREE_CITY)
    assert G.acting_seats(game) == (0, 1)


def test_holder_chooses_its_own_card_then_the_free_citys(game: SWState) -> None:
    free_card = game.hands[1][0]
    with pytest.raises(DomainError, match="choose_own_first"):
        G.step(game, play(1, free_card, "discard", city=FREE_CITY))
    own = game.hands[1][1]
    _, st = step(game, play(1, own, "discard"))
    assert G.acting_seats(st) == (0, 1)
    moves = G.legal_moves(st, 1)
    assert moves and all(m.city == FREE_CITY and m.card != own for m in moves)
    # the opponent's choice is independent of the holder's
    assert G.legal_moves(st, 0) == G.legal_moves(game, 0)


def _fc_turn(game: SWState, fc_cards: list[str], **fc: object) -> SWState:
    st = replace(game, hands=(tuple(card(c) for c in ("Altar", "Baths")),
                              tuple(card(c) for c in ("Theater", *fc_cards)), ()))
    cities = list(st.cities)
    cities[FREE_CITY] = replace(cities[FREE_CITY], **fc)
    return replace(st, cities=tuple(cities))


def test_free_city_must_build_when_it_can(game: SWState) -> None:
    st = _fc_turn(game, ["Pawnshop", "Palace"])
    _, st = step(st, play(1, "Theater", "discard"))
    actions = {(m.card, m.action) for m in G.legal_moves(st, 1)}
    assert (card("Pawnshop"), "build") in actions
    assert not any(a == "discard" for _, a in actions)
    with pytest.raises(DomainError, match="free_city_must_build"):
        G.step(st, play(1, "Palace", "discard", city=FREE_CITY))


def test_free_city_discards_only_when_nothing_can_be_built(game: SWState) -> None:
    fc = game.cities[FREE_CITY]
    st = _fc_turn(give(game, FREE_CITY, stages=len(G.rules.wonders[fc.board].sides[fc.side])),
                  ["Palace", "Pantheon"], coins=0)
    _, st = step(st, play(1, "Theater", "discard"))
    assert {m.action for m in G.legal_moves(st, 1)} == {"discard"}


def test_free_city_uses_a_chain_when_it_can(game: SWState) -> None:
    st = _fc_turn(give(game, FREE_CITY, ["Altar"]), ["Temple"])
    _, st = step(st, play(1, "Theater", "discard"))
    temple = [m for m in G.legal_moves(st, 1) if m.card == card("Temple")]
    assert [(m.action, m.left, m.right) for m in temple if m.action == "build"] == [
        ("build", 0, 0)]


def test_free_city_trade_lists_every_seller_regardless_of_price(game: SWState) -> None:
    st = give(give(game, 0, ["Lumber Yard", "East Trading Post"]), 1, ["Lumber Yard"])
    st = give(st, FREE_CITY, ["West Trading Post"], coins=5)
    st = replace(st, cities=tuple(replace(c, fixed=(1, 0, 0, 0, 0, 0, 0)) if i < 2 else
                                  replace(c, fixed=(0,) * 7) for i, c in enumerate(st.cities)))
    st = _fc_turn(st, ["Stockade"], coins=5)
    _, st = step(st, play(1, "Theater", "discard"))
    splits = {(m.left, m.right) for m in G.legal_moves(st, 1)
              if m.card == card("Stockade") and m.action == "build"}
    # left of the Free City is city 1 (1 coin: West Trading Post), right is city 0 (2)
    assert splits == {(1, 0), (0, 2)}


def test_after_a_turn_stacks_swap_and_the_card_changes_hands(game: SWState) -> None:
    st = game
    seen = []
    for _ in range(5):
        holder = st.holder
        other = 1 - holder
        seen.append(holder)
        before = st.hands
        _, st = step(st, play(other, st.hands[other][0], "discard"),
                     play(holder, st.hands[holder][0], "discard"))
        _, st = step(st, G.legal_moves(st, holder)[0])
        assert st.holder == other
        # each takes the stack the other left; the new holder draws the pile's top card
        assert st.hands[holder] == before[other][1:]
        assert len(st.hands[other]) == len(before[holder]) - 2 + 1
    assert seen == [1, 0, 1, 0, 1]


def test_sixth_turn_discards_the_piles_last_card_and_age_two_starts_right_of_the_city(
    game: SWState,
) -> None:
    rng = random.Random(3)
    st = game
    pile_discarded = None
    while st.age == 1:
        seat = rng.choice(G.acting_seats(st))
        events, st = G.step(st, rng.choice(G.legal_moves(st, seat)))
        for e in events:
            if isinstance(e, ev.HandsDiscarded):
                pile_discarded = e.pile
    assert pile_discarded is not None and len(pile_discarded) == 1
    assert st.age == 2 and st.holder == 0  # right of the Free City


def test_only_the_two_players_are_ranked(game: SWState) -> None:
    rng = random.Random(11)
    st = game
    while not G.is_over(st):
        seat = rng.choice(G.acting_seats(st))
        _, st = G.step(st, rng.choice(G.legal_moves(st, seat)))
    assert sorted(st.ranking) == [0, 1] and len(st.scores) == 3


def test_free_city_halikarnassus_is_played_by_the_seat_that_built_its_stage() -> None:
    from tests.domain.sevenwonders.support import setup

    st = setup([("gizah", "A"), ("rhodes", "A"), ("free:halikarnassus", "A")])
    st = give(st, FREE_CITY, stages=1)
    cities = list(st.cities)
    cities[FREE_CITY] = replace(cities[FREE_CITY], fixed=(0, 0, 0, 3, 0, 1, 0))
    st = replace(st, cities=tuple(cities), discard=(card("Palace"),))
    holder = st.holder
    other = 1 - holder
    _, st = step(st, play(other, st.hands[other][0], "discard"),
                 play(holder, st.hands[holder][0], "discard"))
    _, st = step(st, play(holder, st.hands[holder][1], "stage", city=FREE_CITY))
    assert st.holder == other  # the Free City card has passed on
    assert G.acting_seats(st) == (holder,)
    assert G.view(st, holder).discard and not G.view(st, other).discard
    assert {m.card for m in G.legal_moves(st, holder)} >= {card("Palace")}


def test_a_card_the_free_city_can_chain_is_built_by_the_chain_only() -> None:
    """base.yaml `free_city_rules`: "if the Free City's card can be built through a chain, the
    free chain construction must be used": no stage, no discard, no Olympia A free build."""
    from tests.domain.sevenwonders.support import setup

    st = setup([("gizah", "A"), ("rhodes", "A"), ("free:olympia", "A")])
    st = give(st, FREE_CITY, ["Altar"], stages=2, coins=9)  # stage 2: a free build an age
    assert "free_build" in st.cities[FREE_CITY].abilities
    st = _fc_turn(st, ["Temple", "Palace"])
    _, st = step(st, play(1, "Theater", "discard"))
    temple = {(m.action, m.left, m.right) for m in G.legal_moves(st, 1)
              if m.card == card("Temple")}
    assert temple == {("build", 0, 0)}
    # a card it cannot chain may still take the free build
    assert "free" in {m.action for m in G.legal_moves(st, 1) if m.card == card("Palace")}
    for action in ("stage", "free", "discard"):
        with pytest.raises(DomainError, match="free_city_must_chain"):
            G.step(st, play(1, "Temple", action, city=FREE_CITY))
    _, after = step(st, play(1, "Temple", "build", city=FREE_CITY), play(0, "Altar", "discard"))
    assert after.cities[FREE_CITY].names >> G.rules.cards[card("Temple")].name_id & 1
    assert after.cities[FREE_CITY].coins == 9  # free: the chain, not the free build
    assert after.cities[FREE_CITY].free_used != st.age
