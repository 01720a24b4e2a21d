"""Agora's commands. A seat's conspiracies are named by position (the order it got them),
so a command about a hidden conspiracy tells the opponent nothing."""

from __future__ import annotations

from domain.duel.commands import Command


class RecruitSenator(Command, frozen=True, tag=True):
    slot: int
    coins: int | None = None


class PrepareConspiracy(Command, frozen=True, tag=True):
    slot: int
    conspiracy: int


class TriggerConspiracy(Command, frozen=True, tag=True):
    conspiracy: int


class PlaceInfluence(Command, frozen=True, tag=True):
    chamber: int
    """0-5 (chambers 1-6)."""


class MoveInfluence(Command, frozen=True, tag=True):
    source: int
    target: int


class RemoveInfluence(Command, frozen=True, tag=True):
    chamber: int


class Conspire(Command, frozen=True, tag=True):
    pass


class KeepConspiracy(Command, frozen=True, tag=True):
    keep: int
    """The conspiracy kept (one of those drawn)."""
    on_top: bool
    """Where the other goes: the top (True) or the bottom of the deck."""


class Decline(Command, frozen=True, tag=True):
    """Skip an optional owed action (the rest of a politician's actions, an optional
    move, Turn of Events' second discard, Curia Julia's trigger)."""


class DiscardFromStructure(Command, frozen=True, tag=True):
    slot: int


class TakeWonder(Command, frozen=True, tag=True):
    wonder: int


class ObscureToken(Command, frozen=True, tag=True):
    token: int


class BuildFromLastRow(Command, frozen=True, tag=True):
    slot: int


class BuildRemovedCard(Command, frozen=True, tag=True):
    card: int


class TakeAsideToken(Command, frozen=True, tag=True):
    token: int


class TakeCard(Command, frozen=True, tag=True):
    card: int


class ExchangeCards(Command, frozen=True, tag=True):
    take: int
    give: int
    """One of the seat's cards of the taken card's colour."""


class MoveDecree(Command, frozen=True, tag=True):
    decree: int
    chamber: int


class SabotageWonder(Command, frozen=True, tag=True):
    wonder: int


AGORA_COMMANDS: tuple[type, ...] = (
    RecruitSenator, PrepareConspiracy, TriggerConspiracy, PlaceInfluence, MoveInfluence,
    RemoveInfluence, Conspire, KeepConspiracy, Decline, DiscardFromStructure, TakeWonder,
    ObscureToken, BuildFromLastRow, BuildRemovedCard, TakeAsideToken, TakeCard,
    ExchangeCards, MoveDecree, SabotageWonder,
)
