"""Conflicts at the end of each age: every city against each neighbour, shield against shield."""

from __future__ import annotations

from domain.sevenwonders.state import SWState, left_of, right_of

VICTORY_TOKENS: tuple[int, ...] = (1, 3, 5)
"""Victory points of a won conflict in Ages I, II and III."""
DEFEAT_TOKEN = -1


def conflict_tokens(state: SWState, age: int) -> tuple[tuple[int, ...], ...]:
    """The tokens each city takes: left neighbour first, then right; none on a tie."""
    win = VICTORY_TOKENS[age - 1]
    out = []
    cities = state.cities
    for c, city in enumerate(cities):
        taken = []
        for n in (left_of(state, c), right_of(state, c)):
            other = cities[n].shields
            if city.shields > other:
                taken.append(win)
            elif city.shields < other:
                taken.append(DEFEAT_TOKEN)
        out.append(tuple(taken))
    return tuple(out)
