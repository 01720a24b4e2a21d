"""What a bot knows of Faith: its part of a 7 Wonders sample, rebuilt from a seat's view.

Public and copied: the gods' costs and the stages' and guilds' costs the game replaces
(`board_costs`, `guild_costs`), the gods invoked, how many gods each city holds and may
still invoke, Horus' looks left. Hidden from a seat, and drawn from the gods it has not
seen this age (each age deals a fresh shuffle, so those invoked and its own are left out):
the other cities' hands of gods in the prayer and the gods they kept, the gods dealt in the
ages to come, and the god another city picked this round (a random legal one, played in
the sample); a god chosen with a step's card is chosen by the base sampler with the card.
Not rebuilt (the determiniser declines there): Osiris' and Seth's steps, the step in
which the seat has looked at a hand through Horus, and Pégase's step of another city. In
the seat's own Pégase step the leaders it drew (shown to it alone) are its offer, so the
bots weigh which one to put in play. What the gods in play gave their cities
(a resource, Zeus' seventh card, Ares' and Hera's shields, Hestia's peace, Wonderwoman's
marker) is applied again from the gods invoked. Set as in a game without them, since the
view does not show them: Wonderwoman's marker from a god invoked in an earlier Age and a
pending Anubis.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from domain.sevenwonders.bot_knowledge import EXT_SAMPLERS, acting_now
from domain.sevenwonders.game import SevenWondersGame
from domain.sevenwonders.state import SWState
from domain.sevenwonders.views import SevenWondersView
from domain.sevenwonders_faith.catalog import GODS
from domain.sevenwonders_faith.model import (
    ANSWER,
    OSIRIS,
    PEGASUS,
    PRAYER,
    FaithExt,
    GodChoice,
)
from domain.sevenwonders_faith.powers import KEY, OWN_RESOURCE
from domain.sevenwonders_faith.rules import FaithView
from domain.sevenwonders_leaders.state import LeadersState

DEALT_GODS = 3
"""Gods dealt to each city in an age's prayer."""
ROUNDS = 2
"""Picks in a prayer before the last god passed joins the kept ones."""


def sample_faith(
    game: SevenWondersGame, view: SevenWondersView, state: SWState, seat: int,
    rng: random.Random,
) -> SWState | None:
    fv = view.ext
    if not isinstance(fv, FaithView) or fv.looked_at or fv.osiris_discard:
        return None
    if state.phase in (OSIRIS, ANSWER):
        return None
    riding = state.phase == PEGASUS
    if riding and (view.acting != (seat,) or not fv.pegasus_leaders):
        return None  # another city's step: what it drew is hidden
    if fv.inner is not None:
        inner = EXT_SAMPLERS.get(type(fv.inner).__name__)
        if inner is None:
            return None
        sampled = inner(game, replace(view, ext=fv.inner), state, seat, rng)
        if sampled is None:
            return None
        state = sampled
    n = len(state.cities)
    seats = 2 if state.variant else n
    if not 0 <= seat < seats:
        return None
    praying = state.phase == PRAYER
    picked_now = praying and seat not in view.acting and bool(fv.gods_hand or fv.gods_kept)
    rnd = (len(fv.gods_kept) - int(picked_now)) if praying else ROUNDS
    seen = {*fv.gods_hand, *fv.gods_kept, *(g for row in fv.invoked for g, _ in row)}
    unseen = [g.id for g in GODS if g.id not in seen]
    rng.shuffle(unseen)
    hands: list[tuple[int, ...]] = [()] * n
    kept: list[tuple[int, ...]] = [()] * n
    stepped: list[int] = []
    for c in range(seats):
        if c == seat:
            hands[c], kept[c] = fv.gods_hand, fv.gods_kept
            continue
        count = fv.gods_kept_count[c]
        size = 0
        if praying and rnd < ROUNDS:
            size = DEALT_GODS - rnd
            if c not in view.acting:  # picked this round already: unpicked in the sample
                count -= 1
                stepped.append(c)
        if count < 0 or len(unseen) < count + size:
            return None
        kept[c], hands[c] = tuple(unseen[:count]), tuple(unseen[count:count + size])
        unseen = unseen[count + size:]
    every = [g.id for g in GODS]
    deal = []
    for _ in range(3):
        rng.shuffle(every)
        deal.append(tuple(tuple(every[c * DEALT_GODS:(c + 1) * DEALT_GODS]) if c < seats
                          else () for c in range(n)))
    cities = list(state.cities)
    extra, marker, peace = [0] * n, [0] * n, [False] * n
    for c, invoked in enumerate(fv.invoked):  # what the gods in play gave their cities
        for god, age in invoked:
            key = KEY[god]
            if key in OWN_RESOURCE and age == 1:
                cities[c] = replace(cities[c],
                                    own_masks=(*cities[c].own_masks, 1 << OWN_RESOURCE[key]))
            if key == "zeus":
                cities[c] = replace(cities[c], abilities=cities[c].abilities | {"seventh_card"})
            extra[c] += 2 * age if key == "ares" else age if key == "hera" else 0
            if key == "wonderwoman" and age < 3:
                marker[c] = age + 1
            peace[c] = peace[c] or key == "hestia_red"
    pending: list[GodChoice | None] = [None] * n
    pending[seat] = fv.my_god_choice
    seconds: list[GodChoice | None] = [None] * n
    seconds[seat] = fv.my_second_god
    ext = FaithExt(
        deal=tuple(deal), costs=fv.god_costs, hands=tuple(hands), kept=tuple(kept),  # type: ignore[arg-type]
        picked=tuple(fv.gods_kept[-1] if c == seat and picked_now else -1 for c in range(n)),
        allow=fv.gods_allowed, marker=tuple(marker), pending=tuple(pending),
        extra=tuple(extra), peace=tuple(peace), active=fv.invoked, round=rnd,
        prayed=view.age if praying or state.age else 0, horus=fv.horus_looks,
        peeked=(0,) * n if fv.horus_looks else (), stage_costs=fv.stage_costs,
        guild_costs=fv.guild_costs, seconds=tuple(seconds) if fv.my_second_god else (),
    )
    if riding:  # the seat's own Pégase step: its city chooses among the leaders it drew
        ext = replace(ext, mounting=(seat,), offered=fv.pegasus_leaders)
        state = replace(state, special=seat, special_seat=seat)
        if state.ext is None:  # without Leaders: the powers of a leader put in play apply
            state = replace(state, ext=LeadersState(hands=((),) * n, powers=(0,) * n,
                                                    rome_done=(0,) * n, box=()))
    state = replace(state, ext2=ext, cities=tuple(cities))
    if stepped:
        steps = state.steps
        state = replace(state, acting=acting_now(game, state))
        for c in stepped:
            options = game.legal_moves(state, c)
            if not options:
                return None
            _, state = game.step(state, rng.choice(options))
        state = replace(state, steps=steps)
    return state


EXT_SAMPLERS[FaithView.__name__] = sample_faith
