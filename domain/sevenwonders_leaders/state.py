"""Leaders' part of a 7 Wonders state (`SWState.ext`): leader hands, the draft, the
recruitment choices, the box, and which leaders' effects each city has."""

from __future__ import annotations

import msgspec

from domain.sevenwonders.state import ZERO7

DRAFT, RECRUIT, EXTRA_LEADER, COURTESAN = 20, 21, 22, 23
"""Leaders' phases (numbers 20-29 are Leaders'; see `hooks.PhaseRules.name`)."""

LEADER_TUCK = 1000
"""A leader used as a wonder-stage marker is recorded under the stage (`City.tucked`) as
LEADER_TUCK + its id, so it is never mistaken for an Age card."""

RECRUIT_ACTION, STAGE_ACTION, DISCARD_ACTION = "recruit", "stage", "discard"
LEADER_ACTIONS = (RECRUIT_ACTION, STAGE_ACTION, DISCARD_ACTION)


class LeaderChoice(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """A recruitment choice, hidden until every seat has chosen."""

    leader: int
    action: str
    bank: int = 0
    left: int = 0
    right: int = 0
    bought_left: tuple[int, ...] = ZERO7
    bought_right: tuple[int, ...] = ZERO7


class LeadersState(msgspec.Struct, frozen=True, gc=False):
    hands: tuple[tuple[int, ...], ...]
    """Per seat: the leader hand (during the draft: the hand being drafted)."""
    kept: tuple[tuple[int, ...], ...] = ()
    """Draft: the leaders kept so far, per seat."""
    picks: tuple[int, ...] = ()
    """Draft: this round's pick per seat, -1 until made."""
    draft_round: int = 0
    """1-3 while drafting, 0 otherwise."""
    box: tuple[int, ...] = ()
    """Leaders in the box, in draw order: the undealt ones as shuffled at set-up, then
    the discarded and returned ones at the bottom."""
    chosen: tuple[LeaderChoice | None, ...] = ()
    """Recruitment: each seat's choice this step."""
    powers: tuple[int, ...] = ()
    """Per city: bit i set when the city has leader i's effect (recruited, or the leader
    the Courtesan token is on)."""
    courtesan: tuple[int, int, int] = (-1, -1, -1)
    """(city of the Courtesans Guild, city of the leader, leader), or -1s."""
    courtesan_done: bool = False
    rome_done: tuple[int, ...] = ()
    """Per city: Rome B stages whose effect has been resolved."""
    special: int = -1
    """The city playing an extra leader or placing the Courtesan now."""
    special_seat: int = -1
    costs: tuple[tuple[int, int], ...] = ()
    """(leader, coins) whose cost the game's `leader_costs` option replaces."""
