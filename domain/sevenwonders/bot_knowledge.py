"""What a bot knows of 7 Wonders: a state rebuilt from a seat's view, hidden parts sampled.

Hidden from a seat: the other hands, the discard pile, the cards under others' wonder
stages, the choices others have made this step, the Free City's draw pile (two-player
variant) and the decks of the Ages to come. The determiniser draws them from the cards the
seat has not seen (the Age decks for the player count, the guilds not seen), keeps the
seat's own choices of the step, then lets each other seat that has already chosen choose a
random legal move in the sample. It rebuilds the play steps, Babylon's seventh card,
Halikarnassus' build from the discard pile (whose seat sees the pile) and Olympia's guild
copy, in the 3-7 player game and the two-player variant. An expansion's part of the view
(`ext`) is rebuilt by the expansion's own sampler when it registers one
(`EXT_SAMPLERS`); without one the determiniser declines (None) and the bots fall back.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from msgspec.structs import replace

from domain.bots.knowledge import register_knowledge
from domain.sevenwonders.catalog_types import PURPLE
from domain.sevenwonders.city import add_card, add_stage, new_city
from domain.sevenwonders.commands import BuildDiscarded, Play
from domain.sevenwonders.deal import HAND, Deal, age_deck
from domain.sevenwonders.game import SevenWondersGame
from domain.sevenwonders.state import (
    BUILD,
    COPY_GUILD,
    DISCARD,
    DISCARD_BUILD,
    FREE_BUILD,
    FREE_CITY,
    PHASE_NAMES,
    PLAY,
    SEVENTH,
    Choice,
    SWState,
    compute_acting,
)
from domain.sevenwonders.views import HIDDEN, SevenWondersView

BUILDS = frozenset({BUILD, FREE_BUILD})
ROLLOUT_BUILDS = 0.8
"""How often a playout's seat builds when it can, rather than any legal move."""

SAMPLED_PHASES = frozenset({PLAY, SEVENTH, DISCARD_BUILD, COPY_GUILD})

ExtSampler = Callable[[SevenWondersGame, SevenWondersView, SWState, int, random.Random],
                      SWState | None]
"""An expansion's part of a sample: the base sample (`ext` unset) completed from the view's
`ext` (its cities' expansion parts, its own state, the choices others made in its own
phases), or None where the expansion cannot be rebuilt. The base sets `acting` after it."""

EXT_SAMPLERS: dict[str, ExtSampler] = {}
"""By the view `ext` struct's class name."""


class SevenWondersKnowledge:
    root_moves = 6
    """The strong bot searches the six moves the evaluator ranks best (a hand of seven
    cards is listed once per way to pay for each)."""

    playout_horizon = 30
    """Playouts stop after 30 commands and are scored by the evaluator (its points and
    prospects, as a probability): as good as playing to the end at a third of the cost."""

    def playout_value(self, game: Any, state: Any, seat: int) -> float:
        """Half the win, half the place: in five seats a win alone says little."""
        rank: tuple[int, ...] = state.rank
        if not rank or seat >= len(rank):
            return 0.0
        places = max(len(rank) - 1, 1)
        return 0.5 * self.outcome(game, state, seat) + 0.5 * (1.0 - (rank[seat] - 1) / places)

    def settle(self, game: Any, before: Any, state: Any, seat: int) -> Any:
        """`state` (a choice just made on `before`) once its step of simultaneous choices
        is revealed, the seats still to choose discarding (the least change to the
        scores), so that a choice is scored by what it builds rather than left hidden
        until every seat has chosen. A choice that ended its step is left as it is."""
        start = _step_key(state)
        if start != _step_key(before):
            return state
        for _ in range(2 * len(state.cities)):
            if not state.acting or _step_key(state) != start:
                break
            mover = state.acting[0]
            moves = game.legal_moves(state, mover)
            if not moves:
                break
            move = next((m for m in moves if getattr(m, "action", None) == DISCARD), moves[0])
            _, state = game.step(state, move)
        return state

    def rollout_move(
        self, game: Any, state: Any, seat: int, moves: Sequence[Any], rng: random.Random
    ) -> Any:
        """Playouts build a card when they can (random play discards half its cards)."""
        builds = [m for m in moves if isinstance(m, Play) and m.action in BUILDS]
        return rng.choice(builds if builds and rng.random() < ROLLOUT_BUILDS else moves)

    def determinise(
        self, game: Any, view: Any, seat: int, moves: Sequence[Any], rng: random.Random
    ) -> SWState | None:
        if not isinstance(game, SevenWondersGame) or not isinstance(view, SevenWondersView):
            return None
        phase = phase_number(game, view.phase)
        sampler = None if view.ext is None else EXT_SAMPLERS.get(type(view.ext).__name__)
        if view.ext is not None and sampler is None:
            return None
        if phase is None or (phase not in SAMPLED_PHASES and sampler is None):
            return None
        return _sample(game, view, seat, moves, rng)

    def evaluate(self, game: Any, state: Any, seat: int) -> float:
        """Points now against the best other city, plus what the rest of the game will
        make of production and of the shields against each neighbour."""
        totals = _totals(game, state)
        values = [float(t) + _prospects(state, c) for c, t in enumerate(totals)]
        others = max(v for c, v in enumerate(values) if c != seat)
        return values[seat] - others

    def outcome(self, game: Any, state: Any, seat: int) -> float:
        rank: tuple[int, ...] = state.rank
        if not rank:
            return 0.0
        if rank[seat] != 1:
            return 0.0
        return 1.0 / sum(1 for r in rank if r == 1)


