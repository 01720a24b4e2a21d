"""Every card effect family, every card with an effect of its own, the 12 wonders and the
10 progress tokens, each in a test named after it.

References: rulebook "Description of the cards", "The Wonders", "Progress tokens"; the
reference file `duel_base.yaml` sections `cards`, `guilds`, `wonders`, `progress_tokens`
(quoted per test).
"""

from __future__ import annotations

from typing import Any

from domain.duel import commands as cmd
from domain.duel import events as ev
from domain.duel.catalog import CARDS, SCIENCE_SYMBOLS
from domain.duel.catalog_types import BROWN, GREY
from domain.duel.state import (
    OWE_DESTROY,
    OWE_DISCARD_BUILD,
    OWE_LIBRARY,
    OWE_TOKEN,
    DuelState,
)
from tests.domain.duel.support import (
    FIRST_GAME_WONDERS,
    G,
    at_age,
    card,
    error,
    final_sheets,
    give,
    give_built_wonders,
    give_tokens,
    legal_build,
    legal_wonder,
    of_type,
    price,
    run,
    set_coins,
    slot,
    to_age,
    token,
    wonder,
    wonder_price,
)

LIBRARY_SET = {
    0: ("The Great Library", "The Hanging Gardens", "The Mausoleum", "The Sphinx"),
    1: FIRST_GAME_WONDERS[0],
}


def s1(name: str) -> int:
    return slot(1, name)


def s2(name: str) -> int:
    return slot(2, name)


def s3(name: str) -> int:
    return slot(3, name)


def gained(events: list[object], seat: int) -> list[int]:
    return [e.amount for e in of_type(events, ev.CoinsGained) if e.seat == seat]


def build(state: DuelState, seat: int, at: int) -> tuple[list[Any], DuelState]:
    """Construct the card of slot `at` at the engine's price, with coins to spare."""
    state = set_coins(state, seat, 40)
    return run(state, legal_build(state, seat, at))


def build_wonder(
    state: DuelState, seat: int, name: str, coins: int = 40
) -> tuple[list[Any], DuelState]:
    state = set_coins(state, seat, coins)
    return run(state, legal_wonder(state, seat, name))


# == card families ==========================================================================
def test_brown_card_produces_its_raw_material() -> None:
    """Rulebook, brown cards: each produces its resource for its owner (Lumber Yard: wood);
    reference `cards[].effect.produces`."""
    s = at_age(1, {"r5x1": "Stable"})
    assert price(s, 0, s1("r5x1")) == 2
    assert price(give(s, 0, "Lumber Yard"), 0, s1("r5x1")) == 0


def test_sawmill_produces_two_wood() -> None:
    """Reference: Sawmill `produces: {wood: 2}` (Age II brown cards make 2 units)."""
    s = at_age(2, {"r5x5": "Courthouse"})  # wood 2, glass 1
    assert price(s, 0, s2("r5x5")) == 6
    assert price(give(s, 0, "Sawmill"), 0, s2("r5x5")) == 2


def test_grey_card_produces_its_manufactured_good() -> None:
    """Rulebook, grey cards: Glassworks produces glass; reference `effect.produces`."""
    s = at_age(1, {"r5x1": "Apothecary"})  # glass 1
    assert price(s, 0, s1("r5x1")) == 2
    assert price(give(s, 0, "Glassworks"), 0, s1("r5x1")) == 0


def test_printed_coin_cost_is_paid_to_the_bank() -> None:
    """Rulebook, construction cost: coins printed on the card (Logging Camp: 1) are paid."""
    s = at_age(1, {"r5x1": "Logging Camp"})
    events, after = run(s, legal_build(s, 0, s1("r5x1")))
    (built,) = of_type(events, ev.BuildingConstructed)
    assert built.cost == 1 and built.to_opponent == 0
    assert after.players[0].coins == 6 and after.players[1].coins == 7
    assert card("Logging Camp") in after.players[0].buildings


def test_blue_card_victory_points() -> None:
    """Rulebook, blue cards: civilian VP (Theater 3) in the blue category."""
    s = at_age(1, {"r5x1": "Theater"})
    _, s = build(s, 0, s1("r5x1"))
    mine, _ = final_sheets(s, by=1)
    assert mine["blue"] == 3


def test_green_card_science_symbol_and_victory_points() -> None:
    """Rulebook, green cards: a science symbol and VP (Workshop: plumb line, 1 VP)."""
    s = at_age(1, {"r5x1": "Workshop"})
    _, s = build(s, 0, s1("r5x1"))
    plumb = SCIENCE_SYMBOLS.index("plumb_line")
    assert s.players[0].science[plumb] == 1
    mine, _ = final_sheets(s, by=1)
    assert mine["green"] == 1


