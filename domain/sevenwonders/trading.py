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
from itertools import product

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
    (the Free City's controller chooses the seller regardless of price). Only the resources
    still missing after the city's fixed production shape the answer, so the memo is keyed
    on them and on the producers and discounts that bear on them.
    """
    items = _ITEMS.get(cost)
    if items is None:
        items = _ITEMS[cost] = tuple((i, n) for i, n in enumerate(cost) if n)
    need = []
    needmask = 0
    for i, n in items:
        f = own_fixed[i]
        if n > f:
            need.append((i, n - f))
            needmask |= 1 << i
    if not needmask:
        return FREE_ONLY
    key = (
        tuple(need),
        tuple(sorted(m & needmask for m in own_masks if m & needmask)),
        tuple(min(left_fixed[i], n) for i, n in need),
        tuple(sorted(m & needmask for m in left_masks if m & needmask)),
        tuple(min(right_fixed[i], n) for i, n in need),
        tuple(sorted(m & needmask for m in right_masks if m & needmask)),
        discounts & (needmask | needmask << 7),
        every_split,
    )
    found = _MEMO.get(key)
    if found is None:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        found = _MEMO[key] = _solve(*key)
    return found


FREE_ONLY: tuple[Payment, ...] = (FREE,)
_ITEMS: dict[Vec, tuple[tuple[int, int], ...]] = {}
_MEMO: dict[tuple[object, ...], tuple[Payment, ...]] = {}
_MEMO_LIMIT = 1 << 18


def _compact(mask: int, idx: tuple[int, ...]) -> int:
    return sum(1 << j for j, i in enumerate(idx) if mask >> i & 1)


def _fits(want: Vec, have: Vec, masks: tuple[int, ...]) -> bool:
    short = tuple(w - h if w > h else 0 for w, h in zip(want, have, strict=True))
    if not any(short):
        return True
    return bool(masks) and can_supply(short, masks)


def _solve(
    need_items: tuple[tuple[int, int], ...],
    own: tuple[int, ...],
    left_have: Vec,
    left_masks: tuple[int, ...],
    right_have: Vec,
    right_masks: tuple[int, ...],
    discounts: int,
    every_split: bool,
) -> tuple[Payment, ...]:
    """The search, in the space of the missing resources only (k <= 7 dimensions)."""
    idx = tuple(i for i, _ in need_items)
    need = tuple(n for _, n in need_items)
    own_c = tuple(_compact(m, idx) for m in own)
    lm = tuple(_compact(m, idx) for m in left_masks)
    rm = tuple(_compact(m, idx) for m in right_masks)
    lp = tuple(DISCOUNT_PRICE if discounts >> i & 1 else BASE_PRICE for i in idx)
    rp = tuple(DISCOUNT_PRICE if discounts >> (7 + i) & 1 else BASE_PRICE for i in idx)
    found: dict[tuple[int, int], tuple[Vec, Vec]] = {}
    for residual in _minimal_residuals(need, own_c):
        for lv in product(*(range(r + 1) for r in residual)):
            rv = tuple(r - a for r, a in zip(residual, lv, strict=True))
            if not (_fits(lv, left_have, lm) and _fits(rv, right_have, rm)):
                continue
            key = (sum(a * p for a, p in zip(lv, lp, strict=True)),
                   sum(a * p for a, p in zip(rv, rp, strict=True)))
            if key not in found:
                found[key] = (lv, rv)
    payments: list[Payment] = []
    for (lc, rc), (lv, rv) in found.items():
        full_l = [0] * 7
        full_r = [0] * 7
        for j, i in enumerate(idx):
            full_l[i] = lv[j]
            full_r[i] = rv[j]
        payments.append((lc, rc, tuple(full_l), tuple(full_r)))
    payments.sort(key=lambda p: (p[0] + p[1], p[0]))
    if every_split:
        return tuple(payments)
    return tuple(
        p for p in payments
        if not any(q[0] <= p[0] and q[1] <= p[1] and q[:2] != p[:2] for q in payments)
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
