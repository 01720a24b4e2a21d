"""Properties over random games with Duel Leaders (alone and with Agora): every game ends,
the state a decision returns is the fold of its events, no seat's coins go negative, each
leader is in exactly one place, and no seat's copy of an event leaks another's secret."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain.duel.state import OVER
from domain.duel_leaders import events as lev
from domain.kernel import get_game

GAMES = 12


def _places(state: Any) -> list[int]:
    x = state.leaders
    return [*x.aside, *x.drawn, *x.hands[0], *x.hands[1], *x.recruited[0], *x.recruited[1]]


@pytest.mark.parametrize("expansions", [("leaders",), ("agora", "leaders")])
def test_random_games_keep_the_invariants(expansions: tuple[str, ...]) -> None:
    game: Any = get_game("duel", expansions)
    for seed in range(GAMES):
        rng = random.Random(seed)
        opening = game.start(2, {}, rng, None)
        state = game.initial_state()
        for e in opening:
            state = game.evolve(state, e)
        pool = sorted(state.leaders.pool)
        gone: set[int] = set()  # discarded, or drawn by Maecenas and left out
        steps = 0
        while state.phase != OVER:
            seat = rng.choice(game.acting_seats(state))
            command = rng.choice(game.legal_moves(state, seat))
            events, after = game.step(state, command)
            folded = state
            for e in events:
                folded = game.evolve(folded, e)
                if type(e) is lev.LeaderDiscarded:
                    gone.add(e.leader)
                for other in (0, 1):
                    seen = game.redact(e, other)
                    if type(e) is lev.LeaderChosen and other != e.seat:
                        assert seen.leader == -1
                    if type(e) in (lev.LeadersDrawn, lev.CardsOffered) and other != e.seat:
                        assert not msgspec.to_builtins(seen).get("leaders") and \
                            not msgspec.to_builtins(seen).get("cards")
                    if type(e) is lev.LeadersDealt:
                        assert seen.leaders is None
            assert folded == after
            state = after
            assert min(p.coins for p in state.players) >= 0
            places = _places(state)
            assert len(places) == len(set(places))
            assert set(places) | gone <= set(pool)
            for viewer in (0, 1, None):
                msgspec.json.encode(game.view(state, viewer))
            steps += 1
        assert steps > 40
        assert state.victory in game.victory_types
