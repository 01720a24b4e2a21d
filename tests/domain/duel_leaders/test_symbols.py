"""Euclid and Ptolemy on every way a card enters a city, and a changed symbol following its
card (duel-leaders-rules-fr, "Euclide": "si vous obtenez une carte vous offrant une paire
de symboles scientifiques"; "Ptolémée": "lorsque vous construisez une carte verte").

A plain construction offers them as commands of their own (`ConstructWithLeader`); any
other way (the Mausoleum, Solomon, Croesus, Agora's Property Fraud, Treason and Coercion)
owes the choice (`change_symbol`, or `change_taken_symbol` for a card obtained without
being constructed: Euclid only) before the card's symbol counts."""

from __future__ import annotations

import random
from typing import Any

from msgspec.structs import replace

from domain.duel import commands as cmd
from domain.duel import events as ev
from domain.duel.catalog_types import BROWN
from domain.duel.state import OWE_DESTROY, OWE_DISCARD_BUILD, OWE_TOKEN, PLAY, DuelState
from domain.duel_agora import commands as acmd
from domain.duel_agora.owing import OWE_COERCE, OWE_FRAUD, OWE_TREASON
from domain.duel_leaders import commands as lcmd
from domain.duel_leaders import events as lev
from domain.duel_leaders.effects import OWE_OFFER, OWE_SYMBOL, OWE_TAKEN_SYMBOL
from domain.duel_leaders.owed import LAW
from domain.kernel import get_game
from tests.domain.duel_leaders.support import (
    CARD,
    RULES,
    G,
    L,
    at_recruitment,
    deal,
    of_type,
    run,
    with_leaders_state,
)
from tests.domain.duel_leaders.test_leaders import DRAFT, age_one, give, with_player

SCRIPTORIUM, LIBRARY = CARD["Scriptorium"], CARD["Library"]  # both the quill
PHARMACIST, SCHOOL = CARD["Pharmacist"], CARD["School"]
QUILL = RULES.cards[SCRIPTORIUM].science
MORTAR = RULES.cards[PHARMACIST].science


def holding(state: DuelState, seat: int, *cards: int, coins: int = 30) -> DuelState:
    """`seat`'s city holds exactly these cards, its science counted from them."""
    science = [0] * 7
    for c in cards:
        science[RULES.cards[c].science] += 1
    return with_player(state, seat, buildings=cards, science=tuple(science), coins=coins)


def euclid_with_a_quill(state: DuelState) -> DuelState:
    return holding(give(state, 0, "euclid"), 0, SCRIPTORIUM)


def choose_law(state: DuelState, card: int, kind: int = OWE_SYMBOL) -> tuple[list[Any], DuelState]:
    assert state.pending[0] == (kind, card, 0)
    moves = G.legal_moves(state, 0)
    assert moves == [lcmd.ChangeSymbol(seat=0, card=card, leader=L["euclid"], symbol=LAW),
                     lcmd.DeclineLeaderOffer(seat=0)]
    return run(state, moves[0])


def assert_law(state: DuelState, card: int) -> None:
    p = state.players[0]
    assert card in p.buildings
    assert p.science[LAW] == 1 and p.science[QUILL] == 1  # no pair: no progress token
    assert not any(k == OWE_TOKEN for k, _, _ in state.pending)
    assert state.leaders.used[0] & 1 and (card, LAW) in state.leaders.symbols


def test_euclid_on_a_card_built_through_the_mausoleum() -> None:
    state = replace(euclid_with_a_quill(age_one()), discard=(LIBRARY,),
                    pending=((OWE_DISCARD_BUILD, 0, 0),))
    events, state = run(state, cmd.ConstructFromDiscard(seat=0, card=LIBRARY))
    assert [e.action for e in of_type(events, ev.ActionOwed)] == [OWE_SYMBOL]
    events, state = choose_law(state, LIBRARY)
    assert of_type(events, lev.SymbolChanged)[0].owed
    assert_law(state, LIBRARY)
    assert G.acting_seats(state) == (1,)  # the turn went on


