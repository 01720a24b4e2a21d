"""Scripted scenarios of the rules of 7 Wonders Duel, each named after the rule it checks.

References: the rulebook sections "Game set-up", "Overview of an Age", "Constructing a
building / a wonder", "Trading", "Military", "Science", "End of an Age", "End of the game"
and the reference file `duel_base.yaml` sections `setup`, `turn`, `trading`,
`military_track`, `science`, `end_of_game` (quoted per test).
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain.duel import commands as cmd
from domain.duel import events as ev
from domain.duel.catalog import CARDS, SCIENCE_SYMBOLS
from domain.duel.catalog_types import PURPLE
from domain.duel.deal import Deal
from domain.duel.state import OWE_DESTROY, OWE_TOKEN, DuelState
from domain.kernel import DomainError
from tests.domain.duel.support import (
    AGE_POOLS,
    GUILDS,
    G,
    accessible,
    at_age,
    card,
    categories,
    discard_down_to,
    draft,
    end_by_discard,
    error,
    give,
    give_built_wonders,
    give_tokens,
    leave_only,
    legal_build,
    legal_wonder,
    make_deal,
    of_type,
    price,
    run,
    set_coins,
    set_pawn,
    setup,
    slot,
    started,
    token,
    wonder,
)


def s1(name: str) -> int:
    return slot(1, name)


def s2(name: str) -> int:
    return slot(2, name)


def s3(name: str) -> int:
    return slot(3, name)


def military_token(position: int) -> int:
    """Index of the military token standing at `position` on the track."""
    (i,) = [i for i, t in enumerate(G.rules.military_tokens) if t.position == position]
    return i


# == set-up ==================================================================================
@pytest.mark.parametrize("seed", range(6))
def test_setup_coins_tokens_and_age_decks(seed: int) -> None:
    """Reference `setup`: 7 coins each; 5 progress tokens on the board, the other 5 aside;
    20 cards per Age (3 removed from each Age deck); 3 random guilds in Age III, the other
    4 out of the game; 8 of the 12 wonders offered in the draft."""
    events, s = started(seed=seed)
    deal = events[0].deal
    assert isinstance(deal, Deal)
    assert [p.coins for p in s.players] == [7, 7]
    assert len(s.board_tokens) == 5 and len(s.aside_tokens) == 5
    assert sorted(s.board_tokens + s.aside_tokens) == list(range(10))
    assert s.board_tokens == events[0].board_tokens == deal.board_tokens
    assert [len(a) for a in deal.ages] == [20, 20, 20]
    assert [len(r) for r in deal.removed] == [3, 3, 3, 4]
    for age in (0, 1):
        assert sorted(deal.ages[age] + deal.removed[age]) == sorted(AGE_POOLS[age])
    assert sum(1 for c in deal.ages[2] if c in GUILDS) == 3
    assert not set(deal.removed[2]) & set(GUILDS)
    assert sorted(deal.ages[2] + deal.removed[2] + deal.removed[3]) == sorted(
        AGE_POOLS[2] + GUILDS
    )
    every = [c for a in deal.ages for c in a] + [c for r in deal.removed for c in r]
    assert sorted(every) == list(range(len(CARDS)))
    assert len(set(deal.wonders)) == 8 and sorted(deal.wonders + deal.wonders_unused) == list(
        range(12)
    )
    assert events[1] == ev.WondersRevealed(round=1, wonders=deal.wonders[:4])
    assert s.age == 0 and G.summary(s)["phase"] == "wonder_draft"
    assert G.acting_seats(s) == (deal.first_player,)


def test_setup_random_deals_vary_the_first_player_and_the_guilds() -> None:
    """Reference `setup`: a first player is chosen and guilds are random."""
    firsts, guild_sets = set(), set()
    for seed in range(40):
        deal = started(seed=seed)[0][0].deal
        firsts.add(deal.first_player)
        guild_sets.add(frozenset(c for c in deal.ages[2] if CARDS[c].colour == PURPLE))
    assert firsts == {0, 1} and len(guild_sets) > 5


@pytest.mark.parametrize("first", [0, 1])
def test_wonder_draft_order_abba_then_baab_and_first_player_starts_age_i(first: int) -> None:
    """Reference `setup.wonder_draft`: round 1 picks P1, P2, P2, P1; round 2 (4 more
    revealed) P2, P1, P1, P2; each player has 4 wonders; the first player starts Age I."""
    events, s = started(make_deal(first=first))
    deal = s.deal
    assert deal is not None
    a, b = first, 1 - first
    pickers = []
    all_events = list(events)
    for i in range(8):
        (seat,) = G.acting_seats(s)
        pickers.append(seat)
        assert G.legal_moves(s, 1 - seat) == []
        assert set(G.legal_moves(s, seat)) == {
            cmd.PickWonder(seat=seat, wonder=w) for w in s.draft_offer
        }
        assert error(s, cmd.PickWonder(seat=1 - seat, wonder=s.draft_offer[0])).code == (
            "not_your_turn"
        )
        new, s = run(s, cmd.PickWonder(seat=seat, wonder=s.draft_offer[0]))
        all_events += new
        if i == 3:
            assert new[-1] == ev.WondersRevealed(round=2, wonders=deal.wonders[4:])
    assert pickers == [a, b, b, a, b, a, a, b]
    assert [len(p.wonders) for p in s.players] == [4, 4]
    assert sorted(s.players[0].wonders + s.players[1].wonders) == sorted(deal.wonders)
    assert isinstance(all_events[-2], ev.AgeBegan) and all_events[-2].age == 1
    assert all_events[-1] == ev.TurnBegan(seat=first)
    assert G.acting_seats(s) == (first,) and s.age == 1


def test_draft_rejects_a_wonder_not_on_offer() -> None:
    """Reference `setup.wonder_draft`: a pick is one of the revealed wonders."""
    _, s = started(make_deal())
    assert s.deal is not None
    unused = s.deal.wonders_unused[0]
    assert error(s, cmd.PickWonder(seat=0, wonder=unused)).code == "wonder_not_offered"
    later = s.deal.wonders[4]
    assert error(s, cmd.PickWonder(seat=0, wonder=later)).code == "wonder_not_offered"


def test_explicit_deal_is_played_card_for_card_and_said_in_the_summary() -> None:
    """Issue: a game may be set up from an explicit deal, and says so in its summary."""
    deal = make_deal(age1={"r5x1": "Tavern"})
    events, s = started(deal, seed=1)
    assert events[0].explicit_deal and events[0].deal == deal
    assert G.summary(s)["explicit_deal"] is True
    assert G.summary(started(seed=1)[1])["explicit_deal"] is False
    s = draft(s)
    assert s.slots == deal.ages[0] and s.slots[s1("r5x1")] == card("Tavern")
    # the same deal gives the same game whatever the RNG
    assert started(deal, seed=2)[0] == events


def test_invalid_deal_and_seat_count_are_rejected() -> None:
    """Set-up errors: Duel is for 2 seats; a deal must place every card once."""
    deal = make_deal()
    ages = ((*deal.ages[0][:-1], deal.ages[0][0]), deal.ages[1], deal.ages[2])
    bad = msgspec.structs.replace(deal, ages=ages)
    with pytest.raises(DomainError) as exc:
        G.start(2, {}, random.Random(0), deal=bad)
    assert exc.value.code == "invalid_deal"
    with pytest.raises(DomainError) as exc:
        G.start(3, {}, random.Random(0), deal=None)
    assert exc.value.code == "invalid_seat_count"


# == the structure ===========================================================================
def test_structure_face_up_and_face_down_rows() -> None:
    """Reference `age_card_structures`: odd rows face up, even rows face down, in each of
    the three Ages; a seat (and a spectator) sees only the face-up cards."""
    events, s = started(make_deal())
    while s.age == 0:
        new, s = run(s, G.legal_moves(s, G.acting_seats(s)[0])[0])
        events += new
    for age in (1, 2, 3):
        if age > 1:
            if s.phase == 3:  # choose_start_player
                new, s = run(s, cmd.ChooseStartPlayer(seat=s.current, starts=0))
                events += new
            s = leave_only(s, accessible(s)[0])
            new, s = run(s, cmd.DiscardCard(seat=s.current, slot=accessible(s)[0]))
            events += new
        (begun,) = [e for e in of_type(events, ev.AgeBegan) if e.age == age]
        assert s.age == age
        layout = G.rules.layouts[age - 1]
        assert s.deal is not None
        dealt = s.deal.ages[age - 1]
        assert s.slots == dealt
        for i, sl in enumerate(layout.slots):
            assert sl.face_up == (sl.row % 2 == 1)
            assert begun.cards[i] == (dealt[i] if sl.face_up else -1)
            for seat in (0, 1, None):
                assert G.view(s, seat).structure[i].card == (dealt[i] if sl.face_up else -1)
                assert G.redact(begun, seat) == begun


def test_face_down_card_is_revealed_when_uncovered() -> None:
    """Reference `turn.actions`: a face-down card is turned up as soon as no card covers it
    (Age I: r4x2 is covered by r5x1 and r5x3)."""
    s = setup(age1={"r4x2": "Tavern"})
    events, s = run(s, cmd.DiscardCard(seat=0, slot=s1("r5x1")))
    assert not of_type(events, ev.CardRevealed)
    assert G.view(s, 1).structure[s1("r4x2")].card == -1
    assert not G.view(s, 1).structure[s1("r4x2")].accessible
    events, s = run(s, cmd.DiscardCard(seat=1, slot=s1("r5x3")))
    assert of_type(events, ev.CardRevealed) == [
        ev.CardRevealed(slot=s1("r4x2"), card=card("Tavern"))
    ]
    for seat in (0, 1, None):
        view = G.view(s, seat).structure[s1("r4x2")]
        assert view.card == card("Tavern") and view.accessible and not view.taken
    assert G.view(s, 0).structure[s1("r4x4")].card == -1  # still under r5x5


def test_revealed_card_in_a_row_covered_by_one_card() -> None:
    """Reference `age_card_structures.age_2`: r2x2 is covered by r3x3 alone."""
    s = at_age(2, {"r2x2": "Brewery"})
    s = leave_only(s, *[i for i in range(20) if G.rules.layouts[1].slots[i].row <= 3])
    s = msgspec.structs.replace(s, revealed=G.rules.layouts[1].face_up)
    events, s = run(s, cmd.DiscardCard(seat=0, slot=s2("r3x3")))
    assert of_type(events, ev.CardRevealed) == [
        ev.CardRevealed(slot=s2("r2x2"), card=card("Brewery"))
    ]


def test_only_accessible_cards_can_be_taken() -> None:
    """Reference `turn.actions`: take an accessible card (not covered by any other card);
    covered, taken and unknown slots are refused with codes."""
    s = set_coins(setup(), 0, 20)
    row5 = {s1(f"r5x{x}") for x in (1, 3, 5, 7, 9, 11)}
    assert set(accessible(s)) == row5
    moves = G.legal_moves(s, 0)
    assert {m.slot for m in moves} == row5
    assert {type(m) for m in moves} == {cmd.ConstructBuilding, cmd.DiscardCard, cmd.ConstructWonder}
    covered = s1("r4x2")
    for command in (
        cmd.ConstructBuilding(seat=0, slot=covered),
        cmd.DiscardCard(seat=0, slot=covered),
        cmd.ConstructWonder(seat=0, slot=covered, wonder=s.players[0].wonders[0]),
    ):
        assert error(s, command).code == "card_not_accessible"
    _, after = run(s, cmd.DiscardCard(seat=0, slot=s1("r5x1")))
    assert error(after, cmd.DiscardCard(seat=1, slot=s1("r5x1"))).code == "card_not_accessible"
    assert error(s, cmd.DiscardCard(seat=0, slot=20)).code == "unknown_slot"
    assert error(s, cmd.DiscardCard(seat=0, slot=-1)).code == "unknown_slot"


# == the three actions ========================================================================
def test_construct_a_building_pays_and_adds_it_to_the_city() -> None:
    """Reference `turn.actions` (a): construct the card, paying its cost; the turn passes."""
    s = setup(age1={"r5x1": "Stable"})
    events, s = run(s, cmd.ConstructBuilding(seat=0, slot=s1("r5x1"), coins=2))
    assert events[0] == ev.BuildingConstructed(
        seat=0, slot=s1("r5x1"), card=card("Stable"), cost=2, to_opponent=0, chained=False,
        bought=(1, 0, 0, 0, 0),
    )
    assert s.players[0].buildings == (card("Stable"),) and s.players[0].coins == 5
    assert events[-1] == ev.TurnBegan(seat=1) and G.acting_seats(s) == (1,)


def test_discard_gives_2_coins_plus_1_per_yellow_card() -> None:
    """Reference `turn.discard_gain`: 2 coins + 1 coin per yellow card in your city."""
    s = setup(age1={"r5x1": "Guard Tower", "r5x3": "Altar"})
    events, s = run(s, cmd.DiscardCard(seat=0, slot=s1("r5x1")))
    assert events[0] == ev.CardDiscarded(seat=0, slot=s1("r5x1"), card=card("Guard Tower"),
                                         coins=2)
    assert s.players[0].coins == 9 and s.discard == (card("Guard Tower"),)
    s = give(s, 1, "Tavern", "Stone Reserve", "Forum", "Guard Tower")
    events, s = run(s, cmd.DiscardCard(seat=1, slot=s1("r5x3")))
    assert events[0].coins == 5 and s.players[1].coins == 12
    assert s.discard == (card("Guard Tower"), card("Altar"))


def test_construct_a_wonder_tucks_the_card() -> None:
    """Reference `turn.actions` (c): pay the wonder's cost; the Age card is tucked under it
    (neither in the city nor in the discard)."""
    s = setup(age1={"r5x1": "Guard Tower"})
    s = set_coins(s, 0, 20)
    move = legal_wonder(s, 0, "The Pyramids", at=s1("r5x1"))
    assert move.coins == 8
    events, s = run(s, move)
    assert events[0] == ev.WonderConstructed(
        seat=0, slot=s1("r5x1"), card=card("Guard Tower"), wonder=wonder("The Pyramids"),
        cost=8, to_opponent=0, bought=(0, 0, 3, 0, 1),
    )
    assert s.players[0].tucked == (card("Guard Tower"),) and s.pawn == 0
    assert s.players[0].buildings == () and s.discard == () and s.players[0].coins == 12
    # a built wonder cannot be built again; a wonder of the other seat is not available
    s = set_coins(s, 1, 20)
    for w in ("The Pyramids", "Circus Maximus"):
        s0 = msgspec.structs.replace(s, current=0)
        code = error(s0, cmd.ConstructWonder(seat=0, slot=s1("r5x3"), wonder=wonder(w))).code
        assert code == "wonder_not_available"


def test_chain_builds_for_free() -> None:
    """Reference `chain_from`: owning the card with the matching chain symbol builds the card
    for free, no coins and no resources (Garrison -> Barracks, printed 3 coins)."""
    s = set_coins(give(at_age(2, {"r5x5": "Barracks", "r5x7": "Horse Breeders"}), 0,
                       "Garrison", "Stable"), 0, 0)
    moves = G.legal_moves(s, 0)
    builds = {m.slot: m.coins for m in moves if isinstance(m, cmd.ConstructBuilding)}
    assert builds == {s2("r5x5"): 0, s2("r5x7"): 0}
    events, s = run(s, cmd.ConstructBuilding(seat=0, slot=s2("r5x5"), coins=0))
    assert events[0].chained and events[0].cost == 0 and s.players[0].coins == 0


def test_chain_across_three_ages() -> None:
    """Reference `chain_symbols`: Theater (mask) -> Statue (pillar) -> Gardens."""
    s = give(at_age(3, {"r7x5": "Gardens"}), 0, "Theater", "Statue")
    assert price(s, 0, s3("r7x5")) == 0
    assert price(give(at_age(3, {"r7x5": "Gardens"}), 0, "Theater"), 0, s3("r7x5")) == 8


def test_opponents_chain_symbol_does_not_count() -> None:
    """Reference `chain_from`: the chain symbol must be in your own city."""
    s = give(at_age(2, {"r5x5": "Barracks"}), 1, "Garrison")
    assert price(s, 0, s2("r5x5")) == 3


# == trading ===================================================================================
def test_trading_price_is_2_plus_opponents_brown_and_grey_production() -> None:
    """Reference `trading.cost_per_missing_resource`: 2 + the number of that resource the
    opponent's brown and grey cards produce."""
    s = at_age(2, {"r5x5": "Courthouse"})  # wood 2 + glass 1
    assert price(s, 0, s2("r5x5")) == 6
    s = give(s, 1, "Lumber Yard", "Sawmill", "Glassworks")
    assert price(s, 0, s2("r5x5")) == 2 * (2 + 3) + (2 + 1)
    # own production is used first; only the missing unit is bought
    assert price(give(s, 0, "Lumber Yard"), 0, s2("r5x5")) == 5 + 3
    # the buyer's own cards do not change its prices
    assert price(give(at_age(2, {"r5x5": "Courthouse"}), 0, "Glassworks"), 0, s2("r5x5")) == 4