def test_red_card_shields_move_the_conflict_pawn() -> None:
    """Rulebook, red cards: each shield moves the pawn one space towards the opponent."""
    s = at_age(1, {"r5x1": "Guard Tower", "r5x3": "Palisade"})
    events, s = run(s, legal_build(s, 0, s1("r5x1")))
    assert of_type(events, ev.ConflictPawnMoved) == [
        ev.ConflictPawnMoved(seat=0, shields=1, position=1)
    ]
    events, s = run(s, legal_build(s, 1, s1("r5x3")))
    assert of_type(events, ev.ConflictPawnMoved) == [
        ev.ConflictPawnMoved(seat=1, shields=1, position=0)
    ]


def test_walls_give_two_shields() -> None:
    """Reference: Walls `shields: 2`, moved as one pawn move of 2."""
    s = at_age(2, {"r5x5": "Walls"})
    events, _ = build(s, 0, s2("r5x5"))
    assert [(e.shields, e.position) for e in of_type(events, ev.ConflictPawnMoved)] == [(2, 2)]


# -- yellow cards ----------------------------------------------------------------------------
def test_tavern_gives_4_coins() -> None:
    """Reference: Tavern `coins_on_build: 4`."""
    s = at_age(1, {"r5x1": "Tavern"})
    events, s = run(s, legal_build(s, 0, s1("r5x1")))
    assert gained(events, 0) == [4]
    assert s.players[0].coins == 11


def test_brewery_gives_6_coins() -> None:
    """Reference: Brewery `coins_on_build: 6`."""
    s = at_age(2, {"r5x5": "Brewery"})
    events, s = run(s, legal_build(s, 0, s2("r5x5")))
    assert gained(events, 0) == [6]
    assert s.players[0].coins == 13


def _fixed_price(reserve: str, resource_card: str, age: int, producer: str) -> None:
    """Owning `reserve` buys the resource of `resource_card` at 1 coin, even when the
    opponent produces it (which would make it 3)."""
    place = {"r5x1": resource_card} if age == 1 else {"r5x5": resource_card}
    at = s1("r5x1") if age == 1 else s2("r5x5")
    s = give(at_age(age, place), 1, producer)
    assert price(s, 0, at) == 3
    assert price(give(s, 0, reserve), 0, at) == 1
    # only its owner: the opponent still pays the usual price for it
    assert price(give(s, 1, reserve), 0, at) == 3


def test_stone_reserve_fixes_stone_at_1_coin() -> None:
    """Reference: Stone Reserve `trade_price_fixed_at_1: [stone]` (Baths costs 1 stone)."""
    _fixed_price("Stone Reserve", "Baths", 1, "Quarry")


def test_clay_reserve_fixes_clay_at_1_coin() -> None:
    """Reference: Clay Reserve `trade_price_fixed_at_1: [clay]` (Garrison costs 1 clay)."""
    _fixed_price("Clay Reserve", "Garrison", 1, "Clay Pool")


def test_wood_reserve_fixes_wood_at_1_coin() -> None:
    """Reference: Wood Reserve `trade_price_fixed_at_1: [wood]` (Stable costs 1 wood)."""
    _fixed_price("Wood Reserve", "Stable", 1, "Lumber Yard")


def test_customs_house_fixes_papyrus_and_glass_at_1_coin() -> None:
    """Reference: Customs House `trade_price_fixed_at_1: [papyrus, glass]`."""
    _fixed_price("Customs House", "Apothecary", 1, "Glassworks")
    _fixed_price("Customs House", "Workshop", 1, "Press")
    # both at once: School costs wood + 2 papyrus -> wood 2 + papyrus 1 + 1
    s = give(at_age(2, {"r5x5": "School"}), 1, "Press")
    assert price(s, 0, s2("r5x5")) == 2 + 3 + 3
    assert price(give(s, 0, "Customs House"), 0, s2("r5x5")) == 2 + 1 + 1


def test_forum_produces_one_of_glass_or_papyrus() -> None:
    """Reference: Forum `produces_one_of: [glass, papyrus]`, one unit per turn."""
    s = give(at_age(1, {"r5x1": "Apothecary", "r5x3": "Workshop"}), 0, "Forum")
    assert price(s, 0, s1("r5x1")) == 0  # glass
    assert price(s, 0, s1("r5x3")) == 0  # papyrus
    s = give(at_age(2, {"r5x5": "Caravansery"}), 0, "Forum")  # 2 coins, glass, papyrus
    assert price(s, 0, s2("r5x5")) == 2 + 2


def test_caravansery_produces_one_of_wood_clay_or_stone() -> None:
    """Reference: Caravansery `produces_one_of: [wood, clay, stone]`, one unit per turn."""
    s = give(at_age(1, {"r5x1": "Stable", "r5x3": "Garrison", "r5x5": "Baths"}), 0, "Caravansery")
    for name in ("r5x1", "r5x3", "r5x5"):
        assert price(s, 0, s1(name)) == 0
    s = give(at_age(2, {"r5x5": "Rostrum"}), 0, "Caravansery")  # wood + stone
    assert price(s, 0, s2("r5x5")) == 2


