"""Agora's events: facts in the past tense, each applied by one mutator of `evolve.py`.

Secrets: `AgoraDealt.deal` (face-down and unused decrees, the conspiracy deck),
`ConspiraciesDrawn.cards`, `ConspiracyKept.kept`/`returned`, `TokenObscured.token` taken
from the tokens kept aside and `AsideTokensSeen.tokens` are rewritten by `views.redact`
for the seats that may not see them.
"""

from __future__ import annotations

from domain.duel.events import Event
from domain.duel_agora.state import AgoraSecrets


class AgoraDealt(Event, frozen=True, tag=True):
    face_up: tuple[int, ...]
    """The decree of each chamber as seats see it, -1 face down."""
    deal: AgoraSecrets | None
    """None in every seat's and spectator's copy."""


class InfluencePlaced(Event, frozen=True, tag=True):
    seat: int
    chamber: int


class InfluenceMoved(Event, frozen=True, tag=True):
    seat: int
    source: int
    target: int


class InfluenceRemoved(Event, frozen=True, tag=True):
    seat: int
    """The seat removing an opponent's cube."""
    owner: int
    chamber: int


class DecreeRevealed(Event, frozen=True, tag=True):
    chamber: int
    decree: int


class DecreeMoved(Event, frozen=True, tag=True):
    seat: int
    decree: int
    source: int
    target: int


class SenatorRecruited(Event, frozen=True, tag=True):
    seat: int
    slot: int
    card: int
    cost: int


class ConspiracyPrepared(Event, frozen=True, tag=True):
    seat: int
    slot: int
    card: int
    """The Age card tucked face down (it was face up in the structure)."""
    conspiracy: int
    """Position among the seat's conspiracies."""


class ConspiracyTriggered(Event, frozen=True, tag=True):
    seat: int
    conspiracy: int
    """Position among the seat's conspiracies."""
    card: int
    """The conspiracy, now face up."""
    before_action: bool
    """At the start of a turn (else through Curia Julia)."""


class ConspiracyResolved(Event, frozen=True, tag=True):
    seat: int


class ConspiraciesDrawn(Event, frozen=True, tag=True):
    seat: int
    cards: tuple[int, ...]
    """Empty in the opponent's and spectators' copies."""
    count: int


class ConspiracyKept(Event, frozen=True, tag=True):
    seat: int
    kept: tuple[int, ...]
    """-1 each in the opponent's and spectators' copies."""
    returned: int
    """The card put back (-1: none, or hidden)."""
    on_top: bool


class AgoraOwedStep(Event, frozen=True, tag=True):
    """The first owed action goes on with `remaining` uses, or ends at 0."""

    seat: int
    remaining: int


class StructureCardDiscarded(Event, frozen=True, tag=True):
    seat: int
    slot: int
    card: int


class FreeBuildingConstructed(Event, frozen=True, tag=True):
    seat: int
    card: int
    slot: int
    """The structure slot it came from, -1 for a card removed at set-up (Treason)."""


class AsideTokensSeen(Event, frozen=True, tag=True):
    seat: int
    tokens: tuple[int, ...]
    """Empty in the opponent's and spectators' copies."""
    count: int


class AsideTokenTaken(Event, frozen=True, tag=True):
    seat: int
    token: int


class TokenObscured(Event, frozen=True, tag=True):
    seat: int
    token: int
    """-1 in other copies when it came from the tokens kept aside."""
    source: str
    """board, opponent or aside."""


class WonderTaken(Event, frozen=True, tag=True):
    seat: int
    owner: int
    wonder: int


class WonderSabotaged(Event, frozen=True, tag=True):
    seat: int
    owner: int
    wonder: int
    card: int
    """The Age card that was under it, now in the discard pile."""


class CardTaken(Event, frozen=True, tag=True):
    seat: int
    owner: int
    card: int


AGORA_EVENTS: tuple[type, ...] = (
    AgoraDealt, InfluencePlaced, InfluenceMoved, InfluenceRemoved, DecreeRevealed,
    DecreeMoved, SenatorRecruited, ConspiracyPrepared, ConspiracyTriggered,
    ConspiracyResolved, ConspiraciesDrawn, ConspiracyKept, AgoraOwedStep,
    StructureCardDiscarded, FreeBuildingConstructed, AsideTokensSeen, AsideTokenTaken,
    TokenObscured, WonderTaken, WonderSabotaged, CardTaken,
)
