"""Generated from openapi/openapi.json by clients/python/generate.py: do not edit."""

from __future__ import annotations

from typing import Any

import msgspec

RULESET = '7wonders+faith'


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


class Answer(msgspec.Struct, kw_only=True, tag='Answer', tag_field="type", forbid_unknown_fields=True):
    "Seth: cancel the god `target`'s city has just revealed (-1: let every god be)."
    seat: int
    target: int = -1


class BuildDiscarded(msgspec.Struct, kw_only=True, tag='BuildDiscarded', tag_field="type", forbid_unknown_fields=True):
    "Halikarnassus: build a card of the discard pile for free."
    card: int
    seat: int


class CardChosen(msgspec.Struct, kw_only=True, tag='CardChosen', tag_field="type"):
    choice: Choice | None
    city: int
    seat: int


class CardsSwapped(msgspec.Struct, kw_only=True, tag='CardsSwapped', tag_field="type"):
    "Bastet: the city gives `given` to `other` and takes `taken` from it (public: both\ncards are face up in the cities)."
    city: int
    gained: tuple[int, int]
    given: int
    other: int
    taken: int


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


class DiscardRaised(msgspec.Struct, kw_only=True, tag='DiscardRaised', tag_field="type"):
    "Osiris' card: built (a `StepResolved` with a `from_discard` action comes just before),\ndiscarded again for `gained` coins, or `lapsed` (the pile was empty; card -1)."
    card: int
    city: int
    gained: int
    seat: int
    use: str


class FaithDeal(msgspec.Struct, kw_only=True):
    boards: list[tuple[int, int]]
    gods: list[list[list[int]]] = msgspec.field(default_factory=list)
    guilds: list[int]
    hands: list[list[list[int]]]
    leader_box: list[int] = msgspec.field(default_factory=list)
    piles: list[list[int]] = msgspec.field(default_factory=list)
    reshuffles: list[list[int]] = msgspec.field(default_factory=list)


class FaithSevenWondersView(msgspec.Struct, kw_only=True):
    "A 7 Wonders view with the Faith part (`ext`; with Leaders too, the Leaders part is\nFaith's `inner`)."
    acting: list[int]
    age: int
    cities: list[CityView]
    discard: list[int]
    discard_size: int
    explicit_deal: bool
    ext: FaithView | None = None
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


class FaithStarted(msgspec.Struct, kw_only=True, tag='FaithStarted', tag_field="type"):
    "Faith's set-up, right after `GameStarted` (whose deal holds the gods of each age's\nprayer: each age deals a fresh shuffle of all the gods, so the three are drawn at the\nstart, with the game's seeded RNG, after the rest of the deal)."
    costs: list[list[tuple[str, int, list[int]]]]
    gods: list[list[list[int]]] | None = None
    guild_costs: list[tuple[int, list[int]]] = msgspec.field(default_factory=list)
    leader_box: list[int] | None = None
    stage_costs: list[tuple[int, int, int, list[int]]] = msgspec.field(default_factory=list)


class FaithView(msgspec.Struct, kw_only=True):
    "What a seat may know of the gods (the `ext` of a 7 Wonders view)."
    god_costs: list[list[tuple[str, int, list[int]]]]
    gods_allowed: list[int]
    gods_hand: list[int]
    gods_kept: list[int]
    gods_kept_count: list[int]
    guild_costs: list[tuple[int, list[int]]] = msgspec.field(default_factory=list)
    horus_looks: list[int] = msgspec.field(default_factory=list)
    inner: Any = None
    invoked: list[list[tuple[int, int]]]
    looked_at: list[int] = msgspec.field(default_factory=list)
    my_god_choice: GodChoice | None
    my_second_god: GodChoice | None
    osiris_discard: list[int] = msgspec.field(default_factory=list)
    pegasus_leaders: list[int] = msgspec.field(default_factory=list)
    shown_gods: list[int] = msgspec.field(default_factory=list)
    stage_costs: list[tuple[int, int, int, list[int]]] = msgspec.field(default_factory=list)


class GameEnded(msgspec.Struct, kw_only=True, tag='GameEnded', tag_field="type"):
    rank: list[int]
    ranking: list[int]
    scores: list[list[int]]


class GameStarted(msgspec.Struct, kw_only=True, tag='GameStarted', tag_field="type"):
    boards: list[tuple[int, int]]
    coins: int
    deal: FaithDeal | None
    explicit_deal: bool
    seats: int
    variant: bool


GodChoice = tuple[int, str, int, int, int, list[int], list[int], list[int], bool, list[tuple[int, int, list[int]]]]


