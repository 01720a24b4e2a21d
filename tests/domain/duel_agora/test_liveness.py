"""Liveness over random complete games of Duel with Agora, Duel Leaders and both: at every
state before the end some seat acts and every acting seat has a legal move (an owed
action with nothing to choose offers `Decline`: agora-rules-fr's effects never block a
game, nor does the recruitment step of duel-leaders-rules-fr), every listed move is
accepted, and every game ends with one of the ruleset's victories."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest

from domain.kernel import get_game
from domain.kernel.game import fold

GAMES = 150
MAX_COMMANDS = 1_000
"""Far above the longest game seen (under 150 commands): a game past it does not end."""


def _balanced(rng: random.Random, moves: list[Any]) -> Any:
    """A move of a kind drawn uniformly first: the rare kinds (an owed action's Decline, a
    conspiracy, a leader's own move) get played far more often than among all moves."""
    by_kind: dict[str, list[Any]] = defaultdict(list)
    for move in moves:
        by_kind[type(move).__name__].append(move)
    return rng.choice(by_kind[rng.choice(sorted(by_kind))])


@pytest.mark.parametrize("expansions", [("agora",), ("leaders",), ("agora", "leaders")])
def test_every_acting_seat_has_a_move_and_every_game_ends(expansions: tuple[str, ...]) -> None:
    game: Any = get_game("duel", expansions)
    victories: set[str] = set()
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = fold(game, game.start(2, {}, rng, None))
        commands = 0
        while not game.is_over(state):
            acting = game.acting_seats(state)
            assert acting, f"seed {seed}, command {commands}: nobody may act"
            listed = {seat: game.legal_moves(state, seat) for seat in acting}
            stuck = [seat for seat, moves in listed.items() if not moves]
            assert not stuck, f"seed {seed}, command {commands}: seats {stuck} have no move"
            moves = listed[rng.choice(acting)]
            command = _balanced(rng, moves) if seed % 2 else rng.choice(moves)
            _, state = game.step(state, command)
            commands += 1
            assert commands < MAX_COMMANDS, f"seed {seed}: the game does not end"
        assert state.victory in game.victory_types
        victories.add(state.victory)
    assert "civilian" in victories and len(victories) > 1
