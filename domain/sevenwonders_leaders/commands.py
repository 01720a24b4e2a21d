"""Leaders' commands. A `PlayLeader` with action `stage` pays like a `Play` (left, right,
buy_left, buy_right; None: the cheapest listed)."""

from __future__ import annotations

from domain.sevenwonders.commands import Command


class PickLeader(Command, frozen=True, tag=True):
    """The leader draft: keep this leader of the hand in front of you."""

    leader: int


class PlayLeader(Command, frozen=True, tag=True):
    """Recruitment (or Rome B's extra leader, recruit only): recruit, stage or discard."""

    leader: int
    action: str
    left: int | None = None
    right: int | None = None
    buy_left: tuple[int, ...] | None = None
    buy_right: tuple[int, ...] | None = None


class DeclineLeader(Command, frozen=True, tag=True):
    """Rome B: do not play the extra leader a stage allows."""


class PlaceCourtesan(Command, frozen=True, tag=True):
    """Courtesans Guild: put the token on a leader recruited by a neighbouring city."""

    city: int
    leader: int


COMMANDS: tuple[type, ...] = (PickLeader, PlayLeader, DeclineLeader, PlaceCourtesan)
