"""Generated from openapi/openapi.json by clients/python/generate.py: do not edit."""

from __future__ import annotations

from typing import Any

import msgspec

RULESET = '7wonders'


class Action(msgspec.Struct, kw_only=True):
    bank: int = 0
    bank_bought: int = -1
    bought_left: list[int] = msgspec.field(default_factory=list)
    bought_right: list[int] = msgspec.field(default_factory=list)
    card: int
    chain: bool = False
    city: int
    far: list[tuple[int, int, list[int]]] = msgspec.field(default_factory=list)
    gained: int = 0
    kind: str
    left: int = 0
    right: int = 0
    seat: int
    stage: int = 0


class AgeBegan(msgspec.Struct, kw_only=True, tag='AgeBegan', tag_field="type"):
    age: int
    hands: list[list[int]]
    holder: int = 0


class AgeOpened(msgspec.Struct, kw_only=True, tag='AgeOpened', tag_field="type"):
    "An age opens before its cards are dealt, when an expansion has a step then (Leaders'\nrecruitment); never in the base game."
    age: int


class BuildDiscarded(msgspec.Struct, kw_only=True, tag='BuildDiscarded', tag_field="type", forbid_unknown_fields=True):
    "Halikarnassus: build a card of the discard pile for free."
    card: int
    seat: int


class CardChosen(msgspec.Struct, kw_only=True, tag='CardChosen', tag_field="type"):
    choice: Choice | None
    city: int
    seat: int


Choice = tuple[int, str, int, int, int, list[int], list[int], bool, list[tuple[int, int, list[int]]], int]


class ChoiceView(msgspec.Struct, kw_only=True):
    choice: Choice
    city: int


class CityView(msgspec.Struct, kw_only=True):
    board: int
    built: list[int]
    chosen: bool
    city: int
    coins: int
    copied: int
    hand_size: int
    seat: int | None
    shields: int
    side: str
    stages: int
    tokens: list[int]
    tucked: list[int]


class ConflictsResolved(msgspec.Struct, kw_only=True, tag='ConflictsResolved', tag_field="type"):
    age: int
    tokens: list[list[int]]


class CopyGuild(msgspec.Struct, kw_only=True, tag='CopyGuild', tag_field="type", forbid_unknown_fields=True):
    "Olympia B's last stage: copy a guild of a neighbouring city."
    card: int
    neighbour: str
    seat: int


class CopyGuildBegan(msgspec.Struct, kw_only=True, tag='CopyGuildBegan', tag_field="type"):
    city: int
    seat: int


class DiscardBuildBegan(msgspec.Struct, kw_only=True, tag='DiscardBuildBegan', tag_field="type"):
    city: int
    seat: int


class DiscardBuildLapsed(msgspec.Struct, kw_only=True, tag='DiscardBuildLapsed', tag_field="type"):
    "Nothing in the discard pile may be built by that city: the ability is lost."
    city: int


class GameEnded(msgspec.Struct, kw_only=True, tag='GameEnded', tag_field="type"):
    rank: list[int]
    ranking: list[int]
    scores: list[list[int]]


class GameStarted(msgspec.Struct, kw_only=True, tag='GameStarted', tag_field="type"):
    boards: list[tuple[int, int]]
    coins: int
    deal: Deal | None
    explicit_deal: bool
    seats: int
    variant: bool


class GuildCopied(msgspec.Struct, kw_only=True, tag='GuildCopied', tag_field="type"):
    card: int
    city: int
    neighbour: str


class HandsDiscarded(msgspec.Struct, kw_only=True, tag='HandsDiscarded', tag_field="type"):
    "The last cards of an age, discarded without coins (per city; -1 for others)."
    cards: list[list[int]]
    pile: list[int] = msgspec.field(default_factory=list)


class HandsPassed(msgspec.Struct, kw_only=True, tag='HandsPassed', tag_field="type"):
    direction: int


class Play(msgspec.Struct, kw_only=True, tag='Play', tag_field="type", forbid_unknown_fields=True):
    action: str
    buy_far: list[tuple[int, list[int]]] | None = None
    buy_left: list[int] | None = None
    buy_right: list[int] | None = None
    card: int
    city: int | None = None
    left: int | None = None
    right: int | None = None
    seat: int


class Resign(msgspec.Struct, kw_only=True, tag='Resign', tag_field="type", forbid_unknown_fields=True):
    "The seat leaves: it loses; the game ends if one seat remains, else its bot plays on."
    seat: int