def test_euclid_declined_on_the_mausoleum_keeps_the_pair() -> None:
    state = replace(euclid_with_a_quill(age_one()), discard=(LIBRARY,),
                    pending=((OWE_DISCARD_BUILD, 0, 0),))
    _, state = run(state, cmd.ConstructFromDiscard(seat=0, card=LIBRARY),
                   lcmd.DeclineLeaderOffer(seat=0))
    assert state.players[0].science[QUILL] == 2 and state.pending[0][0] == OWE_TOKEN
    assert not state.leaders.used[0] & 1  # still to use


def test_euclid_on_a_card_built_through_solomon() -> None:
    state = at_recruitment(deal(drafted=DRAFT))
    state = euclid_with_a_quill(state)
    state = with_leaders_state(state, hands=((L["solomon"],), (L["plato"],)))
    state = replace(state, discard=(LIBRARY,))
    _, state = run(state, lcmd.ChooseLeader(seat=0, leader=L["solomon"]),
                   lcmd.ChooseLeader(seat=1, leader=L["plato"]),
                   lcmd.DeclareRecruitment(seat=0, recruit=True),
                   lcmd.DeclareRecruitment(seat=1, recruit=False),
                   cmd.ConstructFromDiscard(seat=0, card=LIBRARY))
    _, state = choose_law(state, LIBRARY)
    assert_law(state, LIBRARY)
    assert state.age == 1 and state.phase == PLAY  # the recruitment went on to Age I


def test_euclid_on_a_card_built_through_croesus() -> None:
    d = deal(drafted=DRAFT)
    age1, removed = list(d.ages[0]), list(d.removed[0])
    if SCRIPTORIUM in age1:  # among the Age's 3 removed cards, Croesus' choice
        age1[age1.index(SCRIPTORIUM)], removed[0] = removed[0], SCRIPTORIUM
    d = replace(d, ages=(tuple(age1), *d.ages[1:]), removed=(tuple(removed), *d.removed[1:]))
    state = holding(give(at_recruitment(d), 0, "euclid"), 0, LIBRARY)  # the quill once
    state = with_leaders_state(state, hands=((L["croesus"],), (L["plato"],)))
    _, state = run(state, lcmd.ChooseLeader(seat=0, leader=L["croesus"]),
                   lcmd.ChooseLeader(seat=1, leader=L["plato"]),
                   lcmd.DeclareRecruitment(seat=0, recruit=True),
                   lcmd.DeclareRecruitment(seat=1, recruit=False))
    assert state.pending[0][0] == OWE_OFFER
    _, state = run(state, lcmd.BuildOffered(seat=0, card=SCRIPTORIUM))
    _, state = choose_law(state, SCRIPTORIUM)
    assert_law(state, SCRIPTORIUM)


def test_ptolemy_on_a_card_built_through_the_mausoleum_in_age_two() -> None:
    state = holding(give(age_one(), 0, "ptolemy"), 0, PHARMACIST)
    state = replace(state, discard=(SCHOOL,), pending=((OWE_DISCARD_BUILD, 0, 0),))
    _, at_one = run(state, cmd.ConstructFromDiscard(seat=0, card=SCHOOL))
    assert not at_one.pending  # Age I: 'durant l'Âge II ou III'
    state = replace(state, age=2)
    _, state = run(state, cmd.ConstructFromDiscard(seat=0, card=SCHOOL))
    assert state.pending[0] == (OWE_SYMBOL, SCHOOL, 0)
    move = lcmd.ChangeSymbol(seat=0, card=SCHOOL, leader=L["ptolemy"], symbol=MORTAR)
    assert G.legal_moves(state, 0) == [move, lcmd.DeclineLeaderOffer(seat=0)]
    _, state = run(state, move)
    assert state.players[0].science[MORTAR] == 2 and state.pending[0][0] == OWE_TOKEN


def test_a_plain_construction_owes_no_choice() -> None:
    """Building from the structure, the choice is the command itself (ConstructWithLeader):
    a plain ConstructBuilding keeps the printed symbol and owes nothing."""
    state = euclid_with_a_quill(age_one())
    slot = RULES.layouts[0].accessible_slots(state.taken)[0]
    state = replace(state, slots=tuple(LIBRARY if i == slot else c
                                       for i, c in enumerate(state.slots)))
    _, state = run(state, cmd.ConstructBuilding(seat=0, slot=slot))
    assert [k for k, _, _ in state.pending] == [OWE_TOKEN]


