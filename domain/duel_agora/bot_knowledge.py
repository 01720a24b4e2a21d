"""What a bot knows of Agora: its part of a Duel sample, rebuilt from a seat's view.

Public and copied: the cubes, the senators recruited, the face-up decrees, the conspiracies
triggered and which are prepared, the wonders sabotaged. Hidden from a seat, and drawn from
what it has not seen: the senators still in the Age decks (5/5/3 shuffled into the
structures, `AGE_MIXINS`), the face-down decrees and those left in the box, the other
seat's untriggered conspiracies, the conspiracy deck (a card the seat put back on top or
at the bottom is drawn like any other), the other seat's draw when it conspires and a token
Obscurantism took from those kept aside. The cards under prepared conspiracies are not
rebuilt (no rule reads them back). Owed actions' arguments are read from the seat's legal
moves where they show them (the removed cards Treason offers, the decrees Insider
Influence may move, Turn of Events' optional second discard); a politician's Senate
actions are counted as if none was taken yet.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from domain.duel.bot_knowledge import AGE_MIXINS, EXT_EVALUATIONS, EXT_SAMPLERS, Mixin
from domain.duel.game import DuelGame
from domain.duel.state import DuelState
from domain.duel.views import DuelView
from domain.duel_agora import owing
from domain.duel_agora.catalog import (
    CONSPIRACIES,
    DECREES,
    N_CHAMBERS,
    SENATOR_BY_CARD,
    SENATOR_CARDS,
    SENATORS_PER_AGE,
    senate_actions,
)
from domain.duel_agora.commands import BuildRemovedCard, Decline, MoveDecree
from domain.duel_agora.decrees import blue_count
from domain.duel_agora.state import AgoraState
from domain.duel_agora.views import HIDDEN, AgoraView

CONSPIRACY_DRAW = 2
POLITICAL_WEIGHT = 0.3
PREPARED = 0
"""Stands for the Age card under a prepared conspiracy (only `>= 0` is ever read)."""


def senators_in_decks(view: DuelView) -> Mixin:
    av: AgoraView = view.ext
    recruited = frozenset(c for sv in av.seats for c in sv.senators)
    return tuple(c.id for c in SENATOR_CARDS), SENATORS_PER_AGE, recruited


def sample_agora(
    game: DuelGame, view: DuelView, state: DuelState, seat: int, moves: Sequence[Any],
    rng: random.Random,
) -> DuelState | None:
    av = view.ext
    if not isinstance(av, AgoraView):
        return None
    # Decrees: the face-down ones and the box's, from those not face up.
    shown = {d for ds in av.decrees for d in ds if d != HIDDEN}
    placed = _decrees_moved(moves, len(av.decrees))  # Insider Influence lists them all
    free = [d for d in range(len(DECREES)) if d not in shown and d not in placed]
    rng.shuffle(free)
    decrees = []
    for chamber, ds in enumerate(av.decrees):
        row = []
        known = [d for d, c in placed.items() if c == chamber and d not in ds]
        for d in ds:
            if d == HIDDEN:
                if known:
                    d = known.pop()
                else:
                    d, free = free[0], free[1:]
            row.append(d)
        decrees.append(tuple(row))
    revealed = sum(1 << d for d in shown)
    # Conspiracies: the other seat's hidden ones, a draw being chosen from, the deck.
    seen = {c.conspiracy for sv in av.seats for c in sv.conspiracies
            if c.conspiracy != HIDDEN} | set(av.drawn)
    unseen = [c for c in range(len(CONSPIRACIES)) if c not in seen]
    rng.shuffle(unseen)
    held: list[tuple[int, ...]] = []
    for sv in av.seats:
        row = []
        for c in sv.conspiracies:
            conspiracy = c.conspiracy
            if conspiracy == HIDDEN:
                conspiracy, unseen = unseen[0], unseen[1:]
            row.append(conspiracy)
        held.append(tuple(row))
    kinds = [k for k, _, _ in state.pending]
    owner = state.pending[0][2] if state.pending else -1
    drawn = av.drawn
    if not drawn and kinds and kinds[0] == owing.OWE_KEEP and owner != seat:
        drawn, unseen = tuple(unseen[:CONSPIRACY_DRAW]), unseen[CONSPIRACY_DRAW:]
    if len(unseen) < av.deck_size:
        return None
    deck = tuple(unseen[: av.deck_size])
    # Tokens: Obscurantism's (one taken from those kept aside unseen), Espionage's look.
    aside = list(state.aside_tokens)
    obscured = []
    for t in av.obscured:
        if t == HIDDEN:
            if not aside:
                return None
            t = aside.pop(rng.randrange(len(aside)))
            obscured.append((t, 1 - seat, True))
        else:
            if t in aside:
                aside.remove(t)
            obscured.append((t, seat, False))
    spied = av.spied
    if kinds and kinds[0] == owing.OWE_SPY:
        if spied:
            aside = list(spied)
        spied = tuple(aside)
    if state.deal is None:
        return None
    deal = replace(state.deal, aside_tokens=tuple(aside))
    ext = AgoraState(
        cubes=(av.seats[0].cubes, av.seats[1].cubes), decrees=tuple(decrees),
        revealed=revealed, unused_decrees=tuple(free), deck=deck,
        held=(held[0], held[1]),
        prepared=tuple(tuple(PREPARED if c.prepared else -1 for c in sv.conspiracies)
                       for sv in av.seats),  # type: ignore[arg-type]
        triggered=tuple(tuple(c.triggered for c in sv.conspiracies)
                        for sv in av.seats),  # type: ignore[arg-type]
        senators=(av.seats[0].senators, av.seats[1].senators), drawn=drawn, spied=spied,
        acted=av.triggered_this_turn, in_trigger=av.triggered_this_turn and bool(kinds),
        obscured=tuple(obscured), sabotaged=av.sabotaged,
    )
    state = replace(state, ext=ext, deal=deal, aside_tokens=tuple(aside))
    state = _treason(game, state, moves)
    return replace(state, pending=_pending_args(game, state, moves))


def _decrees_moved(moves: Sequence[Any], chambers: int) -> dict[int, int]:
    """Each decree's chamber as Insider Influence's moves show it: every chamber but its
    own is a target."""
    targets: dict[int, set[int]] = {}
    for m in moves:
        if isinstance(m, MoveDecree):
            targets.setdefault(m.decree, set()).add(m.chamber)
    return {d: next(c for c in range(chambers) if c not in t) for d, t in targets.items()
            if len(t) == chambers - 1}


def _treason(game: DuelGame, state: DuelState, moves: Sequence[Any]) -> DuelState:
    """The removed cards Treason offers, where the seat's moves show them: each Age's
    removed cards are those, and none of them lies face down in the structure."""
    known = [m.card for m in moves if isinstance(m, BuildRemovedCard)]
    if not known or state.deal is None:
        return state
    cards = game.rules.cards
    removed = list(state.deal.removed)
    slots = list(state.slots)
    face_down = [i for i in range(len(slots)) if not (state.revealed >> i) & 1]
    for age in range(1, state.age + 1):
        mine = [c for c in known if cards[c].age == age]
        others = [c for c in removed[age - 1] if c not in mine]
        if age == state.age:  # a shown removed card drawn into a face-down slot: swap
            for i in face_down:
                if slots[i] in mine and others:
                    slots[i] = others.pop()
        removed[age - 1] = tuple(mine)
    ages = list(state.deal.ages)
    if state.age:
        ages[state.age - 1] = tuple(slots)
    deal = replace(state.deal, removed=tuple(removed), ages=tuple(ages))
    return replace(state, deal=deal, slots=tuple(slots))


def _pending_args(
    game: DuelGame, state: DuelState, moves: Sequence[Any]
) -> tuple[tuple[int, int, int], ...]:
    if not state.pending:
        return state.pending
    kind, arg, who = state.pending[0]
    if kind == owing.OWE_SENATE:
        senators = state.ext.senators[who]
        section = SENATOR_BY_CARD[senators[-1]].section if senators else 0
        actions = senate_actions(blue_count(game.rules, state, who))
        arg = section * owing.SENATE_SECTION_SHIFT + actions
    elif kind == owing.OWE_TURN_OF_EVENTS:
        optional = any(isinstance(m, Decline) for m in moves) and len(moves) > 1
        arg = 1 if optional else 2
    return ((kind, arg, who), *state.pending[1:])


def political_threat(game: DuelGame, state: DuelState, seat: int) -> float:
    """Chambers controlled, toward the six of political supremacy (their points are in the
    score already): the more one holds, the more each next one is worth."""
    ext: AgoraState = state.ext
    mine = sum(1 for c in range(N_CHAMBERS) if ext.controller(c) == seat)
    theirs = sum(1 for c in range(N_CHAMBERS) if ext.controller(c) == 1 - seat)
    return POLITICAL_WEIGHT * (mine * mine - theirs * theirs)


AGE_MIXINS[AgoraView.__name__] = senators_in_decks
EXT_EVALUATIONS[AgoraState.__name__] = political_threat
EXT_SAMPLERS[AgoraView.__name__] = sample_agora
