"""Generated from openapi/openapi.json by clients/python/generate.py: do not edit."""

from __future__ import annotations

from typing import Any

import msgspec

RULESET = 'duel+agora+leaders'


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


class AgoraDealt(msgspec.Struct, kw_only=True, tag='AgoraDealt', tag_field="type"):
    deal: AgoraSecrets | None
    face_up: list[int]


class AgoraLeadersDeal(msgspec.Struct, kw_only=True):
    "An Agora deal with the leaders' shuffle (see `LeadersDeal`)."
    ages: list[list[int]]
    aside_tokens: list[int]
    board_tokens: list[int]
    conspiracies: list[int]
    decrees: list[int]
    decrees_unused: list[int]
    first_player: int
    leaders: list[int]
    removed: list[list[int]]
    wonders: list[int]
    wonders_unused: list[int]


class AgoraLeadersDuelView(msgspec.Struct, kw_only=True):
    acting: list[int]
    age: int
    board_tokens: list[int]
    discard: list[int]
    draft_offer: list[int]
    draft_round: int
    explicit_deal: bool
    ext: AgoraView | None = None
    first_player: int
    leaders: LeadersView | None = None
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


class AgoraOwedStep(msgspec.Struct, kw_only=True, tag='AgoraOwedStep', tag_field="type"):
    "The first owed action goes on with `remaining` uses, or ends at 0."
    remaining: int
    seat: int


class AgoraSecrets(msgspec.Struct, kw_only=True):
    "What `AgoraDealt` records of the deal (hidden from every seat)."
    conspiracies: list[int]
    decrees: list[int]
    decrees_unused: list[int]


class AgoraView(msgspec.Struct, kw_only=True):
    control: list[int]
    deck_size: int
    decrees: list[list[int]]
    drawn: list[int]
    obscured: list[int]
    sabotaged: list[int]
    seats: list[SenatorsView]
    spied: list[int]
    triggered_this_turn: bool


class AsideTokenTaken(msgspec.Struct, kw_only=True, tag='AsideTokenTaken', tag_field="type"):
    seat: int
    token: int


class AsideTokensSeen(msgspec.Struct, kw_only=True, tag='AsideTokensSeen', tag_field="type"):
    count: int
    seat: int
    tokens: list[int]


class AspasiaCancelled(msgspec.Struct, kw_only=True, tag='AspasiaCancelled', tag_field="type"):
    seat: int
    shields: int


class AspasiaReady(msgspec.Struct, kw_only=True, tag='AspasiaReady', tag_field="type"):
    seat: int


class BuildFromLastRow(msgspec.Struct, kw_only=True, tag='BuildFromLastRow', tag_field="type", forbid_unknown_fields=True):
    seat: int
    slot: int


class BuildOffered(msgspec.Struct, kw_only=True, tag='BuildOffered', tag_field="type", forbid_unknown_fields=True):
    "Croesus or Ramesses: build one of the cards offered, for free."
    card: int
    seat: int


class BuildRemovedCard(msgspec.Struct, kw_only=True, tag='BuildRemovedCard', tag_field="type", forbid_unknown_fields=True):
    card: int
    seat: int


class BuildingConstructed(msgspec.Struct, kw_only=True, tag='BuildingConstructed', tag_field="type"):
    bought: list[int] = msgspec.field(default_factory=list)
    card: int
    chained: bool
    cost: int
    seat: int
    slot: int
    to_opponent: int


class BuryLeader(msgspec.Struct, kw_only=True, tag='BuryLeader', tag_field="type", forbid_unknown_fields=True):
    "Abu Simbel: one of one's recruited leaders goes under the wonder."
    leader: int
    seat: int


class CardDestroyed(msgspec.Struct, kw_only=True, tag='CardDestroyed', tag_field="type"):
    card: int
    owner: int
    seat: int


class CardDiscarded(msgspec.Struct, kw_only=True, tag='CardDiscarded', tag_field="type"):
    card: int
    coins: int
    seat: int
    slot: int


class CardPutUnder(msgspec.Struct, kw_only=True, tag='CardPutUnder', tag_field="type"):
    card: int
    leader: int
    seat: int
    slot: int


class CardRevealed(msgspec.Struct, kw_only=True, tag='CardRevealed', tag_field="type"):
    card: int
    slot: int


class CardTaken(msgspec.Struct, kw_only=True, tag='CardTaken', tag_field="type"):
    card: int
    owner: int
    seat: int


class CardsOffered(msgspec.Struct, kw_only=True, tag='CardsOffered', tag_field="type"):
    cards: list[int]
    count: int
    seat: int
    source: str