def test_trading_ignores_opponents_yellow_and_wonder_production() -> None:
    """Reference `trading.not_counted_for_opponent_production: [yellow cards, wonders]`."""
    s = at_age(1, {"r5x1": "Stable", "r5x3": "Apothecary"}, seat=1)
    s = give(s, 0, "Forum", "Caravansery")
    s = give_built_wonders(s, 0, "The Great Lighthouse")
    assert price(s, 1, s1("r5x1")) == 2 and price(s, 1, s1("r5x3")) == 2


def test_trading_ignores_opponents_piraeus() -> None:
    """Reference `wonders` Piraeus: its production has no effect on the opponent's prices."""
    s = at_age(1, {"r5x3": "Apothecary"})
    s = give_built_wonders(s, 1, "Piraeus")
    assert price(s, 0, s1("r5x3")) == 2


def test_payment_is_the_cheapest_and_a_stated_price_must_match() -> None:
    """Reference `commands`: `coins`, when given, must equal the engine's cheapest price."""
    s = setup(age1={"r5x1": "Stable"})
    assert error(s, cmd.ConstructBuilding(seat=0, slot=s1("r5x1"), coins=3)).code == (
        "price_mismatch"
    )
    assert error(s, cmd.ConstructBuilding(seat=0, slot=s1("r5x1"), coins=1)).code == (
        "price_mismatch"
    )
    events, _ = run(s, cmd.ConstructBuilding(seat=0, slot=s1("r5x1")))
    assert events[0].cost == 2
    s = set_coins(s, 0, 20)
    code = error(s, cmd.ConstructWonder(seat=0, slot=s1("r5x1"), wonder=wonder("The Pyramids"),
                                        coins=9)).code
    assert code == "price_mismatch"


