"""End-of-game scoring in the official categories, ranking by total then coins."""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from domain.sevenwonders.catalog_types import BLUE, PURPLE, YELLOW
from domain.sevenwonders.state import SWState

if TYPE_CHECKING:
    from domain.sevenwonders.hooks import SevenWondersRules


def science_points(symbols: tuple[int, ...], wilds: int) -> int:
    """Squares of each symbol's count plus 7 per set of three; wilds take their best values."""
    best = 0
    for extra in product(range(3), repeat=wilds):
        counts = list(symbols)
        for s in extra:
            counts[s] += 1
        best = max(best, sum(n * n for n in counts) + 7 * min(counts))
    return best


def military(rules: SevenWondersRules, state: SWState, city: int) -> int:
    return sum(state.cities[city].tokens)


def treasury(rules: SevenWondersRules, state: SWState, city: int) -> int:
    return state.cities[city].coins // 3


def wonders(rules: SevenWondersRules, state: SWState, city: int) -> int:
    c = state.cities[city]
    stages = rules.wonders[c.board].sides[c.side][: c.stages]
    return sum(s.vp for s in stages)


def civilian(rules: SevenWondersRules, state: SWState, city: int) -> int:
    cards = rules.cards
    return sum(cards[i].vp for i in state.cities[city].built if cards[i].colour == BLUE)


def science(rules: SevenWondersRules, state: SWState, city: int) -> int:
    c = state.cities[city]
    return science_points(c.science, c.wilds)


def _end_vp(rules: SevenWondersRules, state: SWState, city: int, card: int) -> int:
    return sum(rules.end_vp[name](state, city, args) for name, args in rules.cards[card].end_vp)


def commercial(rules: SevenWondersRules, state: SWState, city: int) -> int:
    cards = rules.cards
    return sum(_end_vp(rules, state, city, i) for i in state.cities[city].built
               if cards[i].colour == YELLOW)


def guilds(rules: SevenWondersRules, state: SWState, city: int) -> int:
    """Built guilds, and the guild copied by Olympia B (scored here, not a purple card)."""
    cards = rules.cards
    c = state.cities[city]
    owned = [i for i in c.built if cards[i].colour == PURPLE]
    if c.copied >= 0:
        owned.append(c.copied)
    return sum(_end_vp(rules, state, city, i) for i in owned)


BASE_CATEGORIES = (
    ("military", military),
    ("treasury", treasury),
    ("wonders", wonders),
    ("civilian", civilian),
    ("science", science),
    ("commercial", commercial),
    ("guilds", guilds),
)


def category_names(rules: SevenWondersRules) -> tuple[str, ...]:
    return (*(name for name, _ in rules.score_categories), "total")


def score_sheet(rules: SevenWondersRules, state: SWState) -> tuple[tuple[int, ...], ...]:
    """Every city's score lines in `category_names` order (total last)."""
    sheet = []
    for city in range(len(state.cities)):
        lines = [fn(rules, state, city) for _, fn in rules.score_categories]
        sheet.append((*lines, sum(lines)))
    return tuple(sheet)


def final_scores(
    rules: SevenWondersRules, state: SWState, ranked: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """Scores of every city; the ranking and ranks of the cities in `ranked` (the seats')."""
    scores = score_sheet(rules, state)
    key = {c: (scores[c][-1], state.cities[c].coins) for c in ranked}
    ranking = tuple(sorted(ranked, key=lambda c: (-key[c][0], -key[c][1], c)))
    rank = [0] * len(state.cities)
    for c in ranked:
        rank[c] = 1 + sum(1 for o in ranked if key[o] > key[c])
    return scores, ranking, tuple(rank[c] for c in ranked)