def _coins_per_own(
    name: str, owned: tuple[str, ...], opponent: tuple[str, ...], coins: int
) -> None:
    s = give(give(at_age(3, {"r7x5": name}), 0, *owned), 1, *opponent)
    events, _ = build(s, 0, s3("r7x5"))
    assert gained(events, 0) == ([coins] if coins else [])


def test_chamber_of_commerce_gives_3_coins_per_own_grey_card() -> None:
    """Reference: Chamber of Commerce, 3 coins per grey card in your city; 3 VP."""
    _coins_per_own("Chamber of Commerce", ("Glassworks", "Press", "Quarry"), ("Drying Room",), 6)


def test_port_gives_2_coins_per_own_brown_card() -> None:
    """Reference: Port, 2 coins per brown card in your city; 3 VP."""
    _coins_per_own("Port", ("Quarry", "Lumber Yard", "Sawmill", "Press"), ("Clay Pool",), 6)


def test_armory_gives_1_coin_per_own_red_card() -> None:
    """Reference: Armory, 1 coin per red card in your city; 3 VP."""
    _coins_per_own("Armory", ("Guard Tower", "Walls"), ("Stable", "Garrison", "Palisade"), 2)


def test_lighthouse_gives_1_coin_per_own_yellow_card_counting_itself() -> None:
    """Reference: Lighthouse, 1 coin per yellow card in your city, "the Lighthouse itself
    included"; 3 VP."""
    _coins_per_own("Lighthouse", ("Tavern", "Stone Reserve"), ("Brewery",), 3)


def test_arena_gives_2_coins_per_own_built_wonder() -> None:
    """Reference: Arena `coins_on_build_per_own_built_wonder: 2`; 3 VP."""
    s = at_age(3, {"r7x5": "Arena"})
    s = give_built_wonders(s, 0, "The Pyramids", "The Great Lighthouse")
    s = give_built_wonders(s, 1, "Circus Maximus")
    events, _ = build(s, 0, s3("r7x5"))
    assert gained(events, 0) == [4]


def test_age_iii_yellow_cards_are_worth_3_vp() -> None:
    """Reference: Chamber of Commerce, Port, Armory, Lighthouse, Arena `victory_points: 3`,
    scored in the yellow category."""
    s = give(at_age(3, {}), 0, "Port", "Armory", "Tavern")
    mine, _ = final_sheets(s, by=1)
    assert mine["yellow"] == 6


# -- guilds ------------------------------------------------------------------------------------
def _guild(name: str, mine: tuple[str, ...], theirs: tuple[str, ...], coins: int, vp: int) -> None:
    s = give(give(at_age(3, {"r7x5": name}), 0, *mine), 1, *theirs)
    events, s = build(s, 0, s3("r7x5"))
    assert gained(events, 0) == ([coins] if coins else [])
    sheet, _ = final_sheets(s, by=1)
    assert sheet["purple"] == vp


def test_merchants_guild_counts_yellow_cards_of_the_richer_city() -> None:
    """Reference guilds: Merchants Guild, 1 coin and 1 VP per yellow card in the city with
    the most yellow cards."""
    _guild("Merchants Guild", ("Tavern",), ("Stone Reserve", "Clay Reserve"), 2, 2)
    _guild("Merchants Guild", ("Tavern", "Forum", "Brewery"), ("Clay Reserve",), 3, 3)


def test_shipowners_guild_counts_brown_and_grey_together() -> None:
    """Reference guilds: Shipowners Guild, brown + grey cards (together) in the city with
    the most brown and grey cards: 2 brown + 2 grey (4) beats 3 brown + 0 grey."""
    _guild("Shipowners Guild", ("Lumber Yard", "Quarry", "Glassworks", "Press"),
           ("Clay Pool", "Clay Pit", "Stone Pit"), 4, 4)
    _guild("Shipowners Guild", ("Glassworks",), ("Clay Pool", "Clay Pit", "Press"), 3, 3)


def test_builders_guild_scores_2_vp_per_wonder_of_the_city_with_most() -> None:
    """Reference guilds: Builders Guild, no coins; 2 VP per wonder built in the city with
    the most built wonders."""
    s = give_built_wonders(at_age(3, {"r7x5": "Builders Guild"}), 0, "The Pyramids")
    s = give_built_wonders(s, 1, "Circus Maximus", "Piraeus")
    events, s = build(s, 0, s3("r7x5"))
    assert gained(events, 0) == []
    sheet, _ = final_sheets(s, by=1)
    assert sheet["purple"] == 4


def test_magistrates_guild_counts_blue_cards() -> None:
    """Reference guilds: Magistrates Guild, 1 coin and 1 VP per blue card in the city with
    the most blue cards."""
    _guild("Magistrates Guild", ("Theater",), ("Altar", "Baths", "Statue"), 3, 3 + 0)


def test_scientists_guild_counts_green_cards() -> None:
    """Reference guilds: Scientists Guild, 1 coin and 1 VP per green card in the city with
    the most green cards."""
    _guild("Scientists Guild", ("Workshop", "Apothecary"), ("Scriptorium",), 2, 2)


