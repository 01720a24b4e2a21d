"""Horus: "il permet, et ce 2 fois pour l'Âge en cours, d'observer la main du joueur
précédent. Le joueur épié doit d'abord choisir sa carte, le joueur ayant posé Horus peut
alors observer cette main adverse et choisit une carte dans sa propre main."

The previous player is the one whose hand the city receives next (its right neighbour in
Ages I and III, its left in Age II). A look is a move of its own (`Peek`), in a step where
the city has not chosen yet and that player has; it shows that hand without the card chosen
(the cards the city will hold next turn), to the city's seat alone; one look a step, two an
age from the step after the invocation. The two coins of the rulebook's marker are not
modelled: they are a reminder, returned to the bank at each use or taken at the age's end
("S'il reste 1 ou 2 pièces à la fin de l'Âge, le joueur les récupère"): the city takes 1
coin per look left at its age's conflicts.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders.flow import PASS_DIRECTION
from domain.sevenwonders.hooks import SevenWondersRules, Tx
from domain.sevenwonders.state import PLAY, SWState
from domain.sevenwonders_faith.model import FaithExt, HandPeeked, Peek

LOOKS = 2


def spied(st: SWState, city: int) -> int:
    return (city - PASS_DIRECTION[st.age]) % len(st.cities)


def may_peek(st: SWState, city: int) -> bool:
    ext = st.ext2
    if (not isinstance(ext, FaithExt) or not ext.horus or ext.horus[city] <= 0
            or st.phase != PLAY or st.variant or ext.peeked[city] == st.turn):
        return False
    other = spied(st, city)
    return (city in st.stepping and st.chosen[city] is None and other in st.stepping
            and st.chosen[other] is not None)


def peek_moves(st: SWState, seat: int) -> list[Peek]:
    return [Peek(seat=seat)] if may_peek(st, seat) else []


def decide_peek(tx: Tx, command: Peek) -> None:
    st = tx.state
    city = command.seat
    if not may_peek(st, city):
        raise DomainError("no_look", "Horus shows the previous player's hand once it has "
                          "chosen, before the city chooses, twice an age")
    other = spied(st, city)
    choice = st.chosen[other]
    assert choice is not None
    hand = list(st.hands[other])
    hand.remove(choice.card)
    tx.emit(HandPeeked(seat=command.seat, city=other, cards=tuple(hand)))


def m_peeked(rules: SevenWondersRules, s: SWState, e: HandPeeked) -> SWState:
    ext = s.ext2
    assert isinstance(ext, FaithExt)
    c = e.seat
    horus = (*ext.horus[:c], ext.horus[c] - 1, *ext.horus[c + 1:])
    peeked = (*ext.peeked[:c], s.turn, *ext.peeked[c + 1:])
    return replace(s, steps=s.steps + 1, ext2=replace(ext, horus=horus, peeked=peeked))


def hide_peek(event: HandPeeked, seat: int | None) -> HandPeeked:
    if event.seat == seat:
        return event
    return replace(event, cards=(-1,) * len(event.cards))
