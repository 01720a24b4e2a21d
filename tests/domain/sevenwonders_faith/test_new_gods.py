"""The gods built after the first ones, by name, as the rulebook's "Panthéon" sections give
them: Chronos (a Wonder card marks a stage), Osiris (a card of the discard pile), Ouranos
(every hand dealt again), Horus (a look at the previous player's hand), Anubis (a hand kept
for a second card), Bastet (a card swapped), Seth (an opponent's god cancelled)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders.events import Event, StepResolved
from domain.sevenwonders.state import SWState
from domain.sevenwonders_faith.invoke import redeal
from domain.sevenwonders_faith.model import (
    ANSWER,
    CHRONOS_TUCK,
    OSIRIS,
    Answer,
    CardsSwapped,
    DiscardRaised,
    GodRevealed,
    GodsShown,
    HandKept,
    HandPeeked,
    HandsRedealt,
    Peek,
    PlayWithGod,
    RaiseBegan,
    RaiseDiscarded,
    SethAnswered,
)
from tests.domain.sevenwonders.support import card, give, play
from tests.domain.sevenwonders_faith.support import G, ext, god, turn, with_god, with_gods
from tests.domain.sevenwonders_faith.test_gods import at


# -- Chronos --------------------------------------------------------------------------------
def test_chronos_marks_the_next_stage_with_a_wonder_card() -> None:
    """"le joueur reçoit une carte Merveille ... et l'utilise pour la construction de l'étage
    qu'il vise": the stage's resources paid (his cost), the age card played besides."""
    st = at(1, ["chronos"])
    st = give(st, 0, ["Stone Pit", "Clay Pool"])  # Gizah A I: 2 stone
    _, st = turn(st, with_god(0, "Lumber Yard", "build", "chronos"))
    c = st.cities[0]
    assert c.stages == 1 and c.tucked == (CHRONOS_TUCK,)
    assert card("Lumber Yard") in c.built
    assert ext(st).active[0] == ((god("chronos"), 1),)
    assert G.view(st, 1).cities[0].tucked == (-1,)


def test_chronos_not_with_a_stage_card_nor_before_the_card() -> None:
    st = at(1, ["chronos"])
    st = give(st, 0, ["Stone Pit", "Stone Pit", "Clay Pool"])
    moves = [m for m in G.legal_moves(st, 0) if getattr(m, "god", -1) == god("chronos")]
    assert moves and all(m.action != "stage" or m.use == "discard" for m in moves)
    assert not any(m.god_first for m in moves)
    with pytest.raises(DomainError) as info:
        G.step(st, with_god(0, "Lumber Yard", "stage", "chronos"))
    assert info.value.code == "god_not_with_stage"
    with pytest.raises(DomainError) as info:
        G.step(st, with_god(0, "Lumber Yard", "build", "chronos", god_first=True))
    assert info.value.code == "god_after_card"


def test_chronos_needs_a_stage_left() -> None:
    st = at(1, ["chronos"])
    st = give(st, 0, ["Stone Pit", "Stone Pit", "Clay Pool"], stages=3)
    with pytest.raises(DomainError) as info:
        G.step(st, with_god(0, "Lumber Yard", "build", "chronos"))
    assert info.value.code == "cannot_invoke"


# -- Osiris ---------------------------------------------------------------------------------
def _osiris(coins: int = 3) -> SWState:
    st = at(1, ["osiris"], coins=coins)
    return replace(st, discard=(card("Altar"), card("Baths"), card("Lumber Yard")))


def test_osiris_builds_a_card_of_the_discard_pile_for_free() -> None:
    st = _osiris()
    events, st = turn(st, with_god(0, "Lumber Yard", "build", "osiris"))
    assert any(isinstance(e, RaiseBegan) for e in events)
    assert st.phase == OSIRIS and G.acting_seats(st) == (0,)
    assert G.view(st, 0).ext.osiris_discard == st.discard
    assert G.view(st, 1).ext.osiris_discard == ()
    moves = G.legal_moves(st, 0)
    assert RaiseDiscarded(seat=0, card=card("Altar"), use="build") in moves
    assert RaiseDiscarded(seat=0, card=card("Lumber Yard"), use="build") not in moves  # built
    coins = st.cities[0].coins
    events, st = G.step(st, RaiseDiscarded(seat=0, card=card("Altar"), use="build"))
    assert isinstance(events[0], StepResolved) and events[0].actions[0].kind == "from_discard"
    assert card("Altar") in st.cities[0].built and card("Altar") not in st.discard
    assert st.cities[0].coins == coins and st.turn == 2 and st.phase != OSIRIS


def test_osiris_or_the_card_discarded_again_for_three_coins() -> None:
    st = _osiris()
    _, st = turn(st, with_god(0, "Lumber Yard", "build", "osiris"))
    coins = st.cities[0].coins
    events, st = G.step(st, RaiseDiscarded(seat=0, card=card("Baths"), use="discard"))
    raised = next(e for e in events if isinstance(e, DiscardRaised))
    assert raised.gained == 3 and st.cities[0].coins == coins + 3
    assert card("Baths") in st.discard
    assert G.redact(raised, 1).card == -1 and G.redact(raised, 0).card == card("Baths")


def test_osiris_refuses_a_card_not_in_the_pile_or_already_built() -> None:
    st = _osiris()
    _, st = turn(st, with_god(0, "Lumber Yard", "build", "osiris"))
    with pytest.raises(DomainError) as info:
        G.step(st, RaiseDiscarded(seat=0, card=card("Theater"), use="build"))
    assert info.value.code == "not_in_discard"
    with pytest.raises(DomainError) as info:
        G.step(st, RaiseDiscarded(seat=0, card=card("Lumber Yard"), use="build"))
    assert info.value.code == "already_built"


def test_osiris_lapses_on_an_empty_pile() -> None:
    st = replace(at(1, ["osiris"]), discard=())
    events = []
    for command in (with_god(0, "Lumber Yard", "build", "osiris"), play(1, "Clay Pool"),
                    play(2, "Ore Vein")):
        new, st = G.step(st, command)
        events += new
    assert st.discard == ()
    raised = next(e for e in events if isinstance(e, DiscardRaised))
    assert raised.use == "lapsed" and st.turn == 2 and ext(st).raising == ()


# -- Ouranos --------------------------------------------------------------------------------
def test_ouranos_gathers_shuffles_and_deals_every_hand_again() -> None:
    """"tous les joueurs donnent leurs cartes Âge au joueur ayant invoqué Ouranos. Ce dernier
    mélange les cartes et les redistribue": after the step, before the hands pass."""
    st = at(1, ["ouranos"])
    st = give(st, 0, ["Stone Pit", "Clay Pool"])  # 2 resources of any kind
    before = sorted(x for h in st.hands for x in h)
    events, _ = turn(st, with_god(0, "Lumber Yard", "build", "ouranos"))
    redealt = next(e for e in events if isinstance(e, HandsRedealt))
    assert [type(e).__name__ for e in events].index("HandsRedealt") < [
        type(e).__name__ for e in events].index("HandsPassed")
    left = sorted(before)
    for c in (card("Lumber Yard"), card("Clay Pool"), card("Ore Vein")):
        left.remove(c)
    assert sorted(x for h in redealt.hands for x in h) == left
    assert [len(h) for h in redealt.hands] == [2, 2, 2]
    order = st.deal.reshuffles[0]  # type: ignore[union-attr]  # Faith's deal type is made at run time
    assert sorted(order) == list(range(49))
    hidden = G.redact(redealt, 1)
    assert hidden.hands[1] == redealt.hands[1] and hidden.hands[0] == (-1, -1)