def test_tacticians_guild_counts_red_cards() -> None:
    """Reference guilds: Tacticians Guild, 1 coin and 1 VP per red card in the city with
    the most red cards."""
    _guild("Tacticians Guild", (), ("Stable", "Garrison"), 2, 2)


def test_moneylenders_guild_scores_sets_of_3_coins_of_the_richest_city() -> None:
    """Reference guilds: Moneylenders Guild, no coins; 1 VP per full set of 3 coins in the
    richest city at the end of the game."""
    s = at_age(3, {"r7x5": "Moneylenders Guild"})
    events, s = build(s, 0, s3("r7x5"))
    assert gained(events, 0) == []
    s = set_coins(set_coins(s, 0, 5), 1, 12)  # seat 1 discards the last card: 12 + 2 = 14
    sheet, _ = final_sheets(s, by=1)
    assert sheet["purple"] == 4
    s = set_coins(set_coins(s, 0, 20), 1, 0)
    sheet, _ = final_sheets(s, by=1)
    assert sheet["purple"] == 6


def test_guild_coins_count_the_cities_after_the_guild_is_built() -> None:
    """Reference guilds: the counted city may be the opponent's; the guild itself (purple)
    never counts (Tacticians with no red anywhere: no coins, 0 VP)."""
    _guild("Tacticians Guild", (), (), 0, 0)


# == wonders ==================================================================================
def test_appian_way_3_coins_opponent_loses_3_and_play_again() -> None:
    """Reference wonders: The Appian Way, 3 coins, opponent loses 3, play again, 3 VP."""
    s = at_age(1, {}, seat=1)
    events, s = build_wonder(s, 1, "The Appian Way", coins=20)
    assert s.players[1].coins == 20 - 10 + 3
    assert s.players[0].coins == 7 - 3
    assert of_type(events, ev.PlayAgainGranted) == [ev.PlayAgainGranted(seat=1)]
    assert events[-1] == ev.TurnBegan(seat=1)
    assert G.acting_seats(s) == (1,)
    # the opponent loses only what it has
    s2_ = set_coins(at_age(1, {}, seat=1), 0, 2)
    events, s2_ = build_wonder(s2_, 1, "The Appian Way")
    assert of_type(events, ev.CoinsLost) == [ev.CoinsLost(seat=0, amount=2, reason="effect")]
    assert s2_.players[0].coins == 0


def test_circus_maximus_destroys_an_opponent_grey_card_and_gives_a_shield() -> None:
    """Reference wonders: Circus Maximus, put a grey card of the opponent in the discard,
    1 shield, 3 VP."""
    s = give(at_age(1, {"r5x11": "Apothecary"}, seat=1), 0, "Glassworks", "Lumber Yard")
    assert price(s, 1, s1("r5x11")) == 3  # seat 0 produces glass
    events, s = build_wonder(s, 1, "Circus Maximus")
    assert ev.ActionOwed(seat=1, action=OWE_DESTROY, arg=GREY) in events
    assert ev.ConflictPawnMoved(seat=1, shields=1, position=-1) in events
    assert not of_type(events, ev.TurnBegan)
    glassworks = card("Glassworks")
    assert G.legal_moves(s, 1) == [cmd.DestroyCard(seat=1, card=glassworks)]
    assert error(s, cmd.DestroyCard(seat=1, card=card("Lumber Yard"))).code == (
        "card_not_destroyable"
    )
    events, s = run(s, cmd.DestroyCard(seat=1, card=glassworks))
    assert events[0] == ev.CardDestroyed(seat=1, owner=0, card=glassworks)
    assert events[-1] == ev.TurnBegan(seat=0)
    assert glassworks not in s.players[0].buildings and glassworks in s.discard
    assert price(s, 1, s1("r5x11")) == 2  # seat 0 no longer produces glass


def test_circus_maximus_without_a_grey_card_to_destroy_only_gives_its_shield() -> None:
    """Rulebook, Circus Maximus: nothing to destroy, nothing owed; the turn passes."""
    s = give(at_age(1, {}, seat=1), 0, "Lumber Yard")
    events, s = build_wonder(s, 1, "Circus Maximus")
    assert not of_type(events, ev.ActionOwed)
    assert s.pawn == -1 and events[-1] == ev.TurnBegan(seat=0)


def test_colossus_gives_2_shields() -> None:
    """Reference wonders: The Colossus, 2 shields, 3 VP."""
    s = at_age(1, {}, seat=1)
    events, s = build_wonder(s, 1, "The Colossus")
    assert of_type(events, ev.ConflictPawnMoved) == [
        ev.ConflictPawnMoved(seat=1, shields=2, position=-2)
    ]


