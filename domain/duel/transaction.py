"""The working state of one decision: events emitted so far and the state they lead to.

Rules read `tx.state` after each `emit`, so a later rule sees the effect of an earlier one
exactly as a fold of the events would. Rules type it as `rules.Tx`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.duel.events import Event
from domain.duel.evolve import evolve

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules
    from domain.duel.state import DuelState


class Transaction:
    __slots__ = ("events", "rules", "state")

    def __init__(self, rules: DuelRules, state: DuelState) -> None:
        self.rules = rules
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.rules, self.state, event)
