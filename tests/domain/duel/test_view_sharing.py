"""Views built once per state for all audiences are the views built from scratch.

`view` keeps the part every audience sees alike for the last state viewed (the projector
views each state for both seats and the spectator in a row). Over random games of the base
game and each expansion, every audience's view, taken right after another audience's view of
the same state (the shared part reused) or right after a view of another state (built anew),
encodes to the same bytes, in any order of audiences. Reference: `information` (what a seat
may see: the Great Library draw only for its drawer).
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain.kernel import get_game

AUDIENCES: tuple[int | None, ...] = (0, 1, None)


def _states(expansions: tuple[str, ...], seed: int) -> tuple[Any, list[Any]]:
    game = get_game("duel", expansions, {})
    rng = random.Random(seed)
    state = game.initial_state()
    for event in game.start(2, {}, rng, None):
        state = game.evolve(state, event)
    states = [state]
    while not game.is_over(state):
        seat = rng.choice(game.acting_seats(state))
        _, state = game.step(state, rng.choice(game.legal_moves(state, seat)))
        states.append(state)
    return game, states


@pytest.mark.parametrize("expansions", [(), ("agora",), ("leaders",), ("agora", "leaders")])
def test_a_shared_view_part_changes_no_byte(expansions: tuple[str, ...]) -> None:
    encode = msgspec.json.encode
    for seed in range(6):
        game, states = _states(expansions, seed)
        rng = random.Random(seed)
        other = states[-1]
        for state in states:
            order = list(AUDIENCES)
            rng.shuffle(order)
            fresh = {}
            for seat in order:
                game.view(other, 0)  # the next view of `state` is built anew
                fresh[seat] = encode(game.view(state, seat))
            for seat in order:  # now each one after another audience's view of `state`
                assert encode(game.view(state, seat)) == fresh[seat], (seed, seat)
            if state.library_draw:
                drawer = state.current
                assert msgspec.json.decode(fresh[drawer])["library_draw"], "the drawer sees it"
                assert not msgspec.json.decode(fresh[None])["library_draw"], "no one else does"
            other = state