class SeatCleared(msgspec.Struct, kw_only=True, tag='SeatCleared', tag_field="type"):
    "The host removed the seat's player before the start."
    player: str
    seat: int


class SeatDeclined(msgspec.Struct, kw_only=True, tag='SeatDeclined', tag_field="type"):
    "The player a seat was reserved for turned the invitation down: the seat is open."
    player: str
    seat: int


class SeatForfeited(msgspec.Struct, kw_only=True, tag='SeatForfeited', tag_field="type"):
    "Appended by the service when a seat's clock runs out and its option says forfeit."
    ends_game: bool = True
    seat: int
    winner: int | None


class SeatHandedToBot(msgspec.Struct, kw_only=True, tag='SeatHandedToBot', tag_field="type"):
    "The seat's bot plays it to the end (it timed out too often, or left a game going on)."
    bot: str
    seat: int


class SeatLeft(msgspec.Struct, kw_only=True, tag='SeatLeft', tag_field="type"):
    "The player left the table before its start."
    player: str
    seat: int


class SeatResigned(msgspec.Struct, kw_only=True, tag='SeatResigned', tag_field="type"):
    "The seat resigned (`Resign`): the game ended, or goes on without it (`ends_game`)."
    ends_game: bool = True
    seat: int
    winner: int | None


class SeatTaken(msgspec.Struct, kw_only=True, tag='SeatTaken', tag_field="type"):
    name: str
    player: str
    seat: int


class SeatTimedOut(msgspec.Struct, kw_only=True, tag='SeatTimedOut', tag_field="type"):
    "The seat's clock ran out (`on_timeout: bot`): its bot plays the move it owes."
    in_a_row: int
    seat: int


class SevenWondersView(msgspec.Struct, kw_only=True):
    acting: list[int]
    age: int
    cities: list[CityView]
    discard: list[int]
    discard_size: int
    explicit_deal: bool
    ext: Any = None
    hand: list[int]
    holder: int | None
    my_choices: list[ChoiceView]
    phase: str
    pile_size: int
    points: list[list[int]]
    rank: list[int]
    ranking: list[int]
    scores: list[list[int]]
    seat: int | None
    turn: int
    variant: bool


class SeventhBegan(msgspec.Struct, kw_only=True, tag='SeventhBegan', tag_field="type"):
    cities: list[int]


class StepResolved(msgspec.Struct, kw_only=True, tag='StepResolved', tag_field="type"):
    "Every choice of a step revealed and applied together."
    actions: list[Action]


class TableExpired(msgspec.Struct, kw_only=True, tag='TableExpired', tag_field="type"):
    "The table did not fill in time: it is closed, no game is played."


class TableOpened(msgspec.Struct, kw_only=True, tag='TableOpened', tag_field="type"):
    "A table with seats to fill: every seat as created, its host and who may find it."
    host: str | None
    min_seats: int
    seats: list[TableSeat]
    visibility: str


class TableSeat(msgspec.Struct, kw_only=True):
    "A seat of a table: who may sit there, and who does."
    bot: str | None = None
    fixed: bool = False
    name: str | None = None
    player: str | None = None
    reserved: bool = False


class TableStarted(msgspec.Struct, kw_only=True, tag='TableStarted', tag_field="type"):
    "The game begins; its opening events follow. `order[i]`: the table seat that is game\nseat `i` (empty table seats are dropped when the host starts early)."
    early: bool = False
    order: list[int]


class TurnBegan(msgspec.Struct, kw_only=True, tag='TurnBegan', tag_field="type"):
    cities: list[int]
    drawn: int = -1
    holder: int = 0
    turn: int


Command = Play | BuildDiscarded | CopyGuild | Resign


Event = GameStarted | AgeOpened | AgeBegan | TurnBegan | CardChosen | StepResolved | HandsPassed | HandsDiscarded | DiscardBuildBegan | DiscardBuildLapsed | SeventhBegan | ConflictsResolved | CopyGuildBegan | GuildCopied | GameEnded | SeatResigned | SeatForfeited | SeatTimedOut | SeatHandedToBot | TableOpened | SeatTaken | SeatLeft | SeatCleared | SeatDeclined | TableStarted | TableExpired


Deal = dict[str, Any]


View = SevenWondersView


__all__ = ["Command", "Deal", "Event", "RULESET", "View"]
