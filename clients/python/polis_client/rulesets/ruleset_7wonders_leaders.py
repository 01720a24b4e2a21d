"""Generated from openapi/openapi.json by clients/python/generate.py: do not edit."""

from __future__ import annotations

from typing import Any

import msgspec

RULESET = '7wonders+leaders'


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


class CourtesanBegan(msgspec.Struct, kw_only=True, tag='CourtesanBegan', tag_field="type"):
    city: int
    seat: int


class CourtesanLapsed(msgspec.Struct, kw_only=True, tag='CourtesanLapsed', tag_field="type"):
    "No leader in either neighbouring city: the token is not placed."
    city: int


class CourtesanPlaced(msgspec.Struct, kw_only=True, tag='CourtesanPlaced', tag_field="type"):
    city: int
    leader: int
    target: int


class DeclineLeader(msgspec.Struct, kw_only=True, tag='DeclineLeader', tag_field="type", forbid_unknown_fields=True):
    "Rome B: do not play the extra leader a stage allows."
    seat: int


class DiscardBuildBegan(msgspec.Struct, kw_only=True, tag='DiscardBuildBegan', tag_field="type"):
    city: int
    seat: int


class DiscardBuildLapsed(msgspec.Struct, kw_only=True, tag='DiscardBuildLapsed', tag_field="type"):
    "Nothing in the discard pile may be built by that city: the ability is lost."
    city: int


class ExtraLeaderBegan(msgspec.Struct, kw_only=True, tag='ExtraLeaderBegan', tag_field="type"):
    city: int
    seat: int


class ExtraLeaderSkipped(msgspec.Struct, kw_only=True, tag='ExtraLeaderSkipped', tag_field="type"):
    "Rome B's extra leader not played: declined, or no leader in hand (lapsed)."
    city: int
    declined: bool


class GameEnded(msgspec.Struct, kw_only=True, tag='GameEnded', tag_field="type"):
    rank: list[int]
    ranking: list[int]
    scores: list[list[int]]


class GameStarted(msgspec.Struct, kw_only=True, tag='GameStarted', tag_field="type"):
    boards: list[tuple[int, int]]
    coins: int
    deal: LeadersDeal | None
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


class LeaderAction(msgspec.Struct, kw_only=True):
    bank: int = 0
    bought_left: list[int] = msgspec.field(default_factory=list)
    bought_right: list[int] = msgspec.field(default_factory=list)
    city: int
    gained: int = 0
    kind: str
    leader: int
    left: int = 0
    right: int = 0
    seat: int
    stage: int = 0


LeaderChoice = tuple[int, str, int, int, int, list[int], list[int]]


class LeaderChosen(msgspec.Struct, kw_only=True, tag='LeaderChosen', tag_field="type"):
    choice: LeaderChoice | None
    seat: int


class LeaderCostsSet(msgspec.Struct, kw_only=True, tag='LeaderCostsSet', tag_field="type"):
    "The game's `leader_costs` option: (leader, coins) replacing printed or provisional\ncosts (public; emitted only when the option is given)."
    costs: list[tuple[int, int]]


class LeaderKept(msgspec.Struct, kw_only=True, tag='LeaderKept', tag_field="type"):
    "A draft pick (hidden from the other seats)."
    leader: int
    seat: int


class LeadersBoxed(msgspec.Struct, kw_only=True, tag='LeadersBoxed', tag_field="type"):
    "Before Age III the leader not played goes back to the box (per seat)."
    cards: list[list[int]]


class LeadersDeal(msgspec.Struct, kw_only=True):
    boards: list[tuple[int, int]]
    box: list[int] = msgspec.field(default_factory=list)
    guilds: list[int]
    hands: list[list[list[int]]]
    leaders: list[list[int]] = msgspec.field(default_factory=list)
    piles: list[list[int]] = msgspec.field(default_factory=list)


class LeadersDealt(msgspec.Struct, kw_only=True, tag='LeadersDealt', tag_field="type"):
    "4 leaders to each seat; the rest stay in the box (in draw order)."
    box: list[int]
    hands: list[list[int]]


