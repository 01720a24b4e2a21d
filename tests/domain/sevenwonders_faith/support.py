"""Helpers for the Faith tests: a game with chosen boards and gods, the prayer played, the
gods held set directly, and steps where the seats not named discard their first card."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from domain.kernel import get_game
from domain.kernel.game import fold
from domain.sevenwonders import SevenWondersGame
from domain.sevenwonders import commands as cmd
from domain.sevenwonders.events import GameStarted
from domain.sevenwonders.state import SWState
from domain.sevenwonders_faith.catalog import BY_KEY, GODS
from domain.sevenwonders_faith.model import FaithExt, KeepGod, PlayWithGod
from tests.domain.sevenwonders.support import WONDER, card

_FAITH = get_game("7wonders", ("faith",))
assert isinstance(_FAITH, SevenWondersGame)
G: SevenWondersGame = _FAITH


def god(key: str) -> int:
    return BY_KEY[key].id


def key(god_id: int) -> str:
    return GODS[god_id].key


def deal_gods(seats: int, *firsts: Sequence[str]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """An explicit god deal: `firsts` are the Age I hands (keys) of the first seats, the
    rest filled from the pool in catalog order, the same shape each age."""
    from domain.sevenwonders_faith.rules import god_pool

    pool = list(god_pool(seats))
    ages = []
    for _ in range(3):
        used = {god(k) for h in firsts for k in h}
        rest = [g for g in pool if g not in used]
        hands = []
        for s in range(seats):
            if s < len(firsts):
                hands.append(tuple(god(k) for k in firsts[s]))
            else:
                hands.append(tuple(rest.pop(0) for _ in range(3)))
        if seats == 2:
            hands.append(())
        ages.append(tuple(hands))
    return tuple(ages)


def explicit_deal(boards: Sequence[tuple[str, str]], *firsts: Sequence[str],
                  game: SevenWondersGame = G) -> Any:
    """A whole deal with these boards (cards drawn at random) and these gods."""
    seats = len(boards)
    option = [[WONDER[w], "AB".index(s)] for w, s in boards]
    started = game.start(seats, {"boards": option}, random.Random(1), None)[0]
    assert isinstance(started, GameStarted) and started.deal is not None
    return replace(started.deal, gods=deal_gods(seats, *firsts))


def start(boards: Sequence[tuple[str, str]], *firsts: Sequence[str],
          options: Mapping[str, Any] | None = None, game: SevenWondersGame = G) -> SWState:
    """A game after set-up, in the prayer of Age I."""
    deal = explicit_deal(boards, *firsts, game=game)
    state: SWState = fold(game, game.start(len(boards), options or {}, random.Random(1), deal))
    return state


def prayed(boards: Sequence[tuple[str, str]], *firsts: Sequence[str]) -> SWState:
    """A game at Age I's first turn, every seat having kept its dealt gods' first pick."""
    st = start(boards, *firsts)
    while st.phase == 30:
        for seat in st.acting:
            ext = st.ext2
            assert isinstance(ext, FaithExt)
            _, st = G.step(st, KeepGod(seat=seat, god=ext.hands[seat][0]))
    return st


def with_gods(st: SWState, city: int, kept: Sequence[str], allow: int = 1) -> SWState:
    ext = st.ext2
    assert isinstance(ext, FaithExt)
    k = list(ext.kept)
    k[city] = tuple(god(x) for x in kept)
    a = list(ext.allow)
    a[city] = allow
    return replace(st, ext2=replace(ext, kept=tuple(k), allow=tuple(a)))


def ext(st: SWState) -> FaithExt:
    assert isinstance(st.ext2, FaithExt)
    return st.ext2


def with_god(seat: int, name: str, action: str, god_key: str, **kw: Any) -> PlayWithGod:
    return PlayWithGod(seat=seat, card=card(name), action=action, god=god(god_key), **kw)


def turn(st: SWState, *commands: Any) -> tuple[list[Any], SWState]:
    """One step: the commands given, then every other acting seat discards its first card."""
    events: list[Any] = []
    for c in commands:
        new, st = G.step(st, c)
        events.extend(new)
    for seat in list(st.acting):
        new, st = G.step(st, cmd.Play(seat=seat, card=st.hands[seat][0], action="discard"))
        events.extend(new)
    return events, st
