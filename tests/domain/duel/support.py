"""Helpers for the Duel engine tests: explicit deals, scripted drafts and city set-ups.

Scenario tests start from an explicit `Deal` (every card placed by name) and play real
commands. Effect tests may also give a seat cards, tokens, wonders or coins by folding the
very events the engine emits (so every cache stays consistent), then restore the structure
and the turn counter those events touch.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from domain.duel import DuelGame
from domain.duel import commands as cmd
from domain.duel import events as ev
from domain.duel.catalog import CARDS, TOKENS, WONDERS
from domain.duel.catalog_types import PURPLE
from domain.duel.deal import Deal
from domain.duel.state import DuelState
from domain.kernel import DomainError

G = DuelGame()

CARD: dict[str, int] = {c.name: c.id for c in CARDS} | {c.key: c.id for c in CARDS}
WONDER: dict[str, int] = {w.name: w.id for w in WONDERS} | {w.key: w.id for w in WONDERS}
TOKEN: dict[str, int] = {t.name: t.id for t in TOKENS} | {t.key: t.id for t in TOKENS}

GUILDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.colour == PURPLE)
AGE_POOLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c.id for c in CARDS if c.age == a and c.colour != PURPLE) for a in (1, 2, 3)
)

# The first game's wonders (rulebook, "first game" set-up): seat 0 and seat 1.
FIRST_GAME_WONDERS: dict[int, tuple[str, ...]] = {
    0: ("The Pyramids", "The Great Lighthouse", "The Temple of Artemis", "The Statue of Zeus"),
    1: ("Circus Maximus", "Piraeus", "The Appian Way", "The Colossus"),
}
BOARD = ("Agriculture", "Architecture", "Economy", "Law", "Masonry")
ASIDE = ("Mathematics", "Philosophy", "Strategy", "Theology", "Urbanism")


def card(name: str | int) -> int:
    return name if isinstance(name, int) else CARD[name]


def wonder(name: str | int) -> int:
    return name if isinstance(name, int) else WONDER[name]


def token(name: str | int) -> int:
    return name if isinstance(name, int) else TOKEN[name]


def slot(age: int, name: str) -> int:
    """Index of the slot named like the reference (``r5x1``) in an Age's structure."""
    return G.rules.layouts[age - 1].by_name[name]


def slot_name(age: int, index: int) -> str:
    return G.rules.layouts[age - 1].slots[index].name


