"""The conflict pawn: shields push it toward the opponent's capital, looting tokens are
taken on first entry into their zone, and reaching the capital is military supremacy."""

from __future__ import annotations

from domain.duel import events as ev
from domain.duel.catalog_types import MilitaryToken
from domain.duel.rules import Tx
from domain.duel.scoring import end_game
from domain.duel.state import CAPITAL


def move_pawn(tx: Tx, seat: int, shields: int) -> None:
    """Apply `shields` of `seat` as one pawn move (Strategy's bonus included by the caller)."""
    for hook in tx.rules.pawn_hooks:
        shields = hook(tx, seat, shields)
    if shields <= 0:
        return
    s = tx.state
    step = shields if seat == 0 else -shields
    position = max(-CAPITAL, min(CAPITAL, s.pawn + step))
    tx.emit(ev.ConflictPawnMoved(seat=seat, shields=shields, position=position))
    for i, token in enumerate(tx.rules.military_tokens):
        mark = token.position
        reached = position >= mark if mark > 0 else position <= mark
        if reached and (tx.state.looting >> i) & 1:
            tx.emit(ev.MilitaryTokenTaken(token=i, seat=seat))
            name, args = token.effect
            tx.rules.effects[name](tx, seat, args)
    if abs(position) == CAPITAL:
        end_game(tx, seat, "military")


BASE_MILITARY_TOKENS: tuple[MilitaryToken, ...] = (
    MilitaryToken("p2", 3, ("looting", (2,))),
    MilitaryToken("p5", 6, ("looting", (5,))),
    MilitaryToken("m2", -3, ("looting", (2,))),
    MilitaryToken("m5", -6, ("looting", (5,))),
)
"""The base game's looting tokens (reference: military_track.zones)."""
