"""End of the game: the official scoring categories and the winner.

Civilian victory goes to the most VP, ties broken by civilian (blue) VP, then shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.duel import events as ev
from domain.duel.catalog_types import BLUE, GREEN, PURPLE, YELLOW
from domain.duel.military import military_points

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules
    from domain.duel.state import DuelState
    from domain.duel.transaction import Tx

CATEGORIES: tuple[str, ...] = (
    "military", "blue", "green", "yellow", "purple", "wonders", "progress", "coins", "total",
)
_COLOUR_CATEGORY = {BLUE: 1, GREEN: 2, YELLOW: 3, PURPLE: 4}


def score(rules: DuelRules, state: DuelState, seat: int) -> tuple[int, ...]:
    p = state.players[seat]
    cats = [0] * len(CATEGORIES)
    cats[0] = military_points(state.pawn, seat)
    for card_id in p.buildings:
        card = rules.cards[card_id]
        vp = card.vp
        for name, args in card.end_vp:
            vp += rules.end_effects[name](state, seat, args)
        if vp:
            cats[_COLOUR_CATEGORY.get(card.colour, 4)] += vp
    cats[5] = sum(rules.wonders[w].vp for w in p.built_wonders)
    progress = 0
    for t in p.tokens:
        token = rules.tokens[t]
        progress += token.vp
        for name, args in token.end_vp:
            progress += rules.end_effects[name](state, seat, args)
    cats[6] = progress
    cats[7] = p.coins // 3
    cats[8] = sum(cats[:8])
    return tuple(cats)


def end_game(tx: Tx, winner: int | None, victory: str) -> None:
    """Score both seats and end the game; `winner` None means decide by civilian scoring."""
    state = tx.state
    scores = (score(tx.rules, state, 0), score(tx.rules, state, 1))
    if victory == "civilian":
        a, b = scores
        key_a, key_b = (a[8], a[1]), (b[8], b[1])
        winner = 0 if key_a > key_b else 1 if key_b > key_a else None
    tx.emit(ev.GameEnded(winner=winner, victory=victory, scores=scores))