class GodChosen(msgspec.Struct, kw_only=True, tag='GodChosen', tag_field="type"):
    choice: GodChoice | None
    city: int
    seat: int
    second: GodChoice | None = None


class GodIncome(msgspec.Struct, kw_only=True, tag='GodIncome', tag_field="type"):
    "Coins the gods in play pay for the step's constructions (Artemis, Hermes)."
    coins: list[int]


class GodKept(msgspec.Struct, kw_only=True, tag='GodKept', tag_field="type"):
    god: int
    seat: int


class GodRevealed(msgspec.Struct, kw_only=True, tag='GodRevealed', tag_field="type"):
    "A god chosen with a step's card: paid and invoked (its positive power applied), or\ndiscarded for coins; the city's other gods are discarded when it may invoke no more."
    choice: GodChoice
    city: int
    dropped: list[int]
    gained: int
    seat: int


class GodStruck(msgspec.Struct, kw_only=True, tag='GodStruck', tag_field="type"):
    "A god's negative power, after every positive one: coins lost, conflict tokens given."
    city: int
    god: int
    lost: list[int]
    removed: list[int]
    tokens: list[list[int]]


class GodsPassed(msgspec.Struct, kw_only=True, tag='GodsPassed', tag_field="type"):
    direction: int
    hands: list[list[int]]


class GodsRetired(msgspec.Struct, kw_only=True, tag='GodsRetired', tag_field="type"):
    "Ages I and II: after the conflicts, the gods invoked this age leave the game."
    age: int


class GodsShown(msgspec.Struct, kw_only=True, tag='GodsShown', tag_field="type"):
    "A step's invoked gods shown before they act, because a city holds Seth (public:\n\"imm\u00e9diatement apr\u00e8s qu'un adversaire a r\u00e9v\u00e9l\u00e9 un Dieu\")."
    city: int
    gods: list[int]


class GuildCopied(msgspec.Struct, kw_only=True, tag='GuildCopied', tag_field="type"):
    card: int
    city: int
    neighbour: str


class GuildPlundered(msgspec.Struct, kw_only=True, tag='GuildPlundered', tag_field="type"):
    "The Guilde des Pillards built: a 5-VP victory token to its city, a defeat token to\neach neighbour, from the reserve."
    tokens: list[list[int]]


class HandKept(msgspec.Struct, kw_only=True, tag='HandKept', tag_field="type"):
    "Anubis: his city keeps the hand it played from for one more step; the hand that would\nhave come to it goes on to the next city (\"comme si ce joueur n'existait pas\")."
    city: int
    hands: list[list[int]]


class HandPeeked(msgspec.Struct, kw_only=True, tag='HandPeeked', tag_field="type"):
    "Horus' look: the previous player's hand, its chosen card set aside."
    cards: list[int]
    city: int
    seat: int


class HandsDiscarded(msgspec.Struct, kw_only=True, tag='HandsDiscarded', tag_field="type"):
    "The last cards of an age, discarded without coins (per city; -1 for others)."
    cards: list[list[int]]
    pile: list[int] = msgspec.field(default_factory=list)


class HandsPassed(msgspec.Struct, kw_only=True, tag='HandsPassed', tag_field="type"):
    direction: int


class HandsRedealt(msgspec.Struct, kw_only=True, tag='HandsRedealt', tag_field="type"):
    "Ouranos: every age card in hand gathered, shuffled and dealt again, each hand as many\ncards as it held."
    city: int
    hands: list[list[int]]


class KeepGod(msgspec.Struct, kw_only=True, tag='KeepGod', tag_field="type", forbid_unknown_fields=True):
    "Prayer: keep one god of the hand; the rest passes on."
    god: int
    seat: int


class LeadersOffered(msgspec.Struct, kw_only=True, tag='LeadersOffered', tag_field="type"):
    "P\u00e9gase: the leaders drawn from the top of the box (Leaders' unused leaders, in the\ndeal's shuffled order) for his city to choose from."
    city: int
    leaders: list[int]
    seat: int


class Peek(msgspec.Struct, kw_only=True, tag='Peek', tag_field="type", forbid_unknown_fields=True):
    "Horus: look at the hand of the previous player (the one whose hand comes next), once\nthat player has chosen its card and before choosing one's own."
    seat: int


class PegasusRode(msgspec.Struct, kw_only=True, tag='PegasusRode', tag_field="type"):
    "P\u00e9gase's choice: `leader` put in play for free (its immediate coins in `gained`),\nor none (-1) and the coins for discarding them all; the others go to the bottom of the\nbox, face down."
    city: int
    gained: int
    leader: int
    returned: list[int]
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