class ChangeSymbol(msgspec.Struct, kw_only=True, tag='ChangeSymbol', tag_field="type", forbid_unknown_fields=True):
    "Owed after a science card joined one's city otherwise than by a plain construction\n(Mausoleum, Solomon, Croesus, an Agora conspiracy): Euclid gives it Law, or Ptolemy\n(constructed cards only) copies `symbol`; `DeclineLeaderOffer` keeps its symbol."
    card: int
    leader: int
    seat: int
    symbol: int


class ChoicesRevealed(msgspec.Struct, kw_only=True, tag='ChoicesRevealed', tag_field="type"):
    chosen: tuple[int, int]


class ChooseLeader(msgspec.Struct, kw_only=True, tag='ChooseLeader', tag_field="type", forbid_unknown_fields=True):
    "The recruitment step: a leader of one's hand, in secret."
    leader: int
    seat: int


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


class ConspiraciesDrawn(msgspec.Struct, kw_only=True, tag='ConspiraciesDrawn', tag_field="type"):
    cards: list[int]
    count: int
    seat: int


class ConspiracyKept(msgspec.Struct, kw_only=True, tag='ConspiracyKept', tag_field="type"):
    kept: list[int]
    on_top: bool
    returned: int
    seat: int


class ConspiracyPrepared(msgspec.Struct, kw_only=True, tag='ConspiracyPrepared', tag_field="type"):
    card: int
    conspiracy: int
    seat: int
    slot: int


class ConspiracyResolved(msgspec.Struct, kw_only=True, tag='ConspiracyResolved', tag_field="type"):
    seat: int


class ConspiracyTriggered(msgspec.Struct, kw_only=True, tag='ConspiracyTriggered', tag_field="type"):
    before_action: bool
    card: int
    conspiracy: int
    seat: int


class ConspiracyView(msgspec.Struct, kw_only=True):
    conspiracy: int
    position: int
    prepared: bool
    triggered: bool


class Conspire(msgspec.Struct, kw_only=True, tag='Conspire', tag_field="type", forbid_unknown_fields=True):
    seat: int


class ConstructBuilding(msgspec.Struct, kw_only=True, tag='ConstructBuilding', tag_field="type", forbid_unknown_fields=True):
    buy: list[int] | None = None
    coins: int | None = None
    seat: int
    slot: int


class ConstructFromDiscard(msgspec.Struct, kw_only=True, tag='ConstructFromDiscard', tag_field="type", forbid_unknown_fields=True):
    card: int
    seat: int


class ConstructWithLeader(msgspec.Struct, kw_only=True, tag='ConstructWithLeader', tag_field="type", forbid_unknown_fields=True):
    "Construct a green card through Euclid (its symbol becomes Law) or Ptolemy (its\nsymbol copies `symbol`, that of a green card one owns)."
    coins: int | None = None
    leader: int
    seat: int
    slot: int
    symbol: int


class ConstructWonder(msgspec.Struct, kw_only=True, tag='ConstructWonder', tag_field="type", forbid_unknown_fields=True):
    buy: list[int] | None = None
    coins: int | None = None
    seat: int
    slot: int
    wonder: int


class DeclarationsRevealed(msgspec.Struct, kw_only=True, tag='DeclarationsRevealed', tag_field="type"):
    declared: tuple[int, int]
    queue: list[int]


class DeclareRecruitment(msgspec.Struct, kw_only=True, tag='DeclareRecruitment', tag_field="type", forbid_unknown_fields=True):
    "After both choices are revealed: recruit (pay its cost) or discard for 2 coins."
    recruit: bool
    seat: int


class Decline(msgspec.Struct, kw_only=True, tag='Decline', tag_field="type", forbid_unknown_fields=True):
    "Skip an optional owed action (the rest of a politician's actions, an optional\nmove, Turn of Events' second discard, Curia Julia's trigger)."
    seat: int


class DeclineLeaderOffer(msgspec.Struct, kw_only=True, tag='DeclineLeaderOffer', tag_field="type", forbid_unknown_fields=True):
    "Maecenas, Rome, Ramesses or Solomon: take nothing; Euclid or Ptolemy owed on a card\n(`ChangeSymbol`): keep its symbol."
    seat: int


class DecreeMoved(msgspec.Struct, kw_only=True, tag='DecreeMoved', tag_field="type"):
    decree: int
    seat: int
    source: int
    target: int


class DecreeRevealed(msgspec.Struct, kw_only=True, tag='DecreeRevealed', tag_field="type"):
    chamber: int
    decree: int