def test_stated_purchase_among_equally_cheap_ones_is_accepted() -> None:
    """Issue, costs: the command may state which resources to buy where several equally
    cheap purchases are legal (Caravansery covers wood or clay of Horse Breeders)."""
    s = give(at_age(2, {"r5x5": "Horse Breeders"}), 0, "Caravansery")
    at = s2("r5x5")
    assert price(s, 0, at) == 2
    for buy in ((1, 0, 0, 0, 0), (0, 1, 0, 0, 0)):
        events, after = run(s, cmd.ConstructBuilding(seat=0, slot=at, coins=2, buy=buy))
        assert events[0].cost == 2 and after.players[0].coins == 5
        assert events[0].bought == buy  # the stated purchase is what the log records


def test_stated_purchase_that_is_not_cheapest_is_rejected() -> None:
    """Issue, costs: the stated purchase must be one of the cheapest legal ones."""
    s = give(give(at_age(2, {"r5x5": "Horse Breeders"}), 0, "Caravansery"), 1, "Clay Pool")
    at = s2("r5x5")
    assert price(s, 0, at) == 2  # the Caravansery makes the clay (3), wood is bought (2)
    run(s, cmd.ConstructBuilding(seat=0, slot=at, buy=(1, 0, 0, 0, 0)))
    for buy in ((0, 1, 0, 0, 0), (1, 1, 0, 0, 0), (0, 0, 1, 0, 0), (1, 0, 0, 0), (-1, 2, 0, 0, 0)):
        code = error(s, cmd.ConstructBuilding(seat=0, slot=at, buy=buy)).code
        assert code == "invalid_payment", buy


