"""Each city's points so far, by score line, from public information only.

The page shows them beside each city while the game runs. Every score line (the base game's
and those an expansion appends to `rules.score_categories`: Agora's Senate, Duel Leaders'
leaders) reads only what both seats see: buildings, wonders built, progress tokens, coins,
the pawn, the Senate's control and the leaders recruited, never the face-down cards of the
structure, the cards out of the Age, a hand of leaders or a hidden conspiracy. Over the game
the figures are the final score sheet (`scoring.score` on the last state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.duel.scoring import score

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules
    from domain.duel.state import DuelState


def points_so_far(rules: DuelRules, state: DuelState) -> tuple[tuple[int, ...], ...]:
    """Each seat's points if the game ended now, in `category_names` order (total last)."""
    return tuple(score(rules, state, seat) for seat in range(len(state.players)))
