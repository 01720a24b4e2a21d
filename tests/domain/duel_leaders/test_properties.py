"""Properties over random games with Duel Leaders (alone and with Agora): every game ends,
the state a decision returns is the fold of its events, no seat's coins go negative, each
leader is in exactly one place, each city's science counts its cards' symbols as they
stand (Euclid's and Ptolemy's changes included), and no seat's copy of an event leaks
another's secret."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain.duel.state import OVER
from domain.duel_leaders import commands as lcmd
from domain.duel_leaders import events as lev
from domain.duel_leaders.catalog import BY_KEY
from domain.duel_leaders.evolve import science_counts
from domain.duel_leaders.setup import leaders_of, with_leaders
from domain.kernel import get_game

GAMES = 12
SYMBOL_MOVES = (lcmd.ConstructWithLeader, lcmd.ChangeSymbol)
FAVOURED = (BY_KEY["euclid"], BY_KEY["solomon"], BY_KEY["croesus"], BY_KEY["ptolemy"])


def _places(state: Any) -> list[int]:
    x = state.leaders
    return [*x.aside, *x.drawn, *x.hands[0], *x.hands[1], *x.recruited[0], *x.recruited[1]]


@pytest.mark.parametrize("expansions", [("leaders",), ("agora", "leaders")])
def test_random_games_keep_the_invariants(expansions: tuple[str, ...]) -> None:
    game: Any = get_game("duel", expansions)
    changed = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        deal = game.deal(rng)
        if seed % 2:  # the symbol changers drafted first: their changes get played too
            order = leaders_of(deal)
            order = (*FAVOURED, *(x for x in order if x not in FAVOURED))
            deal = with_leaders(deal, order)
        opening = game.start(2, {}, rng, deal)
        state = game.initial_state()
        for e in opening:
            state = game.evolve(state, e)
        pool = sorted(state.leaders.pool)
        gone: set[int] = set()  # discarded, or drawn by Maecenas and left out
        steps = 0
        while state.phase != OVER:
            seat = rng.choice(game.acting_seats(state))
            moves = game.legal_moves(state, seat)
            # Euclid's and Ptolemy's changes, rare among uniform moves, taken when offered
            changes = [m for m in moves if type(m) in SYMBOL_MOVES]
            command = rng.choice(changes if changes and rng.random() < 0.8 else moves)
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
                    if type(e) is lev.LeadersDrawn and other != e.seat:
                        # Maecenas' draw is the drawer's; Rome's joins a face-up hand
                        assert seen.leaders == (e.leaders if e.into_hand else ())
                    if type(e) is lev.CardsOffered and other != e.seat:
                        assert not seen.cards
                    if type(e) is lev.LeadersDealt:
                        assert seen.leaders is None
            assert folded == after
            changed += sum(1 for e in events if type(e) is lev.SymbolChanged)
            state = after
            for seat in (0, 1):
                assert state.players[seat].science == science_counts(game.rules, state, seat)
            assert min(p.coins for p in state.players) >= 0
            places = _places(state)
            assert len(places) == len(set(places))
            assert set(places) | gone <= set(pool)
            for viewer in (0, 1, None):
                msgspec.json.encode(game.view(state, viewer))
            steps += 1
        assert steps > 40
        assert state.victory in game.victory_types
    assert changed  # Euclid or Ptolemy changed some symbol in these games