def test_not_enough_coins_is_rejected_and_not_offered() -> None:
    """Rulebook, construction: a card whose cost the player cannot pay cannot be built;
    discarding stays possible."""
    s = set_coins(setup(age1={"r5x1": "Stable"}), 0, 1)
    assert error(s, cmd.ConstructBuilding(seat=0, slot=s1("r5x1"))).code == "not_enough_coins"
    assert error(s, cmd.ConstructWonder(seat=0, slot=s1("r5x1"), wonder=wonder("The Pyramids"))
                 ).code == "not_enough_coins"
    moves = G.legal_moves(s, 0)
    assert cmd.DiscardCard(seat=0, slot=s1("r5x1")) in moves
    assert not [m for m in moves if isinstance(m, cmd.ConstructBuilding) and m.slot == s1("r5x1")]
    assert not [m for m in moves if isinstance(m, cmd.ConstructWonder)]


def test_legal_moves_carry_the_price_the_engine_charges() -> None:
    """Issue: `legal_moves` enumerates every legal command, payment included."""
    s = give(setup(), 1, "Lumber Yard", "Glassworks")
    for m in G.legal_moves(s, 0):
        if isinstance(m, cmd.ConstructBuilding | cmd.ConstructWonder):
            events, _ = run(s, m)
            paid = of_type(events, ev.BuildingConstructed) + of_type(events, ev.WonderConstructed)
            assert paid[0].cost == m.coins


# == wonders limit ===========================================================================
def test_only_7_wonders_the_eighth_leaves_the_game() -> None:
    """Reference `turn.wonder_limit`: as soon as the 7th wonder is built, the last unbuilt
    wonder is returned to the box."""
    s = give_built_wonders(setup(), 0, "The Pyramids", "The Great Lighthouse",
                           "The Temple of Artemis")
    s = give_built_wonders(s, 1, "Circus Maximus", "Piraeus", "The Appian Way")
    s = set_coins(s, 0, 30)
    events, s = run(s, legal_wonder(s, 0, "The Statue of Zeus"))
    assert ev.WonderRetired(seat=1, wonder=wonder("The Colossus")) in events
    assert s.retired_wonders == (wonder("The Colossus"),)
    assert G.view(s, None).retired_wonders == (wonder("The Colossus"),)
    s = set_coins(s, 1, 30)
    assert not [m for m in G.legal_moves(s, 1) if isinstance(m, cmd.ConstructWonder)]
    code = error(s, cmd.ConstructWonder(seat=1, slot=s1("r5x3"), wonder=wonder("The Colossus")))
    assert code.code == "wonder_not_available"


def test_seventh_wonder_of_a_seat_retires_the_opponents_last() -> None:
    """Reference `turn.wonder_limit`: the limit counts both cities (4 + 3)."""
    s = give_built_wonders(setup(), 0, "The Pyramids", "The Great Lighthouse",
                           "The Temple of Artemis", "The Statue of Zeus")
    s = give_built_wonders(s, 1, "Circus Maximus", "Piraeus")
    s = msgspec.structs.replace(set_coins(s, 1, 30), current=1)
    events, s = run(s, legal_wonder(s, 1, "The Colossus"))
    assert of_type(events, ev.WonderRetired) == [
        ev.WonderRetired(seat=1, wonder=wonder("The Appian Way"))
    ]