class LeadersDrawn(msgspec.Struct, kw_only=True, tag='LeadersDrawn', tag_field="type"):
    "Rome B's first stage: leaders drawn from the box into the city's hand."
    city: int
    leaders: list[int]


class LeadersPassed(msgspec.Struct, kw_only=True, tag='LeadersPassed', tag_field="type"):
    "Every seat has picked: the rest of each hand goes to the right neighbour (the\ntwo-player game: to the opponent); after the third pick the last card received is\nkept too and the draft ends."
    round: int


class LeadersPlayed(msgspec.Struct, kw_only=True, tag='LeadersPlayed', tag_field="type"):
    "Recruitment choices revealed and resolved together (or one extra leader)."
    actions: list[LeaderAction]
    extra: bool = False


class LeadersSevenWondersView(msgspec.Struct, kw_only=True):
    "A 7 Wonders view with the Leaders part (`ext`)."
    acting: list[int]
    age: int
    cities: list[CityView]
    discard: list[int]
    discard_size: int
    explicit_deal: bool
    ext: LeadersView | None = None
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


class LeadersView(msgspec.Struct, kw_only=True):
    box_size: int
    choice: LeaderChoice | None
    courtesan: tuple[int, int, int]
    draft_round: int
    hand: list[int]
    hand_sizes: list[int]
    kept: list[int]
    leader_costs: list[tuple[int, int]] = msgspec.field(default_factory=list)
    pick: int
    recruited: list[list[int]]


class PickLeader(msgspec.Struct, kw_only=True, tag='PickLeader', tag_field="type", forbid_unknown_fields=True):
    "The leader draft: keep this leader of the hand in front of you."
    leader: int
    seat: int


class PlaceCourtesan(msgspec.Struct, kw_only=True, tag='PlaceCourtesan', tag_field="type", forbid_unknown_fields=True):
    "Courtesans Guild: put the token on a leader recruited by a neighbouring city."
    city: int
    leader: int
    seat: int


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


class PlayLeader(msgspec.Struct, kw_only=True, tag='PlayLeader', tag_field="type", forbid_unknown_fields=True):
    "Recruitment (or Rome B's extra leader, recruit only): recruit, stage or discard."
    action: str
    buy_left: list[int] | None = None
    buy_right: list[int] | None = None
    leader: int
    left: int | None = None
    right: int | None = None
    seat: int


class RecruitmentBegan(msgspec.Struct, kw_only=True, tag='RecruitmentBegan', tag_field="type"):
    age: int


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


class VictoryCoins(msgspec.Struct, kw_only=True, tag='VictoryCoins', tag_field="type"):
    "Nero: 2 coins per victory token taken in the conflicts just resolved."
    coins: list[int]


Command = Play | BuildDiscarded | CopyGuild | PickLeader | PlayLeader | DeclineLeader | PlaceCourtesan | Resign


Event = GameStarted | AgeOpened | AgeBegan | TurnBegan | CardChosen | StepResolved | HandsPassed | HandsDiscarded | DiscardBuildBegan | DiscardBuildLapsed | SeventhBegan | ConflictsResolved | CopyGuildBegan | GuildCopied | GameEnded | LeadersDealt | LeaderCostsSet | LeaderKept | LeadersPassed | RecruitmentBegan | LeaderChosen | LeadersPlayed | LeadersBoxed | LeadersDrawn | ExtraLeaderBegan | ExtraLeaderSkipped | CourtesanBegan | CourtesanPlaced | CourtesanLapsed | VictoryCoins | SeatResigned | SeatForfeited | SeatTimedOut | SeatHandedToBot | TableOpened | SeatTaken | SeatLeft | SeatCleared | SeatDeclined | TableStarted | TableExpired


Deal = dict[str, Any]


View = LeadersSevenWondersView


__all__ = ["Command", "Deal", "Event", "RULESET", "View"]
