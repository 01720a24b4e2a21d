"""Each city's points so far, by score line, from public information only.

The page shows them beside each city while the game runs. Every score line (the base game's
and those an expansion appends to `rules.score_categories`: Leaders' leaders, Faith's gods)
reads only a city's public side: its built cards, stages, coins, military tokens, science,
the guild it copied, its recruited leaders and invoked gods; never a hand, a choice not yet
revealed, the discard pile or the cards under the stages. Over the game the figures are the
final score sheet (`scoring.final_scores`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.sevenwonders.scoring import score_sheet

if TYPE_CHECKING:
    from domain.sevenwonders.hooks import SevenWondersRules
    from domain.sevenwonders.state import SWState


def points_so_far(rules: SevenWondersRules, state: SWState) -> tuple[tuple[int, ...], ...]:
    """Each city's points if the game ended now, in `category_names` order (total last)."""
    return score_sheet(rules, state)