PRODUCTION_POINTS = 1.2
"""What a unit of production is worth at the start of the game, falling to none by its end
(points it lets the city build)."""
CONFLICT_POINTS = (1, 3, 5)
"""A conflict's victory token by Age."""


def _step_key(state: SWState) -> tuple[int, int, int, int]:
    """What changes once a step of simultaneous choices is revealed (a phase, a turn, an
    expansion's draft round)."""
    return (state.phase, state.age, state.turn, int(getattr(state.ext, "draft_round", 0)))


def _prospects(state: SWState, city: int) -> float:
    """Points not yet scored: production for the cards to come and the conflicts ahead
    (counted at the current shields, half their value since shields still change)."""
    c = state.cities[city]
    done = min(max((state.age - 1) * 6 + state.turn, 0), 18)
    left = (18 - done) / 18
    value = PRODUCTION_POINTS * left * (sum(c.fixed) + len(c.own_masks))
    n = len(state.cities)
    if n > 2 and state.age:
        for other in ((city - 1) % n, (city + 1) % n):
            diff = c.shields - state.cities[other].shields
            if diff > 0:
                value += 0.5 * sum(CONFLICT_POINTS[a - 1] for a in range(state.age, 4))
            elif diff < 0:
                value -= 0.5 * (4 - state.age)
    return value


def _totals(game: SevenWondersGame, state: SWState) -> list[int]:
    rules = game.rules
    return [sum(fn(rules, state, c) for _, fn in rules.score_categories)
            for c in range(len(state.cities))]


def phase_number(game: SevenWondersGame, name: str) -> int | None:
    """The phase a view names: a base phase or an expansion's."""
    if name in PHASE_NAMES:
        return PHASE_NAMES.index(name)
    return next((k for k, p in game.rules.phases.items() if p.name == name), None)


def acting_now(game: SevenWondersGame, state: SWState) -> tuple[int, ...]:
    """Who acts in `state` (an expansion's phase names its own)."""
    found = game.rules.phases.get(state.phase)
    if found is not None and found.acting is not None:
        return found.acting(state)
    return compute_acting(state)