# == military ================================================================================
def test_looting_token_2_taken_once_on_entering_its_zone() -> None:
    """Reference `military_track.looting_rule`: entering the 3-5 zone with the token there
    makes the opponent lose 2 coins; the token leaves the game (at most once)."""
    s = set_pawn(setup(age1={"r5x1": "Guard Tower", "r5x3": "Palisade", "r5x5": "Garrison"}), 2)
    events, s = run(s, legal_build(s, 0, s1("r5x1")))
    assert events[1:4] == [
        ev.ConflictPawnMoved(seat=0, shields=1, position=3),
        ev.MilitaryTokenTaken(token=military_token(3), seat=0),
        ev.CoinsLost(seat=1, amount=2, reason="looting"),
    ]
    assert s.players[1].coins == 5 and "p2" not in G.view(s, None).looting_left
    _, s = run(s, legal_build(s, 1, s1("r5x3")))  # back to 2
    events, s = run(s, legal_build(s, 0, s1("r5x5")))  # 3 again
    assert s.pawn == 3 and not of_type(events, ev.MilitaryTokenTaken)
    assert not of_type(events, ev.CoinsLost) and s.players[1].coins == 3


def test_looting_token_5_and_the_loser_pays_what_it_has() -> None:
    """Reference `military_track.zones`: the 6-8 zone's token takes 5 coins (all the
    opponent has when fewer)."""
    s = setup(age1={"r5x1": "Guard Tower"})
    s = set_pawn(s, 5, looting=s.looting & ~(1 << military_token(3)))
    s = set_coins(s, 1, 3)
    events, s = run(s, legal_build(s, 0, s1("r5x1")))
    assert ev.MilitaryTokenTaken(token=military_token(6), seat=0) in events
    assert ev.CoinsLost(seat=1, amount=3, reason="looting") in events
    assert s.players[1].coins == 0


def test_looting_tokens_on_the_other_side_take_from_seat_0() -> None:
    """Reference `military_track`: one 2-coin and one 5-coin token on each side."""
    s = set_pawn(setup(age1={"r5x1": "Guard Tower"}, first=1), -2)
    events, s = run(s, legal_build(s, 1, s1("r5x1")))
    assert ev.MilitaryTokenTaken(token=military_token(-3), seat=1) in events
    assert ev.CoinsLost(seat=0, amount=2, reason="looting") in events


def test_one_move_through_two_zones_takes_both_tokens() -> None:
    """Reference `military_track` (SOURCES: each token triggers on entry): Strategy +
    Arsenal (4 shields) from 2 to 6 takes the 2-coin and the 5-coin tokens."""
    s = give_tokens(set_pawn(at_age(3, {"r7x5": "Arsenal"}), 2), 0, "Strategy")
    events, s = run(set_coins(s, 0, 30), legal_build(set_coins(s, 0, 30), 0, s3("r7x5")))
    assert of_type(events, ev.ConflictPawnMoved) == [
        ev.ConflictPawnMoved(seat=0, shields=4, position=6)
    ]
    assert [e.token for e in of_type(events, ev.MilitaryTokenTaken)] == [
        military_token(3), military_token(6)
    ]
    assert [e.amount for e in of_type(events, ev.CoinsLost)] == [2, 5]
    assert s.players[1].coins == 0


def test_pawn_stops_at_the_capital_military_supremacy() -> None:
    """Reference `military_track`: the pawn reaching the opponent's capital (9) is military
    supremacy, an immediate win; it never goes beyond."""
    s = set_pawn(at_age(3, {"r7x5": "Arsenal"}), 8, looting=0)
    s = set_coins(s, 0, 30)
    events, s = run(s, legal_build(s, 0, s3("r7x5")))
    assert of_type(events, ev.ConflictPawnMoved) == [
        ev.ConflictPawnMoved(seat=0, shields=3, position=9)
    ]
    (ended,) = of_type(events, ev.GameEnded)
    assert (ended.winner, ended.victory) == (0, "military")
    assert events[-1] == ended and not of_type(events, ev.TurnBegan)
    assert G.is_over(s) and G.acting_seats(s) == () and G.legal_moves(s, 1) == []


def test_military_supremacy_of_seat_1() -> None:
    """Reference `military_track`: -9 is seat 0's capital."""
    s = set_pawn(setup(age1={"r5x1": "Guard Tower"}, first=1), -8, looting=0)
    events, s = run(s, legal_build(s, 1, s1("r5x1")))
    (ended,) = of_type(events, ev.GameEnded)
    assert (ended.winner, ended.victory, s.pawn) == (1, "military", -9)


def test_strategy_bonus_cannot_overshoot_the_capital() -> None:
    """Reference `turn.red_card_with_strategy`: one move, capped at the capital."""
    s = give_tokens(set_pawn(setup(age1={"r5x1": "Guard Tower"}), 8, looting=0), 0, "Strategy")
    events, s = run(s, legal_build(s, 0, s1("r5x1")))
    assert of_type(events, ev.ConflictPawnMoved) == [
        ev.ConflictPawnMoved(seat=0, shields=2, position=9)
    ]
    assert s.winner == 0 and s.victory == "military"


def _colossus_wins_by_supremacy(*, seventh: bool, theology: bool) -> tuple[list[Any], DuelState]:
    """Seat 1 builds The Colossus (2 shields) with the pawn at -7: military supremacy."""
    s = set_pawn(at_age(1, {}, seat=1), -7, looting=0)
    if seventh:
        s = give_built_wonders(s, 0, "The Pyramids", "The Great Lighthouse",
                               "The Temple of Artemis")
        s = give_built_wonders(s, 1, "Circus Maximus", "Piraeus", "The Appian Way")
    if theology:
        s = give_tokens(s, 1, "Theology")
    s = set_coins(s, 1, 30)
    return run(s, legal_wonder(s, 1, "The Colossus"))


def test_colossus_reaching_the_capital_is_military_supremacy() -> None:
    """Reference `military_track`: a wonder's shields count like a card's; the capital
    reached is an immediate win."""
    events, s = _colossus_wins_by_supremacy(seventh=False, theology=False)
    (ended,) = of_type(events, ev.GameEnded)
    assert (ended.winner, ended.victory, s.pawn) == (1, "military", -9)
    assert events[-1] == ended


