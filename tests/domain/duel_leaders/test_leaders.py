"""Each of the 43 leaders and the two new wonders, named, against its rules text
(duel-leaders-rules-fr, "Description des Leaders", "Description des Merveilles")."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from domain.duel import commands as cmd
from domain.duel import events as ev
from domain.duel.military import move_pawn
from domain.duel.play import card_price
from domain.duel.state import OWE_DISCARD_BUILD, OWE_TOKEN, DuelState
from domain.duel.transaction import Transaction
from domain.duel_leaders import commands as lcmd
from domain.duel_leaders import events as lev
from domain.duel_leaders.catalog import LEADERS
from domain.duel_leaders.effects import OWE_BURY, OWE_MAECENAS, OWE_OFFER, OWE_ROME, leader_points
from tests.domain.duel_leaders.support import (
    CARD,
    RULES,
    WONDER,
    G,
    L,
    at_recruitment,
    deal,
    error,
    of_type,
    run,
    with_coins,
    with_leaders_state,
)

DRAFT = ["caesar", "darius", "diocletian", "aspasia", "hannibal", "nero", "midas", "plato"]


def age_one(d: Any = None) -> DuelState:
    """Age I's first turn (seat 0 first), both seats having discarded their leader."""
    state = at_recruitment(d or deal(drafted=DRAFT))
    x = state.leaders
    _, state = run(state, lcmd.ChooseLeader(seat=0, leader=x.hands[0][0]),
                   lcmd.ChooseLeader(seat=1, leader=x.hands[1][0]),
                   lcmd.DeclareRecruitment(seat=0, recruit=False),
                   lcmd.DeclareRecruitment(seat=1, recruit=False))
    return state


def give(state: DuelState, seat: int, *keys: str) -> DuelState:
    x = state.leaders
    recruited = list(x.recruited)
    recruited[seat] = (*recruited[seat], *(L[k] for k in keys))
    return with_leaders_state(state, recruited=tuple(recruited))


def recruit(keys: tuple[str, str], first: int = 0, coins: int = 20,
            d: Any = None) -> tuple[list[Any], DuelState]:
    """Age I's recruitment with seat 0 choosing keys[0], seat 1 keys[1] (None: discard)."""
    state = at_recruitment(d or deal(drafted=DRAFT, first=first))
    state = with_leaders_state(state, hands=((L[keys[0]], L["midas"]), (L[keys[1]], L["plato"])))
    state = with_coins(with_coins(state, 0, coins), 1, coins)
    return run(state, lcmd.ChooseLeader(seat=0, leader=L[keys[0]]),
               lcmd.ChooseLeader(seat=1, leader=L[keys[1]]),
               lcmd.DeclareRecruitment(seat=0, recruit=True),
               lcmd.DeclareRecruitment(seat=1, recruit=False))


def with_player(state: DuelState, seat: int, **changes: Any) -> DuelState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=(players[0], players[1]))


# -- end-of-game leaders -----------------------------------------------------------------

COLOURS = (1, 2, 3, 4, 5, 6, 7)  # brown, grey, blue, green, yellow, red, purple
END_POINTS = {
    "amytis": 4, "aristotle": 9, "cleopatra": 5, "hiram": 14, "hypatia": 4, "justinian": 9,
    "midas": 4, "nebuchadnezzar": 3, "nefertiti": 4, "pericles": 6, "phidias": 1, "plato": 7,
    "praxiteles": 4, "sappho": 2, "varro": 5, "zenobia": 3,
}


@pytest.mark.parametrize("key", sorted(END_POINTS))
def test_end_of_game_points(key: str) -> None:
    """2 wonders, 3 tokens, 13 coins, colours 1..7 (brown .. purple)."""
    state = with_player(age_one(), 0, colours=COLOURS, built_wonders=(0, 1), tokens=(0, 1, 2),
                        coins=13)
    assert leader_points(RULES, state, 0, L[key]) == END_POINTS[key]


