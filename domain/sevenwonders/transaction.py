"""The working state of one decision: events emitted so far and the state they lead to.

Rules type it as `hooks.Tx`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.sevenwonders.events import Event
from domain.sevenwonders.evolve import evolve, with_acting

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

    def emit_evolved(self, event: Event, state: SWState) -> None:
        """`emit` of an event whose state the caller has made with its `evolve` mutator."""
        self.events.append(event)
        self.state = state

    def emit_placed(self, event: Event, state: SWState) -> None:
        """`emit` of an event whose state is already known (`evolve` of it, computed by
        the rule emitting it); only the players' turn is set here, as `evolve` sets it."""
        self.events.append(event)
        self.state = with_acting(self.rules, state)
