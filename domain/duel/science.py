"""Science: a pair of identical symbols earns a progress token from the board, six
different symbols are scientific supremacy."""

from __future__ import annotations

from domain.duel import events as ev
from domain.duel.rules import Tx
from domain.duel.state import OVER, OWE_TOKEN

SUPREMACY_SYMBOLS = 6


def symbol_gained(tx: Tx, seat: int, symbol: int) -> None:
    """Called after `seat`'s science counts include the new `symbol`."""
    if symbol < 0 or tx.state.phase == OVER:
        return
    counts = tx.state.players[seat].science
    if len(counts) - counts.count(0) >= SUPREMACY_SYMBOLS:  # different symbols held
        from domain.duel.scoring import end_game

        end_game(tx, seat, "scientific")
        return
    if counts[symbol] == 2 and tx.state.board_tokens:
        tx.emit(ev.ActionOwed(seat=seat, action=OWE_TOKEN, arg=0))


def card_symbol_gained(tx: Tx, seat: int, card: int, constructed: bool = True) -> None:
    """A card with a science symbol joined `seat`'s city (its counts include it): its
    symbol counts, unless an expansion's hook gives it (Duel Leaders' Euclid, Ptolemy)."""
    if tx.state.phase == OVER or tx.rules.cards[card].science < 0:
        return
    for hook in tx.rules.symbol_hooks:
        if hook(tx, seat, card, constructed):
            return
    symbol_gained(tx, seat, tx.rules.cards[card].science)
