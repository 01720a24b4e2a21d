"""Helpers for the Leaders tests: games with chosen boards and leader deals, leaders
recruited by folding the expansion's own events, steps played by name."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from domain.kernel.game import fold
from domain.kernel.registry import get_game
from domain.sevenwonders import SevenWondersGame
from domain.sevenwonders.city import add_card, add_stage
from domain.sevenwonders.deal import random_deal
from domain.sevenwonders.state import PLAY, SWState, compute_acting
from domain.sevenwonders_leaders import events as lev
from domain.sevenwonders_leaders.catalog import DEALT, LEADER_BY_NAME
from domain.sevenwonders_leaders.deal import LeadersDeal

_LEADERS = get_game("7wonders", ("leaders",))
assert isinstance(_LEADERS, SevenWondersGame)
G: SevenWondersGame = _LEADERS
CARDS = G.rules.cards
WONDERS = G.rules.wonders
WONDER: dict[str, int] = {w.key: w.id for w in WONDERS}


def leader(name: str | int) -> int:
    return name if isinstance(name, int) else LEADER_BY_NAME[name]


def card(name: str | int, age: int | None = None) -> int:
    if isinstance(name, int):
        return name
    ids = [c.id for c in CARDS if c.name == name]
    of_age = [i for i in ids if CARDS[i].age == age]
    return (of_age or ids)[0]


def deal(seats: int, boards: Sequence[tuple[str, str]] | None = None,
         leaders: Sequence[Sequence[str]] | None = None, seed: int = 1) -> LeadersDeal:
    """A deal with these boards (wonder key, side; two seats: three boards, the third the
    Free City's) and these leader hands (the rest of the leaders in the box)."""
    rng = random.Random(seed)
    variant = seats == 2
    chosen = (tuple((WONDER[w], "AB".index(s)) for w, s in boards)
              if boards is not None else None)
    base = random_deal(rng, CARDS, WONDERS, seats, variant, chosen, "random")
    if leaders is None:
        pool = list(DEALT)
        rng.shuffle(pool)
        hands = tuple(tuple(pool[4 * i:4 * i + 4]) for i in range(seats))
    else:
        hands = tuple(tuple(leader(n) for n in h) for h in leaders)
    used = {x for h in hands for x in h}
    return LeadersDeal(boards=base.boards, hands=base.hands, guilds=base.guilds,
                       piles=base.piles, leaders=hands,
                       box=tuple(x for x in DEALT if x not in used))


def start(seats: int, boards: Sequence[tuple[str, str]] | None = None,
          leaders: Sequence[Sequence[str]] | None = None, seed: int = 1) -> SWState:
    state: SWState = fold(G, G.start(seats, {}, random.Random(seed),
                                     deal(seats, boards, leaders, seed)))
    return state


def step(state: SWState, *commands: Any) -> tuple[list[Any], SWState]:
    events: list[Any] = []
    for command in commands:
        new, state = G.step(state, command)
        events.extend(new)
    return events, state


def draft_keeping_first(state: SWState) -> tuple[list[Any], SWState]:
    """The whole draft, every seat keeping the first leader of the hand it holds."""
    from domain.sevenwonders_leaders.commands import PickLeader

    events: list[Any] = []
    while state.ext.draft_round:
        for seat in G.acting_seats(state):
            new, state = G.step(state, PickLeader(seat=seat, leader=state.ext.hands[seat][0]))
            events.extend(new)
    return events, state


def with_hands(state: SWState, *hands: Sequence[str]) -> SWState:
    """Replace the seats' leader hands."""
    held = tuple(tuple(leader(n) for n in h) for h in hands)
    return replace(state, ext=replace(state.ext, hands=held))


def recruit(state: SWState, city: int, *names: str) -> SWState:
    """`city` recruits these leaders (as a revealed recruitment would, for free)."""
    for name in names:
        x = leader(name)
        hands = list(state.ext.hands)
        hands[city] = (*hands[city], x)
        state = replace(state, ext=replace(state.ext, hands=tuple(hands)))
        state = G.evolve(state, lev.LeadersPlayed(actions=(lev.LeaderAction(
            city=city, seat=city, kind="recruit", leader=x),)))
    return state


def give(state: SWState, city: int, cards: Sequence[str | int] = (), stages: int = 0,
         coins: int | None = None) -> SWState:
    c = state.cities[city]
    for name in cards:
        c = add_card(c, CARDS[card(name)])
    for _ in range(stages):
        c = add_stage(c, WONDERS[c.board].sides[c.side][c.stages], card("Loom", 1))
    if coins is not None:
        c = replace(c, coins=coins)
    cities = list(state.cities)
    cities[city] = c
    return replace(state, cities=tuple(cities))


def coins(state: SWState, *amounts: int) -> SWState:
    return replace(state, cities=tuple(replace(c, coins=a)
                                       for c, a in zip(state.cities, amounts, strict=True)))


def age_hands(state: SWState, *names: Sequence[str | int]) -> SWState:
    """Every city's Age hand for a play step."""
    held = tuple(tuple(card(n, state.age or 1) for n in h) for h in names)
    stepping = tuple(c for c, h in enumerate(held) if h)
    st = replace(state, hands=held, stepping=stepping, phase=PLAY,
                 chosen=(None,) * len(state.cities))
    return replace(st, acting=compute_acting(st))