def test_alexander_scores_the_largest_looting_token_taken() -> None:
    state = age_one()
    assert leader_points(RULES, state, 0, L["alexander"]) == 0
    state = replace(state, looting=state.looting & ~1)  # p2 (opponent side of seat 0) taken
    assert leader_points(RULES, state, 0, L["alexander"]) == 2
    state = replace(state, looting=state.looting & ~2)  # p5 taken too: 5, not 7
    assert leader_points(RULES, state, 0, L["alexander"]) == 5
    assert leader_points(RULES, state, 1, L["alexander"]) == 0


def test_vitruvius_counts_chained_pairs_with_chain_leaders() -> None:
    theater, statue = CARD["Theater"], CARD["Statue"]
    state = with_player(age_one(), 0, buildings=(theater, statue))
    assert leader_points(RULES, state, 0, L["vitruvius"]) == 2
    state = give(state, 0, "hammurabi")  # grants the mask too: a second pair for Statue
    assert leader_points(RULES, state, 0, L["vitruvius"]) == 4


# -- chain leaders -----------------------------------------------------------------------


@pytest.mark.parametrize("key,card", [
    ("leonidas", "Horse Breeders"), ("archimedes", "Library"), ("hammurabi", "Statue"),
    ("xenophon", "Arena"), ("da_vinci", "Barracks"), ("da_vinci", "Dispensary"),
])
def test_chain_leaders_build_chained_cards_for_free(key: str, card: str) -> None:
    state = age_one()
    card_id = CARD[card]
    assert not card_price(RULES, state, 0, card_id).chained
    state = give(state, 0, key)
    price = card_price(RULES, state, 0, card_id)
    assert price.chained and price.coins == 0


# -- ongoing abilities -------------------------------------------------------------------


def _loot(state: DuelState, looter: int, shields: int) -> tuple[list[Any], DuelState]:
    tx = Transaction(RULES, state)
    move_pawn(tx, looter, shields)
    return tx.events, tx.state


def test_caligula_doubles_the_looting() -> None:
    state = give(with_coins(age_one(), 1, 9), 0, "caligula")
    events, state = _loot(state, 0, 3)
    assert [e.amount for e in of_type(events, ev.CoinsLost)] == [4]


def test_nero_takes_what_the_opponent_lost() -> None:
    state = give(with_coins(age_one(), 1, 1), 0, "nero")
    coins = state.players[0].coins
    _events, state = _loot(state, 0, 3)
    assert state.players[0].coins == coins + 1 and state.players[1].coins == 0


def test_caligula_and_nero_give_the_doubled_amount_actually_lost() -> None:
    state = give(with_coins(age_one(), 1, 3), 0, "caligula", "nero")
    coins = state.players[0].coins
    _, state = _loot(state, 0, 3)
    assert state.players[0].coins == coins + 3 and state.players[1].coins == 0


def test_tomyris_makes_the_looter_lose_as_much_as_was_lost() -> None:
    state = give(with_coins(with_coins(age_one(), 1, 1), 0, 7), 1, "tomyris")
    _events, state = _loot(state, 0, 3)
    assert state.players[0].coins == 6  # her owner lost 1 (not 2): the looter loses 1


def test_semiramis_gives_a_shield_for_each_looting_suffered() -> None:
    state = give(age_one(), 1, "semiramis")
    events, state = _loot(state, 0, 3)
    moves = of_type(events, ev.ConflictPawnMoved)
    assert [(m.seat, m.shields) for m in moves] == [(0, 3), (1, 1)] and state.pawn == 2


def test_semiramis_cannot_stop_a_military_supremacy() -> None:
    """'Si votre adversaire s'apprête à gagner la partie par suprématie militaire,
    Sémiramis ne peut pas l'en empêcher': the move reaching the capital loots the 5-coin
    token on its way, and Semiramis gives no shield back."""
    state = replace(give(age_one(), 1, "semiramis"), pawn=4)
    events, state = _loot(state, 0, 5)
    assert [(m.seat, m.position) for m in of_type(events, ev.ConflictPawnMoved)] == [(0, 9)]
    assert of_type(events, ev.MilitaryTokenTaken) and state.pawn == 9
    assert state.winner == 0 and state.victory == "military"


def test_aspasia_cancels_the_next_pawn_move_once() -> None:
    state = with_leaders_state(give(age_one(), 1, "aspasia"), aspasia=True)
    events, state = _loot(state, 0, 2)
    assert state.pawn == 0 and of_type(events, lev.AspasiaCancelled)
    _, state = _loot(state, 0, 2)
    assert state.pawn == 2


