"""Helpers for the 7 Wonders engine tests: games set up with chosen boards, cities given
cards by folding the engine's own mutators, and steps played by name.

Scenario tests start from a real set-up (`game.start` with the boards option) and then give
cities cards, stages, coins and hands; every cache of a city is built by `city.add_card` /
`city.add_stage`, the functions `evolve` uses, so the state is one a game could reach.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from msgspec import Struct
from msgspec.structs import replace

from domain.kernel.game import fold
from domain.sevenwonders import SevenWondersGame
from domain.sevenwonders import commands as cmd
from domain.sevenwonders.catalog import CARD_BY_NAME, CARDS, WONDERS
from domain.sevenwonders.city import add_card, add_stage
from domain.sevenwonders.deal import Deal
from domain.sevenwonders.events import GameStarted
from domain.sevenwonders.state import PLAY, SWState, compute_acting

G = SevenWondersGame()
D = TypeVar("D", bound=Deal)
WONDER: dict[str, int] = {w.key: w.id for w in WONDERS} | {w.name: w.id for w in WONDERS}


def card(name: str | int, age: int | None = None) -> int:
    """The id of a card by name (`age` picks the Age I or II Loom, Glassworks, Press)."""
    if isinstance(name, int):
        return name
    ids = CARD_BY_NAME[name]
    of_age = tuple(i for i in ids if CARDS[i].age == age)
    return (of_age or ids)[0]


def setup(boards: Sequence[tuple[str, str]], seed: int = 1) -> SWState:
    """A game of len(boards) seats after set-up; a third board named "free:<wonder>" makes
    it the two-player variant with that board as the Free City."""
    option = [[WONDER[w.removeprefix("free:")], "AB".index(s)] for w, s in boards]
    seats = 2 if len(boards) == 3 and boards[2][0].startswith("free:") else len(boards)
    state: SWState = fold(G, G.start(seats, {"boards": option}, random.Random(seed), None))
    return state


def deal_of(events: Sequence[Struct], kind: type[D]) -> D:
    """The deal the opening event of `events` records (of the expansion's deal type)."""
    started = events[0]
    assert isinstance(started, GameStarted) and isinstance(started.deal, kind)
    return started.deal


def give(state: SWState, city: int, cards: Sequence[str | int] = (), stages: int = 0,
         coins: int | None = None) -> SWState:
    """`city` with these cards built (and stages, coins), as `evolve` would have built them."""
    c = state.cities[city]
    for name in cards:
        c = add_card(c, CARDS[card(name)])
    for _ in range(stages):
        stage = WONDERS[c.board].sides[c.side][c.stages]
        c = add_stage(c, stage, card("Loom", 1))
    if coins is not None:
        c = replace(c, coins=coins)
    cities = list(state.cities)
    cities[city] = c
    return replace(state, cities=tuple(cities))


def hands(state: SWState, *names: Sequence[str | int], age: int | None = None) -> SWState:
    """Replace every city's hand for the current step (all cities choose)."""
    held = tuple(tuple(card(n, age or state.age) for n in h) for h in names)
    stepping = tuple(c for c, h in enumerate(held) if h)
    st = replace(state, hands=held, stepping=stepping, phase=PLAY,
                 chosen=(None,) * len(state.cities))
    return replace(st, acting=compute_acting(st))


def play(seat: int, name: str | int, action: str = "build", **kw: object) -> cmd.Play:
    return cmd.Play(seat=seat, card=card(name), action=action, **kw)  # type: ignore[arg-type]


def step(state: SWState, *commands: cmd.Command) -> tuple[list[object], SWState]:
    """Apply commands in order; the events of all of them."""
    events: list[object] = []
    for command in commands:
        new, state = G.step(state, command)
        events.extend(new)
    return events, state


def names(cards: Sequence[int]) -> list[str]:
    return [CARDS[c].name for c in cards]
