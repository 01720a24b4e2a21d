"""What a bot knows of 7 Wonders: a state rebuilt from a seat's view, hidden parts sampled.

Hidden from a seat: the other hands, the discard pile, the cards under others' wonder
stages, the choices others have made this step and the decks of the Ages to come. The
determiniser draws them from the cards the seat has not seen (the Age decks for the player
count, the guilds not seen), then lets each other seat that has already chosen this step
choose a random legal move in the sample. It declines (None) where it cannot rebuild the
view faithfully: the two-player variant and the special steps (discard build, guild copy,
seventh card), where the bots fall back to random moves.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from domain.bots.knowledge import register_knowledge
from domain.sevenwonders.catalog_types import PURPLE
from domain.sevenwonders.city import add_card, add_stage, new_city
from domain.sevenwonders.deal import HAND, Deal, age_deck
from domain.sevenwonders.game import SevenWondersGame
from domain.sevenwonders.state import PHASE_NAMES, PLAY, SWState, compute_acting
from domain.sevenwonders.views import HIDDEN, SevenWondersView


class SevenWondersKnowledge:
    def determinise(
        self, game: Any, view: Any, seat: int, moves: Sequence[Any], rng: random.Random
    ) -> SWState | None:
        if (not isinstance(game, SevenWondersGame) or not isinstance(view, SevenWondersView)
                or view.variant or view.phase != PHASE_NAMES[PLAY]):
            return None
        return _sample(game, view, seat, rng)

    def evaluate(self, game: Any, state: Any, seat: int) -> float:
        totals = _totals(game, state)
        others = max(t for c, t in enumerate(totals) if c != seat)
        coins: int = state.cities[seat].coins
        return float(totals[seat] - others) + 0.05 * coins

    def outcome(self, game: Any, state: Any, seat: int) -> float:
        rank: tuple[int, ...] = state.rank
        if not rank:
            return 0.0
        if rank[seat] != 1:
            return 0.0
        return 1.0 / sum(1 for r in rank if r == 1)


def _totals(game: SevenWondersGame, state: SWState) -> list[int]:
    rules = game.rules
    return [sum(fn(rules, state, c) for _, fn in rules.score_categories)
            for c in range(len(state.cities))]


def _sample(
    game: SevenWondersGame, view: SevenWondersView, seat: int, rng: random.Random
) -> SWState | None:
    rules = game.rules
    cards = rules.cards
    players = len(view.cities)
    seen: Counter[int] = Counter(view.hand)
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
        cities.append(replace(city, tokens=cv.tokens, copied=cv.copied))
    guilds = [c.id for c in cards if c.colour == PURPLE and not seen[c.id]]
    rng.shuffle(guilds)
    age_guilds = guilds[: players + 2]
    pools: list[list[int]] = []
    for age in (1, 2, 3):
        deck = age_deck(cards, age, players)
        if age == 3:
            deck += age_guilds
        left = Counter(deck) - seen
        pool = list(left.elements())
        rng.shuffle(pool)
        pools.append(pool)
    age = view.age
    current = pools[age - 1]
    hands: list[tuple[int, ...]] = []
    for cv in view.cities:
        if cv.city == seat:
            hands.append(view.hand)
        else:
            if len(current) < cv.hand_size:
                return None
            hands.append(tuple(current[: cv.hand_size]))
            current = current[cv.hand_size:]
    leftovers = [c for a in range(age - 1) for c in pools[a]] + current
    rng.shuffle(leftovers)
    discard = tuple(leftovers[: view.discard_size])
    deal_hands = []
    for a in (1, 2, 3):
        pool = pools[a - 1] if a > age else [0] * (HAND * players)
        deal_hands.append(tuple(tuple(pool[i * HAND:(i + 1) * HAND]) for i in range(players)))
    deal = Deal(boards=tuple((cv.board, "AB".index(cv.side)) for cv in view.cities),
                hands=tuple(deal_hands), guilds=tuple(sorted(age_guilds)))
    state = SWState(
        phase=PLAY, seats=players, deal=deal, explicit_deal=view.explicit_deal,
        cities=tuple(cities), age=age, turn=view.turn, hands=tuple(hands),
        chosen=(None,) * players, stepping=tuple(c for c, h in enumerate(hands) if h),
        discard=discard,
    )
    state = replace(state, acting=compute_acting(state))
    for cv in view.cities:  # seats that chose already: a choice of theirs in the sample
        if cv.chosen and cv.city != seat:
            options = game.legal_moves(state, cv.city)
            if not options:
                return None
            _, state = game.step(state, rng.choice(options))
    return state


register_knowledge("7wonders", SevenWondersKnowledge())
