"""What a construction costs: own production, one-of producers, trading and discounts.

The price of a missing resource is 2 plus the opponent's brown/grey production of it, or 1
with the matching fixed-price yellow card. Discounts (Masonry, Architecture) waive the most
expensive units left to buy. The cheapest purchase is found by trying each assignment of the
one-of producers; results are memoised because the same situations recur constantly.
"""

from __future__ import annotations

from itertools import product
from operator import mul

from domain.duel.catalog_types import N_RES
from domain.duel.state import PlayerState

Purchase = tuple[int, tuple[int, ...]]
"""(coins for trading, resources bought per kind)."""

NOTHING: tuple[int, ...] = (0, 0, 0, 0, 0)

_NEEDS: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}
_PURCHASES: dict[tuple[object, ...], Purchase] = {}
_PRICES: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
_MEMO_LIMIT = 200_000


def prices(me: PlayerState, opponent: PlayerState) -> tuple[int, ...]:
    """Trading price per resource for `me`."""
    key = (me.fixed, opponent.produce)
    up = _PRICES.get(key)
    if up is None:
        fixed, prod = key
        up = tuple([1 if (fixed >> r) & 1 else 2 + prod[r] for r in range(N_RES)])
        if len(_PRICES) > _MEMO_LIMIT:
            _PRICES.clear()
        _PRICES[key] = up
    return up


def _missing(cost: tuple[int, ...], produce: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(c - p if c > p else 0 for c, p in zip(cost, produce, strict=True))


def missing(cost: tuple[int, ...], produce: tuple[int, ...]) -> tuple[int, ...]:
    """What brown/grey production leaves to find (memoised: few costs, few productions)."""
    key = (cost, produce)
    need = _NEEDS.get(key)
    if need is None:
        if len(_NEEDS) > _MEMO_LIMIT:
            _NEEDS.clear()
        need = _NEEDS[key] = _missing(cost, produce)
    return need


def cheapest(
    cost: tuple[int, ...],
    me: PlayerState,
    unit_prices: tuple[int, ...],
    discount: int,
) -> Purchase:
    """The cheapest way to obtain `cost` by trading, after production and a discount."""
    need = _NEEDS.get((cost, me.produce)) or missing(cost, me.produce)
    if need == NOTHING:
        return 0, NOTHING
    if not discount and not me.choices:  # the common case: buy exactly what is missing
        return sum(map(mul, need, unit_prices)), need
    key = (need, me.choices, unit_prices, discount)
    hit = _PURCHASES.get(key)
    if hit is not None:
        return hit
    relevant = []  # the one-of producers of something missing (loops: no generators)
    for c in me.choices:
        for r in c:
            if need[r]:
                relevant.append(c)
                break
    choices = tuple(relevant)
    if not choices and not discount:  # nothing missing is among the one-of producers
        best: Purchase = (sum(map(mul, need, unit_prices)), need)
    else:
        best = _search(need, choices, unit_prices, discount)
    if len(_PURCHASES) > _MEMO_LIMIT:
        _PURCHASES.clear()
    _PURCHASES[key] = best
    return best


def _search(
    need: tuple[int, ...],
    choices: tuple[tuple[int, ...], ...],
    unit_prices: tuple[int, ...],
    discount: int,
) -> Purchase:
    """Try every assignment of the one-of producers; the discount waives the dearest units
    (the dearest resources first, the first resource of equally dear ones first). The
    first cheapest assignment, in `product` order, gives the purchase."""
    # Dearest first, equally dear ones in resource order (a reversed sort is stable).
    dearest = sorted(range(N_RES), key=unit_prices.__getitem__, reverse=True) if discount \
        else []
    full = sum(map(mul, need, unit_prices))
    best_coins = -1
    best: tuple[int, ...] = NOTHING
    for alloc in product(*choices):
        left = list(need)
        coins = full
        for r in alloc:
            if left[r]:
                left[r] -= 1
                coins -= unit_prices[r]
        if discount:
            waive = discount
            for r in dearest:
                if not waive:
                    break
                units = left[r]
                if units:
                    waived = units if units < waive else waive
                    left[r] = units - waived
                    coins -= waived * unit_prices[r]
                    waive -= waived
        if best_coins < 0 or coins < best_coins:
            best_coins = coins
            if not coins:
                return 0, NOTHING
            best = tuple(left)
    return best_coins, best


def covers(
    cost: tuple[int, ...], me: PlayerState, bought: tuple[int, ...], discount: int
) -> bool:
    """Whether production, one assignment of the one-of producers, `bought` and the
    discount together cover `cost`."""
    need = missing(cost, me.produce)
    for alloc in product(*me.choices) if me.choices else ((),):
        left = list(need)
        for r in alloc:
            if left[r]:
                left[r] -= 1
        short = sum(max(0, left[r] - bought[r]) for r in range(N_RES))
        if short <= discount:
            return True
    return False
