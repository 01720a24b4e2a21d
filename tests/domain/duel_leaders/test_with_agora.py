"""Duel Leaders with Agora: the leaders and the conspiracies that reach the same cards.

Croesus builds one of the Age's 3 cards removed at set-up ("Choisissez-en une et
construisez-la gratuitement, remettez les deux autres dans la boîte"); Agora's Treason
builds one of the cards removed at set-up. A card one of them built stands in a city: the
other may never offer it again; the two Croesus left are back in the box, still removed
cards Treason may take."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.duel.state import DuelState
from domain.duel.transaction import Transaction
from domain.duel_agora import commands as acmd
from domain.duel_agora.owing import OWE_TREASON
from domain.duel_leaders import commands as lcmd
from domain.duel_leaders.catalog import CROESUS
from domain.duel_leaders.effects import OWE_OFFER, apply_recruited
from domain.kernel import DomainError
from tests.domain.duel_leaders.test_leaders import give
from tests.domain.duel_leaders.test_symbols import AG, agora_age_one, agora_run


def _croesus_built() -> tuple[DuelState, int]:
    """Seat 0 recruits Croesus during Age I (as through Rome: he acts at once) and builds
    the first of the Age's removed cards."""
    state = give(agora_age_one(), 0, "croesus")
    tx = Transaction(AG.rules, replace(state, current=0))
    apply_recruited(tx, 0, CROESUS)
    state = tx.state
    assert state.pending[0][:2] == (OWE_OFFER, 0)
    deal: Any = state.deal
    card = deal.removed[0][0]
    _, state = agora_run(state, lcmd.BuildOffered(seat=0, card=card))
    assert card in state.players[0].buildings
    return state, card


def test_treason_never_offers_the_card_croesus_built() -> None:
    state, card = _croesus_built()
    deal: Any = state.deal
    treason = replace(state, current=1, pending=((OWE_TREASON, 0, 1),))
    offered = {m.card for m in AG.legal_moves(treason, 1) if type(m) is acmd.BuildRemovedCard}
    assert card not in offered
    assert set(deal.removed[0][1:]) <= offered  # the two Croesus left: back in the box
    try:
        AG.decide(treason, acmd.BuildRemovedCard(seat=1, card=card))
    except DomainError as exc:
        assert exc.code == "illegal_choice"
    else:
        raise AssertionError("Treason built the card Croesus had built")


def test_croesus_never_offers_a_card_treason_built() -> None:
    state = agora_age_one()
    deal: Any = state.deal
    card = deal.removed[0][0]
    treason = replace(state, current=0, pending=((OWE_TREASON, 0, 0),))
    _, state = agora_run(treason, acmd.BuildRemovedCard(seat=0, card=card))
    tx = Transaction(AG.rules, give(state, 1, "croesus"))
    apply_recruited(tx, 1, CROESUS)
    assert card not in tx.state.leaders.offered
    assert set(tx.state.leaders.offered) == set(deal.removed[0][1:])