def _age_deck(
    age: int, placed: Mapping[str, str | int] | None, removed: Sequence[str | int] | None
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Structure (slot order), removed cards and (Age III) unused guilds for one Age."""
    layout = G.rules.layouts[age - 1]
    n = len(layout.slots)
    cards: list[int | None] = [None] * n
    for name, c in (placed or {}).items():
        cards[layout.by_name[name]] = card(c)
    used = {c for c in cards if c is not None}
    removed_ids = [card(c) for c in removed or ()]
    pool = [c for c in AGE_POOLS[age - 1] if c not in used and c not in removed_ids]
    guilds: list[int] = []
    if age == 3:
        in_play = [c for c in cards if c in GUILDS]
        guilds = [g for g in GUILDS if g not in used][: 3 - len(in_play)]
        pool = guilds + pool
    for i in range(n):
        if cards[i] is None:
            cards[i] = pool.pop(0)
    structure = tuple(c for c in cards if c is not None)
    unused_guilds: tuple[int, ...] = ()
    if age == 3:
        unused_guilds = tuple(g for g in GUILDS if g not in structure)
        pool = [c for c in pool if c not in GUILDS]
    left = tuple(removed_ids) + tuple(pool)
    return structure, left, unused_guilds


def make_deal(
    *,
    first: int = 0,
    wonders: Mapping[int, Sequence[str | int]] | None = None,
    board: Sequence[str | int] = BOARD,
    aside: Sequence[str | int] | None = None,
    age1: Mapping[str, str | int] | None = None,
    age2: Mapping[str, str | int] | None = None,
    age3: Mapping[str, str | int] | None = None,
    removed: Mapping[int, Sequence[str | int]] | None = None,
) -> Deal:
    """An explicit deal: named cards in named slots, the rest filled in catalog order.

    `aside` defaults to the tokens not on the board, in catalog order. `wonders` gives each
    seat's four wonders; they are offered so that the draft
    (A, B, B, A then B, A, A, B) hands each seat its own.
    """
    own = {s: [wonder(w) for w in ws] for s, ws in (wonders or FIRST_GAME_WONDERS).items()}
    a, b = own[first], own[1 - first]
    offered = (a[0], b[0], b[1], a[1], b[2], a[2], a[3], b[3])
    unused = tuple(w.id for w in WONDERS if w.id not in offered)
    ages: list[tuple[int, ...]] = []
    lefts: list[tuple[int, ...]] = []
    unused_guilds: tuple[int, ...] = ()
    for age, placed in ((1, age1), (2, age2), (3, age3)):
        structure, left, guilds = _age_deck(age, placed, (removed or {}).get(age))
        ages.append(structure)
        lefts.append(left)
        if age == 3:
            unused_guilds = guilds
    return Deal(
        first_player=first,
        wonders=offered,
        wonders_unused=unused,
        board_tokens=tuple(token(t) for t in board),
        aside_tokens=tuple(token(t) for t in aside) if aside is not None else tuple(
            t.id for t in TOKENS if t.id not in {token(b) for b in board}
        ),
        ages=tuple(ages),
        removed=(*lefts, unused_guilds),
    )


def fold(events: Iterable[Any], state: DuelState | None = None) -> DuelState:
    s = G.initial_state() if state is None else state
    for e in events:
        s = G.evolve(s, e)
    return s


def started(deal: Deal | None = None, seed: int = 0) -> tuple[list[Any], DuelState]:
    events = G.start(2, {}, random.Random(seed), deal=deal)
    return events, fold(events)


def draft(state: DuelState) -> DuelState:
    """Play the wonder draft: each seat picks the wonders the deal meant for it."""
    deal = state.deal
    assert deal is not None
    a = deal.first_player
    offered = deal.wonders
    own = {a: {offered[0], offered[3], offered[5], offered[6]},
           1 - a: {offered[1], offered[2], offered[4], offered[7]}}
    while state.draft_offer and state.age == 0:
        seat = G.acting_seats(state)[0]
        pick = min(w for w in state.draft_offer if w in own[seat])
        _, state = G.step(state, cmd.PickWonder(seat=seat, wonder=pick))
    return state


def setup(**deal_args: Any) -> DuelState:
    """A game from an explicit deal, drafted: Age I, the first player to act."""
    _, state = started(make_deal(**deal_args))
    return draft(state)


def run(state: DuelState, *commands: Any) -> tuple[list[Any], DuelState]:
    """Step commands in order; all their events and the final state."""
    events: list[Any] = []
    for c in commands:
        new, state = G.step(state, c)
        events.extend(new)
    return events, state


def error(state: DuelState, command: Any) -> DomainError:
    """The DomainError `command` raises (fails the test if it is accepted)."""
    try:
        G.decide(state, command)
    except DomainError as exc:
        return exc
    raise AssertionError(f"{command} was accepted")


def of_type(events: Iterable[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# -- direct state set-ups (through the engine's own events) ----------------------------------
def _restored(before: DuelState, after: DuelState) -> DuelState:
    return replace(after, taken=before.taken, turn=before.turn)


def give(state: DuelState, seat: int, *names: str | int) -> DuelState:
    """Put cards in `seat`'s city as if built for free (no effects applied)."""
    for name in names:
        after = G.evolve(
            state,
            ev.BuildingConstructed(
                seat=seat, slot=0, card=card(name), cost=0, to_opponent=0, chained=False
            ),
        )
        state = _restored(state, after)
    return state


def give_tokens(state: DuelState, seat: int, *names: str | int) -> DuelState:
    """Give `seat` progress tokens (taken from the board when there); no effects applied."""
    for name in names:
        after = G.evolve(
            state, ev.ProgressTokenTaken(seat=seat, token=token(name), from_library=False)
        )
        state = replace(_restored(state, after), pending=state.pending)
    return state


def give_built_wonders(state: DuelState, seat: int, *names: str | int) -> DuelState:
    """Mark wonders of `seat` as built (a removed Age I card tucked under each)."""
    deal = state.deal
    assert deal is not None
    for name in names:
        w = wonder(name)
        assert w in state.players[seat].wonders, "the seat must own the wonder"
        after = G.evolve(
            state,
            ev.WonderConstructed(
                seat=seat, slot=0, card=deal.removed[0][0], wonder=w, cost=0, to_opponent=0
            ),
        )
        state = _restored(state, after)
    return state


def set_coins(state: DuelState, seat: int, coins: int) -> DuelState:
    delta = coins - state.players[seat].coins
    if delta > 0:
        return G.evolve(state, ev.CoinsGained(seat=seat, amount=delta, reason="test"))
    if delta < 0:
        return G.evolve(state, ev.CoinsLost(seat=seat, amount=-delta, reason="test"))
    return state


def set_pawn(state: DuelState, position: int, looting: int | None = None) -> DuelState:
    after = G.evolve(state, ev.ConflictPawnMoved(seat=0, shields=0, position=position))
    return after if looting is None else replace(after, looting=looting)


def to_age(state: DuelState, age: int, seat: int) -> DuelState:
    """Jump to the start of `age` (its dealt structure), `seat` to play."""
    layout = G.rules.layouts[age - 1]
    cards = tuple(-1 for _ in layout.slots)
    state = G.evolve(state, ev.AgeBegan(age=age, cards=cards))
    return G.evolve(state, ev.TurnBegan(seat=seat))


def leave_only(state: DuelState, *slots: int) -> DuelState:
    """Mark every slot of the current structure taken except `slots` (for end-of-Age
    scenarios); the cards of the other slots simply leave the structure."""
    layout = G.rules.layouts[state.age - 1]
    keep = 0
    for s in slots:
        keep |= 1 << s
    return replace(state, taken=layout.full & ~keep, revealed=layout.full)


def accessible(state: DuelState) -> list[int]:
    layout = G.rules.layouts[state.age - 1]
    mask = layout.accessible(state.taken)
    return [i for i in range(len(layout.slots)) if (mask >> i) & 1]


def legal_build(state: DuelState, seat: int, at: int) -> cmd.ConstructBuilding:
    """The legal ConstructBuilding of slot `at` (with the engine's price)."""
    for m in G.legal_moves(state, seat):
        if isinstance(m, cmd.ConstructBuilding) and m.slot == at:
            return m
    raise AssertionError(f"slot {at} cannot be built by seat {seat}")


def legal_wonder(
    state: DuelState, seat: int, w: str | int, at: int | None = None
) -> cmd.ConstructWonder:
    wid = wonder(w)
    for m in G.legal_moves(state, seat):
        if isinstance(m, cmd.ConstructWonder) and m.wonder == wid and (at is None or m.slot == at):
            return m
    raise AssertionError(f"wonder {w} cannot be built by seat {seat}")


def discard_down_to(state: DuelState, remaining: int) -> tuple[list[Any], DuelState]:
    """The acting seats discard the lowest accessible card until `remaining` are left."""
    events: list[Any] = []
    layout = G.rules.layouts[state.age - 1]
    while len(layout.slots) - bin(state.taken).count("1") > remaining:
        seat = state.current
        new, state = G.step(state, cmd.DiscardCard(seat=seat, slot=accessible(state)[0]))
        events.extend(new)
    return events, state


def categories() -> tuple[str, ...]:
    """The score sheet's categories, total last (as the catalog publishes them)."""
    return tuple(G.catalog()["score_categories"])


def sheet(scores: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(categories(), scores, strict=True))


def end_by_discard(state: DuelState, by: int) -> tuple[list[Any], DuelState]:
    """End the game now: Age III with one card left, which seat `by` discards."""
    if state.age != 3:
        state = to_age(state, 3, by)
    elif state.current != by:
        state = G.evolve(state, ev.TurnBegan(seat=by))
    last = slot(3, "r7x5")
    state = leave_only(state, last)
    return run(state, cmd.DiscardCard(seat=by, slot=last))


def final_sheets(state: DuelState, by: int = 1) -> tuple[dict[str, int], dict[str, int]]:
    """Both seats' score sheets when the game ends now (seat `by` discards the last card)."""
    events, _ = end_by_discard(state, by)
    (ended,) = of_type(events, ev.GameEnded)
    return sheet(ended.scores[0]), sheet(ended.scores[1])


def _turn_of(state: DuelState, seat: int) -> DuelState:
    if state.current == seat and not state.pending:
        return state
    return G.evolve(replace(state, pending=()), ev.TurnBegan(seat=seat))


def price(state: DuelState, seat: int, at: int) -> int:
    """Coins the engine would charge `seat` to construct the card in slot `at` now (given
    the turn and enough coins to afford anything)."""
    rich = set_coins(_turn_of(state, seat), seat, 99)
    coins = legal_build(rich, seat, at).coins
    assert coins is not None
    return coins


def wonder_price(state: DuelState, seat: int, w: str | int) -> int:
    rich = set_coins(_turn_of(state, seat), seat, 99)
    coins = legal_wonder(rich, seat, w).coins
    assert coins is not None
    return coins


def at_age(age: int, place: Mapping[str, str | int], seat: int = 0, **deal_args: Any) -> DuelState:
    """A drafted game from an explicit deal with `place` in the `age` structure, at the
    start of that Age with `seat` to play."""
    state = setup(**{f"age{age}": place}, **deal_args)
    if age > 1:
        return to_age(state, age, seat)
    if state.current != seat:
        state = G.evolve(state, ev.TurnBegan(seat=seat))
    return state
