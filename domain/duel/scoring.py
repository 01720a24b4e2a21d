"""End of the game: the score sheet's categories and the winner.

Civilian victory goes to the most VP, ties broken by civilian (blue) VP, then shared. Each
category is a small function, so an expansion adds its own line (Agora's Senate) to the
ruleset's list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.duel import events as ev
from domain.duel.catalog_types import BLUE, GREEN, PURPLE, YELLOW
from domain.duel.state import CAPITAL

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules, ScoreFn, Tx
    from domain.duel.state import DuelState

TOTAL = "total"


def military_points(pawn: int, seat: int) -> int:
    """VP of the zone the pawn stands in, for the seat it favours (reference: zones)."""
    distance = pawn if seat == 0 else -pawn
    if distance <= 0:
        return 0
    if distance <= 2:
        return 2
    if distance <= 5:
        return 5
    if distance < CAPITAL:
        return 10
    return 0


def _colour_points(colour: int) -> ScoreFn:
    def points(rules: DuelRules, state: DuelState, seat: int) -> int:
        total = 0
        for card_id in state.players[seat].buildings:
            card = rules.cards[card_id]
            if card.colour == colour:
                total += card.vp
                for name, args in card.end_vp:
                    total += rules.end_effects[name](state, seat, args)
        return total

    return points


def military(rules: DuelRules, state: DuelState, seat: int) -> int:
    return military_points(state.pawn, seat)


def wonders(rules: DuelRules, state: DuelState, seat: int) -> int:
    return sum(rules.wonders[w].vp for w in state.players[seat].built_wonders)


def progress(rules: DuelRules, state: DuelState, seat: int) -> int:
    total = 0
    for t in state.players[seat].tokens:
        token = rules.tokens[t]
        total += token.vp
        for name, args in token.end_vp:
            total += rules.end_effects[name](state, seat, args)
    return total


def coins(rules: DuelRules, state: DuelState, seat: int) -> int:
    """1 VP per full set of 3 coins."""
    return state.players[seat].coins // 3


BASE_CATEGORIES: tuple[tuple[str, ScoreFn], ...] = (
    ("military", military),
    ("blue", _colour_points(BLUE)),
    ("green", _colour_points(GREEN)),
    ("yellow", _colour_points(YELLOW)),
    ("purple", _colour_points(PURPLE)),
    ("wonders", wonders),
    ("progress", progress),
    ("coins", coins),
)


def category_names(rules: DuelRules) -> tuple[str, ...]:
    return (*(name for name, _ in rules.score_categories), TOTAL)


def score(rules: DuelRules, state: DuelState, seat: int) -> tuple[int, ...]:
    """The seat's score sheet, in `category_names` order (total last)."""
    lines = [fn(rules, state, seat) for _, fn in rules.score_categories]
    return (*lines, sum(lines))


def end_game(tx: Tx, winner: int | None, victory: str) -> None:
    """Score both seats and end the game; a civilian victory's winner comes from the scores."""
    rules, state = tx.rules, tx.state
    scores = (score(rules, state, 0), score(rules, state, 1))
    if victory == "civilian":
        civilian = category_names(rules).index(rules.civilian_category)
        key_a = (scores[0][-1], scores[0][civilian])
        key_b = (scores[1][-1], scores[1][civilian])
        winner = 0 if key_a > key_b else 1 if key_b > key_a else None
    tx.emit(ev.GameEnded(winner=winner, victory=victory, scores=scores))
