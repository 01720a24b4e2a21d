"""Paying for a card or a wonder stage: own production first, then trading with neighbours.

A payment is `(left_coins, right_coins, bought_left, bought_right)`. The search works on what
is missing once the city's own fixed production is used: its one-of-several producers cover
what they can (every minimal residual is kept), and each residual is split between the two
neighbours, who sell only what their brown and grey cards and their board make. Every result
is memoised on the few values that matter for that cost (the missing resources, the producers
that can help with them, the discounts on them), so random games hit the cache most of the
time. Non-dominated means no other payment is as cheap on both sides and cheaper on one.
"""

from __future__ import annotations

from functools import lru_cache

Vec = tuple[int, ...]
Payment = tuple[int, int, Vec, Vec]

ZERO: Vec = (0, 0, 0, 0, 0, 0, 0)
BASE_PRICE = 2
DISCOUNT_PRICE = 1
FREE: Payment = (0, 0, ZERO, ZERO)


def missing(cost: Vec, fixed: Vec) -> Vec:
    return tuple(c - f if c > f else 0 for c, f in zip(cost, fixed, strict=True))


def _mask_of(vec: Vec) -> int:
    m = 0
    for i, v in enumerate(vec):
        if v:
            m |= 1 << i
    return m


@lru_cache(maxsize=1 << 16)
def can_supply(need: Vec, masks: tuple[int, ...]) -> bool:
    """Whether one-of-several producers (`masks`, one unit each) can cover `need`."""
    for i, n in enumerate(need):
        if n:
            bit = 1 << i
            rest = list(need)
            rest[i] -= 1
            reduced = tuple(rest)
            for j, m in enumerate(masks):
                if m & bit and can_supply(reduced, masks[:j] + masks[j + 1 :]):
                    return True
            return False
    return True


def _minimal_residuals(need: Vec, masks: tuple[int, ...]) -> list[Vec]:
    """What may remain to buy once own one-of-several producers cover what they can."""
    states = {need}
    for m in masks:
        grown = set(states)
        for r in states:
            for i, n in enumerate(r):
                if n and m >> i & 1:
                    lowered = list(r)
                    lowered[i] -= 1
                    grown.add(tuple(lowered))
        states = grown
    ordered = sorted(states, key=sum)
    minimal: list[Vec] = []
    for r in ordered:
        if not any(all(a <= b for a, b in zip(m, r, strict=True)) for m in minimal):
            minimal.append(r)
    return minimal


@lru_cache(maxsize=1 << 16)
def _options(
    need: Vec,
    own: tuple[int, ...],
    left_fixed: Vec,
    left_masks: tuple[int, ...],
    right_fixed: Vec,
    right_masks: tuple[int, ...],
    left_cheap: int,
    right_cheap: int,
    every_split: bool,
) -> tuple[Payment, ...]:
    found: dict[tuple[int, int], Payment] = {}
    for residual in _minimal_residuals(need, own):
        support = [i for i, n in enumerate(residual) if n]
        splits: list[tuple[Vec, Vec]] = [(ZERO, residual)]
        for i in support:
            grown = []
            for lv, rv in splits:
                for k in range(1, residual[i] + 1):
                    nl = list(lv)
                    nr = list(rv)
                    nl[i] += k
                    nr[i] -= k
                    grown.append((tuple(nl), tuple(nr)))
            splits.extend(grown)
        for lv, rv in splits:
            if not (
                can_supply(missing(lv, left_fixed), left_masks)
                and can_supply(missing(rv, right_fixed), right_masks)
            ):
                continue
            lc = sum(
                n * (DISCOUNT_PRICE if left_cheap >> i & 1 else BASE_PRICE)
                for i, n in enumerate(lv)
            )
            rc = sum(
                n * (DISCOUNT_PRICE if right_cheap >> i & 1 else BASE_PRICE)
                for i, n in enumerate(rv)
            )
            key = (lc, rc)
            if key not in found:
                found[key] = (lc, rc, lv, rv)
    payments = sorted(found.values(), key=lambda p: (p[0] + p[1], p[0]))
    if every_split:
        return tuple(payments)
    kept = [
        p for p in payments
        if not any(q[0] <= p[0] and q[1] <= p[1] and q[:2] != p[:2] for q in payments)
    ]
    return tuple(kept)


def payments(
    cost: Vec,
    own_fixed: Vec,
    own_masks: tuple[int, ...],
    left_fixed: Vec,
    left_masks: tuple[int, ...],
    right_fixed: Vec,
    right_masks: tuple[int, ...],
    discounts: int,
    every_split: bool = False,
) -> tuple[Payment, ...]:
    """Ways to pay `cost` in resources, cheapest first; empty when none exists.

    `discounts`: bit i for resource i bought at 1 coin from the left neighbour, bit 7+i from
    the right. `every_split`: every distinct (left, right) coin split, dominated ones too
    (the Free City's controller chooses the seller regardless of price).
    """
    need = missing(cost, own_fixed)
    needmask = _mask_of(need)
    if not needmask:
        return (FREE,)
    own = tuple(sorted(m & needmask for m in own_masks if m & needmask))
    lf = tuple(f if n else 0 for f, n in zip(left_fixed, need, strict=True))
    rf = tuple(f if n else 0 for f, n in zip(right_fixed, need, strict=True))
    lm = tuple(sorted(m & needmask for m in left_masks if m & needmask))
    rm = tuple(sorted(m & needmask for m in right_masks if m & needmask))
    return _options(
        need, own, lf, lm, rf, rm, discounts & needmask, (discounts >> 7) & needmask,
        every_split,
    )


def price(bought: Vec, cheap: int) -> int:
    return sum(n * (DISCOUNT_PRICE if cheap >> i & 1 else BASE_PRICE) for i, n in enumerate(bought))


def valid_purchase(
    cost: Vec,
    own_fixed: Vec,
    own_masks: tuple[int, ...],
    left_fixed: Vec,
    left_masks: tuple[int, ...],
    right_fixed: Vec,
    right_masks: tuple[int, ...],
    bought_left: Vec,
    bought_right: Vec,
) -> str | None:
    """Why buying exactly these resources cannot pay `cost`, or None when it can."""
    if any(n < 0 for n in bought_left + bought_right):
        return "negative amounts cannot be bought"
    if not can_supply(missing(bought_left, left_fixed), left_masks):
        return "the left neighbour does not produce what is bought from it"
    if not can_supply(missing(bought_right, right_fixed), right_masks):
        return "the right neighbour does not produce what is bought from it"
    total = tuple(a + b for a, b in zip(bought_left, bought_right, strict=True))
    if any(t > c for t, c in zip(total, cost, strict=True)):
        return "more is bought than the cost needs"
    rest = missing(missing(cost, total), own_fixed)
    if not can_supply(rest, tuple(own_masks)):
        return "own production and the purchase do not cover the cost"
    return None