def test_seventh_wonder_winning_by_supremacy_ends_with_game_ended() -> None:
    """Reference `military_track` (immediate win) and `turn.wonder_limit`: the game ends
    with the supremacy; no event follows GameEnded."""
    events, _ = _colossus_wins_by_supremacy(seventh=True, theology=False)
    (ended,) = of_type(events, ev.GameEnded)
    assert ended.victory == "military"
    assert events[-1] == ended, [type(e).__name__ for e in events]


def test_theology_grants_no_play_again_after_a_supremacy_win() -> None:
    """Reference progress_tokens Theology and `military_track`: the game is over at once;
    nothing is granted after GameEnded."""
    events, s = _colossus_wins_by_supremacy(seventh=False, theology=True)
    (ended,) = of_type(events, ev.GameEnded)
    assert events[-1] == ended, [type(e).__name__ for e in events]
    assert not s.replay and not G.view(s, None).play_again


# == science ====================================================================================
def test_science_pair_gives_a_progress_token_choice() -> None:
    """Reference `science.pair_rule`: a pair of identical symbols lets you choose one of the
    progress tokens on the board; the turn ends after the choice."""
    s = give(at_age(2, {"r5x5": "Laboratory"}), 0, "Workshop")
    s = set_coins(s, 0, 20)
    events, s = run(s, legal_build(s, 0, s2("r5x5")))
    assert events[-1] == ev.ActionOwed(seat=0, action=OWE_TOKEN, arg=0)
    assert G.acting_seats(s) == (0,)
    assert G.view(s, None).pending == ("choose_progress_token",)
    assert G.legal_moves(s, 0) == [
        cmd.ChooseProgressToken(seat=0, token=t) for t in s.board_tokens
    ]
    aside = s.aside_tokens[0]
    assert error(s, cmd.ChooseProgressToken(seat=0, token=aside)).code == "token_not_available"
    board = s.board_tokens
    events, s = run(s, cmd.ChooseProgressToken(seat=0, token=board[2]))
    assert events[0] == ev.ProgressTokenTaken(seat=0, token=board[2], from_library=False)
    assert s.players[0].tokens == (board[2],)
    assert s.board_tokens == board[:2] + board[3:]
    assert events[-1] == ev.TurnBegan(seat=1)


def test_science_pair_without_tokens_left_gives_nothing() -> None:
    """Reference `science.pair_rule`: the choice is among the tokens on the board; with
    none left there is nothing to choose."""
    s = give(at_age(2, {"r5x5": "Laboratory"}), 0, "Workshop")
    s = give_tokens(s, 1, *s.board_tokens)
    assert s.board_tokens == ()
    events, s = build_and_run(s, 0, s2("r5x5"))
    assert not of_type(events, ev.ActionOwed) and events[-1] == ev.TurnBegan(seat=1)


def build_and_run(s: DuelState, seat: int, at: int) -> tuple[list[Any], DuelState]:
    s = set_coins(s, seat, 30)
    return run(s, legal_build(s, seat, at))


def test_second_pair_of_another_symbol_gives_another_token() -> None:
    """Reference `science.pair_rule`: "each time" a pair is gathered."""
    s = give(at_age(3, {"r7x5": "Study"}), 0, "Workshop", "Laboratory", "Academy")
    s = give_tokens(s, 0, "Law")
    events, s = build_and_run(s, 0, s3("r7x5"))
    assert ev.ActionOwed(seat=0, action=OWE_TOKEN, arg=0) in events


def test_six_different_science_symbols_is_scientific_supremacy() -> None:
    """Reference `science.supremacy`: 6 different symbols of the 7 is an immediate win."""
    s = give(at_age(3, {"r7x5": "Academy"}), 0, "Workshop", "Apothecary", "Scriptorium",
             "Pharmacist", "University")
    events, s = build_and_run(s, 0, s3("r7x5"))
    (ended,) = of_type(events, ev.GameEnded)
    assert (ended.winner, ended.victory) == (0, "scientific")
    assert G.is_over(s) and not of_type(events, ev.TurnBegan)
    assert sum(1 for n in s.players[0].science if n) == 6


def test_five_symbols_are_not_supremacy() -> None:
    """Reference `science.supremacy`: 5 different symbols do not end the game."""
    s = give(at_age(3, {"r7x5": "Academy"}), 0, "Workshop", "Apothecary", "Scriptorium",
             "Pharmacist")
    events, s = build_and_run(s, 0, s3("r7x5"))
    assert not of_type(events, ev.GameEnded)
    assert len(SCIENCE_SYMBOLS) == 7


# == end of an Age ================================================================================
def test_a_whole_age_played_then_the_player_who_took_the_last_card_chooses() -> None:
    """Reference `turn.next_age_start_player`: with the pawn on the neutral space, the
    player who played the last card chooses who starts the next Age; the next Age's
    structure is dealt (20 cards)."""
    s = setup()
    events, s = discard_down_to(s, 1)
    assert len(of_type(events, ev.CardDiscarded)) == 19 and s.age == 1
    last = s.current
    (only,) = accessible(s)
    events, s = run(s, cmd.DiscardCard(seat=last, slot=only))
    (ended,) = of_type(events, ev.AgeEnded)
    assert ended == ev.AgeEnded(age=1, chooser=last)
    (begun,) = of_type(events, ev.AgeBegan)
    assert s.deal is not None
    assert begun.age == 2 and s.slots == s.deal.ages[1]
    assert not of_type(events, ev.TurnBegan)
    assert G.summary(s)["phase"] == "choose_start_player" and G.acting_seats(s) == (last,)
    assert G.legal_moves(s, last) == [
        cmd.ChooseStartPlayer(seat=last, starts=0), cmd.ChooseStartPlayer(seat=last, starts=1)
    ]
    assert len(s.discard) == 20
    events, s = run(s, cmd.ChooseStartPlayer(seat=last, starts=1 - last))
    assert events == [ev.StartPlayerChosen(seat=last, starts=1 - last),
                      ev.TurnBegan(seat=1 - last)]
    assert G.acting_seats(s) == (1 - last,) and s.age == 2