def test_ouranos_redeal_follows_the_deal_order() -> None:
    st = at(1, ["ouranos"])
    st = replace(st, hands=((1, 2), (3, 4), (5, 6)))
    assert st.deal is not None
    reverse = replace(st, deal=replace(st.deal, reshuffles=()))
    assert redeal(reverse) == ((6, 5), (4, 3), (2, 1))
    ident = replace(st, deal=replace(st.deal, reshuffles=(tuple(range(49)),) * 3))
    assert redeal(ident) == ((1, 2), (3, 4), (5, 6))


def test_an_explicit_deal_with_a_bad_reshuffle_is_refused() -> None:
    import random

    from tests.domain.sevenwonders_faith.support import explicit_deal

    deal = explicit_deal([("gizah", "A"), ("babylon", "A"), ("olympia", "A")])
    with pytest.raises(DomainError) as info:
        G.start(3, {}, random.Random(1), replace(deal, reshuffles=((0,) * 49,) * 3))
    assert info.value.code == "invalid_deal"


# -- Horus ----------------------------------------------------------------------------------
def _horus() -> SWState:
    st = at(1, ["horus"])
    _, st = turn(st, with_god(0, "Lumber Yard", "build", "horus"))
    return st


def test_horus_looks_at_the_previous_players_hand_after_it_chose() -> None:
    """"Le joueur épié doit d'abord choisir sa carte, le joueur ayant posé Horus peut alors
    observer cette main adverse": Age I, the hand that comes from the right neighbour."""
    st = _horus()
    assert ext(st).horus == (2, 0, 0) and st.turn == 2
    assert Peek(seat=0) not in G.legal_moves(st, 0)  # the right neighbour has not chosen
    with pytest.raises(DomainError) as info:
        G.step(st, Peek(seat=0))
    assert info.value.code == "no_look"
    spied_card = st.hands[1][0]
    _, st = G.step(st, play(1, spied_card, "discard"))
    assert Peek(seat=0) in G.legal_moves(st, 0)
    events, st = G.step(st, Peek(seat=0))
    seen = events[0]
    assert isinstance(seen, HandPeeked) and seen.city == 1
    assert sorted(seen.cards) == sorted(x for x in st.hands[1] if x != spied_card)
    assert G.view(st, 0).ext.looked_at == seen.cards and G.view(st, 2).ext.looked_at == ()
    assert G.redact(seen, 2).cards == (-1,) * len(seen.cards)
    assert Peek(seat=0) not in G.legal_moves(st, 0)  # once a step
    assert ext(st).horus == (1, 0, 0)


