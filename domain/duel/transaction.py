"""The working state of one decision: events emitted so far and the state they lead to.

Rules read `tx.state` after each `emit`, so a later rule sees the effect of an earlier one
exactly as a fold of the events would. Rules type it as `rules.Tx`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.duel.events import Event

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules
    from domain.duel.state import DuelState


class Transaction:
    __slots__ = ("_table", "events", "rules", "state", "trusted")

    def __init__(self, rules: DuelRules, state: DuelState, trusted: bool = False) -> None:
        self.rules = rules
        self.state = state
        self.events: list[Event] = []
        self.trusted = trusted
        """The command is one `legal_moves` listed for this very state: the rules may skip
        the checks that listing already made (the card is accessible, the price is the
        engine's and affordable, the wonder buildable)."""
        self._table = rules.table

    def emit(self, event: Event) -> None:
        """Record `event` and apply it (`evolve.evolve`, its mutator looked up directly)."""
        self.events.append(event)
        self.state = self._table[type(event)](self.rules, self.state, event)
