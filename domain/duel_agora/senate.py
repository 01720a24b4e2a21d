"""The Senate: influence cubes, chamber control, decrees turning on and off, political
supremacy.

Rule choices (agora-rules-fr, "D. Contrôler une Chambre", "E. Suprématie Politique"):
- Control is a strict majority of cubes; a tie controls nothing.
- A cube entering a chamber whose decree lies face down turns it face up, whether placed
  or moved there (the rule names placement; reading it for moves too means a decree never
  applies while face down, so a controlled chamber's decree is always known).
- After every change of cubes or decrees: first political supremacy (all 6 chambers
  controlled at that moment wins at once), then the shield decree (D09): when the seat it
  benefits changes, the seat losing it moves the pawn 1 space back toward its own capital
  (applied as 1 shield of the other seat: a military token or the capital reached counts
  for that seat), then the seat gaining it moves the pawn 1 space toward the opponent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.duel.military import move_pawn
from domain.duel.scoring import end_game
from domain.duel.state import OVER, DuelState
from domain.duel_agora import events as aev
from domain.duel_agora.catalog import N_CHAMBERS, SHIELD_DECREE
from domain.duel_agora.state import AgoraState

if TYPE_CHECKING:
    from domain.duel.rules import Tx

POLITICAL = "political"


def agora(state: DuelState) -> AgoraState:
    ext: AgoraState = state.ext
    return ext


def holds(state: DuelState, seat: int, decree: int) -> bool:
    """Whether a decree benefits `seat` now."""
    return agora(state).decree_holder(decree) == seat


def adjacent(chamber: int) -> tuple[int, ...]:
    return tuple(c for c in (chamber - 1, chamber + 1) if 0 <= c < N_CHAMBERS)


def _reveal(tx: Tx, chamber: int) -> None:
    ext = agora(tx.state)
    for decree in ext.decrees[chamber]:
        if not (ext.revealed >> decree) & 1:
            tx.emit(aev.DecreeRevealed(chamber=chamber, decree=decree))


def _after_change(tx: Tx, shield_holder: int) -> None:
    ext = agora(tx.state)
    for seat in (0, 1):
        if all(ext.controller(c) == seat for c in range(N_CHAMBERS)):
            end_game(tx, seat, POLITICAL)
            return
    now = ext.decree_holder(SHIELD_DECREE)
    if now == shield_holder:
        return
    if shield_holder >= 0:
        move_pawn(tx, 1 - shield_holder, 1)
    if now >= 0 and tx.state.phase != OVER:
        move_pawn(tx, now, 1)


def place(tx: Tx, seat: int, chamber: int) -> None:
    before = agora(tx.state).decree_holder(SHIELD_DECREE)
    tx.emit(aev.InfluencePlaced(seat=seat, chamber=chamber))
    _reveal(tx, chamber)
    _after_change(tx, before)


def move(tx: Tx, seat: int, source: int, target: int) -> None:
    before = agora(tx.state).decree_holder(SHIELD_DECREE)
    tx.emit(aev.InfluenceMoved(seat=seat, source=source, target=target))
    _reveal(tx, target)
    _after_change(tx, before)


def remove(tx: Tx, seat: int, chamber: int) -> None:
    """`seat` removes one of the opponent's cubes (back to the opponent's supply)."""
    before = agora(tx.state).decree_holder(SHIELD_DECREE)
    tx.emit(aev.InfluenceRemoved(seat=seat, owner=1 - seat, chamber=chamber))
    _after_change(tx, before)


def move_decree(tx: Tx, seat: int, decree: int, source: int, target: int) -> None:
    """Insider Influence: a moved face-down decree is turned face up (it is taken in hand
    and laid under the other; choice: it would otherwise apply unseen)."""
    before = agora(tx.state).decree_holder(SHIELD_DECREE)
    tx.emit(aev.DecreeMoved(seat=seat, decree=decree, source=source, target=target))
    if not (agora(tx.state).revealed >> decree) & 1:
        tx.emit(aev.DecreeRevealed(chamber=target, decree=decree))
    _after_change(tx, before)


def place_targets(ext: AgoraState, seat: int, chambers: tuple[int, ...]) -> tuple[int, ...]:
    return chambers if ext.cubes_left(seat) > 0 else ()


def move_options(ext: AgoraState, seat: int) -> list[tuple[int, int]]:
    return [
        (source, target)
        for source in range(N_CHAMBERS)
        if ext.cubes[seat][source]
        for target in adjacent(source)
    ]


def chamber_points(state: DuelState, seat: int) -> int:
    """The Senate's line of the score sheet: the VP of each chamber the seat controls."""
    from domain.duel_agora.catalog import CHAMBERS

    ext = agora(state)
    return sum(c.vp for i, c in enumerate(CHAMBERS) if ext.controller(i) == seat)