def test_berenice_adds_a_yellow_cards_coin_to_discards() -> None:
    state = age_one()
    slot = G.legal_moves(state, 0)[0].slot
    plain = G.decide(state, cmd.DiscardCard(seat=0, slot=slot))
    with_her = G.decide(give(state, 0, "berenice"), cmd.DiscardCard(seat=0, slot=slot))
    assert of_type(with_her, ev.CardDiscarded)[0].coins == of_type(
        plain, ev.CardDiscarded)[0].coins + 1


def test_bilkis_buys_one_unit_for_2_coins_when_cheaper() -> None:
    state = with_player(age_one(), 1, produce=(3, 3, 3, 3, 3))  # opponent: trading costs 5
    card = CARD["Library"]  # wood, stone, glass
    plain = card_price(RULES, state, 0, card)
    assert plain.trade == 15
    price = card_price(RULES, give(state, 0, "bilkis"), 0, card)
    assert price.coins == 12 and sum(price.bought) == 2  # 2 units at 5, 1 at 2
    assert price.trade == 10  # at the trading price: the Bilkis unit is not a trade


def test_bilkis_any_equally_cheap_explicit_buy_is_accepted() -> None:
    """Bilkis: "la ressource de votre choix": the unit she buys may be any of those the
    card lacks, so each equally cheap split of the others is a legal explicit `buy`
    (counts of wood, clay, stone, glass, papyrus at the trading price)."""
    state = with_player(age_one(), 1, produce=(3, 3, 3, 3, 3))  # trading costs 5 a unit
    state = with_coins(give(state, 0, "bilkis"), 0, 20)
    state, slot = put(state, "Library")  # wood, stone, glass; seat 0 produces none
    (move,) = [m for m in G.legal_moves(state, 0)
               if type(m) is cmd.ConstructBuilding and m.slot == slot]
    assert move.coins == 12
    splits = [(0, 0, 1, 1, 0), (1, 0, 0, 1, 0), (1, 0, 1, 0, 0)]
    assert move.buy in splits
    for buy in splits:
        events, after = run(state, replace(move, buy=buy))
        (built,) = of_type(events, ev.BuildingConstructed)
        assert built.bought == buy and built.cost == 12
        assert after.players[0].coins == 8
    for buy in [(1, 0, 1, 1, 0), (0, 0, 0, 1, 0), (0, 1, 1, 1, 0)]:  # all 3, too few, clay
        refused = error(state, replace(move, buy=buy))
        assert refused.code == "invalid_payment", buy


def put(state: DuelState, card: str) -> tuple[DuelState, int]:
    """The card in the first accessible slot of the structure (a scenario's own layout)."""
    slot = RULES.layouts[state.age - 1].accessible_slots(state.taken)[0]
    slots = list(state.slots)
    slots[slot] = CARD[card]
    return replace(state, slots=tuple(slots)), slot


def test_hatshepsut_gains_a_coin_per_unit_the_opponent_buys() -> None:
    state, slot = put(give(age_one(), 1, "hatshepsut"), "Baths")  # 1 stone
    state = with_player(state, 0, produce=(0, 0, 0, 0, 0))
    events = G.decide(state, cmd.ConstructBuilding(seat=0, slot=slot))
    gained = [e for e in of_type(events, ev.CoinsGained) if e.reason == "hatshepsut"]
    assert [(g.seat, g.amount) for g in gained] == [(1, 1)]
    state = with_player(state, 0, fixed=1 << 2)  # Stone Reserve: a fixed price, no coin
    events = G.decide(state, cmd.ConstructBuilding(seat=0, slot=slot))
    assert not [e for e in of_type(events, ev.CoinsGained) if e.reason == "hatshepsut"]