def test_great_library_draws_3_aside_tokens_to_choose_one_the_others_gone() -> None:
    """Reference wonders: The Great Library, draw 3 of the tokens removed at set-up, gain 1,
    return the other 2 to the box; 4 VP. The draw is seen only by the drawer."""
    s = at_age(1, {}, wonders=LIBRARY_SET)
    aside = s.aside_tokens
    events, s = build_wonder(s, 0, "The Great Library")
    (drawn,) = of_type(events, ev.GreatLibraryDrawn)
    assert drawn.seat == 0 and drawn.tokens == aside[:3] and drawn.count == 3
    assert ev.ActionOwed(seat=0, action=OWE_LIBRARY, arg=0) in events
    assert G.view(s, 0).library_draw == aside[:3]
    assert G.view(s, 1).library_draw == () and G.view(s, None).library_draw == ()
    assert G.redact(drawn, 1).tokens == () and G.redact(drawn, None).tokens == ()
    assert G.redact(drawn, 0).tokens == aside[:3]
    assert G.legal_moves(s, 0) == [cmd.TakeLibraryToken(seat=0, token=t) for t in aside[:3]]
    assert error(s, cmd.TakeLibraryToken(seat=0, token=aside[3])).code == "token_not_drawn"
    chosen = aside[1]
    events, s = run(s, cmd.TakeLibraryToken(seat=0, token=chosen))
    assert events[0] == ev.ProgressTokenTaken(seat=0, token=chosen, from_library=True)
    assert s.players[0].tokens == (chosen,)
    assert s.aside_tokens == aside[3:] and s.library_draw == ()
    for gone in (aside[0], aside[2]):
        assert gone not in s.board_tokens and gone not in s.aside_tokens
        assert all(gone not in p.tokens for p in s.players)
    assert events[-1] == ev.TurnBegan(seat=1)


def test_great_library_token_effects_apply() -> None:
    """Rulebook, Great Library: the token taken is gained with its effect (Urbanism: 6)."""
    s = at_age(1, {}, wonders=LIBRARY_SET, aside=("Urbanism", "Law", "Strategy", "Theology",
                                                  "Mathematics"),
               board=("Agriculture", "Architecture", "Economy", "Masonry", "Philosophy"))
    _, s = build_wonder(s, 0, "The Great Library", coins=20)
    coins = s.players[0].coins
    events, s = run(s, cmd.TakeLibraryToken(seat=0, token=token("Urbanism")))
    assert gained(events, 0) == [6] and s.players[0].coins == coins + 6


def test_great_lighthouse_produces_one_of_stone_clay_or_wood() -> None:
    """Reference wonders: The Great Lighthouse `produces_one_of: [stone, clay, wood]`, 4 VP."""
    s = at_age(1, {"r5x3": "Baths", "r5x5": "Garrison", "r5x7": "Stable"})
    _, s = build_wonder(s, 0, "The Great Lighthouse")
    for name in ("r5x3", "r5x5", "r5x7"):
        assert price(s, 0, s1(name)) == 0


def test_hanging_gardens_6_coins_and_play_again() -> None:
    """Reference wonders: The Hanging Gardens, 6 coins, play again, 3 VP."""
    s = at_age(1, {}, wonders=LIBRARY_SET)
    events, s = build_wonder(s, 0, "The Hanging Gardens", coins=20)
    assert gained(events, 0) == [6]
    assert s.players[0].coins == 20 - 8 + 6
    assert ev.PlayAgainGranted(seat=0) in events and events[-1] == ev.TurnBegan(seat=0)


def _mausoleum_after_discards() -> DuelState:
    s = at_age(1, {"r5x1": "Guard Tower", "r5x3": "Tavern"}, wonders=LIBRARY_SET)
    _, s = run(
        s, cmd.DiscardCard(seat=0, slot=s1("r5x1")), cmd.DiscardCard(seat=1, slot=s1("r5x3"))
    )
    return s


def test_mausoleum_builds_a_discarded_card_for_free_with_its_effects() -> None:
    """Reference wonders: The Mausoleum, construct one discarded card for free (its effects
    apply); 2 VP."""
    s = _mausoleum_after_discards()
    events, s = build_wonder(s, 0, "The Mausoleum", coins=30)
    assert ev.ActionOwed(seat=0, action=OWE_DISCARD_BUILD, arg=0) in events
    tower, tavern = card("Guard Tower"), card("Tavern")
    assert set(G.legal_moves(s, 0)) == {
        cmd.ConstructFromDiscard(seat=0, card=tower), cmd.ConstructFromDiscard(seat=0, card=tavern)
    }
    assert error(s, cmd.ConstructFromDiscard(seat=0, card=card("Altar"))).code == (
        "card_not_discarded"
    )
    coins = s.players[0].coins
    events, s = run(s, cmd.ConstructFromDiscard(seat=0, card=tower))
    assert events[0] == ev.DiscardedCardConstructed(seat=0, card=tower)
    assert ev.ConflictPawnMoved(seat=0, shields=1, position=1) in events
    assert s.players[0].coins == coins and tower in s.players[0].buildings
    assert s.discard == (tavern,) and events[-1] == ev.TurnBegan(seat=1)