def test_horus_two_looks_an_age_and_the_marker_coins_left_are_kept() -> None:
    st = _horus()
    for _ in range(2):
        _, st = G.step(st, play(1, st.hands[1][0], "discard"))
        _, st = G.step(st, Peek(seat=0))
        _, st = turn(st)
    assert ext(st).horus == (0, 0, 0)
    looks_left = replace(_horus(), turn=5)  # the age's last two steps (hands of 2)
    unused = replace(looks_left, ext2=replace(ext(looks_left), horus=(0, 0, 0)))
    for _ in range(2):
        _, looks_left = turn(looks_left)
        _, unused = turn(unused)
    assert looks_left.age == 2
    assert looks_left.cities[0].coins == unused.cities[0].coins + 2
    assert ext(looks_left).horus == ()


# -- Anubis ---------------------------------------------------------------------------------
def test_anubis_keeps_the_hand_for_a_second_card_and_the_neighbours_pass_around() -> None:
    """"construire 2 cartes en 2 tours provenant de la même main. Entre les 2 tours ... les
    voisins directs du joueur ayant posé Anubis se transmettent le jeu comme si ce joueur
    n'existait pas": Age I passes left (each city receives its right neighbour's hand)."""
    st = at(1, ["anubis"])
    own, right, left = st.hands
    events, st = turn(st, with_god(0, "Lumber Yard", "build", "anubis"))
    kept = next(e for e in events if isinstance(e, HandKept))
    assert kept.city == 0 and ext(st).anubis == -1
    assert st.hands[0] == tuple(x for x in own if x != card("Lumber Yard"))
    # City 2 receives what would have gone to city 0 (city 1's hand); city 1 gets city 2's.
    assert st.hands[2] == right[1:] and st.hands[1] == left[1:]
    assert G.redact(kept, 1).hands[0] == (-1, -1) and G.redact(kept, 1).hands[1] == st.hands[1]


def test_anubis_on_the_last_turn_lapses() -> None:
    st = replace(at(1, ["anubis"]), turn=6)
    events, st = turn(st, with_god(0, "Lumber Yard", "build", "anubis"))
    kept = next(e for e in events if isinstance(e, HandKept))
    assert ext(st).anubis == -1 and kept.city == 0