def test_hatshepsut_coin_counts_when_the_build_ends_the_game() -> None:
    """Her coin comes with the purchase (paid « immédiatement APRES avoir payé »), before
    the card's effects: a Garrison whose clay is bought that reaches the
    capital (military supremacy) still pays it."""
    state, slot = put(give(age_one(), 1, "hatshepsut"), "Garrison")  # 1 clay
    state = with_player(state, 0, produce=(0, 0, 0, 0, 0))
    state = replace(state, pawn=8, looting=0)
    events = G.decide(state, cmd.ConstructBuilding(seat=0, slot=slot))
    (ended,) = of_type(events, ev.GameEnded)
    assert ended.victory == "military"
    gained = [e for e in of_type(events, ev.CoinsGained) if e.reason == "hatshepsut"]
    assert [(g.seat, g.amount) for g in gained] == [(1, 1)]
    assert events.index(gained[0]) < events.index(ended)


def test_imhotep_builds_the_fourth_wonder_after_seven() -> None:
    state = age_one()
    w0, w1 = state.players[0].wonders, state.players[1].wonders
    state = with_player(state, 0, built_wonders=w0[:3])
    state = with_player(state, 1, built_wonders=w1)
    state = replace(state, retired_wonders=(w0[3],), players=(
        replace(state.players[0], coins=50), state.players[1]))
    assert not [m for m in G.legal_moves(state, 0) if type(m) is cmd.ConstructWonder]
    state = give(state, 0, "imhotep")
    built = {m.wonder for m in G.legal_moves(state, 0) if type(m) is cmd.ConstructWonder}
    assert built == {w0[3]}


def test_euclid_turns_a_pair_into_law() -> None:
    state, slot = put(give(age_one(), 0, "euclid"), "Scriptorium")  # quill, 2 coins
    quill = RULES.cards[CARD["Scriptorium"]].science
    science = tuple(1 if i == quill else 0 for i in range(7))
    state = with_player(state, 0, science=science, coins=30)
    moves = [m for m in G.legal_moves(state, 0) if type(m) is lcmd.ConstructWithLeader]
    assert (slot, L["euclid"], 6) in [(m.slot, m.leader, m.symbol) for m in moves]
    _events, state = run(state, next(m for m in moves if m.slot == slot))
    assert state.players[0].science[6] == 1 and state.players[0].science[quill] == 1
    assert not any(k == OWE_TOKEN for k, _, _ in state.pending)  # no pair: no token
    assert state.leaders.used[0] & 1
    assert CARD["Scriptorium"] in state.players[0].buildings  # keeps its other benefits


def test_pythagoras_puts_a_card_under_him_and_plays_again() -> None:
    state = give(age_one(), 0, "pythagoras")
    move = next(m for m in G.legal_moves(state, 0) if type(m) is lcmd.PutUnderPythagoras)
    events, state = run(state, move)
    assert of_type(events, lev.CardPutUnder) and of_type(events, ev.PlayAgainGranted)
    assert G.acting_seats(state) == (0,) and state.players[0].buildings == ()
    assert not [m for m in G.legal_moves(state, 0) if type(m) is lcmd.PutUnderPythagoras]


def test_ptolemy_copies_an_own_green_symbol_in_age_two() -> None:
    state, _ = put(give(age_one(), 0, "ptolemy"), "Scriptorium")
    pharmacist = CARD["Pharmacist"]
    mortar = RULES.cards[pharmacist].science
    science = tuple(1 if i == mortar else 0 for i in range(7))
    state = with_player(state, 0, buildings=(pharmacist,), science=science, coins=30)
    assert not [m for m in G.legal_moves(state, 0) if type(m) is lcmd.ConstructWithLeader]
    state = replace(state, age=2)  # 'durant l'Âge II ou III'
    state, _slot = put(state, "School")
    moves = [m for m in G.legal_moves(state, 0) if type(m) is lcmd.ConstructWithLeader]
    assert [(m.leader, m.symbol) for m in moves] == [(L["ptolemy"], mortar)]
    _, state = run(state, moves[0])
    assert state.players[0].science[mortar] == 2
    assert state.pending[0][0] == OWE_TOKEN  # the pair earns a progress token


# -- immediate effects -------------------------------------------------------------------


def test_caesar_and_hannibal_move_the_pawn() -> None:
    _, state = recruit(("caesar", "plato"))
    assert state.pawn == 2
    _, state = recruit(("hannibal", "plato"))
    assert state.pawn == 1