class DestroyCard(msgspec.Struct, kw_only=True, tag='DestroyCard', tag_field="type", forbid_unknown_fields=True):
    card: int
    seat: int


class DiscardCard(msgspec.Struct, kw_only=True, tag='DiscardCard', tag_field="type", forbid_unknown_fields=True):
    seat: int
    slot: int


class DiscardFromStructure(msgspec.Struct, kw_only=True, tag='DiscardFromStructure', tag_field="type", forbid_unknown_fields=True):
    seat: int
    slot: int


class DiscardedCardConstructed(msgspec.Struct, kw_only=True, tag='DiscardedCardConstructed', tag_field="type"):
    card: int
    seat: int


class DrawnLeadersReturned(msgspec.Struct, kw_only=True, tag='DrawnLeadersReturned', tag_field="type"):
    seat: int


class ExchangeCards(msgspec.Struct, kw_only=True, tag='ExchangeCards', tag_field="type", forbid_unknown_fields=True):
    give: int
    seat: int
    take: int


class FreeBuildingConstructed(msgspec.Struct, kw_only=True, tag='FreeBuildingConstructed', tag_field="type"):
    card: int
    seat: int
    slot: int


class GameEnded(msgspec.Struct, kw_only=True, tag='GameEnded', tag_field="type"):
    scores: list[list[int]]
    victory: str
    winner: int | None


class GameStarted(msgspec.Struct, kw_only=True, tag='GameStarted', tag_field="type"):
    board_tokens: list[int]
    deal: AgoraLeadersDeal | None
    explicit_deal: bool
    first_player: int


class GreatLibraryDrawn(msgspec.Struct, kw_only=True, tag='GreatLibraryDrawn', tag_field="type"):
    count: int
    seat: int
    tokens: list[int]


class InfluenceMoved(msgspec.Struct, kw_only=True, tag='InfluenceMoved', tag_field="type"):
    seat: int
    source: int
    target: int


class InfluencePlaced(msgspec.Struct, kw_only=True, tag='InfluencePlaced', tag_field="type"):
    chamber: int
    seat: int


class InfluenceRemoved(msgspec.Struct, kw_only=True, tag='InfluenceRemoved', tag_field="type"):
    chamber: int
    owner: int
    seat: int


class KeepConspiracy(msgspec.Struct, kw_only=True, tag='KeepConspiracy', tag_field="type", forbid_unknown_fields=True):
    keep: int
    on_top: bool
    seat: int


class LayoutEffectsEnded(msgspec.Struct, kw_only=True, tag='LayoutEffectsEnded', tag_field="type"):
    age: int


class LeaderBuried(msgspec.Struct, kw_only=True, tag='LeaderBuried', tag_field="type"):
    leader: int
    seat: int


class LeaderChosen(msgspec.Struct, kw_only=True, tag='LeaderChosen', tag_field="type"):
    leader: int
    seat: int


class LeaderDiscarded(msgspec.Struct, kw_only=True, tag='LeaderDiscarded', tag_field="type"):
    coins: int
    leader: int
    seat: int


class LeaderEffectsBegan(msgspec.Struct, kw_only=True, tag='LeaderEffectsBegan', tag_field="type"):
    seat: int


class LeaderPicked(msgspec.Struct, kw_only=True, tag='LeaderPicked', tag_field="type"):
    leader: int
    seat: int


class LeaderRecruited(msgspec.Struct, kw_only=True, tag='LeaderRecruited', tag_field="type"):
    cost: int
    free: bool = False
    leader: int
    seat: int


class LeadersDealt(msgspec.Struct, kw_only=True, tag='LeadersDealt', tag_field="type"):
    costs: list[int]
    leaders: list[int] | None
    pool: list[int]


class LeadersDrawn(msgspec.Struct, kw_only=True, tag='LeadersDrawn', tag_field="type"):
    count: int
    into_hand: bool
    leaders: list[int]
    seat: int


class LeadersRevealed(msgspec.Struct, kw_only=True, tag='LeadersRevealed', tag_field="type"):
    leaders: list[int]
    round: int


class LeadersSeatView(msgspec.Struct, kw_only=True):
    buried: list[int]
    changed_symbols: list[tuple[int, int]]
    chosen: int | None
    declared: int | None
    hand: list[int]
    recruited: list[int]
    seat: int
    under_pythagoras: list[int]
    used: list[str]


class LeadersView(msgspec.Struct, kw_only=True):
    age: int
    aside: int
    aspasia_waiting: bool
    chooser: int
    costs: list[int]
    draft_offer: list[int]
    drawn: list[int]
    offered: list[int]
    pool: list[int]
    seats: tuple[LeadersSeatView, LeadersSeatView]
    step: str


