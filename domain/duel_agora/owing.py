"""Agora's owed actions as the other rules raise them: their kinds and names, owing one,
and going on once one is resolved (`owed.py` lists and resolves each kind)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.duel import events as ev
from domain.duel.draft import continue_draft
from domain.duel.play import finish_action
from domain.duel.state import DRAFT, OVER
from domain.duel_agora import events as aev

if TYPE_CHECKING:
    from domain.duel.rules import Tx

(OWE_SENATE, OWE_CONSPIRATOR, OWE_KEEP, OWE_PLACE, OWE_REMOVE, OWE_MOVE, OWE_TURN_OF_EVENTS,
 OWE_EXTORT, OWE_OBSCURE, OWE_FRAUD, OWE_TREASON, OWE_SPY, OWE_FORECLOSE, OWE_COERCE,
 OWE_INSIDER, OWE_SABOTAGE, OWE_CURIA) = range(10, 27)

OWED_NAMES: dict[int, str] = {
    OWE_SENATE: "senate_actions",
    OWE_CONSPIRATOR: "conspirator_action",
    OWE_KEEP: "keep_conspiracy",
    OWE_PLACE: "place_influence",
    OWE_REMOVE: "remove_influence",
    OWE_MOVE: "move_influence_optional",
    OWE_TURN_OF_EVENTS: "discard_from_structure",
    OWE_EXTORT: "take_opponent_wonder",
    OWE_OBSCURE: "obscure_progress_token",
    OWE_FRAUD: "build_from_last_row",
    OWE_TREASON: "build_removed_card",
    OWE_SPY: "take_aside_token",
    OWE_FORECLOSE: "take_brown_or_grey_card",
    OWE_COERCE: "exchange_blue_or_green_card",
    OWE_INSIDER: "move_decree",
    OWE_SABOTAGE: "sabotage_wonder",
    OWE_CURIA: "trigger_unprepared_conspiracy",
}
OPTIONAL = frozenset({OWE_SENATE, OWE_CONSPIRATOR, OWE_MOVE, OWE_CURIA})
"""Kinds a seat may always decline (Turn of Events: only its second discard)."""

SENATE_SECTION_SHIFT = 4
"""A politician's owed arg: section * 4 + actions left."""


def owe(tx: Tx, seat: int, kind: int, arg: int = 0, position: int = -1) -> None:
    tx.emit(ev.ActionOwed(seat=seat, action=kind, arg=arg, position=position))


def done(tx: Tx) -> None:
    """After an owed action: the next one, the rest of the draft, or the end of the action."""
    s = tx.state
    if s.phase == OVER or s.pending:
        return
    if s.phase == DRAFT:
        continue_draft(tx)
        return
    finish_action(tx)


def step(tx: Tx, seat: int, remaining: int = 0) -> None:
    tx.emit(aev.AgoraOwedStep(seat=seat, remaining=remaining))
