"""Events of a Duel game: facts in the past tense, each applied by one small mutator.

Ids are catalog positions (cards, wonders, tokens) and structure slot indexes. Secrets
(the deal, face-down cards, the Great Library draw) appear only in events that `redact`
rewrites for the seats that may not see them.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.duel.deal import Deal


class Event(msgspec.Struct, frozen=True, tag_field="type", kw_only=True, gc=False):
    pass


class GameStarted(Event, frozen=True, tag=True):
    first_player: int
    board_tokens: tuple[int, ...]
    explicit_deal: bool
    deal: Deal | None
    """The whole deal; None in every seat's and spectator's copy. With expansions the
    ruleset's own `GameStarted` (`game_started_type`) types it as the ruleset's deal."""


_STARTED: dict[type, type[GameStarted]] = {}


def game_started_type(deal_type: type[Deal]) -> type[GameStarted]:
    """`GameStarted` whose `deal` is `deal_type` (an expansion's wider deal): same tag,
    fields and wire format, so decoding a stored event keeps the expansion's part of the
    deal instead of dropping its fields. One type per deal type (the base one for `Deal`)."""
    if deal_type is Deal:
        return GameStarted
    if deal_type not in _STARTED:
        made: Any = msgspec.defstruct(
            "GameStarted", [("deal", deal_type | None)], bases=(GameStarted,),
            module=deal_type.__module__, frozen=True, kw_only=True, tag="GameStarted",
        )
        _STARTED[deal_type] = made
    return _STARTED[deal_type]


class WondersRevealed(Event, frozen=True, tag=True):
    round: int
    wonders: tuple[int, ...]


class WonderPicked(Event, frozen=True, tag=True):
    seat: int
    wonder: int


class AgeBegan(Event, frozen=True, tag=True):
    age: int
    cards: tuple[int, ...]
    """Card per slot, -1 where the card is face down."""


class TurnBegan(Event, frozen=True, tag=True):
    seat: int


class BuildingConstructed(Event, frozen=True, tag=True):
    seat: int
    slot: int
    card: int
    cost: int
    """Coins the seat paid (card coins plus trading)."""
    to_opponent: int
    """Part of `cost` that went to the opponent (Economy) rather than the bank."""
    chained: bool
    bought: tuple[int, ...] = (0, 0, 0, 0, 0)
    """Resources bought from the bank (wood, clay, stone, glass, papyrus), for audits."""


class CardDiscarded(Event, frozen=True, tag=True):
    seat: int
    slot: int
    card: int
    coins: int


class WonderConstructed(Event, frozen=True, tag=True):
    seat: int
    slot: int
    card: int
    wonder: int
    cost: int
    to_opponent: int
    bought: tuple[int, ...] = (0, 0, 0, 0, 0)


class CardRevealed(Event, frozen=True, tag=True):
    slot: int
    card: int


class CoinsGained(Event, frozen=True, tag=True):
    seat: int
    amount: int
    reason: str


class CoinsLost(Event, frozen=True, tag=True):
    seat: int
    amount: int
    reason: str


class ConflictPawnMoved(Event, frozen=True, tag=True):
    seat: int
    shields: int
    position: int


class MilitaryTokenTaken(Event, frozen=True, tag=True):
    token: int
    """Index in the ruleset's military tokens (base game: p2, p5, m2, m5)."""
    seat: int
    """The seat whose shields reached it; its effect follows as its own events."""


class PlayAgainGranted(Event, frozen=True, tag=True):
    seat: int


class ActionOwed(Event, frozen=True, tag=True):
    seat: int
    action: int
    arg: int
    position: int = -1
    """Where it joins the owed actions: -1 last (the base game's only case), 0 first (an
    effect resolved at once, before the rest of a sequence, as Agora's military tokens)."""


class ProgressTokenTaken(Event, frozen=True, tag=True):
    seat: int
    token: int
    from_library: bool


class GreatLibraryDrawn(Event, frozen=True, tag=True):
    seat: int
    tokens: tuple[int, ...]
    """The 3 tokens drawn; empty in the opponent's and spectators' copies."""
    count: int


class CardDestroyed(Event, frozen=True, tag=True):
    seat: int
    owner: int
    card: int


class DiscardedCardConstructed(Event, frozen=True, tag=True):
    seat: int
    card: int


class WonderRetired(Event, frozen=True, tag=True):
    seat: int
    wonder: int


class AgeEnded(Event, frozen=True, tag=True):
    age: int
    chooser: int


class StartPlayerChosen(Event, frozen=True, tag=True):
    seat: int
    starts: int


class GameEnded(Event, frozen=True, tag=True):
    winner: int | None
    victory: str
    """civilian, military or scientific."""
    scores: tuple[tuple[int, ...], ...]
    """Per seat, the score sheet in `domain.duel.scoring.category_names` order, total last."""


DuelEvent = (
    GameStarted
    | WondersRevealed
    | WonderPicked
    | AgeBegan
    | TurnBegan
    | BuildingConstructed
    | CardDiscarded
    | WonderConstructed
    | CardRevealed
    | CoinsGained
    | CoinsLost
    | ConflictPawnMoved
    | MilitaryTokenTaken
    | PlayAgainGranted
    | ActionOwed
    | ProgressTokenTaken
    | GreatLibraryDrawn
    | CardDestroyed
    | DiscardedCardConstructed
    | WonderRetired
    | AgeEnded
    | StartPlayerChosen
    | GameEnded
)
