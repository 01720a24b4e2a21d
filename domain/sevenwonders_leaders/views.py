"""What each seat may know of Leaders.

Hidden from a seat: the other seats' leader hands (their sizes are public) and draft picks,
a seat's recruitment choice until every seat has chosen, the leaders discarded or used as
stage markers (face down), the box and what Rome B draws from it. Public: the leaders
recruited (face up beside each board), the Courtesan token and the leader costs the game
replaces.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from domain.sevenwonders.state import SWState
from domain.sevenwonders.views import SevenWondersView
from domain.sevenwonders_leaders import events as lev
from domain.sevenwonders_leaders.state import DISCARD_ACTION, STAGE_ACTION, LeaderChoice

HIDDEN = -1


class LeadersView(msgspec.Struct, frozen=True):
    hand: tuple[int, ...]
    """This seat's leader hand (during the draft, the hand it picks from)."""
    kept: tuple[int, ...]
    """Draft: the leaders this seat has kept so far."""
    pick: int
    """Draft: this seat's pick this round, -1 until made."""
    choice: LeaderChoice | None
    """Recruitment: this seat's choice, until revealed."""
    draft_round: int
    hand_sizes: tuple[int, ...]
    recruited: tuple[tuple[int, ...], ...]
    """Per city, the leaders recruited (public)."""
    courtesan: tuple[int, int, int]
    box_size: int
    leader_costs: tuple[tuple[int, int], ...] = ()
    """(leader, coins): the leaders whose printed cost this game's `leader_costs` option
    replaces (public)."""


class LeadersSevenWondersView(SevenWondersView, frozen=True):
    """A 7 Wonders view with the Leaders part (`ext`)."""

    ext: LeadersView | None = None


def view_ext(rules: Any, state: SWState, seat: int | None) -> LeadersView | None:
    x = state.ext
    if x is None:
        return None
    mine = seat is not None and 0 <= seat < len(x.hands)
    return LeadersView(
        hand=x.hands[seat] if mine and seat is not None else (),
        kept=x.kept[seat] if mine and seat is not None and x.kept else (),
        pick=x.picks[seat] if mine and seat is not None and x.picks else -1,
        choice=x.chosen[seat] if mine and seat is not None and x.chosen else None,
        draft_round=x.draft_round,
        hand_sizes=tuple(len(h) for h in x.hands),
        recruited=tuple(c.beside for c in state.cities),
        courtesan=x.courtesan,
        box_size=len(x.box),
        leader_costs=x.costs,
    )


def _hide(cards: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(cards)


def _dealt(e: lev.LeadersDealt, seat: int | None) -> lev.LeadersDealt:
    return replace(e, hands=tuple(h if i == seat else _hide(h) for i, h in enumerate(e.hands)),
                   box=_hide(e.box))


def _kept(e: lev.LeaderKept, seat: int | None) -> lev.LeaderKept:
    return e if e.seat == seat else replace(e, leader=HIDDEN)


def _chosen(e: lev.LeaderChosen, seat: int | None) -> lev.LeaderChosen:
    return e if e.seat == seat else replace(e, choice=None)


def _played(e: lev.LeadersPlayed, seat: int | None) -> lev.LeadersPlayed:
    return replace(e, actions=tuple(
        a if a.kind not in (DISCARD_ACTION, STAGE_ACTION) or a.seat == seat
        else replace(a, leader=HIDDEN) for a in e.actions))


def _boxed(e: lev.LeadersBoxed, seat: int | None) -> lev.LeadersBoxed:
    return replace(e, cards=tuple(h if i == seat else _hide(h) for i, h in enumerate(e.cards)))


def _drawn(e: lev.LeadersDrawn, seat: int | None) -> lev.LeadersDrawn:
    return e if e.city == seat else replace(e, leaders=_hide(e.leaders))


REDACTORS: dict[type, Any] = {
    lev.LeadersDealt: _dealt,
    lev.LeaderKept: _kept,
    lev.LeaderChosen: _chosen,
    lev.LeadersPlayed: _played,
    lev.LeadersBoxed: _boxed,
    lev.LeadersDrawn: _drawn,
}