def test_mausoleum_card_coins_effect_applies() -> None:
    """Rulebook, Mausoleum: the card built from the discard gives its effect (Tavern: 4)."""
    s = _mausoleum_after_discards()
    _, s = build_wonder(s, 0, "The Mausoleum", coins=30)
    events, s = run(s, cmd.ConstructFromDiscard(seat=0, card=card("Tavern")))
    assert gained(events, 0) == [4]


def test_mausoleum_with_an_empty_discard_owes_nothing() -> None:
    """Rulebook, Mausoleum: with no discarded card the effect is lost; the turn passes."""
    s = at_age(1, {}, wonders=LIBRARY_SET)
    events, s = build_wonder(s, 0, "The Mausoleum")
    assert not of_type(events, ev.ActionOwed) and events[-1] == ev.TurnBegan(seat=1)


def test_piraeus_produces_one_of_glass_or_papyrus_and_plays_again() -> None:
    """Reference wonders: Piraeus `produces_one_of: [glass, papyrus]`, play again, 2 VP."""
    s = at_age(1, {"r5x3": "Apothecary", "r5x5": "Workshop"}, seat=1)
    events, s = build_wonder(s, 1, "Piraeus")
    assert ev.PlayAgainGranted(seat=1) in events and events[-1] == ev.TurnBegan(seat=1)
    assert price(s, 1, s1("r5x3")) == 0 and price(s, 1, s1("r5x5")) == 0


def test_pyramids_are_worth_9_vp() -> None:
    """Reference wonders: The Pyramids, 9 VP, no other effect (the turn passes)."""
    s = at_age(1, {})
    events, s = build_wonder(s, 0, "The Pyramids")
    assert events[-1] == ev.TurnBegan(seat=1)
    mine, _ = final_sheets(s, by=1)
    assert mine["wonders"] == 9


def test_sphinx_plays_again_and_is_worth_6_vp() -> None:
    """Reference wonders: The Sphinx, play again, 6 VP."""
    s = at_age(1, {}, wonders=LIBRARY_SET)
    events, s = build_wonder(s, 0, "The Sphinx")
    assert ev.PlayAgainGranted(seat=0) in events and events[-1] == ev.TurnBegan(seat=0)
    mine, _ = final_sheets(s, by=1)
    assert mine["wonders"] == 6


def test_statue_of_zeus_destroys_an_opponent_brown_card_and_gives_a_shield() -> None:
    """Reference wonders: The Statue of Zeus, put a brown card of the opponent in the
    discard, 1 shield, 3 VP."""
    s = give(at_age(1, {}), 1, "Lumber Yard", "Glassworks", "Quarry")
    events, s = build_wonder(s, 0, "The Statue of Zeus")
    assert ev.ActionOwed(seat=0, action=OWE_DESTROY, arg=BROWN) in events
    assert ev.ConflictPawnMoved(seat=0, shields=1, position=1) in events
    assert set(G.legal_moves(s, 0)) == {
        cmd.DestroyCard(seat=0, card=card("Lumber Yard")),
        cmd.DestroyCard(seat=0, card=card("Quarry")),
    }
    assert error(s, cmd.DestroyCard(seat=0, card=card("Glassworks"))).code == (
        "card_not_destroyable"
    )
    _, s = run(s, cmd.DestroyCard(seat=0, card=card("Quarry")))
    assert s.players[1].buildings == (card("Lumber Yard"), card("Glassworks"))
    assert s.discard == (card("Quarry"),)


def test_temple_of_artemis_12_coins_and_play_again() -> None:
    """Reference wonders: The Temple of Artemis, 12 coins, play again, 0 VP."""
    s = at_age(1, {})
    events, s = build_wonder(s, 0, "The Temple of Artemis", coins=20)
    assert gained(events, 0) == [12] and s.players[0].coins == 20 - 8 + 12
    assert ev.PlayAgainGranted(seat=0) in events and events[-1] == ev.TurnBegan(seat=0)
    mine, _ = final_sheets(s, by=1)
    assert mine["wonders"] == 0


def test_built_wonder_tucks_the_age_card_without_its_effect() -> None:
    """Rulebook, building a wonder: the Age card is tucked under it and has no effect."""
    s = at_age(1, {"r5x1": "Tavern"})
    coins = 40
    events, s = build_wonder(s, 0, "The Pyramids", coins=coins)
    (built,) = of_type(events, ev.WonderConstructed)
    assert built.card == card("Tavern") and built.slot == s1("r5x1")
    assert s.players[0].tucked == (card("Tavern"),)
    assert s.players[0].built_wonders == (wonder("The Pyramids"),)
    assert card("Tavern") not in s.players[0].buildings
    assert s.players[0].coins == coins - built.cost


