"""The working state of one decision: events emitted so far and the state they lead to.

Rules type it as `hooks.Tx`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.sevenwonders.events import Event
from domain.sevenwonders.evolve import evolve

if TYPE_CHECKING:
    from domain.sevenwonders.hooks import SevenWondersRules
    from domain.sevenwonders.state import SWState


class Transaction:
    __slots__ = ("events", "rules", "state")

    def __init__(self, rules: SevenWondersRules, state: SWState) -> None:
        self.rules = rules
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.rules, self.state, event)