class MilitaryTokenTaken(msgspec.Struct, kw_only=True, tag='MilitaryTokenTaken', tag_field="type"):
    seat: int
    token: int


class MoveDecree(msgspec.Struct, kw_only=True, tag='MoveDecree', tag_field="type", forbid_unknown_fields=True):
    chamber: int
    decree: int
    seat: int


class MoveInfluence(msgspec.Struct, kw_only=True, tag='MoveInfluence', tag_field="type", forbid_unknown_fields=True):
    seat: int
    source: int
    target: int


class ObscureToken(msgspec.Struct, kw_only=True, tag='ObscureToken', tag_field="type", forbid_unknown_fields=True):
    seat: int
    token: int


class OfferLapsed(msgspec.Struct, kw_only=True, tag='OfferLapsed', tag_field="type"):
    seat: int


class OfferedCardBuilt(msgspec.Struct, kw_only=True, tag='OfferedCardBuilt', tag_field="type"):
    card: int
    seat: int


class PickLeader(msgspec.Struct, kw_only=True, tag='PickLeader', tag_field="type", forbid_unknown_fields=True):
    leader: int
    seat: int


class PickWonder(msgspec.Struct, kw_only=True, tag='PickWonder', tag_field="type", forbid_unknown_fields=True):
    seat: int
    wonder: int


class PlaceInfluence(msgspec.Struct, kw_only=True, tag='PlaceInfluence', tag_field="type", forbid_unknown_fields=True):
    chamber: int
    seat: int


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


class PrepareConspiracy(msgspec.Struct, kw_only=True, tag='PrepareConspiracy', tag_field="type", forbid_unknown_fields=True):
    conspiracy: int
    seat: int
    slot: int


class ProgressTokenTaken(msgspec.Struct, kw_only=True, tag='ProgressTokenTaken', tag_field="type"):
    from_library: bool
    seat: int
    token: int


class PutUnderPythagoras(msgspec.Struct, kw_only=True, tag='PutUnderPythagoras', tag_field="type", forbid_unknown_fields=True):
    "Once per game: the card taken goes under Pythagoras (no benefit); play again."
    seat: int
    slot: int


class RecruitFree(msgspec.Struct, kw_only=True, tag='RecruitFree', tag_field="type", forbid_unknown_fields=True):
    "Maecenas (one of the two drawn) or Rome (one of one's hand): recruit for free."
    leader: int
    seat: int


class RecruitSenator(msgspec.Struct, kw_only=True, tag='RecruitSenator', tag_field="type", forbid_unknown_fields=True):
    coins: int | None = None
    seat: int
    slot: int


class RecruitmentBegan(msgspec.Struct, kw_only=True, tag='RecruitmentBegan', tag_field="type"):
    age: int
    chooser: int
    choosing: tuple[bool, bool]


class RecruitmentDeclared(msgspec.Struct, kw_only=True, tag='RecruitmentDeclared', tag_field="type"):
    recruit: int
    seat: int


class RecruitmentEnded(msgspec.Struct, kw_only=True, tag='RecruitmentEnded', tag_field="type"):
    age: int
    chooser: int


class RemoveInfluence(msgspec.Struct, kw_only=True, tag='RemoveInfluence', tag_field="type", forbid_unknown_fields=True):
    chamber: int
    seat: int


class Resign(msgspec.Struct, kw_only=True, tag='Resign', tag_field="type", forbid_unknown_fields=True):
    "The seat leaves: it loses; the game ends if one seat remains, else its bot plays on."
    seat: int


class SabotageWonder(msgspec.Struct, kw_only=True, tag='SabotageWonder', tag_field="type", forbid_unknown_fields=True):
    seat: int
    wonder: int


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


class SenatorRecruited(msgspec.Struct, kw_only=True, tag='SenatorRecruited', tag_field="type"):
    card: int
    cost: int
    seat: int
    slot: int


class SenatorsView(msgspec.Struct, kw_only=True):
    conspiracies: list[ConspiracyView]
    cubes: list[int]
    cubes_left: int
    seat: int
    senators: list[int]


class SlotView(msgspec.Struct, kw_only=True):
    accessible: bool
    card: int
    name: str
    slot: int
    taken: bool


class StartPlayerChosen(msgspec.Struct, kw_only=True, tag='StartPlayerChosen', tag_field="type"):
    seat: int
    starts: int


class StructureCardDiscarded(msgspec.Struct, kw_only=True, tag='StructureCardDiscarded', tag_field="type"):
    card: int
    seat: int
    slot: int