# == progress tokens ========================================================================
def _pair(board: tuple[str, ...] = ("Agriculture", "Architecture", "Economy", "Law", "Masonry"),
          **kw: Any) -> DuelState:
    """Seat 0 owns a Workshop and builds the Laboratory: a pair of plumb lines, a token owed."""
    s = give(at_age(2, {"r5x5": "Laboratory"}, board=board, **kw), 0, "Workshop")
    events, s = build(s, 0, s2("r5x5"))
    assert ev.ActionOwed(seat=0, action=OWE_TOKEN, arg=0) in events
    return s


def test_agriculture_6_coins_and_4_vp() -> None:
    """Reference progress_tokens: Agriculture, 6 coins immediately, 4 VP."""
    s = _pair()
    coins = s.players[0].coins
    events, s = run(s, cmd.ChooseProgressToken(seat=0, token=token("Agriculture")))
    assert gained(events, 0) == [6] and s.players[0].coins == coins + 6
    mine, _ = final_sheets(s, by=1)
    assert mine["progress"] == 4


def test_architecture_wonders_cost_2_fewer_resources() -> None:
    """Reference progress_tokens: Architecture, each later wonder costs 2 fewer resources
    (the most expensive ones are waived)."""
    s = at_age(1, {})
    assert wonder_price(s, 0, "The Pyramids") == 8  # 3 stone + papyrus at 2
    assert wonder_price(give_tokens(s, 0, "Architecture"), 0, "The Pyramids") == 4
    s = give(s, 1, "Quarry")  # stone now costs 3
    assert wonder_price(s, 0, "The Pyramids") == 11
    assert wonder_price(give_tokens(s, 0, "Architecture"), 0, "The Pyramids") == 5
    # cards are not discounted
    s = at_age(1, {"r5x1": "Stable"})
    assert price(give_tokens(s, 0, "Architecture"), 0, s1("r5x1")) == 2


def test_economy_receives_the_opponents_trading_coins_not_printed_costs() -> None:
    """Reference progress_tokens: Economy, you receive the coins your opponent pays when
    trading, not the coins of a card's printed cost."""
    s = give_tokens(at_age(2, {"r5x5": "Forum", "r5x7": "Barracks"}), 1, "Economy")
    s = set_coins(s, 0, 20)
    events, s = run(s, legal_build(s, 0, s2("r5x5")))  # 3 coins + clay bought for 2
    (built,) = of_type(events, ev.BuildingConstructed)
    assert (built.cost, built.to_opponent) == (5, 2)
    assert s.players[0].coins == 15 and s.players[1].coins == 7 + 2
    # a card paid with printed coins only: nothing for the Economy owner
    s = to_age(s, 2, 0)
    s = set_coins(s, 1, 7)
    events, s = run(s, legal_build(s, 0, s2("r5x7")))  # Barracks: 3 coins
    (built,) = of_type(events, ev.BuildingConstructed)
    assert (built.cost, built.to_opponent) == (3, 0) and s.players[1].coins == 7


def test_economy_receives_trading_coins_for_wonders() -> None:
    """Reference progress_tokens: Economy also covers resources bought for a wonder."""
    s = give_tokens(at_age(1, {}), 1, "Economy")
    events, s = build_wonder(s, 0, "The Pyramids", coins=20)
    (built,) = of_type(events, ev.WonderConstructed)
    assert (built.cost, built.to_opponent) == (8, 8) and s.players[1].coins == 15


def test_economy_without_the_token_trading_goes_to_the_bank() -> None:
    """Rulebook, trading: coins paid for resources go to the bank."""
    s = at_age(1, {"r5x1": "Stable"})
    events, s = run(s, legal_build(s, 0, s1("r5x1")))
    assert of_type(events, ev.BuildingConstructed)[0].to_opponent == 0
    assert s.players[1].coins == 7


def test_law_gives_the_scales_science_symbol() -> None:
    """Reference progress_tokens: Law, a science symbol (scales): with 5 other different
    symbols it is scientific supremacy."""
    s = give(at_age(2, {"r5x5": "Laboratory"}), 0, "Workshop", "Apothecary", "Scriptorium",
             "Pharmacist", "Academy")
    events, s = build(s, 0, s2("r5x5"))
    assert not of_type(events, ev.GameEnded)  # 5 symbols and a pair
    events, s = run(s, cmd.ChooseProgressToken(seat=0, token=token("Law")))
    (ended,) = of_type(events, ev.GameEnded)
    assert (ended.winner, ended.victory) == (0, "scientific")
    assert s.players[0].science[SCIENCE_SYMBOLS.index("scales")] == 1


def test_masonry_blue_cards_cost_2_fewer_resources() -> None:
    """Reference progress_tokens: Masonry, each later blue card costs 2 fewer resources
    (the most expensive waived)."""
    s = give(at_age(2, {"r5x5": "Courthouse"}), 1, "Glassworks")  # wood 2 + glass (3)
    assert price(s, 0, s2("r5x5")) == 7
    assert price(give_tokens(s, 0, "Masonry"), 0, s2("r5x5")) == 2
    s = at_age(1, {"r5x1": "Baths", "r5x3": "Stable"})
    s = give_tokens(s, 0, "Masonry")
    assert price(s, 0, s1("r5x1")) == 0
    assert price(s, 0, s1("r5x3")) == 2  # red: not discounted
    assert wonder_price(s, 0, "The Pyramids") == 8  # wonders: not discounted


