"""What each seat may know of Duel Leaders: its part of the view and its event redaction.

Hidden: the leaders' shuffle (the set-aside leaders and their order); a seat's choice and
its recruit-or-discard declaration until both seats have chosen or declared; the two
leaders Maecenas draws (the one recruited shows as recruited, the other stays set aside);
the cards Croesus and Ramesses offer. Everything else is public: every leader in a hand
lies face up, those Rome drew into it included ("Les leaders choisis doivent être placés
face visible, de manière à être vus par les deux joueurs. Le seul moment où les leaders ne
sont pas visibles est celui où les joueurs sont en train de décider quel leader jouer";
Rome adds its two "à votre main de leaders"), with every leader's cost in this game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
from msgspec.structs import replace

from domain.duel_leaders import events as lev
from domain.duel_leaders.state import (
    AFTER_LAYOUT,
    CHOOSING,
    DECLARING,
    NO_STEP,
    RESOLVING,
    UNSET,
    LeadersState,
)

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules
    from domain.duel.state import DuelState

HIDDEN = -1
STEP_NAMES = {NO_STEP: "", CHOOSING: "choose_leader", DECLARING: "declare_recruitment",
              RESOLVING: "apply_effects", AFTER_LAYOUT: "after_layout"}


class LeadersSeatView(msgspec.Struct, frozen=True):
    seat: int
    hand: tuple[int, ...]
    """Leaders in hand (face up: those drawn through Rome too)."""
    recruited: tuple[int, ...]
    buried: tuple[int, ...]
    chosen: int | None
    """This step's choice: None not yet, -1 made but hidden, else the leader."""
    declared: int | None
    """1 recruit, 0 discard; None not yet, -1 made but hidden."""
    used: tuple[str, ...]
    """Once-per-game leaders already used."""
    under_pythagoras: tuple[int, ...]
    changed_symbols: tuple[tuple[int, int], ...]
    """(card, symbol) of the seat's cards whose symbol Euclid or Ptolemy changed (by either
    seat: the change follows the card)."""


class LeadersView(msgspec.Struct, frozen=True):
    costs: tuple[int, ...]
    """The coin cost of every leader (by id) in this game."""
    pool: tuple[int, ...]
    draft_offer: tuple[int, ...]
    aside: int
    """How many leaders are set aside (which and in what order is hidden)."""
    step: str
    age: int
    chooser: int
    seats: tuple[LeadersSeatView, LeadersSeatView]
    drawn: tuple[int, ...]
    """Maecenas' draw, for the drawer only."""
    offered: tuple[int, ...]
    """Croesus' or Ramesses' cards, for the seat choosing only."""
    aspasia_waiting: bool


def _seat_view(x: LeadersState, seat: int, viewer: int | None,
               built: tuple[int, ...]) -> LeadersSeatView:
    own = viewer == seat
    revealed = x.step != CHOOSING
    chosen_raw = x.chosen[seat]
    chosen = None if chosen_raw == UNSET or chosen_raw < -1 else (
        chosen_raw if own or revealed else HIDDEN)
    declared_raw = x.declared[seat]
    declared = None if declared_raw == UNSET or declared_raw < -1 else (
        declared_raw if own or x.step != DECLARING else HIDDEN)
    if x.step not in (CHOOSING, DECLARING, RESOLVING):
        chosen = declared = None
    used = tuple(name for bit, name in ((1, "euclid"), (2, "ptolemy"), (4, "pythagoras"),
                                        (8, "croesus"), (16, "ramesses"))
                 if x.used[seat] & bit)
    return LeadersSeatView(seat=seat, hand=x.hands[seat], recruited=x.recruited[seat],
                           buried=x.buried[seat], chosen=chosen, declared=declared, used=used,
                           under_pythagoras=x.under[seat],
                           changed_symbols=tuple(cs for cs in x.symbols if cs[0] in built))


def leaders_view(rules: DuelRules, state: DuelState, seat: int | None) -> LeadersView | None:
    x: LeadersState | None = state.leaders
    if x is None:
        return None
    owner = state.pending[0][2] if state.pending else None
    mine = seat is not None and seat == owner
    return LeadersView(
        costs=x.costs, pool=x.pool, draft_offer=x.offer, aside=len(x.aside),
        step=STEP_NAMES[x.step], age=x.age, chooser=x.chooser,
        seats=(_seat_view(x, 0, seat, state.players[0].buildings),
               _seat_view(x, 1, seat, state.players[1].buildings)),
        drawn=x.drawn if mine else (), offered=x.offered if mine else (),
        aspasia_waiting=x.aspasia,
    )


def _dealt(event: Any, seat: int | None) -> Any:
    return replace(event, leaders=None)


def _drawn(event: lev.LeadersDrawn, seat: int | None) -> Any:
    """Rome's draw joins a face-up hand (public); Maecenas' is seen by its drawer only."""
    return event if event.into_hand or seat == event.seat else replace(event, leaders=())


def _own(field: str, hidden: Any) -> Any:
    def redact(event: Any, seat: int | None) -> Any:
        return event if seat == event.seat else replace(event, **{field: hidden})

    return redact


REDACTORS: dict[type, Any] = {
    lev.LeadersDealt: _dealt,
    lev.LeaderChosen: _own("leader", HIDDEN),
    lev.RecruitmentDeclared: _own("recruit", HIDDEN),
    lev.LeadersDrawn: _drawn,
    lev.CardsOffered: _own("cards", ()),
}
"""Chained after the base redaction (a seat's copy of the game start loses the deal)."""
