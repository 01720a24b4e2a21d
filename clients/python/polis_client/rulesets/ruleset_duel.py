"""Generated from openapi/openapi.json by clients/python/generate.py: do not edit."""

from __future__ import annotations

from typing import Any

import msgspec

RULESET = 'duel'


class ActionOwed(msgspec.Struct, kw_only=True, tag='ActionOwed', tag_field="type"):
    action: int
    arg: int
    position: int = -1
    seat: int


class AgeBegan(msgspec.Struct, kw_only=True, tag='AgeBegan', tag_field="type"):
    age: int
    cards: list[int]


class AgeEnded(msgspec.Struct, kw_only=True, tag='AgeEnded', tag_field="type"):
    age: int
    chooser: int


class BuildingConstructed(msgspec.Struct, kw_only=True, tag='BuildingConstructed', tag_field="type"):
    bought: list[int] = msgspec.field(default_factory=list)
    card: int
    chained: bool
    cost: int
    seat: int
    slot: int
    to_opponent: int


class CardDestroyed(msgspec.Struct, kw_only=True, tag='CardDestroyed', tag_field="type"):
    card: int
    owner: int
    seat: int


class CardDiscarded(msgspec.Struct, kw_only=True, tag='CardDiscarded', tag_field="type"):
    card: int
    coins: int
    seat: int
    slot: int


class CardRevealed(msgspec.Struct, kw_only=True, tag='CardRevealed', tag_field="type"):
    card: int
    slot: int


class ChooseProgressToken(msgspec.Struct, kw_only=True, tag='ChooseProgressToken', tag_field="type", forbid_unknown_fields=True):
    seat: int
    token: int


class ChooseStartPlayer(msgspec.Struct, kw_only=True, tag='ChooseStartPlayer', tag_field="type", forbid_unknown_fields=True):
    seat: int
    starts: int


class CoinsGained(msgspec.Struct, kw_only=True, tag='CoinsGained', tag_field="type"):
    amount: int
    reason: str
    seat: int


class CoinsLost(msgspec.Struct, kw_only=True, tag='CoinsLost', tag_field="type"):
    amount: int
    reason: str
    seat: int


class ConflictPawnMoved(msgspec.Struct, kw_only=True, tag='ConflictPawnMoved', tag_field="type"):
    position: int
    seat: int
    shields: int


class ConstructBuilding(msgspec.Struct, kw_only=True, tag='ConstructBuilding', tag_field="type", forbid_unknown_fields=True):
    buy: list[int] | None = None
    coins: int | None = None
    seat: int
    slot: int


class ConstructFromDiscard(msgspec.Struct, kw_only=True, tag='ConstructFromDiscard', tag_field="type", forbid_unknown_fields=True):
    card: int
    seat: int


class ConstructWonder(msgspec.Struct, kw_only=True, tag='ConstructWonder', tag_field="type", forbid_unknown_fields=True):
    buy: list[int] | None = None
    coins: int | None = None
    seat: int
    slot: int
    wonder: int


class DestroyCard(msgspec.Struct, kw_only=True, tag='DestroyCard', tag_field="type", forbid_unknown_fields=True):
    card: int
    seat: int


class DiscardCard(msgspec.Struct, kw_only=True, tag='DiscardCard', tag_field="type", forbid_unknown_fields=True):
    seat: int
    slot: int


class DiscardedCardConstructed(msgspec.Struct, kw_only=True, tag='DiscardedCardConstructed', tag_field="type"):
    card: int
    seat: int


class DuelView(msgspec.Struct, kw_only=True):
    acting: list[int]
    age: int
    board_tokens: list[int]
    discard: list[int]
    draft_offer: list[int]
    draft_round: int
    explicit_deal: bool
    ext: Any = None
    first_player: int
    leaders: Any = None
    library_draw: list[int]
    looting_left: list[str]
    pawn: int
    pending: list[str]
    phase: str
    play_again: bool
    players: list[PlayerView]
    points: list[list[int]]
    retired_wonders: list[int]
    scores: list[list[int]]
    seat: int | None
    structure: list[SlotView]
    turn: int
    victory: str
    winner: int | None