def test_darius_and_diocletian_take_coins() -> None:
    _, state = recruit(("darius", "nero"), coins=10)
    assert state.players[1].coins == 10 + 2 - 2
    _, state = recruit(("diocletian", "nero"), coins=10)
    assert state.players[1].coins == 10 + 2 - 4


def test_croesus_builds_a_removed_card_once_the_structure_is_laid_out() -> None:
    d = deal(drafted=DRAFT)
    events, state = recruit(("croesus", "plato"), d=d)
    kinds = [type(e) for e in events]
    assert kinds.index(ev.AgeBegan) < kinds.index(lev.CardsOffered)
    assert set(state.leaders.offered) == set(d.removed[0])
    assert state.pending[0][0] == OWE_OFFER
    assert error(state, lcmd.DeclineLeaderOffer(seat=0)).code == "must_build"
    card = d.removed[0][0]
    events, state = run(state, lcmd.BuildOffered(seat=0, card=card))
    assert card in state.players[0].buildings and G.acting_seats(state) == (0,)


def solomon_recruited() -> DuelState:
    """Age I's recruitment: seat 0 recruits Solomon with the Theater in the discard pile."""
    state = at_recruitment(deal(drafted=DRAFT))
    state = with_leaders_state(state, hands=((L["solomon"],), (L["plato"],)))
    state = replace(state, discard=(CARD["Theater"],))
    _, state = run(state, lcmd.ChooseLeader(seat=0, leader=L["solomon"]),
                   lcmd.ChooseLeader(seat=1, leader=L["plato"]),
                   lcmd.DeclareRecruitment(seat=0, recruit=True),
                   lcmd.DeclareRecruitment(seat=1, recruit=False))
    return state


def test_solomon_builds_from_the_discard() -> None:
    state = solomon_recruited()
    assert state.pending[0][0] == OWE_DISCARD_BUILD
    _events, state = run(state, cmd.ConstructFromDiscard(seat=0, card=CARD["Theater"]))
    assert CARD["Theater"] in state.players[0].buildings and state.age == 1


def test_solomon_may_build_nothing_where_the_mausoleum_must() -> None:
    """Solomon: 'vous pouvez choisir une carte de la défausse' (the Mausoleum: must)."""
    state = solomon_recruited()
    assert lcmd.DeclineLeaderOffer(seat=0) in G.legal_moves(state, 0)
    _, declined = run(state, lcmd.DeclineLeaderOffer(seat=0))
    assert declined.players[0].buildings == () and declined.discard == (CARD["Theater"],)
    assert declined.age == 1 and not declined.pending  # the recruitment went on
    mausoleum = replace(age_one(), discard=(CARD["Theater"],),
                        pending=((OWE_DISCARD_BUILD, 0, 0),))
    assert lcmd.DeclineLeaderOffer(seat=0) not in G.legal_moves(mausoleum, 0)
    assert error(mausoleum, lcmd.DeclineLeaderOffer(seat=0)).code == "must_build"


def test_maecenas_recruits_one_of_two_set_aside_for_free() -> None:
    d = deal(drafted=DRAFT, aside=["cleopatra", "sappho"])
    events, state = recruit(("maecenas", "plato"), d=d)
    (drawn,) = of_type(events, lev.LeadersDrawn)
    assert drawn.leaders == (L["cleopatra"], L["sappho"]) and G.redact(drawn, 1).leaders == ()
    assert state.pending[0][0] == OWE_MAECENAS
    coins = state.players[0].coins
    _, state = run(state, lcmd.RecruitFree(seat=0, leader=L["cleopatra"]))
    x = state.leaders
    assert L["cleopatra"] in x.recruited[0] and state.players[0].coins == coins
    assert L["sappho"] not in x.aside and L["sappho"] not in x.hands[0]  # out of the game


def test_ramesses_offers_two_unused_guilds_at_age_three() -> None:
    from domain.duel_leaders.effects import next_layout_effect

    state = give(age_one(), 0, "ramesses")
    tx = Transaction(RULES, replace(state, age=3))
    assert next_layout_effect(tx)
    (offered,) = of_type(tx.events, lev.CardsOffered)
    assert offered.source == "ramesses" and len(offered.cards) == 2
    assert all(RULES.cards[c].colour == 6 for c in offered.cards)
    assert tx.state.pending[-1][:2] == (OWE_OFFER, 1)  # optional