def test_a_changed_symbol_stays_when_the_city_loses_a_card() -> None:
    """Zeus/Circus Maximus destroying a brown card recounts its victim's science: Euclid's
    Law stays (his change is the card's, "La carte en question ... octroie un symbole Loi")."""
    state = replace(euclid_with_a_quill(age_one()), discard=(LIBRARY,),
                    pending=((OWE_DISCARD_BUILD, 0, 0),))
    _, state = run(state, cmd.ConstructFromDiscard(seat=0, card=LIBRARY))
    _, state = choose_law(state, LIBRARY)
    brown = next(c.id for c in RULES.cards if c.colour == BROWN and c.age == 1)
    p = state.players[0]
    state = with_player(state, 0, buildings=(*p.buildings, brown))
    state = replace(state, pending=((OWE_DESTROY, BROWN, 1),))
    _, state = run(state, cmd.DestroyCard(seat=1, card=brown))
    assert state.players[0].science[LAW] == 1 and state.players[0].science[QUILL] == 1


# -- with Agora --------------------------------------------------------------------------

AG: Any = get_game("duel", ("agora", "leaders"))
AG_CARD = {c.name: c.id for c in AG.rules.cards}


def agora_age_one() -> DuelState:
    """An Agora + Leaders game at Age I's first turn (first moves everywhere)."""
    state: DuelState = AG.initial_state()
    for e in AG.start(2, {}, random.Random(5)):
        state = AG.evolve(state, e)
    while not (state.phase == PLAY and state.age == 1 and not state.pending):
        seat = AG.acting_seats(state)[0]
        _, state = AG.step(state, AG.legal_moves(state, seat)[0])
    return state


def agora_run(state: DuelState, *commands: Any) -> tuple[list[Any], DuelState]:
    return run(state, *commands, game=AG)


def test_euclid_on_cards_from_property_fraud_and_treason() -> None:
    """Property Fraud (a card of the structure's last row) and Treason (a removed card) are
    constructions: Euclid is offered on them."""
    base = euclid_with_a_quill(agora_age_one())
    base = replace(base, current=0)
    # Treason: a removed card built for free
    d = base.deal
    assert d is not None
    d = replace(d, removed=((AG_CARD["Library"], *d.removed[0][1:]), *d.removed[1:]))
    state = replace(base, deal=d, pending=((OWE_TREASON, 0, 0),))
    _, state = agora_run(state, acmd.BuildRemovedCard(seat=0, card=LIBRARY))
    assert state.pending[0] == (OWE_SYMBOL, LIBRARY, 0)
    _, state = agora_run(state, AG.legal_moves(state, 0)[0])
    assert_law(state, LIBRARY)
    # Property Fraud: a card of the last row built for free
    fraud = next(m for m in AG.legal_moves(replace(base, pending=((OWE_FRAUD, 0, 0),)), 0)
                 if type(m) is acmd.BuildFromLastRow)
    slots = tuple(LIBRARY if i == fraud.slot else c for i, c in enumerate(base.slots))
    state = replace(base, slots=slots, pending=((OWE_FRAUD, 0, 0),))
    _, state = agora_run(state, fraud)
    assert state.pending[0] == (OWE_SYMBOL, LIBRARY, 0)
    _, state = agora_run(state, AG.legal_moves(state, 0)[0])
    assert_law(state, LIBRARY)


