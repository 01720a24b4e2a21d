"""Expansions attach through `SevenWondersRules` (hooks.py), not through the base rules.

A toy expansion shaped like Leaders uses every attach point: more starting coins, a step of
its own at the start of each age (a simultaneous recruitment with its own command, events,
phase and acting seats, state in `ext`, cards beside the board), a cost modifier, a trading
modifier, a score line and an end-of-game effect. A whole random game is played with it.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.kernel.game import fold
from domain.sevenwonders import SevenWondersGame, flow
from domain.sevenwonders.catalog_types import BLUE
from domain.sevenwonders.commands import Command
from domain.sevenwonders.events import Event
from domain.sevenwonders.game import BASE_RULES
from domain.sevenwonders.hooks import PhaseRules, SevenWondersRules, Tx
from domain.sevenwonders.state import SWState

RECRUIT = 10


class Recruit(Command, frozen=True, tag=True):
    pass


class RecruitBegan(Event, frozen=True, tag=True):
    age: int


class Recruited(Event, frozen=True, tag=True):
    seat: int


class Finale(Event, frozen=True, tag=True):
    pass


def _recruit_began(rules: Any, s: SWState, e: RecruitBegan) -> SWState:
    return replace(s, phase=RECRUIT, ext=(False,) * s.seats)


def _recruited(rules: Any, s: SWState, e: Recruited) -> SWState:
    done = list(s.ext)
    done[e.seat] = True
    cities = list(s.cities)
    cities[e.seat] = replace(cities[e.seat], beside=(*cities[e.seat].beside, s.age))
    return replace(s, ext=tuple(done), cities=tuple(cities))


def _finale(rules: Any, s: SWState, e: Finale) -> SWState:
    return replace(s, cities=tuple(replace(c, coins=c.coins + 1) for c in s.cities))


def _age_start(tx: Tx, age: int) -> bool:
    tx.emit(RecruitBegan(age=age))
    return True


def _decide_recruit(tx: Tx, command: Recruit) -> None:
    tx.emit(Recruited(seat=command.seat))
    if all(tx.state.ext):
        flow.continue_age(tx)


def _blue_cheaper(state: SWState, city: int, what: str, index: int,
                  cost: tuple[int, int, tuple[int, ...]]) -> tuple[int, int, tuple[int, ...]]:
    coins, free, resources = cost
    if what == "card" and TOY.cards[index].colour == BLUE and any(resources):
        first = next(i for i, n in enumerate(resources) if n)
        resources = tuple(n - (i == first) for i, n in enumerate(resources))
    return coins, free, resources


def _raw_from_left_at_one(state: SWState, city: int, bits: int) -> int:
    return bits | 0b1111


def _leaders_line(rules: SevenWondersRules, state: SWState, city: int) -> int:
    return 2 * len(state.cities[city].beside)


TOY = BASE_RULES.extend(
    name="toy",
    starting_coins=6,
    age_start=(_age_start,),
    phases={RECRUIT: PhaseRules(
        moves=lambda rules, st, seat: [Recruit(seat=seat)] if not st.ext[seat] else [],
        commands={Recruit: _decide_recruit},
        acting=lambda st: tuple(i for i, done in enumerate(st.ext) if not done),
    )},
    cost_hooks=(_blue_cheaper,),
    price_hooks=(_raw_from_left_at_one,),
    score_categories=(*BASE_RULES.score_categories, ("leaders", _leaders_line)),
    end_effects=(lambda tx: tx.emit(Finale()),),
    mutators={RecruitBegan: _recruit_began, Recruited: _recruited, Finale: _finale},
)


def test_a_whole_game_with_an_expansion_attached_through_hooks() -> None:
    game = SevenWondersGame(TOY)
    rng = random.Random(3)
    opening = game.start(4, {}, rng, None)
    state = fold(game, opening)
    assert [c.coins for c in state.cities] == [6, 6, 6, 6]
    assert state.phase == RECRUIT and game.acting_seats(state) == (0, 1, 2, 3)
    events: list[msgspec.Struct] = list(opening)
    recruit_steps = 0
    while not game.is_over(state):
        seat = rng.choice(game.acting_seats(state))
        moves = game.legal_moves(state, seat)
        recruit_steps += isinstance(moves[0], Recruit)
        new, state = game.step(state, rng.choice(moves))
        events.extend(new)
    assert recruit_steps == 3 * 4  # every seat, at the start of each age
    assert fold(game, events) == state
    assert all(c.beside == (1, 2, 3) for c in state.cities)
    assert game.catalog()["score_categories"][-2:] == ["leaders", "total"]
    assert all(line[-2] == 6 and line[-1] == sum(line[:-1]) for line in state.scores)
    assert any(isinstance(e, Finale) for e in events)


def test_cost_and_trading_modifiers_apply() -> None:
    from domain.sevenwonders.play import card_cost, discount_bits
    from tests.domain.sevenwonders.support import card

    game = SevenWondersGame(TOY)
    state = fold(game, game.start(3, {}, random.Random(1), None))
    assert card_cost(TOY, state, 0, card("Baths"))[2] == (0,) * 7  # 1 stone less
    assert card_cost(TOY, state, 0, card("Stockade"))[2] == (1, 0, 0, 0, 0, 0, 0)
    assert discount_bits(TOY, state, 0) & 0b1111 == 0b1111