def test_horus_look_listed_beside_a_second_god_of_the_age() -> None:
    """With one more god this age (Wonderwoman's marker, Ithaque), the city may look with
    Horus and still invoke: both kinds of move are listed."""
    st = _horus()
    st = with_gods(st, 0, ["apollon"])
    _, st = G.step(st, play(1, st.hands[1][0], "discard"))
    moves = G.legal_moves(st, 0)
    assert Peek(seat=0) in moves
    assert any(getattr(m, "god", -1) == god("apollon") for m in moves)


# -- Bastet ---------------------------------------------------------------------------------
def test_bastet_swaps_cards_of_as_many_resources() -> None:
    """"Le nombre de ressources des deux cartes échangées doit être identique ... On ne peut
    pas échanger de cartes dont le coût comporte des pièces": the receiving city gets the
    card's production, the giver loses it."""
    st = at(1, ["bastet"])
    st = give(st, 0, ["Stockade"])  # 1 wood, 1 shield
    st = give(st, 1, ["Apothecary", "Clay Pool"])  # 1 loom (science); Clay Pool: no resource
    targets = (1, card("Apothecary"), card("Stockade"))
    moves = G.legal_moves(st, 0)
    assert any(getattr(m, "targets", ()) == targets for m in moves)
    assert not any(getattr(m, "targets", ()) == (1, card("Clay Pool"), card("Stockade"))
                   for m in moves)  # a free card against a 1-resource card
    shields = st.cities[0].shields
    events, st = turn(st, with_god(0, "Lumber Yard", "build", "bastet", targets=targets))
    swapped = next(e for e in events if isinstance(e, CardsSwapped))
    assert (swapped.city, swapped.other, swapped.given, swapped.taken) == (
        0, 1, card("Stockade"), card("Apothecary"))
    a, b = st.cities[0], st.cities[1]
    assert card("Apothecary") in a.built and card("Stockade") not in a.built
    assert card("Stockade") in b.built and a.shields == shields - 1 and b.shields == 1
    assert sum(a.science) == 1 and sum(b.science) == 0


def test_bastet_refuses_a_swap_of_unequal_cost_and_may_swap_nothing() -> None:
    st = at(1, ["bastet"])
    st = give(st, 0, ["Stockade"])
    st = give(st, 1, ["Clay Pool"])
    with pytest.raises(DomainError) as info:
        G.step(st, with_god(0, "Lumber Yard", "build", "bastet",
                            targets=(1, card("Clay Pool"), card("Stockade"))))
    assert info.value.code == "bad_targets"
    events, st = turn(st, with_god(0, "Lumber Yard", "build", "bastet"))
    assert not any(isinstance(e, CardsSwapped) for e in events)


def test_bastet_keeps_the_gods_resources_when_rebuilding_a_city() -> None:
    from domain.sevenwonders_faith.bastet import exchange

    st = at(1)
    city = give(st, 0, ["Stockade", "Lumber Yard"]).cities[0]
    city = replace(city, own_masks=(*city.own_masks, 1 << 5), abilities=frozenset({"x"}))
    after = exchange(city, card("Stockade"), card("Apothecary"), G.rules.cards,
                     G.rules.wonders)
    assert after.own_masks.count(1 << 5) == 1 and "x" in after.abilities
    assert after.fixed == city.fixed and after.shields == city.shields - 1


def test_chronos_on_halicarnassus_builds_from_the_discard_pile() -> None:
    """The stage Chronos marks has its abilities: Halicarnassus B's first stage builds a card
    of the discard pile at once (2 ore paid through Chronos' cost)."""
    from domain.sevenwonders.state import DISCARD_BUILD
    from tests.domain.sevenwonders_faith.support import prayed

    st = prayed([("halikarnassus", "B"), ("babylon", "A"), ("olympia", "A")])
    st = with_gods(st, 0, ["chronos"])
    st = give(st, 0, ["Ore Vein", "Ore Vein"], coins=5)
    st = replace(st, discard=(card("Altar"),))
    _, st = turn(st, PlayWithGod(seat=0, card=st.hands[0][0], action="discard",
                                 god=god("chronos")))
    assert st.cities[0].stages == 1 and st.cities[0].tucked == (CHRONOS_TUCK,)
    assert st.phase == DISCARD_BUILD and G.acting_seats(st) == (0,)


