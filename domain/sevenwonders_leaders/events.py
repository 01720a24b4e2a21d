"""Leaders' events. Secrets (other seats' leader hands, draft picks, recruitment choices
until revealed, discarded leaders and stage markers, the box) are rewritten by
`views.redact_*` for seats that may not see them; -1 stands for a hidden leader."""

from __future__ import annotations

import msgspec

from domain.sevenwonders.events import Event
from domain.sevenwonders.state import ZERO7
from domain.sevenwonders_leaders.state import LeaderChoice


class LeadersDealt(Event, frozen=True, tag=True):
    """4 leaders to each seat; the rest stay in the box (in draw order)."""

    hands: tuple[tuple[int, ...], ...]
    box: tuple[int, ...]


class LeaderCostsSet(Event, frozen=True, tag=True):
    """The game's `leader_costs` option: (leader, coins) replacing printed or provisional
    costs (public; emitted only when the option is given)."""

    costs: tuple[tuple[int, int], ...]


class LeaderKept(Event, frozen=True, tag=True):
    """A draft pick (hidden from the other seats)."""

    seat: int
    leader: int


class LeadersPassed(Event, frozen=True, tag=True):
    """Every seat has picked: the rest of each hand goes to the right neighbour (the
    two-player game: to the opponent); after the third pick the last card received is
    kept too and the draft ends."""

    round: int


class RecruitmentBegan(Event, frozen=True, tag=True):
    age: int


class LeaderChosen(Event, frozen=True, tag=True):
    seat: int
    choice: LeaderChoice | None
    """None in every other seat's copy."""


class LeaderAction(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    city: int
    seat: int
    kind: str
    """recruit, stage, discard."""
    leader: int
    """-1 for others when it goes face down (discard, stage marker)."""
    stage: int = 0
    bank: int = 0
    left: int = 0
    right: int = 0
    bought_left: tuple[int, ...] = ZERO7
    bought_right: tuple[int, ...] = ZERO7
    gained: int = 0
    """Coins from the bank: 3 for a discard, Croesus' 6, a stage's coins, Hatshepsut's."""


class LeadersPlayed(Event, frozen=True, tag=True):
    """Recruitment choices revealed and resolved together (or one extra leader)."""

    actions: tuple[LeaderAction, ...]
    extra: bool = False


class LeadersBoxed(Event, frozen=True, tag=True):
    """Before Age III the leader not played goes back to the box (per seat)."""

    cards: tuple[tuple[int, ...], ...]


class LeadersDrawn(Event, frozen=True, tag=True):
    """Rome B's first stage: leaders drawn from the box into the city's hand."""

    city: int
    leaders: tuple[int, ...]


class ExtraLeaderBegan(Event, frozen=True, tag=True):
    city: int
    seat: int


class ExtraLeaderSkipped(Event, frozen=True, tag=True):
    """Rome B's extra leader not played: declined, or no leader in hand (lapsed)."""

    city: int
    declined: bool


class CourtesanBegan(Event, frozen=True, tag=True):
    city: int
    seat: int


class CourtesanPlaced(Event, frozen=True, tag=True):
    city: int
    target: int
    leader: int


class CourtesanLapsed(Event, frozen=True, tag=True):
    """No leader in either neighbouring city: the token is not placed."""

    city: int


class VictoryCoins(Event, frozen=True, tag=True):
    """Nero: 2 coins per victory token taken in the conflicts just resolved."""

    coins: tuple[int, ...]


EVENTS: tuple[type, ...] = (
    LeadersDealt, LeaderCostsSet, LeaderKept, LeadersPassed, RecruitmentBegan, LeaderChosen,
    LeadersPlayed, LeadersBoxed, LeadersDrawn, ExtraLeaderBegan, ExtraLeaderSkipped, CourtesanBegan,
    CourtesanPlaced, CourtesanLapsed, VictoryCoins,
)
