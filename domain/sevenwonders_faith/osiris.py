"""Osiris: "Au moment où Osiris est invoqué, le joueur peut choisir une carte Âge dans la
défausse et la mettre en jeu gratuitement ou la défausser pour gagner 3 pièces. La carte
choisie ne peut être servir à la construction de sa Merveille."

His city chooses once the step is applied (its own card, the other cities' discards of the
step, and on turn 6 the age's last cards are in the pile), before the Halikarnassus builds
the step owes, in the order the gods were revealed; an empty pile makes him lapse. A card
built so is a free construction from the discard pile, as Halikarnassus' (its coins, the
Pillards' tokens); it may not be a card of a name the city already has.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders import events as ev
from domain.sevenwonders import flow
from domain.sevenwonders.hooks import SevenWondersRules, Tx
from domain.sevenwonders.state import PLAY, SWState
from domain.sevenwonders_faith.model import (
    OSIRIS,
    OSIRIS_COINS,
    RAISE_BUILD,
    RAISE_LAPSED,
    RAISE_SELL,
    DiscardRaised,
    FaithExt,
    RaiseBegan,
    RaiseDiscarded,
)


def osiris_step(tx: Tx) -> bool:
    """A `step_end` hook: open Osiris' step for the next city owed one (idempotent: the
    queue is popped by the choice)."""
    ext = tx.state.ext2
    if not isinstance(ext, FaithExt) or not ext.raising:
        return False
    while ext.raising:
        city = ext.raising[0]
        if tx.state.discard:
            tx.emit(RaiseBegan(city=city, seat=city))
            return True
        tx.emit(DiscardRaised(city=city, seat=city, card=-1, use=RAISE_LAPSED, gained=0))
        ext = tx.state.ext2
        assert isinstance(ext, FaithExt)
    return False


def raise_moves(rules: SevenWondersRules, st: SWState, seat: int) -> list[RaiseDiscarded]:
    buildable = set(flow.qualifying_discards(rules.cards, st, st.special))
    out = []
    for card in dict.fromkeys(st.discard):
        if card in buildable:
            out.append(RaiseDiscarded(seat=seat, card=card, use=RAISE_BUILD))
        out.append(RaiseDiscarded(seat=seat, card=card, use=RAISE_SELL))
    return out


def special_acting(st: SWState) -> tuple[int, ...]:
    """The one seat acting in a god's own step (Osiris' choice, Seth's answer)."""
    return (st.special_seat,) if st.special_seat >= 0 else ()


def decide_raise(tx: Tx, command: RaiseDiscarded) -> None:
    st = tx.state
    city = st.special
    if command.card not in st.discard:
        raise DomainError("not_in_discard", f"card {command.card} is not in the discard pile")
    gained = 0
    if command.use == RAISE_BUILD:
        if command.card not in flow.qualifying_discards(tx.rules.cards, st, city):
            raise DomainError("already_built", "the city already has a structure of that name")
        action = ev.Action(city=city, seat=command.seat, kind="from_discard", card=command.card)
        resolved = flow._with_gains(tx, (action,))
        tx.emit(resolved)
        for hook in tx.rules.discard_build_hooks:
            hook(tx, resolved)
    elif command.use == RAISE_SELL:
        gained = OSIRIS_COINS
    else:
        raise DomainError("unknown_use", f"use {command.use!r}: build or discard")
    tx.emit(DiscardRaised(city=city, seat=command.seat, card=command.card, use=command.use,
                          gained=gained))
    flow.continue_age(tx)


def m_raise_began(rules: SevenWondersRules, s: SWState, e: RaiseBegan) -> SWState:
    return replace(s, phase=OSIRIS, special=e.city, special_seat=e.seat)


def m_raised(rules: SevenWondersRules, s: SWState, e: DiscardRaised) -> SWState:
    ext = s.ext2
    assert isinstance(ext, FaithExt)
    cities = s.cities
    if e.gained:
        c = cities[e.city]
        cities = (*cities[:e.city], replace(c, coins=c.coins + e.gained), *cities[e.city + 1:])
    steps = s.steps + (0 if e.use == RAISE_LAPSED else 1)
    return replace(s, cities=cities, phase=PLAY, special=-1, special_seat=-1, steps=steps,
                   ext2=replace(ext, raising=ext.raising[1:]))


def hide_raised(event: DiscardRaised, seat: int | None) -> DiscardRaised:
    """A card discarded again stays face down for the other seats."""
    if event.use == RAISE_SELL and event.seat != seat:
        return replace(event, card=-1)
    return event
