"""What each seat may know of Agora: its part of the view, and its events as seen.

Hidden from the opponent and spectators: which conspiracies a seat holds until triggered
(they see how many, and which are prepared), the two drawn when conspiring (they see
whether the other went on top or bottom), the conspiracy deck, face-down decrees, the
decrees left in the box, the tokens Espionage shows and a token Obscurantism takes from
those kept aside.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
from msgspec.structs import replace

from domain.duel.state import DuelState
from domain.duel_agora import events as aev
from domain.duel_agora.senate import agora

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules

HIDDEN = -1


class ConspiracyView(msgspec.Struct, frozen=True):
    position: int
    conspiracy: int
    """-1 unless the viewer holds it or it was triggered."""
    prepared: bool
    triggered: bool


class SenatorsView(msgspec.Struct, frozen=True):
    seat: int
    senators: tuple[int, ...]
    cubes: tuple[int, ...]
    """Cubes in chambers 1-6."""
    cubes_left: int
    conspiracies: tuple[ConspiracyView, ...]


class AgoraView(msgspec.Struct, frozen=True):
    decrees: tuple[tuple[int, ...], ...]
    """Decrees in each chamber, -1 face down."""
    control: tuple[int, ...]
    """The seat controlling each chamber, -1 nobody."""
    seats: tuple[SenatorsView, ...]
    deck_size: int
    drawn: tuple[int, ...]
    """The conspiracies being chosen from, for the drawer only."""
    spied: tuple[int, ...]
    """The tokens Espionage shows, for its player only."""
    obscured: tuple[int, ...]
    """Tokens taken out by Obscurantism (-1, to others, for one of the tokens kept aside)."""
    sabotaged: tuple[int, ...]
    triggered_this_turn: bool


def agora_view(rules: DuelRules, state: DuelState, seat: int | None) -> AgoraView | None:
    ext = agora(state)
    if ext is None:
        return None
    drawer = state.pending[0][2] if state.pending else state.current
    seats = []
    for s in (0, 1):
        mine = seat == s
        seats.append(SenatorsView(
            seat=s,
            senators=ext.senators[s],
            cubes=ext.cubes[s],
            cubes_left=ext.cubes_left(s),
            conspiracies=tuple(
                ConspiracyView(
                    position=i,
                    conspiracy=c if mine or ext.triggered[s][i] else HIDDEN,
                    prepared=ext.prepared[s][i] >= 0,
                    triggered=ext.triggered[s][i],
                )
                for i, c in enumerate(ext.held[s])
            ),
        ))
    return AgoraView(
        decrees=tuple(tuple(d if (ext.revealed >> d) & 1 else HIDDEN for d in ds)
                      for ds in ext.decrees),
        control=tuple(ext.controller(c) for c in range(6)),
        seats=tuple(seats),
        deck_size=len(ext.deck),
        drawn=ext.drawn if seat is not None and seat == drawer else (),
        spied=ext.spied if seat is not None and seat == drawer else (),
        obscured=tuple(t if not aside or who == seat else HIDDEN
                       for t, who, aside in ext.obscured),
        sabotaged=ext.sabotaged,
        triggered_this_turn=ext.acted,
    )


def _dealt(event: Any, seat: int | None) -> Any:
    return replace(event, deal=None) if event.deal is not None else event


def _drawn(event: Any, seat: int | None) -> Any:
    return event if seat == event.seat else replace(event, cards=())


def _kept(event: Any, seat: int | None) -> Any:
    if seat == event.seat:
        return event
    return replace(event, kept=tuple(HIDDEN for _ in event.kept),
                   returned=HIDDEN if event.returned >= 0 else event.returned)


def _seen(event: Any, seat: int | None) -> Any:
    return event if seat == event.seat else replace(event, tokens=())


def _obscure(event: Any, seat: int | None) -> Any:
    if event.source != "aside" or seat == event.seat:
        return event
    return replace(event, token=HIDDEN)


REDACTORS: dict[type, Any] = {
    aev.AgoraDealt: _dealt,
    aev.ConspiraciesDrawn: _drawn,
    aev.ConspiracyKept: _kept,
    aev.AsideTokensSeen: _seen,
    aev.TokenObscured: _obscure,
}