# -- the two wonders ---------------------------------------------------------------------


def _build_wonder(state: DuelState, wonder: int) -> tuple[list[Any], DuelState]:
    state = with_player(state, 0, wonders=(wonder,), coins=40)
    move = next(m for m in G.legal_moves(state, 0)
                if type(m) is cmd.ConstructWonder and m.wonder == wonder)
    return run(state, move)


def test_rome_draws_two_leaders_into_the_hand_and_recruits_one_free() -> None:
    d = deal(drafted=DRAFT, aside=["zenobia", "sappho"])
    events, state = _build_wonder(age_one(d), WONDER["Rome"])
    (drawn,) = of_type(events, lev.LeadersDrawn)
    assert drawn.into_hand and drawn.leaders == (L["zenobia"], L["sappho"])
    assert state.pending[0][0] == OWE_ROME
    assert RULES.wonders[WONDER["Rome"]].vp == 2
    _, state = run(state, lcmd.RecruitFree(seat=0, leader=L["zenobia"]))
    assert L["zenobia"] in state.leaders.recruited[0]
    assert L["sappho"] in state.leaders.hands[0]
    assert G.acting_seats(state) == (1,)  # no replay


def test_rome_s_drawn_leaders_are_public_in_the_face_up_hand() -> None:
    """Rome adds its two leaders "à votre main de leaders", whose leaders lie face up ("Le
    seul moment où les leaders ne sont pas visibles est celui où les joueurs sont en train
    de décider quel leader jouer"): the opponent and spectators see them, in the view, in
    the event and in the state a seat's own events fold to."""
    d = deal(drafted=DRAFT, aside=["zenobia", "sappho"])
    before = age_one(d)
    events, state = _build_wonder(before, WONDER["Rome"])
    (drawn,) = of_type(events, lev.LeadersDrawn)
    for viewer in (1, None):
        assert G.redact(drawn, viewer).leaders == (L["zenobia"], L["sappho"])
        hand = G.view(state, viewer).leaders.seats[0].hand
        assert L["zenobia"] in hand and L["sappho"] in hand and -1 not in hand
    seen = with_leaders_state(before, aside=())  # a seat's fold knows no set-aside order
    folded = G.evolve(seen, G.redact(drawn, 1))
    assert folded.leaders.hands[0][-2:] == (L["zenobia"], L["sappho"])


def test_abu_simbel_buries_a_leader_for_twice_its_cost() -> None:
    from domain.duel_leaders.effects import leaders_score

    state = give(age_one(), 0, "cleopatra")
    _events, state = _build_wonder(state, WONDER["Abu Simbel"])
    assert state.pending[0][0] == OWE_BURY
    _, state = run(state, lcmd.BuryLeader(seat=0, leader=L["cleopatra"]))
    assert leaders_score(RULES, state, 0) == 2 * LEADERS[L["cleopatra"]].cost
    assert G.acting_seats(state) == (0,)  # play again


def test_pythagoras_plays_again_in_a_turn_that_is_already_a_replay() -> None:
    """duel-leaders-rules-fr: Pythagoras' play-again is « similaire à la capacité "Le joueur
    rejoue immédiatement un tour" », which sets no limit: after a wonder's replay, putting
    a card under him gives one more turn, as wonders' replays chain."""
    state = with_player(give(age_one(), 0, "pythagoras"), 0, coins=60)
    again = [w for w in state.players[0].wonders
             if any(name == "play_again" for name, _ in RULES.wonders[w].on_build)]
    wonder = next(m for m in G.legal_moves(state, 0)
                  if type(m) is cmd.ConstructWonder and m.wonder in again)
    events, state = run(state, wonder)
    assert of_type(events, ev.PlayAgainGranted) and G.acting_seats(state) == (0,)
    move = next(m for m in G.legal_moves(state, 0) if type(m) is lcmd.PutUnderPythagoras)
    events, state = run(state, move)
    assert of_type(events, ev.PlayAgainGranted)
    assert of_type(events, ev.TurnBegan)[-1].seat == 0 and G.acting_seats(state) == (0,)