@pytest.mark.parametrize(("pawn", "chooser"), [(1, 1), (4, 1), (-1, 0), (-7, 0)])
def test_the_player_behind_on_the_military_track_chooses(pawn: int, chooser: int) -> None:
    """Reference `turn.next_age_start_player`: the player with the weaker military (pawn
    on their side) chooses who starts the next Age, whoever took the last card."""
    for last in (0, 1):
        s = at_age(1, {}, seat=last)
        s = set_pawn(s, pawn, looting=0)
        s = leave_only(s, s1("r5x1"))
        events, s = run(s, cmd.DiscardCard(seat=last, slot=s1("r5x1")))
        assert of_type(events, ev.AgeEnded) == [ev.AgeEnded(age=1, chooser=chooser)]
        events, s = run(s, cmd.ChooseStartPlayer(seat=chooser, starts=chooser))
        assert events[-1] == ev.TurnBegan(seat=chooser)


@pytest.mark.parametrize("last", [0, 1])
def test_pawn_centred_the_player_of_the_last_card_chooses(last: int) -> None:
    """Reference `turn.next_age_start_player`: pawn neutral -> the player who played the
    last card of the Age chooses."""
    s = leave_only(at_age(2, {}, seat=last), s2("r5x5"))
    events, s = run(s, cmd.DiscardCard(seat=last, slot=s2("r5x5")))
    assert of_type(events, ev.AgeEnded) == [ev.AgeEnded(age=2, chooser=last)]
    assert of_type(events, ev.AgeBegan)[0].age == 3


def test_play_again_is_lost_at_the_end_of_an_age() -> None:
    """Reference `turn.replay_at_end_of_age`: a play-again effect triggered when the
    structure is empty is lost."""
    s = set_coins(leave_only(set_pawn(setup(), 1), s1("r5x1")), 0, 30)
    events, s = run(s, legal_wonder(s, 0, "The Temple of Artemis"))
    assert ev.PlayAgainGranted(seat=0) in events
    assert of_type(events, ev.AgeEnded) == [ev.AgeEnded(age=1, chooser=1)]
    assert not of_type(events, ev.TurnBegan)
    assert G.acting_seats(s) == (1,) and not s.replay
    _, s = run(s, cmd.ChooseStartPlayer(seat=1, starts=1))
    assert G.acting_seats(s) == (1,)


def test_last_card_owed_token_is_chosen_before_the_age_ends() -> None:
    """Reference `turn.last_card_of_age`: every effect of the Age's last card (a progress
    token choice) is resolved before the Age ends."""
    s = give(at_age(2, {"r5x5": "Laboratory"}), 0, "Workshop")
    s = leave_only(set_coins(s, 0, 30), s2("r5x5"))
    events, s = run(s, legal_build(s, 0, s2("r5x5")))
    assert events[-1] == ev.ActionOwed(seat=0, action=OWE_TOKEN, arg=0)
    assert not of_type(events, ev.AgeEnded) and s.age == 2
    assert G.acting_seats(s) == (0,)
    assert error(s, cmd.ChooseStartPlayer(seat=0, starts=0)).code == "wrong_action"
    events, s = run(s, cmd.ChooseProgressToken(seat=0, token=s.board_tokens[0]))
    assert of_type(events, ev.AgeEnded) == [ev.AgeEnded(age=2, chooser=0)]
    assert s.age == 3


def test_last_card_destroy_is_resolved_before_the_age_ends() -> None:
    """Reference `turn.last_card_of_age`: a Zeus destroy of the last card comes first."""
    s = give(leave_only(set_coins(setup(), 0, 30), s1("r5x1")), 1, "Quarry")
    events, s = run(s, legal_wonder(s, 0, "The Statue of Zeus"))
    assert ev.ActionOwed(seat=0, action=OWE_DESTROY, arg=0) in events
    assert not of_type(events, ev.AgeEnded)
    events, s = run(s, cmd.DestroyCard(seat=0, card=card("Quarry")))
    assert of_type(events, ev.AgeEnded) == [ev.AgeEnded(age=1, chooser=1)]


def test_last_card_of_age_iii_owed_token_comes_before_the_end_of_the_game() -> None:
    """Reference `turn.last_card_of_age`: "... before the age, or the game after Age III,
    ends"; the token chosen counts in the final score."""
    s = give(at_age(3, {"r7x5": "Study"}), 0, "Academy")
    s = leave_only(set_coins(s, 0, 30), s3("r7x5"))
    events, s = run(s, legal_build(s, 0, s3("r7x5")))
    assert not of_type(events, ev.GameEnded) and not G.is_over(s)
    events, s = run(s, cmd.ChooseProgressToken(seat=0, token=token("Agriculture")))
    (ended,) = of_type(events, ev.GameEnded)
    assert ended.victory == "civilian"
    assert dict(zip(categories(), ended.scores[0], strict=True))["progress"] == 4


# == end of the game ==========================================================================
def test_civilian_scoring_categories() -> None:
    """Reference `end_of_game.scoring`: military zone VP + blue, green, yellow and purple
    cards + wonders + progress tokens + 1 VP per full set of 3 coins."""
    assert categories() == ("military", "blue", "green", "yellow", "purple", "wonders",
                            "progress", "coins", "total")
    s = set_pawn(setup(), 4, looting=0)
    s = give(s, 0, "Theater", "Palace", "Workshop", "Library", "Port", "Magistrates Guild")
    s = give(s, 1, "Altar", "Guard Tower")
    s = give_built_wonders(s, 0, "The Pyramids", "The Great Lighthouse")
    s = give_tokens(s, 0, "Agriculture")
    s = give_tokens(s, 0, "Philosophy")
    s = set_coins(set_coins(s, 0, 11), 1, 4)
    events, s = end_by_discard(s, by=1)
    (ended,) = of_type(events, ev.GameEnded)
    assert ended.scores[0] == (5, 10, 3, 3, 2, 13, 11, 3, 50)
    assert ended.scores[1] == (0, 3, 0, 0, 0, 0, 0, 2, 5)  # 4 + 2 coins from the discard
    assert (ended.winner, ended.victory) == (0, "civilian")
    assert s.scores == ended.scores and G.summary(s)["winner"] == 0