class SymbolChanged(msgspec.Struct, kw_only=True, tag='SymbolChanged', tag_field="type"):
    "Euclid or Ptolemy changed a card's science symbol, for good: the change follows the\ncard (an Agora exchange moves it with its changed symbol)."
    card: int
    leader: int
    new: int
    old: int
    owed: bool = False
    seat: int


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


class TakeAsideToken(msgspec.Struct, kw_only=True, tag='TakeAsideToken', tag_field="type", forbid_unknown_fields=True):
    seat: int
    token: int


class TakeCard(msgspec.Struct, kw_only=True, tag='TakeCard', tag_field="type", forbid_unknown_fields=True):
    card: int
    seat: int


class TakeLibraryToken(msgspec.Struct, kw_only=True, tag='TakeLibraryToken', tag_field="type", forbid_unknown_fields=True):
    seat: int
    token: int


class TakeWonder(msgspec.Struct, kw_only=True, tag='TakeWonder', tag_field="type", forbid_unknown_fields=True):
    seat: int
    wonder: int


class TokenObscured(msgspec.Struct, kw_only=True, tag='TokenObscured', tag_field="type"):
    seat: int
    source: str
    token: int


class TriggerConspiracy(msgspec.Struct, kw_only=True, tag='TriggerConspiracy', tag_field="type", forbid_unknown_fields=True):
    conspiracy: int
    seat: int


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


class WonderSabotaged(msgspec.Struct, kw_only=True, tag='WonderSabotaged', tag_field="type"):
    card: int
    owner: int
    seat: int
    wonder: int


class WonderTaken(msgspec.Struct, kw_only=True, tag='WonderTaken', tag_field="type"):
    owner: int
    seat: int
    wonder: int


class WondersRevealed(msgspec.Struct, kw_only=True, tag='WondersRevealed', tag_field="type"):
    round: int
    wonders: list[int]


Command = PickWonder | ConstructBuilding | DiscardCard | ConstructWonder | ChooseProgressToken | DestroyCard | ConstructFromDiscard | TakeLibraryToken | ChooseStartPlayer | RecruitSenator | PrepareConspiracy | TriggerConspiracy | PlaceInfluence | MoveInfluence | RemoveInfluence | Conspire | KeepConspiracy | Decline | DiscardFromStructure | TakeWonder | ObscureToken | BuildFromLastRow | BuildRemovedCard | TakeAsideToken | TakeCard | ExchangeCards | MoveDecree | SabotageWonder | PickLeader | ChooseLeader | DeclareRecruitment | RecruitFree | BuildOffered | DeclineLeaderOffer | BuryLeader | ConstructWithLeader | PutUnderPythagoras | ChangeSymbol | Resign


Event = GameStarted | WondersRevealed | WonderPicked | AgeBegan | TurnBegan | BuildingConstructed | CardDiscarded | WonderConstructed | CardRevealed | CoinsGained | CoinsLost | ConflictPawnMoved | MilitaryTokenTaken | PlayAgainGranted | ActionOwed | ProgressTokenTaken | GreatLibraryDrawn | CardDestroyed | DiscardedCardConstructed | WonderRetired | AgeEnded | StartPlayerChosen | GameEnded | AgoraDealt | InfluencePlaced | InfluenceMoved | InfluenceRemoved | DecreeRevealed | DecreeMoved | SenatorRecruited | ConspiracyPrepared | ConspiracyTriggered | ConspiracyResolved | ConspiraciesDrawn | ConspiracyKept | AgoraOwedStep | StructureCardDiscarded | FreeBuildingConstructed | AsideTokensSeen | AsideTokenTaken | TokenObscured | WonderTaken | WonderSabotaged | CardTaken | LeadersDealt | LeadersRevealed | LeaderPicked | RecruitmentBegan | LeaderChosen | ChoicesRevealed | RecruitmentDeclared | DeclarationsRevealed | LeaderDiscarded | LeaderRecruited | LeaderEffectsBegan | RecruitmentEnded | LayoutEffectsEnded | LeadersDrawn | DrawnLeadersReturned | CardsOffered | OfferedCardBuilt | OfferLapsed | LeaderBuried | AspasiaReady | AspasiaCancelled | SymbolChanged | CardPutUnder | SeatResigned | SeatForfeited | SeatTimedOut | SeatHandedToBot | TableOpened | SeatTaken | SeatLeft | SeatCleared | SeatDeclined | TableStarted | TableExpired


Deal = AgoraLeadersDeal


View = AgoraLeadersDuelView


__all__ = ["Command", "Deal", "Event", "RULESET", "View"]