def test_euclid_on_a_card_taken_through_coercion_and_not_ptolemy() -> None:
    """Coercion: the card taken is obtained, not constructed: Euclid may act
    ('change_taken_symbol'), Ptolemy may not."""
    state = give(give(agora_age_one(), 0, "euclid"), 0, "ptolemy")
    workshop = CARD["Workshop"]
    state = replace(holding(holding(state, 0, SCRIPTORIUM, PHARMACIST, workshop), 1, LIBRARY),
                    age=2, pending=((OWE_COERCE, 0, 0),))
    _, state = agora_run(state, acmd.ExchangeCards(seat=0, take=LIBRARY, give=workshop))
    assert state.pending[0] == (OWE_TAKEN_SYMBOL, LIBRARY, 0)
    assert AG.legal_moves(state, 0) == [
        lcmd.ChangeSymbol(seat=0, card=LIBRARY, leader=L["euclid"], symbol=LAW),
        lcmd.DeclineLeaderOffer(seat=0)]
    _, state = agora_run(state, AG.legal_moves(state, 0)[0])
    p = state.players[0]
    assert p.science[LAW] == 1 and p.science[QUILL] == 1 and p.science[MORTAR] == 1
    assert state.players[1].science[RULES.cards[workshop].science] == 1


def test_a_changed_symbol_follows_its_card_through_coercion() -> None:
    """Rule choice (traces-duel.md, Leaders 18): Euclid's Law and Ptolemy's copy are the
    card's ("La carte ... octroie un symbole Loi", "le symbole scientifique de cette carte
    devienne une copie"), so a card Coercion moves keeps its changed symbol in its new
    city, and the city it left no longer counts it."""
    state = give(agora_age_one(), 0, "euclid")
    state = replace(holding(holding(state, 0, SCRIPTORIUM), 1, SCHOOL), discard=(LIBRARY,),
                    pending=((OWE_DISCARD_BUILD, 0, 0),))
    _, state = agora_run(state, cmd.ConstructFromDiscard(seat=0, card=LIBRARY))
    _, state = agora_run(state, AG.legal_moves(state, 0)[0])  # Library gives Law
    assert (LIBRARY, LAW) in state.leaders.symbols
    state = replace(state, current=1, pending=((OWE_COERCE, 0, 1),))
    _, state = agora_run(state, acmd.ExchangeCards(seat=1, take=LIBRARY, give=SCHOOL))
    theirs, mine = state.players[1].science, state.players[0].science
    assert LIBRARY in state.players[1].buildings
    assert theirs[LAW] == 1 and theirs[QUILL] == 0  # Law followed the Library
    assert mine[LAW] == 0 and mine[QUILL] == 1 and mine[RULES.cards[SCHOOL].science] == 1
    view = AG.view(state, None).leaders
    assert view.seats[1].changed_symbols == ((LIBRARY, LAW),)
    assert view.seats[0].changed_symbols == ()


def test_coercion_pairs_take_the_last_token_in_the_order_they_are_owed() -> None:
    """Agora rule choice 16 with Euclid: Coercion completes a pair in both cities with one
    progress token left; Euclid's owner decides on the card taken first, so the opponent's
    pair, owed meanwhile, takes the token and the declined Euclid's pair earns nothing."""
    state = give(agora_age_one(), 0, "euclid")
    workshop, laboratory = CARD["Workshop"], CARD["Laboratory"]  # both the same symbol
    state = holding(holding(state, 0, SCRIPTORIUM, workshop), 1, LIBRARY, laboratory)
    state = replace(state, pending=((OWE_COERCE, 0, 0),), board_tokens=state.board_tokens[:1])
    _, state = agora_run(state, acmd.ExchangeCards(seat=0, take=LIBRARY, give=workshop))
    assert state.pending == ((OWE_TAKEN_SYMBOL, LIBRARY, 0), (OWE_TOKEN, 0, 1))
    _, state = agora_run(state, lcmd.DeclineLeaderOffer(seat=0))  # the Library stays a quill
    assert [(kind, seat) for kind, _, seat in state.pending] == [(OWE_TOKEN, 1), (OWE_TOKEN, 0)]
    (last,) = state.board_tokens
    _, state = agora_run(state, cmd.ChooseProgressToken(seat=1, token=last))
    assert AG.legal_moves(state, 0) == [acmd.Decline(seat=0)]
    _, state = agora_run(state, acmd.Decline(seat=0))
    assert not state.pending and state.players[0].tokens == ()
    assert AG.acting_seats(state) and AG.legal_moves(state, AG.acting_seats(state)[0])