# -- Seth -----------------------------------------------------------------------------------
def _seth_step() -> tuple[list[Event], SWState]:
    """City 1 holds Seth; city 0 invokes Apollon with its card; every card is chosen."""
    st = at(1, ["apollon"], ["seth"])
    st = give(st, 1, coins=5)
    events: list[Event] = []
    for command in (with_god(0, "Lumber Yard", "build", "apollon"), play(1, "Clay Pool"),
                    play(2, "Ore Vein")):
        new, st = G.step(st, command)
        events += new
    return events, st


def test_seth_answers_a_god_just_revealed_and_cancels_it() -> None:
    """"L'adversaire doit alors se défausser de ce Dieu sans bénéficier de son pouvoir mais
    sans toutefois payer son coût d'invocation. Il ne pourra pas jouer de carte Dieu à cet
    Âge"."""
    events, st = _seth_step()
    shown = next(e for e in events if isinstance(e, GodsShown))
    assert shown.city == 1 and shown.gods == (god("apollon"), -1, -1)
    assert st.phase == ANSWER and G.acting_seats(st) == (1,)
    assert set(G.legal_moves(st, 1)) == {Answer(seat=1), Answer(seat=1, target=0)}
    # the god shown is in every audience's view while Seth's holder answers
    for seat in (0, 1, 2, None):
        assert G.view(st, seat).ext.shown_gods == shown.gods
    coins0 = st.cities[0].coins
    events, st = G.step(st, Answer(seat=1, target=0))
    answered = next(e for e in events if isinstance(e, SethAnswered))
    assert answered.god == god("apollon") and answered.bank == 2  # Seth, Age I: 2 coins
    assert not any(isinstance(e, GodRevealed) for e in events)
    assert st.cities[0].coins == coins0  # Apollon neither paid nor paying
    assert st.cities[1].coins == 5 - 2
    assert ext(st).allow[0] == 0 and ext(st).kept[0] == ()
    assert ext(st).active[1] == ((god("seth"), 1),) and st.turn == 2


def test_seth_may_let_the_god_be() -> None:
    _, st = _seth_step()
    events, st = G.step(st, Answer(seat=1))
    assert any(isinstance(e, GodRevealed) for e in events)
    assert ext(st).kept[1] == (god("seth"),) and st.cities[1].coins == 5


def test_seth_is_not_invoked_with_a_card() -> None:
    st = at(1, ["seth"])
    assert not any(getattr(m, "god", -1) == god("seth") and m.use == "invoke"
                   for m in G.legal_moves(st, 0))
    with pytest.raises(DomainError) as info:
        G.step(st, with_god(0, "Lumber Yard", "build", "seth"))
    assert info.value.code == "seth_answers"


def test_seth_holder_that_sells_a_god_cannot_answer_in_that_step() -> None:
    """faith-rules-fr.txt, selling a god: « Les 2 cartes Dieux restantes sont alors
    immédiatement défaussées »: selling is the city's god for the age, so even with a second
    god allowed (Wonderwoman's marker) its Seth goes with the others and cannot answer."""
    st = at(1, ["apollon"], ["hera", "seth"])
    st = with_gods(give(st, 1, coins=5), 1, ["hera", "seth"], allow=2)
    for command in (with_god(0, "Lumber Yard", "build", "apollon"),
                    with_god(1, "Clay Pool", "build", "hera", use="discard"),
                    play(2, "Ore Vein")):
        _, st = G.step(st, command)
    assert st.phase != ANSWER and st.turn == 2
    assert ext(st).kept[1] == () and ext(st).allow[1] == 0
    assert ext(st).active[0] == ((god("apollon"), 1),)


def test_seth_without_coins_does_not_answer() -> None:
    st = at(1, ["apollon"], ["seth"], coins=0)
    st = give(st, 0, coins=3)
    for command in (with_god(0, "Lumber Yard", "build", "apollon"), play(1, "Clay Pool"),
                    play(2, "Ore Vein")):
        _, st = G.step(st, command)
    assert st.phase != ANSWER and st.turn == 2
