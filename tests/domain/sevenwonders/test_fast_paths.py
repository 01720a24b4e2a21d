"""The fast paths of 7 Wonders agree with the general ones, position by position.

`play.play_moves` lists what no cost hook touches now (`play.touched`: a whole city, or
the cards of the colours and the stage a leader does not change) from the catalog's price
tables instead of through the expansions' hooks (`_hooked_moves`), and the game decides a
command it has just listed for that very state without checking it again
(`PhaseRules.listed`, `play.listed_choice`). Over seeded random games of the base game,
Leaders, Faith and both, every such listing must equal the hooked one, every listed choice
the checked one, and every trusted step the checked step.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import msgspec
import pytest

from domain.kernel import get_game
from domain.kernel.errors import DomainError
from domain.kernel.game import fold
from domain.sevenwonders.commands import Play
from domain.sevenwonders.events import StepResolved
from domain.sevenwonders.game import SevenWondersGame
from domain.sevenwonders.hooks import ALL_COSTS
from domain.sevenwonders.play import (
    _hooked_moves,
    choose,
    due_city,
    listed_choice,
    play_moves,
    touched,
)
from domain.sevenwonders.state import PLAY, SEVENTH

_encode = msgspec.json.Encoder().encode

CASES = (
    ((), 7, 4),
    ((), 3, 4),
    (("leaders",), 7, 3),
    (("faith",), 7, 2),
    (("leaders", "faith"), 4, 2),
)


def _events(events: list[Any]) -> list[bytes]:
    return [_encode(e) for e in events]


@pytest.mark.parametrize(("expansions", "seats", "games"), CASES)
def test_fast_listing_and_trusted_steps_match_the_checked_ones(
    expansions: tuple[str, ...], seats: int, games: int
) -> None:
    game = get_game("7wonders", expansions)
    assert isinstance(game, SevenWondersGame)
    rules = game.rules
    checked = SevenWondersGame(rules)  # never lists: every command takes the checked path
    rng = random.Random(9000 + seats)
    plain_listings = partial = trusted = 0
    for _ in range(games):
        state = fold(game, game.start(seats, {}, rng, None))
        while not game.is_over(state):
            seat = rng.choice(game.acting_seats(state))
            city = due_city(state, seat) if state.phase in (PLAY, SEVENTH) else None
            hooked = touched(rules, state, city) if city is not None else ALL_COSTS
            if city is not None and not state.variant and hooked != ALL_COSTS:
                plain_listings += 1
                partial += hooked != 0
                fast = play_moves(rules, state, seat)
                assert fast == _hooked_moves(rules, state, seat, city)
                for move in fast:
                    assert listed_choice(rules, state, city, move) == choose(rules, state, move)[1]
            moves = game.legal_moves(state, seat)
            command = rng.choice(moves)
            listed = game._listed
            if listed is not None and listed[0] is state and any(m is command for m in moves):
                trusted += 1
            events, after = game.step(state, command)
            again, after_checked = checked.step(state, command)
            assert _events(events) == _events(again)
            assert after == after_checked
            state = after
    assert plain_listings > 0 and trusted > 0
    assert partial > 0 or expansions != ("leaders",)


def test_a_listed_move_is_trusted_only_on_the_state_it_was_listed_for() -> None:
    """An equal command that is not the listed object, or the listed object on another
    state, is checked: an illegal one is refused with the domain's reason."""
    game = get_game("7wonders", ())
    rng = random.Random(5)
    state = fold(game, game.start(3, {}, rng, None))
    moves = game.legal_moves(state, 0)
    move = moves[0]
    assert isinstance(move, Play)
    copy = msgspec.structs.replace(move)
    assert copy == move and copy is not move
    events, _ = game.step(state, copy)  # checked, and legal
    assert _events(events) == _events(game.step(state, move)[0])
    after = game.step(state, move)[1]
    with pytest.raises(DomainError) as refused:
        game.step(after, move)  # seat 0 has chosen this step: checked and refused
    assert refused.value.code == "not_your_turn"


@pytest.mark.parametrize(("expansions", "seats", "games"), CASES)
def test_a_step_leads_to_the_state_its_events_fold_to(
    expansions: tuple[str, ...], seats: int, games: int
) -> None:
    """States a step builds without folding its events (a step placed once to count its
    on-build coins) equal those the events fold to, as the service folds them."""
    game = get_game("7wonders", expansions)
    rng = random.Random(7000 + seats)
    for _ in range(games):
        state = fold(game, game.start(seats, {}, rng, None))
        while not game.is_over(state):
            seat = rng.choice(game.acting_seats(state))
            events, after = game.step(state, rng.choice(game.legal_moves(state, seat)))
            assert fold(game, events, state) == after
            state = after


@pytest.mark.parametrize(("expansions", "seats", "games"),
                         [((), 7, 3), ((), 3, 3), ((), 2, 3), (("leaders",), 7, 2)])
def test_a_step_resolved_at_once_matches_the_general_resolution(
    expansions: tuple[str, ...], seats: int, games: int
) -> None:
    """Where no hook runs with a revealed step (`plain_steps`), `flow.resolve_step` makes
    each action with its coins at once; the general path (actions first, then their
    coins) gives the very same events and state, step by step."""
    game = get_game("7wonders", expansions)
    assert isinstance(game, SevenWondersGame)
    assert game.rules.plain_steps
    general_rules = dataclasses.replace(game.rules)
    object.__setattr__(general_rules, "plain_steps", False)
    general = SevenWondersGame(general_rules)
    rng = random.Random(8000 + seats)
    resolved = 0
    for _ in range(games):
        state = fold(game, game.start(seats, {}, rng, None))
        while not game.is_over(state):
            seat = rng.choice(game.acting_seats(state))
            command = rng.choice(game.legal_moves(state, seat))
            events, after = game.step(state, command)
            again, after_general = general.step(state, command)
            assert _events(events) == _events(again)
            assert after == after_general
            resolved += any(isinstance(e, StepResolved) for e in events)
            state = after
    assert resolved > 0
