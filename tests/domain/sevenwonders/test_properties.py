"""Properties over random games for 2 to 7 seats: coins never negative, every dealt card in
exactly one place, folding the events gives the decided state, nothing after the end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.kernel.errors import DomainError
from domain.kernel.game import fold
from domain.sevenwonders.state import SWState
from tests.domain.sevenwonders.support import G


def _dealt(state: SWState) -> Counter[int]:
    assert state.deal is not None
    dealt: Counter[int] = Counter()
    for age in range(1, state.age + 1):
        for hand in state.deal.hands[age - 1]:
            dealt.update(hand)
        if state.variant:
            dealt.update(state.deal.piles[age - 1])
    return dealt


def _placed(state: SWState) -> Counter[int]:
    placed: Counter[int] = Counter(state.discard)
    placed.update(state.pile)
    for hand in state.hands:
        placed.update(hand)
    for city in state.cities:
        placed.update(city.built)
        placed.update(city.tucked)
    return placed


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6, 7])
def test_random_games_keep_the_invariants(seats: int) -> None:
    for seed in range(3):
        rng = random.Random(seats * 100 + seed)
        opening = G.start(seats, {}, rng, None)
        state = fold(G, opening)
        events = list(opening)
        while not G.is_over(state):
            seat = rng.choice(G.acting_seats(state))
            moves = G.legal_moves(state, seat)
            assert moves, "an acting seat always has a move"
            new, state = G.step(state, rng.choice(moves))
            events.extend(new)
            assert all(c.coins >= 0 for c in state.cities)
            assert _placed(state) == _dealt(state)
        assert fold(G, events) == state
        assert state.age == 3 and len(state.ranking) == seats
        assert all(G.legal_moves(state, s) == [] for s in range(seats))
        assert G.acting_seats(state) == ()
        with pytest.raises(DomainError, match="game_over"):
            G.decide(state, moves[0])
        # every age card of the game was dealt, three ages of 7 per hand
        assert sum(_dealt(state).values()) == 3 * 7 * (3 if seats == 2 else seats)


def test_the_same_seed_gives_the_same_game() -> None:
    a = G.start(5, {}, random.Random(9), None)
    b = G.start(5, {}, random.Random(9), None)
    assert a == b