class GameEnded(msgspec.Struct, kw_only=True, tag='GameEnded', tag_field="type"):
    scores: list[list[int]]
    victory: str
    winner: int | None


class GameStarted(msgspec.Struct, kw_only=True, tag='GameStarted', tag_field="type"):
    board_tokens: list[int]
    deal: Deal | None
    explicit_deal: bool
    first_player: int


class GreatLibraryDrawn(msgspec.Struct, kw_only=True, tag='GreatLibraryDrawn', tag_field="type"):
    count: int
    seat: int
    tokens: list[int]


class MilitaryTokenTaken(msgspec.Struct, kw_only=True, tag='MilitaryTokenTaken', tag_field="type"):
    seat: int
    token: int


class PickWonder(msgspec.Struct, kw_only=True, tag='PickWonder', tag_field="type", forbid_unknown_fields=True):
    seat: int
    wonder: int


class PlayAgainGranted(msgspec.Struct, kw_only=True, tag='PlayAgainGranted', tag_field="type"):
    seat: int


class PlayerView(msgspec.Struct, kw_only=True):
    buildings: list[int]
    built_wonders: list[int]
    coins: int
    seat: int
    tokens: list[int]
    tucked: list[int]
    wonders: list[int]


class ProgressTokenTaken(msgspec.Struct, kw_only=True, tag='ProgressTokenTaken', tag_field="type"):
    from_library: bool
    seat: int
    token: int


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


class SlotView(msgspec.Struct, kw_only=True):
    accessible: bool
    card: int
    name: str
    slot: int
    taken: bool


class StartPlayerChosen(msgspec.Struct, kw_only=True, tag='StartPlayerChosen', tag_field="type"):
    seat: int
    starts: int


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


class TakeLibraryToken(msgspec.Struct, kw_only=True, tag='TakeLibraryToken', tag_field="type", forbid_unknown_fields=True):
    seat: int
    token: int


class TurnBegan(msgspec.Struct, kw_only=True, tag='TurnBegan', tag_field="type"):
    seat: int


class WonderConstructed(msgspec.Struct, kw_only=True, tag='WonderConstructed', tag_field="type"):
    bought: list[int] = msgspec.field(default_factory=list)
    card: int
    cost: int
    seat: int
    slot: int
    to_opponent: int
    wonder: int


class WonderPicked(msgspec.Struct, kw_only=True, tag='WonderPicked', tag_field="type"):
    seat: int
    wonder: int


class WonderRetired(msgspec.Struct, kw_only=True, tag='WonderRetired', tag_field="type"):
    seat: int
    wonder: int


class WondersRevealed(msgspec.Struct, kw_only=True, tag='WondersRevealed', tag_field="type"):
    round: int
    wonders: list[int]


Command = PickWonder | ConstructBuilding | DiscardCard | ConstructWonder | ChooseProgressToken | DestroyCard | ConstructFromDiscard | TakeLibraryToken | ChooseStartPlayer | Resign


Event = GameStarted | WondersRevealed | WonderPicked | AgeBegan | TurnBegan | BuildingConstructed | CardDiscarded | WonderConstructed | CardRevealed | CoinsGained | CoinsLost | ConflictPawnMoved | MilitaryTokenTaken | PlayAgainGranted | ActionOwed | ProgressTokenTaken | GreatLibraryDrawn | CardDestroyed | DiscardedCardConstructed | WonderRetired | AgeEnded | StartPlayerChosen | GameEnded | SeatResigned | SeatForfeited | SeatTimedOut | SeatHandedToBot | TableOpened | SeatTaken | SeatLeft | SeatCleared | SeatDeclined | TableStarted | TableExpired


Deal = dict[str, Any]


View = DuelView


__all__ = ["Command", "Deal", "Event", "RULESET", "View"]