def test_mathematics_3_vp_per_token_including_itself() -> None:
    """Reference progress_tokens: Mathematics, 3 VP per progress token owned, itself
    included."""
    s = give_tokens(at_age(1, {}), 0, "Mathematics", "Architecture", "Economy")
    mine, _ = final_sheets(s, by=1)
    assert mine["progress"] == 9
    s = give_tokens(at_age(1, {}), 0, "Mathematics", "Philosophy")
    mine, theirs = final_sheets(s, by=1)
    assert mine["progress"] == 6 + 7 and theirs["progress"] == 0
    s = give_tokens(at_age(1, {}), 0, "Mathematics")
    assert final_sheets(s, by=1)[0]["progress"] == 3


def test_philosophy_7_vp() -> None:
    """Reference progress_tokens: Philosophy, 7 VP."""
    s = _pair(board=("Philosophy", "Agriculture", "Architecture", "Economy", "Law"))
    _, s = run(s, cmd.ChooseProgressToken(seat=0, token=token("Philosophy")))
    mine, _ = final_sheets(s, by=1)
    assert mine["progress"] == 7


def test_strategy_one_more_shield_per_red_card_in_one_pawn_move() -> None:
    """Reference progress_tokens: Strategy, each later red card gives 1 extra shield (not
    wonders); the shields move the pawn as one move (reference turn.red_card_with_strategy)."""
    s = give_tokens(at_age(1, {"r5x1": "Guard Tower"}), 0, "Strategy")
    events, s = run(s, legal_build(s, 0, s1("r5x1")))
    assert of_type(events, ev.ConflictPawnMoved) == [
        ev.ConflictPawnMoved(seat=0, shields=2, position=2)
    ]
    s = give_tokens(at_age(1, {}, seat=1), 1, "Strategy")
    events, s = build_wonder(s, 1, "The Colossus")
    assert of_type(events, ev.ConflictPawnMoved) == [
        ev.ConflictPawnMoved(seat=1, shields=2, position=-2)
    ]


def test_theology_every_wonder_plays_again_but_not_twice() -> None:
    """Reference progress_tokens: Theology, every later wonder has the play-again effect; a
    wonder that already has it does not get it twice."""
    s = give_tokens(at_age(1, {}), 0, "Theology")
    events, after = build_wonder(s, 0, "The Pyramids")
    assert of_type(events, ev.PlayAgainGranted) == [ev.PlayAgainGranted(seat=0)]
    assert events[-1] == ev.TurnBegan(seat=0)
    events, after = build_wonder(s, 0, "The Temple of Artemis")
    assert of_type(events, ev.PlayAgainGranted) == [ev.PlayAgainGranted(seat=0)]
    assert events[-1] == ev.TurnBegan(seat=0)
    # after the replay turn, the seat's next play is an ordinary turn
    events, after = run(after, cmd.DiscardCard(seat=0, slot=s1("r5x3")))
    assert events[-1] == ev.TurnBegan(seat=1)


def test_urbanism_6_coins_then_4_per_chain_build() -> None:
    """Reference progress_tokens: Urbanism, 6 coins immediately; 4 coins each time you
    build a card for free through a chain."""
    s = _pair(board=("Urbanism", "Agriculture", "Architecture", "Economy", "Law"))
    coins = s.players[0].coins
    events, s = run(s, cmd.ChooseProgressToken(seat=0, token=token("Urbanism")))
    assert gained(events, 0) == [6] and s.players[0].coins == coins + 6
    s = give_tokens(give(at_age(2, {"r5x5": "Horse Breeders", "r5x7": "Walls"}), 0, "Stable"),
                    0, "Urbanism")
    events, s = run(s, legal_build(s, 0, s2("r5x5")))
    (built,) = of_type(events, ev.BuildingConstructed)
    assert built.chained and built.cost == 0
    assert gained(events, 0) == [4] and s.players[0].coins == 7 + 4
    # a build paid (not chained): no Urbanism coins
    s = set_coins(to_age(s, 2, 0), 0, 20)
    events, s = run(s, legal_build(s, 0, s2("r5x7")))
    assert not of_type(events, ev.BuildingConstructed)[0].chained
    assert gained(events, 0) == []


def test_every_card_with_an_effect_is_covered_here() -> None:
    """Bookkeeping: every card whose catalog row has a coins effect, a one-of, a fixed price
    or an end-of-game effect is named by one of the tests above."""
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    special = [
        c.name for c in CARDS if c.on_build or c.end_vp or c.choice or any(c.fixed_price)
    ]
    assert [n for n in special if f'"{n}"' not in source] == []
