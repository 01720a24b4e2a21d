"""Events of a 7 Wonders game: facts in the past tense, each applied by one small mutator.

Ids are catalog positions. Secrets (the deal, other cities' hands, choices until revealed,
face-down discards and tucked cards, the Free City's draws) appear only in events that
`redact` rewrites for the seats that may not see them; -1 stands for a hidden card.
"""

from __future__ import annotations

import msgspec

from domain.sevenwonders.deal import Deal
from domain.sevenwonders.state import ZERO7, Choice


class Event(msgspec.Struct, frozen=True, tag_field="type", kw_only=True, gc=False):
    pass


class GameStarted(Event, frozen=True, tag=True):
    seats: int
    variant: bool
    boards: tuple[tuple[int, int], ...]
    """(wonder, side) per city: public."""
    coins: int
    explicit_deal: bool
    deal: Deal | None
    """The whole deal; None in every seat's and spectator's copy."""


class AgeOpened(Event, frozen=True, tag=True):
    """An age opens before its cards are dealt, when an expansion has a step then (Leaders'
    recruitment); never in the base game."""

    age: int


class AgeBegan(Event, frozen=True, tag=True):
    age: int
    hands: tuple[tuple[int, ...], ...]
    """Per city; a seat sees only its own (others' cards are -1, their number public)."""
    holder: int = 0
    """Two-player variant: the seat first holding the Free City card this age."""


class TurnBegan(Event, frozen=True, tag=True):
    turn: int
    cities: tuple[int, ...]
    """The cities choosing in this step."""
    drawn: int = -1
    """Two-player variant: the card the holder drew from the Free City's pile."""
    holder: int = 0
    """Two-player variant: the seat holding the Free City card this turn."""


class CardChosen(Event, frozen=True, tag=True):
    seat: int
    city: int
    choice: Choice | None
    """None in every other seat's copy until the step is revealed."""


class Action(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    city: int
    seat: int
    """The seat that chose it (the Free City's holder for the Free City)."""
    kind: str
    """build, stage, discard, free, from_discard."""
    card: int
    """-1 for others when it goes face down (discard, stage)."""
    stage: int = 0
    bank: int = 0
    left: int = 0
    right: int = 0
    bought_left: tuple[int, ...] = ZERO7
    bought_right: tuple[int, ...] = ZERO7
    chain: bool = False
    gained: int = 0
    """Coins the city takes from the bank (discard, Tavern, Vineyard, stages, ...)."""
    far: tuple[tuple[int, int, tuple[int, ...]], ...] = ()
    """A market's purchases from cities other than the neighbours: (seller, coins,
    resources)."""
    bank_bought: int = -1
    """The resource bought from the bank (Leaders' Bilkis, its coin in `bank`), or -1."""


class StepResolved(Event, frozen=True, tag=True):
    """Every choice of a step revealed and applied together."""

    actions: tuple[Action, ...]


class HandsPassed(Event, frozen=True, tag=True):
    direction: int
    """-1: each hand goes to the left neighbour (Ages I, III); +1: to the right (Age II);
    0: the two-player variant's swap across the Border card."""


class HandsDiscarded(Event, frozen=True, tag=True):
    """The last cards of an age, discarded without coins (per city; -1 for others)."""

    cards: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...] = ()
    """Two-player variant: the Free City pile's last card (hidden)."""


class DiscardBuildBegan(Event, frozen=True, tag=True):
    city: int
    seat: int
    """The seat that chooses (the one that built the stage)."""


class DiscardBuildLapsed(Event, frozen=True, tag=True):
    """Nothing in the discard pile may be built by that city: the ability is lost."""

    city: int


class SeventhBegan(Event, frozen=True, tag=True):
    cities: tuple[int, ...]


class ConflictsResolved(Event, frozen=True, tag=True):
    age: int
    tokens: tuple[tuple[int, ...], ...]
    """Tokens each city takes (1/3/5 for a victory, -1 for a defeat)."""


class CopyGuildBegan(Event, frozen=True, tag=True):
    city: int
    seat: int


class GuildCopied(Event, frozen=True, tag=True):
    city: int
    card: int
    neighbour: str


class GameEnded(Event, frozen=True, tag=True):
    scores: tuple[tuple[int, ...], ...]
    """Per city, in `scoring.CATEGORIES` order, the total last."""
    ranking: tuple[int, ...]
    rank: tuple[int, ...]


SevenWondersEvent = (
    GameStarted | AgeOpened | AgeBegan | TurnBegan | CardChosen | StepResolved | HandsPassed
    | HandsDiscarded | DiscardBuildBegan | DiscardBuildLapsed | SeventhBegan
    | ConflictsResolved | CopyGuildBegan | GuildCopied | GameEnded
)
