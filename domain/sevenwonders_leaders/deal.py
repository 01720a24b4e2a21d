"""Leaders' part of the deal: 4 leaders to each seat, the rest left in the box in a drawn
order (Rome B's first stage draws from its top). Drawn from the game's seeded RNG after the
base deal; recorded in the first event with the rest of the deal (hidden from every seat)."""

from __future__ import annotations

import random
from typing import Any

from domain.kernel.errors import DomainError
from domain.sevenwonders.deal import Deal
from domain.sevenwonders_leaders.catalog import DEALT

HAND = 4


class LeadersDeal(Deal, frozen=True):
    leaders: tuple[tuple[int, ...], ...] = ()
    """Per seat (the Free City none), the 4 leaders dealt."""
    box: tuple[int, ...] = ()
    """The leaders not dealt, in draw order."""


def leader_pool(rules: Any) -> tuple[int, ...]:
    """The leaders shuffled in this game: the 36 printed ones, and those another expansion
    adds through `catalog_extra["leader_pool"]` (Faith's Héraclès)."""
    pool: tuple[int, ...] = tuple(rules.catalog_extra.get("leader_pool", DEALT))
    return pool


def make_deal(rules: Any, deal: Deal, rng: random.Random, seats: int) -> LeadersDeal:
    pool = list(leader_pool(rules))
    rng.shuffle(pool)
    return LeadersDeal(
        boards=deal.boards, hands=deal.hands, guilds=deal.guilds, piles=deal.piles,
        leaders=tuple(tuple(pool[i * HAND:(i + 1) * HAND]) for i in range(seats)),
        box=tuple(pool[seats * HAND:]),
    )


def check_deal(rules: Any, deal: Deal, seats: int) -> None:
    leaders = getattr(deal, "leaders", ())
    box = getattr(deal, "box", ())
    if len(leaders) != seats or any(len(h) != HAND for h in leaders):
        raise DomainError("invalid_deal", f"{HAND} leaders for each of the {seats} seats expected")
    dealt = [x for h in leaders for x in h] + list(box)
    pool = leader_pool(rules)
    if sorted(dealt) != sorted(pool):
        raise DomainError("invalid_deal", f"the leaders dealt and the box must hold the "
                          f"{len(pool)} leaders of the game once each")