def _sample(
    game: SevenWondersGame, view: SevenWondersView, seat: int, moves: Sequence[Any],
    rng: random.Random,
) -> SWState | None:
    rules = game.rules
    cards = rules.cards
    variant = view.variant
    n_cities = len(view.cities)
    deck_players = 3 if variant else n_cities
    seated = 2 if variant else n_cities
    phase = phase_number(game, view.phase)
    if phase is None:
        return None
    seen: Counter[int] = Counter(view.hand)
    seen.update(view.discard)  # shown to the seat building from it, else empty
    cities = []
    for cv in view.cities:
        wonder = rules.wonders[cv.board]
        side = "AB".index(cv.side)
        city = new_city(wonder, side, cv.coins)
        for card in cv.built:
            city = add_card(city, cards[card])
        for k in range(cv.stages):
            city = add_stage(city, wonder.sides[side][k], cv.tucked[k])
        seen.update(cv.built)
        seen.update(t for t in cv.tucked if t != HIDDEN)
        wilds = city.wilds
        if cv.copied >= 0 and any(n == "science_wild" for n, _ in cards[cv.copied].on_build):
            wilds += 1
        cities.append(replace(city, tokens=cv.tokens, copied=cv.copied, wilds=wilds))
    mine = seat if seat < n_cities else -1
    if (mine >= 0 and "free_build" in cities[mine].abilities and phase == PLAY
            and not any(isinstance(m, Play) and m.action == FREE_BUILD for m in moves)):
        cities[mine] = replace(cities[mine], free_used=view.age)  # used this Age already
    guilds = [c.id for c in cards if c.colour == PURPLE]
    seen_guilds = [g for g in guilds if seen[g]]
    unseen_guilds = [g for g in guilds if not seen[g]]
    rng.shuffle(unseen_guilds)
    age_guilds = unseen_guilds[: max(0, deck_players + 2 - len(seen_guilds))]
    pools: list[list[int]] = []
    for age in (1, 2, 3):
        deck = age_deck(cards, age, deck_players)
        if age == 3:
            deck += [*seen_guilds, *age_guilds]
        pool = list((Counter(deck) - seen).elements())
        rng.shuffle(pool)
        pools.append(pool)
    age = view.age
    # Before an Age's first turn (an expansion's step opening it) its cards are not dealt.
    dealt = age if view.turn or view.hand or any(cv.hand_size for cv in view.cities) else age - 1
    current = pools[age - 1] if dealt == age else []
    hands: list[tuple[int, ...]] = []
    for cv in view.cities:
        if cv.city == seat:
            hands.append(view.hand)
        elif variant and cv.city == FREE_CITY:
            hands.append(())
        else:
            if len(current) < cv.hand_size:
                return None
            hands.append(tuple(current[: cv.hand_size]))
            current = current[cv.hand_size:]
    pile: tuple[int, ...] = ()
    if variant:
        if len(current) < view.pile_size:
            return None
        pile, current = tuple(current[: view.pile_size]), current[view.pile_size:]
    if view.discard:
        discard = view.discard
    else:
        leftovers = [c for a in range(max(age - 1, 0)) for c in pools[a]] + current
        rng.shuffle(leftovers)
        if len(leftovers) < view.discard_size:
            return None
        discard = tuple(leftovers[: view.discard_size])
    deal_hands = []
    piles = []
    for a in (1, 2, 3):
        pool = pools[a - 1] if a > dealt else [0] * (HAND * deck_players)
        deal_hands.append(tuple(tuple(pool[i * HAND:(i + 1) * HAND]) for i in range(seated))
                          + (((),) if variant else ()))
        piles.append(tuple(pool[seated * HAND:]))
    deal = Deal(boards=tuple((cv.board, "AB".index(cv.side)) for cv in view.cities),
                hands=tuple(deal_hands), guilds=tuple(sorted([*seen_guilds, *age_guilds])),
                piles=tuple(piles) if variant else ())
    stepping: tuple[int, ...] = ()
    special = special_seat = -1
    if phase in (PLAY, SEVENTH):
        stepping = tuple(c for c, h in enumerate(hands) if h)
        if variant and phase == PLAY and FREE_CITY not in stepping:
            stepping = (*stepping, FREE_CITY)
    elif phase in (DISCARD_BUILD, COPY_GUILD):
        if phase == DISCARD_BUILD:  # Halikarnassus' city, or an expansion's (Solomon)
            wanted = {m.card for m in moves if isinstance(m, BuildDiscarded)}
            found = [c for c, city in enumerate(cities)
                     if {d for d in discard if not city.names >> cards[d].name_id & 1}
                     == wanted and (c == seat or "build_from_discard" in city.abilities
                                    or (variant and c == FREE_CITY))]
        else:
            found = [c for c, city in enumerate(cities)
                     if "copy_guild" in city.abilities and city.copied < 0]
        if not found or not view.acting:
            return None
        special, special_seat = found[0], view.acting[0]
    chosen: list[Choice | None] = [None] * n_cities
    for mc in view.my_choices:
        chosen[mc.city] = mc.choice
    state = SWState(
        phase=phase, seats=2 if variant else n_cities, variant=variant, deal=deal,
        explicit_deal=view.explicit_deal, cities=tuple(cities), age=age, turn=view.turn,
        hands=tuple(hands) if dealt == age else (), pile=pile, holder=view.holder or 0,
        chosen=tuple(chosen), stepping=stepping, discard=discard, special=special,
        special_seat=special_seat,
    )
    if view.ext is not None:
        sampled = EXT_SAMPLERS[type(view.ext).__name__](game, view, state, seat, rng)
        if sampled is None:
            return None
        state = sampled
    state = replace(state, acting=acting_now(game, state))
    if phase in (PLAY, SEVENTH):  # others that chose already: a choice of theirs
        for cv in view.cities:
            if not cv.chosen or cv.seat == seat or cv.seat is None:
                continue
            options = [m for m in game.legal_moves(state, cv.seat)
                       if not isinstance(m, Play) or m.city in (None, cv.city)]
            if not options:
                return None
            _, state = game.step(state, rng.choice(options))
    return state


register_knowledge("7wonders", SevenWondersKnowledge())
