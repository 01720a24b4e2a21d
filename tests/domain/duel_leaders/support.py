"""Helpers for Duel Leaders scenarios: a seeded deal with the leaders drafted in a chosen
order, the drafts played, and states set up through the engine's own events or, for an
effect's own check, through the state a fold would give."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from msgspec.structs import replace

from domain.duel.state import DuelState
from domain.duel_leaders.catalog import BY_KEY, LEADERS
from domain.duel_leaders.setup import leaders_of, with_leaders
from domain.duel_leaders.state import LeadersState
from domain.kernel import DomainError, get_game

G: Any = get_game("duel", ("leaders",))
RULES = G.rules
CARD = {c.name: c.id for c in RULES.cards}
WONDER = {w.name: w.id for w in RULES.wonders}
TOKEN = {t.name: t.id for t in RULES.tokens}
L = BY_KEY
"""Leader ids by key."""


def deal(seed: int = 0, first: int = 0, drafted: Sequence[str] = (),
         aside: Sequence[str] = (), wonders: Sequence[str] | None = None) -> Any:
    """A random deal whose first drafted leaders and first set-aside ones are chosen.

    With every pick the first on offer, seat `first` ends with drafted[1], [2], [4], [7]
    and the other seat with drafted[0], [3], [5], [6] (the leader draft's 2-1-1... order)."""
    d = G.deal(random.Random(seed))
    chosen = [L[k] for k in drafted]
    later = [L[k] for k in aside]
    rest = [x for x in leaders_of(d) if x not in chosen and x not in later]
    head = (chosen + rest)[:8]
    tail = later + [x for x in rest if x not in head]
    d = with_leaders(d, tuple(head + tail))
    changes: dict[str, Any] = {"first_player": first}
    if wonders is not None:
        wanted = [WONDER[w] for w in wonders]
        others = [w for w in (*d.wonders, *d.wonders_unused) if w not in wanted]
        offered = (*wanted, *others)[:8]
        changes["wonders"] = tuple(offered)
        changes["wonders_unused"] = tuple(w for w in range(len(RULES.wonders))
                                          if w not in offered)
    return replace(d, **changes)


def fold(events: Iterable[Any], state: DuelState | None = None) -> DuelState:
    s = G.initial_state() if state is None else state
    for e in events:
        s = G.evolve(s, e)
    return s


def started(d: Any = None, options: dict[str, Any] | None = None) -> DuelState:
    return fold(G.start(2, options or {}, random.Random(0), d if d is not None else deal()))


def first_move(state: DuelState) -> DuelState:
    seat = G.acting_seats(state)[0]
    _, state = G.step(state, G.legal_moves(state, seat)[0])
    return state


def at_recruitment(d: Any = None) -> DuelState:
    """Both drafts played (first offered each time): Age I's recruitment step."""
    state = started(d)
    while state.phase != 11:
        state = first_move(state)
    return state


def run(state: DuelState, *commands: Any, game: Any = G) -> tuple[list[Any], DuelState]:
    """Each command decided and applied in turn (`game`: Duel Leaders, or with Agora)."""
    events: list[Any] = []
    for c in commands:
        new, state = game.step(state, c)
        events.extend(new)
    return events, state


def error(state: DuelState, command: Any) -> DomainError:
    try:
        G.decide(state, command)
    except DomainError as exc:
        return exc
    raise AssertionError(f"{command} was accepted")


def with_leaders_state(state: DuelState, **changes: Any) -> DuelState:
    x: LeadersState = state.leaders
    return replace(state, leaders=replace(x, **changes))


def with_coins(state: DuelState, seat: int, coins: int) -> DuelState:
    players = list(state.players)
    players[seat] = replace(players[seat], coins=coins)
    return replace(state, players=(players[0], players[1]))


def name(leader: int) -> str:
    return LEADERS[leader].name


def of_type(events: Iterable[Any], kind: type) -> list[Any]:
    return [e for e in events if type(e) is kind]
