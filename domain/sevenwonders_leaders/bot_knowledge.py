"""What a bot knows of Leaders: its part of a 7 Wonders sample, rebuilt from a seat's view.

Hidden from a seat: the other seats' leader hands and what they kept in the draft, their
picks and recruitment choices until revealed, the leaders under their wonder stages, the
discarded ones and the box. They are drawn from the leaders the seat has not seen; the
seats that already picked or chose this step pick or choose at random in the sample. Public
parts are copied: the leaders recruited (their shields and science symbols counted in the
cities), the Courtesan token and the leader costs the game replaces. Rome B's extra leader
and the Courtesan's placement are not rebuilt (the bots fall back there).
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from domain.sevenwonders.bot_knowledge import EXT_SAMPLERS
from domain.sevenwonders.game import SevenWondersGame
from domain.sevenwonders.state import SWState
from domain.sevenwonders.views import SevenWondersView
from domain.sevenwonders_leaders.catalog import ROME
from domain.sevenwonders_leaders.deal import leader_pool
from domain.sevenwonders_leaders.evolve import gain_leader, recruit_acting
from domain.sevenwonders_leaders.state import (
    COURTESAN,
    EXTRA_LEADER,
    LEADER_TUCK,
    RECRUIT,
    LeaderChoice,
    LeadersState,
)
from domain.sevenwonders_leaders.views import LeadersView


def sample_leaders(
    game: SevenWondersGame, view: SevenWondersView, state: SWState, seat: int,
    rng: random.Random,
) -> SWState | None:
    lv = view.ext
    if not isinstance(lv, LeadersView) or state.phase in (EXTRA_LEADER, COURTESAN):
        return None
    seats = len(lv.hand_sizes)
    seen = {*lv.hand, *lv.kept, *(x for r in lv.recruited for x in r)}
    seen.update(t - LEADER_TUCK for cv in view.cities for t in cv.tucked if t >= LEADER_TUCK)
    unseen = [x for x in leader_pool(game.rules) if x not in seen]  # Faith adds Héraclès
    rng.shuffle(unseen)

    def draw(n: int) -> tuple[int, ...] | None:
        nonlocal unseen
        if len(unseen) < n:
            return None
        got, unseen = tuple(unseen[:n]), unseen[n:]
        return got

    hands: list[tuple[int, ...]] = []
    kept: list[tuple[int, ...]] = []
    for s in range(seats):
        hand = lv.hand if s == seat else draw(lv.hand_sizes[s])
        held = lv.kept if s == seat or not lv.draft_round else draw(len(lv.kept))
        if hand is None or held is None:
            return None
        hands.append(hand)
        kept.append(held)
    box = draw(lv.box_size)
    if box is None:
        return None
    picks = [-1] * seats
    if lv.draft_round:
        for s in range(seats):
            if s == seat:
                picks[s] = lv.pick
            elif s not in view.acting and hands[s]:
                picks[s] = rng.choice(hands[s])  # picked already, unseen
    cities = list(state.cities)
    powers = [0] * len(cities)
    for c, recruited in enumerate(lv.recruited):
        city = replace(cities[c], beside=recruited)
        for leader in recruited:
            city = gain_leader(city, leader)
            powers[c] |= 1 << leader
        cities[c] = city
    guild_city, _, leader = lv.courtesan
    if guild_city >= 0:
        cities[guild_city] = gain_leader(cities[guild_city], leader)
        powers[guild_city] |= 1 << leader
    rome_done = tuple(c.stages if c.board == ROME and c.side == 1 else 0 for c in cities)
    chosen: list[LeaderChoice | None] = [None] * seats
    if state.phase == RECRUIT and 0 <= seat < seats:
        chosen[seat] = lv.choice
    ext = LeadersState(
        hands=tuple(hands), kept=tuple(kept) if lv.draft_round else ((),) * seats,
        picks=tuple(picks), draft_round=lv.draft_round, box=box, chosen=tuple(chosen),
        powers=tuple(powers), courtesan=lv.courtesan, courtesan_done=guild_city >= 0,
        rome_done=rome_done, costs=lv.leader_costs,
    )
    state = replace(state, cities=tuple(cities), ext=ext)
    if state.phase == RECRUIT:  # seats that chose already: a choice of theirs
        state = replace(state, acting=recruit_acting(state))
        for s in range(seats):
            if s != seat and hands[s] and s not in view.acting:
                options = game.legal_moves(state, s)
                if not options:
                    return None
                _, state = game.step(state, rng.choice(options))
    return state


EXT_SAMPLERS[LeadersView.__name__] = sample_leaders