@pytest.mark.parametrize(("pawn", "vp"), [(0, 0), (1, 2), (2, 2), (3, 5), (5, 5), (6, 10),
                                          (8, 10)])
def test_military_points_of_the_zone(pawn: int, vp: int) -> None:
    """Reference `military_track.zones`: 0 / 2 / 5 / 10 VP to the player ahead; the other
    scores 0."""
    s = set_pawn(setup(), pawn, looting=0)
    (ended,) = of_type(end_by_discard(s, by=1)[0], ev.GameEnded)
    assert ended.scores[0][0] == vp and ended.scores[1][0] == 0
    s = set_pawn(setup(), -pawn, looting=0)
    (ended,) = of_type(end_by_discard(s, by=1)[0], ev.GameEnded)
    assert ended.scores[1][0] == vp and ended.scores[0][0] == 0


def test_tie_is_broken_by_blue_card_points() -> None:
    """Reference `end_of_game.tie_break`: most VP from blue (civilian) cards wins a tie."""
    s = give(set_coins(setup(), 0, 0), 0, "Palace")  # 7 blue
    s = give_built_wonders(give(s, 1, "Theater"), 1, "The Colossus")  # 3 blue + 3 wonder
    s = set_coins(s, 1, 1)  # + 2 from the last discard = 3 coins = 1 VP
    (ended,) = of_type(end_by_discard(s, by=1)[0], ev.GameEnded)
    assert ended.scores[0][-1] == ended.scores[1][-1] == 7
    assert (ended.winner, ended.victory) == (0, "civilian")


def test_tie_in_points_and_blue_points_is_a_shared_victory() -> None:
    """Reference `end_of_game.tie_break`: if still tied, the victory is shared."""
    s = give(give(set_coins(setup(), 0, 0), 0, "Theater"), 1, "Altar")
    s = set_coins(s, 1, 0)
    events, s = end_by_discard(s, by=1)
    (ended,) = of_type(events, ev.GameEnded)
    assert ended.scores[0] == ended.scores[1]
    assert (ended.winner, ended.victory) == (None, "civilian")
    assert G.summary(s)["winner"] is None


# == errors ===================================================================================
def test_wrong_seat_is_not_your_turn() -> None:
    """A command from a seat that may not act: `not_your_turn`."""
    s = setup()
    assert G.acting_seats(s) == (0,) and G.legal_moves(s, 1) == []
    assert error(s, cmd.DiscardCard(seat=1, slot=s1("r5x1"))).code == "not_your_turn"
    s = give(at_age(2, {"r5x5": "Laboratory"}), 0, "Workshop")
    _, s = build_and_run(s, 0, s2("r5x5"))
    assert error(s, cmd.ChooseProgressToken(seat=1, token=s.board_tokens[0])).code == (
        "not_your_turn"
    )


def test_wrong_phase_is_wrong_action() -> None:
    """A command of another phase or while an action is owed: `wrong_action`."""
    _, drafting = started(make_deal())
    assert error(drafting, cmd.DiscardCard(seat=0, slot=s1("r5x1"))).code == "wrong_action"
    s = setup()
    assert error(s, cmd.PickWonder(seat=0, wonder=s.players[0].wonders[0])).code == (
        "wrong_action"
    )
    assert error(s, cmd.ChooseStartPlayer(seat=0, starts=0)).code == "wrong_action"
    assert error(s, cmd.ChooseProgressToken(seat=0, token=s.board_tokens[0])).code == (
        "wrong_action"
    )
    owed = give(at_age(2, {"r5x5": "Laboratory", "r5x7": "Walls"}), 0, "Workshop")
    _, owed = build_and_run(owed, 0, s2("r5x5"))
    assert error(owed, cmd.DiscardCard(seat=0, slot=s2("r5x7"))).code == "wrong_action"
    assert error(owed, cmd.DestroyCard(seat=0, card=0)).code == "wrong_action"
    choosing = leave_only(setup(), s1("r5x1"))
    _, choosing = run(choosing, cmd.DiscardCard(seat=0, slot=s1("r5x1")))
    assert error(choosing, cmd.DiscardCard(seat=0, slot=s2("r5x5"))).code == "wrong_action"
    assert error(choosing, cmd.ChooseStartPlayer(seat=0, starts=2)).code == "invalid_seat"


def test_game_over_refuses_every_command() -> None:
    """After the end of the game: `game_over`, no acting seat, no legal move."""
    _, s = end_by_discard(setup(), by=1)
    assert G.is_over(s) and G.summary(s)["phase"] == "over"
    assert G.acting_seats(s) == () and G.legal_moves(s, 0) == [] and G.legal_moves(s, 1) == []
    for seat in (0, 1):
        assert error(s, cmd.DiscardCard(seat=seat, slot=s3("r7x5"))).code == "game_over"
        assert error(s, cmd.ChooseStartPlayer(seat=seat, starts=0)).code == "game_over"


def test_unknown_command_is_refused() -> None:
    """Only Duel commands are decided: `unknown_command`."""

    class Other(msgspec.Struct):
        seat: int = 0

    assert error(setup(), Other()).code == "unknown_command"


def test_refused_commands_leave_the_state_unchanged() -> None:
    """`decide` is pure: an error emits nothing and the state is untouched."""
    s = setup()
    before = msgspec.json.encode(s)
    error(s, cmd.DiscardCard(seat=0, slot=s1("r4x2")))
    error(s, cmd.ConstructBuilding(seat=0, slot=s1("r5x1"), coins=99))
    assert msgspec.json.encode(s) == before


def test_removed_cards_and_unused_wonders_never_appear() -> None:
    """Reference `setup`: removed cards return to the box unseen; a whole Age played never
    brings them into the structure."""
    s = setup()
    deal = s.deal
    assert deal is not None
    removed = set(deal.removed[0])
    _, s = discard_down_to(s, 1)
    assert not removed & set(s.slots) and not removed & set(s.discard)
    assert set(deal.wonders_unused).isdisjoint(s.players[0].wonders + s.players[1].wonders)
