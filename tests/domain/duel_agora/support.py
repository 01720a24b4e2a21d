"""Helpers for Agora scenarios: a seeded deal with chosen decrees and conspiracies, the draft
played, and the Senate, cities and hands set up through the engine's own events."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from msgspec.structs import replace

from domain.duel import commands as cmd
from domain.duel import events as ev
from domain.duel.state import DuelState
from domain.duel_agora import catalog
from domain.duel_agora import commands as acmd
from domain.duel_agora import events as aev
from domain.duel_agora.state import AgoraDeal, AgoraState
from domain.kernel import DomainError, get_game

M = TypeVar("M")
G: Any = get_game("duel", ("agora",))
RULES = G.rules
CARD = {c.name: c.id for c in RULES.cards}
WONDER = {w.name: w.id for w in RULES.wonders}
TOKEN = {t.name: t.id for t in RULES.tokens}
DECREE = {d.key: d.id for d in catalog.DECREES}
CONSPIRACY = {c.name: c.id for c in catalog.CONSPIRACIES}
POLITICIAN_LEFT = CARD["Politician (left) 1"]
POLITICIAN_CENTRE = CARD["Politician (centre) 1"]
POLITICIAN_RIGHT = CARD["Politician (right) 1"]
CONSPIRATOR = CARD["Conspirator 1"]


def deal(
    seed: int = 0,
    decrees: Sequence[str] | None = None,
    deck: Sequence[str] | None = None,
    first: int = 0,
    wonders: Sequence[str] | None = None,
) -> AgoraDeal:
    """A random Agora deal with the chamber decrees, the top of the conspiracy deck and the
    first offered wonders chosen."""
    d: AgoraDeal = G.deal(random.Random(seed))
    changes: dict[str, Any] = {"first_player": first}
    if decrees is not None:
        chosen = [DECREE[k] for k in decrees]
        changes["decrees"] = tuple(chosen)
        changes["decrees_unused"] = tuple(i for i in range(16) if i not in chosen)
    if deck is not None:
        top = [CONSPIRACY[n] for n in deck]
        changes["conspiracies"] = (*top, *(c for c in d.conspiracies if c not in top))
    if wonders is not None:
        wanted = [WONDER[w] for w in wonders]
        rest = [w for w in (*d.wonders, *d.wonders_unused) if w not in wanted]
        offered = (*wanted, *rest)[:8]
        changes["wonders"] = tuple(offered)
        changes["wonders_unused"] = tuple(w for w in range(14) if w not in offered)
    return replace(d, **changes)


def fold(events: Iterable[Any], state: DuelState | None = None) -> DuelState:
    s = G.initial_state() if state is None else state
    for e in events:
        s = G.evolve(s, e)
    return s


def started(d: AgoraDeal | None = None) -> DuelState:
    return fold(G.start(2, {}, random.Random(0), d or deal()))


def first_move(state: DuelState) -> DuelState:
    seat = G.acting_seats(state)[0]
    _, state = G.step(state, G.legal_moves(state, seat)[0])
    return state


def drafted(d: AgoraDeal | None = None) -> DuelState:
    """Age I, the first player to act: each pick and owed action is the first legal one."""
    state = started(d)
    while state.age == 0:
        state = first_move(state)
    return state


def run(state: DuelState, *commands: Any) -> tuple[list[Any], DuelState]:
    events: list[Any] = []
    for c in commands:
        new, state = G.step(state, c)
        events.extend(new)
    return events, state


def error(state: DuelState, command: Any) -> DomainError:
    try:
        G.decide(state, command)
    except DomainError as exc:
        return exc
    raise AssertionError(f"{command} was accepted")


def of_type(events: Iterable[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def ext(state: DuelState) -> AgoraState:
    value: AgoraState = state.ext
    return value


def cubes(state: DuelState, seat0: Sequence[int], seat1: Sequence[int]) -> DuelState:
    """Set both seats' cubes per chamber (decrees of chambers with cubes turned face up)."""
    e = ext(state)
    revealed = e.revealed
    for chamber, decrees in enumerate(e.decrees):
        if seat0[chamber] or seat1[chamber]:
            for d in decrees:
                revealed |= 1 << d
    return replace(state, ext=replace(e, cubes=(tuple(seat0), tuple(seat1)), revealed=revealed))


def hold(state: DuelState, seat: int, *names: str, prepared: bool = False) -> DuelState:
    """Give `seat` conspiracies (taken from the deck), prepared with a removed card or not."""
    e = ext(state)
    ids = tuple(CONSPIRACY[n] for n in names)
    state = fold([aev.ConspiracyKept(seat=seat, kept=ids, returned=-1, on_top=False)], state)
    e = ext(state)
    deck = tuple(c for c in e.deck if c not in ids)
    deal_ = state.deal
    assert deal_ is not None
    if prepared:
        row = list(e.prepared[seat])
        for i in range(len(row) - len(ids), len(row)):
            row[i] = deal_.removed[0][0]
        prepared_ = (tuple(row), e.prepared[1]) if seat == 0 else (e.prepared[0], tuple(row))
        e = replace(e, prepared=prepared_)
    return replace(state, ext=replace(e, deck=deck))


def give(state: DuelState, seat: int, *names: str) -> DuelState:
    """Cards in `seat`'s city as if built for free (no effects)."""
    for name in names:
        after = G.evolve(state, ev.BuildingConstructed(
            seat=seat, slot=0, card=CARD[name], cost=0, to_opponent=0, chained=False))
        state = replace(after, taken=state.taken, turn=state.turn)
    return state


def give_tokens(state: DuelState, seat: int, *names: str) -> DuelState:
    for name in names:
        after = G.evolve(state, ev.ProgressTokenTaken(seat=seat, token=TOKEN[name],
                                                      from_library=False))
        state = replace(after, taken=state.taken, turn=state.turn, pending=state.pending)
    return state


def coins(state: DuelState, seat: int, amount: int) -> DuelState:
    delta = amount - state.players[seat].coins
    event = (ev.CoinsGained(seat=seat, amount=delta, reason="test") if delta >= 0
             else ev.CoinsLost(seat=seat, amount=-delta, reason="test"))
    after: DuelState = G.evolve(state, event)
    return after


def turn(state: DuelState, seat: int) -> DuelState:
    after: DuelState = G.evolve(replace(state, pending=()), ev.TurnBegan(seat=seat))
    return after


def put(state: DuelState, slot_name: str, card: str | int) -> DuelState:
    """Put a card in a slot of the current structure, face up and accessible (the cards
    covering it taken)."""
    layout = RULES.layouts[state.age - 1]
    i = layout.by_name[slot_name]
    card_id = CARD[card] if isinstance(card, str) else card
    slots = list(state.slots)
    slots[i] = card_id
    return replace(state, slots=tuple(slots), taken=(state.taken | layout.slots[i].covered_by)
                   & ~(1 << i), revealed=state.revealed | (1 << i))


def moves(state: DuelState, seat: int, kind: type[M]) -> list[M]:
    return [m for m in G.legal_moves(state, seat) if type(m) is kind]


def decline(state: DuelState, seat: int) -> DuelState:
    return run(state, acmd.Decline(seat=seat))[1]


__all__ = ["cmd"]


def recruit_at(state: DuelState, seat: int, slot_name: str) -> acmd.RecruitSenator:
    """The legal RecruitSenator of the named slot of the current structure."""
    index = RULES.layouts[state.age - 1].by_name[slot_name]
    return next(m for m in moves(state, seat, acmd.RecruitSenator) if m.slot == index)