class PlayWithGod(msgspec.Struct, kw_only=True, tag='PlayWithGod', tag_field="type", forbid_unknown_fields=True):
    "A `Play` of an age card (same fields) with a god invoked or discarded for coins.\n\nThe age card is revealed and paid first, then the god (the rulebook's steps 3 and 5, in\ntheir printed order), unless `god_first`; `god_left`/`god_right` and `god_buy_*` pay\nthe god as `left`/`right` and `buy_*` pay the card; `targets` names the cities a god\nstrikes (Hades: one opponent; Amon-Ra II-III: one or two different opponents)."
    action: str
    buy_far: list[tuple[int, list[int]]] | None = None
    buy_left: list[int] | None = None
    buy_right: list[int] | None = None
    card: int
    city: int | None = None
    god: int
    god_buy_far: list[tuple[int, list[int]]] | None = None
    god_buy_left: list[int] | None = None
    god_buy_right: list[int] | None = None
    god_first: bool = False
    god_left: int | None = None
    god_right: int | None = None
    left: int | None = None
    right: int | None = None
    seat: int
    second: SecondGod | None = None
    targets: list[int] = msgspec.field(default_factory=list)
    use: str = 'invoke'


class PrayerBegan(msgspec.Struct, kw_only=True, tag='PrayerBegan', tag_field="type"):
    age: int
    hands: list[list[int]]


class RaiseBegan(msgspec.Struct, kw_only=True, tag='RaiseBegan', tag_field="type"):
    "Osiris' city chooses a card of the discard pile (its seat alone sees the pile)."
    city: int
    seat: int


class RaiseDiscarded(msgspec.Struct, kw_only=True, tag='RaiseDiscarded', tag_field="type", forbid_unknown_fields=True):
    "Osiris: a card of the discard pile built for free (`use` \"build\"; never a wonder\nstage) or discarded again for 3 coins (\"discard\")."
    card: int
    seat: int
    use: str = 'build'


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


class SecondGod(msgspec.Struct, kw_only=True):
    "The second god of a `PlayWithGod` (Wonderwoman's marker: \u00ab Les 2 Dieux peuvent \u00eatre\ninvoqu\u00e9s durant le m\u00eame tour \u00bb): invoked, paid after the card and the first god."
    god: int
    god_buy_far: list[tuple[int, list[int]]] | None = None
    god_buy_left: list[int] | None = None
    god_buy_right: list[int] | None = None
    god_left: int | None = None
    god_right: int | None = None
    targets: list[int] = msgspec.field(default_factory=list)


class SethAnswered(msgspec.Struct, kw_only=True, tag='SethAnswered', tag_field="type"):
    "Seth's answer: `target`'s god discarded without its power nor its cost (-1: none);\nSeth paid (`bank`) and in play when he cancels."
    bank: int
    city: int
    god: int
    target: int


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


class TakeLeader(msgspec.Struct, kw_only=True, tag='TakeLeader', tag_field="type", forbid_unknown_fields=True):
    "P\u00e9gase: put one of the leaders drawn in play for free (`leader`), or discard them\nall for 3 coins (-1)."
    leader: int = -1
    seat: int


class TurnBegan(msgspec.Struct, kw_only=True, tag='TurnBegan', tag_field="type"):
    cities: list[int]
    drawn: int = -1
    holder: int = 0
    turn: int


class VictoryCoins(msgspec.Struct, kw_only=True, tag='VictoryCoins', tag_field="type"):
    "Nero: 2 coins per victory token taken in the conflicts just resolved."
    coins: list[int]


Command = Play | BuildDiscarded | CopyGuild | KeepGod | PlayWithGod | RaiseDiscarded | Peek | Answer | TakeLeader | Resign


Event = GameStarted | AgeOpened | AgeBegan | TurnBegan | CardChosen | StepResolved | HandsPassed | HandsDiscarded | DiscardBuildBegan | DiscardBuildLapsed | SeventhBegan | ConflictsResolved | CopyGuildBegan | GuildCopied | GameEnded | VictoryCoins | FaithStarted | PrayerBegan | GodKept | GodsPassed | GodChosen | GodRevealed | GodStruck | GodIncome | GodsRetired | GuildPlundered | RaiseBegan | DiscardRaised | HandsRedealt | HandPeeked | HandKept | CardsSwapped | GodsShown | SethAnswered | LeadersOffered | PegasusRode | SeatResigned | SeatForfeited | SeatTimedOut | SeatHandedToBot | TableOpened | SeatTaken | SeatLeft | SeatCleared | SeatDeclined | TableStarted | TableExpired


Deal = dict[str, Any]


View = FaithSevenWondersView


__all__ = ["Command", "Deal", "Event", "RULESET", "View"]
