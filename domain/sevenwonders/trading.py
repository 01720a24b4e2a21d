"""Paying for a card or a wonder stage: own production first, then trading with neighbours.

A payment is `(left_coins, right_coins, bought_left, bought_right)`. What is missing once the
city's own fixed production is used is covered first by its one-of-several producers (every
minimal residual is kept), then split between the two neighbours, who sell only what their
brown and grey cards and their board make. Non-dominated means no other payment is as cheap
on both sides and cheaper on one.

Speed: resource vectors are packed into ints, 4 bits a resource (counts up to 7, the fourth
bit a guard for borrow-free field arithmetic), so "what a neighbour may sell within what is
missing" is a small set of ints and a split is a subtraction and a set lookup. Each part is
memoised on the few values that bear on it (the missing resources, the producers that can
help with them, the discounts on them), and so is the whole answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

Vec = tuple[int, ...]
Payment = tuple[int, int, Vec, Vec]

ZERO: Vec = (0, 0, 0, 0, 0, 0, 0)
BASE_PRICE = 2
DISCOUNT_PRICE = 1
FREE: Payment = (0, 0, ZERO, ZERO)
FREE_ONLY: tuple[Payment, ...] = (FREE,)

GUARD = sum(8 << (4 * i) for i in range(7))
"""The guard bit of each 4-bit field."""
UNIT: tuple[int, ...] = tuple(1 << (4 * i) for i in range(7))


GUARD_BELOW = GUARD >> 1
"""The top value bit of each field: set where a (capped) count is 4 to 7."""


def cost_keys(costs: tuple[Vec, ...]) -> tuple[int, ...]:
    """A small int per cost vector, the same for equal vectors in every catalog (for
    `Pricer.by_key`)."""
    return tuple(_COST_KEYS.setdefault(c, len(_COST_KEYS)) for c in costs)


_COST_KEYS: dict[Vec, int] = {}


def pack(vec: Vec) -> int:
    """A resource vector as an int, 4 bits a resource (counts above 7 are capped at 7)."""
    found = _PACKED.get(vec)
    if found is None:
        found = _PACKED[vec] = sum(min(v, 7) << (4 * i) for i, v in enumerate(vec))
    return found


def unpack(x: int) -> Vec:
    found = _UNPACKED.get(x)
    if found is None:
        found = _UNPACKED[x] = tuple((x >> (4 * i)) & 15 for i in range(7))
    return found


_PACKED: dict[Vec, int] = {}
_UNPACKED: dict[int, Vec] = {}


def sat_sub(a: int, b: int) -> int:
    """Field by field max(a - b, 0)."""
    d = (a | GUARD) - b
    return d & (((d & GUARD) >> 3) * 7)


def fits(a: int, b: int) -> bool:
    """Field by field a <= b."""
    return ((b | GUARD) - a) & GUARD == GUARD


def field_mask(x: int) -> int:
    """Bit i set when resource i is nonzero."""
    found = _FIELD_MASK.get(x)
    if found is None:
        found = _FIELD_MASK[x] = sum(1 << i for i in range(7) if (x >> (4 * i)) & 15)
    return found


_FIELD_MASK: dict[int, int] = {}
_FIELDS: tuple[int, ...] = tuple(sum(15 << (4 * i) for i in range(7) if m >> i & 1)
                                 for m in range(128))
"""Per resource bitmask, the 4-bit fields of its resources set."""


def missing(cost: Vec, fixed: Vec) -> Vec:
    return tuple(c - f if c > f else 0 for c, f in zip(cost, fixed, strict=True))


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
    return pricer((own_fixed, own_masks, left_fixed, left_masks, right_fixed, right_masks,
                   discounts, every_split))(cost)


Context = tuple[Vec, tuple[int, ...], Vec, tuple[int, ...], Vec, tuple[int, ...], int, bool]
"""(own fixed, own masks, left fixed, left masks, right fixed, right masks, discounts,
every split): what a city's ways to pay depend on, whatever the cost."""


class Pricer:
    """Ways to pay any cost in one trading context, memoised per cost."""

    __slots__ = ("by_key", "ctx", "discounts", "every", "lf", "lm", "lm_by", "memo", "own",
                 "own_by", "own_masks", "reach_packed", "rf", "rm", "rm_by")

    def __init__(self, ctx: Context) -> None:
        own_fixed, own_masks, left_fixed, left_masks, right_fixed, right_masks, disc, every = ctx
        self.ctx = ctx
        self.own = pack(own_fixed)
        self.own_masks = own_masks
        self.lf = pack(left_fixed)
        self.lm = left_masks
        self.rf = pack(right_fixed)
        self.rm = right_masks
        self.discounts = disc
        self.every = every
        self.own_by = _restrictions(own_masks) if own_masks else None
        self.lm_by = _restrictions(left_masks) if left_masks else None
        self.rm_by = _restrictions(right_masks) if right_masks else None
        """Per resource bitmask, the producers of each city that can help with it
        (`_restrict`), filled as asked for; None for a city without such producers."""
        self.memo: dict[Vec, tuple[Payment, ...]] = {}
        self.by_key: dict[int, tuple[Payment, ...]] = {}
        """The same answers by `cost_keys` (an int hashes faster than a vector), kept by
        the callers of `price_packed`."""
        reach = _capped_add(_capped_add(self.own, self.lf), self.rf)
        if own_masks or left_masks or right_masks:
            for m in (*own_masks, *left_masks, *right_masks):
                reach = _capped_add(reach, _MASK_UNITS[m])
        self.reach_packed = reach
        """What the three cities could ever supply, packed (so at most 7 a resource: exact
        for the costs up to 7): a cost beyond it has no payment."""

    def reach(self) -> Vec:
        """What the three cities could ever supply, in full."""
        own_fixed, own_masks, left_fixed, left_masks, right_fixed, right_masks, _, _ = self.ctx
        reach = [a + b + c for a, b, c in zip(own_fixed, left_fixed, right_fixed, strict=True)]
        for m in (*own_masks, *left_masks, *right_masks):
            for i in _bits(m):
                reach[i] += 1
        return tuple(reach)

    def __call__(self, cost: Vec) -> tuple[Payment, ...]:
        found = self.memo.get(cost)
        if found is None:
            found = self.memo[cost] = self._price(cost)
        return found

    def _price(self, cost: Vec) -> tuple[Payment, ...]:
        packed = pack(cost)
        return self.price_packed(cost, packed, bool(packed & GUARD_BELOW))

    def price_packed(self, cost: Vec, packed: int, big: bool) -> tuple[Payment, ...]:
        """`self(cost)`, unmemoised, for a cost given with its `pack`ed form (`big`: some
        count is 4 or more), as the catalog's price tables have them (callers memoise by
        `by_key`)."""
        if ((self.reach_packed | GUARD) - packed) & GUARD != GUARD:
            return ()  # beyond what the three cities could ever supply
        if big and any(c > r for c, r in zip(cost, self.reach(), strict=True)):
            return ()  # a count of 4 or more, perhaps beyond 7: compared in full
        d = (packed | GUARD) - self.own  # what is missing after the own fixed production
        need = d & (((d & GUARD) >> 3) * 7)
        if not need:
            return FREE_ONLY
        nm = _FIELD_MASK.get(need)
        if nm is None:
            nm = field_mask(need)
        lf, rf = self.lf, self.rf
        d = (lf | GUARD) - need  # what each neighbour may sell: min(have, need)
        left_sells = lf - (d & (((d & GUARD) >> 3) * 7))
        d = (rf | GUARD) - need
        right_sells = rf - (d & (((d & GUARD) >> 3) * 7))
        own: tuple[int, ...] | None
        lm: tuple[int, ...] | None
        rm: tuple[int, ...] | None
        by = self.own_by
        if by is None:
            own = ()
        else:
            own = by[nm]
            if own is None:
                own = by[nm] = _restrict(self.own_masks, nm)
        by = self.lm_by
        if by is None:
            lm = ()
        else:
            lm = by[nm]
            if lm is None:
                lm = by[nm] = _restrict(self.lm, nm)
        by = self.rm_by
        if by is None:
            rm = ()
        else:
            rm = by[nm]
            if rm is None:
                rm = by[nm] = _restrict(self.rm, nm)
        key = (need, own, left_sells, lm, right_sells, rm, self.discounts & (nm | nm << 7),
               self.every)
        found = _MEMO.get(key)
        if found is None:
            if len(_MEMO) >= _MEMO_LIMIT:
                _MEMO.clear()
            found = _MEMO[key] = _solve(*key)
        return found


def _capped_add(a: int, b: int) -> int:
    """Field by field min(a + b, 7), for fields of at most 7."""
    x = a + b
    over = (x & GUARD) >> 3
    return (x & ~(over * 15)) | (over * 7)


_MASK_UNITS: tuple[int, ...] = tuple(
    sum(UNIT[i] for i in range(7) if m >> i & 1) for m in range(128))
"""Per resource bitmask, one unit of each of its resources, packed."""


def _restrict(masks: tuple[int, ...], nm: int) -> tuple[int, ...]:
    """The producers that can help with the resources in `nm`, in a canonical order."""
    if not masks:
        return ()
    kept = [m & nm for m in masks if m & nm]
    if len(kept) > 1:
        kept.sort()
    return tuple(kept)


def _restrictions(masks: tuple[int, ...]) -> list[tuple[int, ...] | None] | None:
    """The shared table of `_restrict(masks, nm)` by `nm` (filled as asked for), None for
    no producers."""
    if not masks:
        return None
    found = _RESTRICTIONS.get(masks)
    if found is None:
        if len(_RESTRICTIONS) >= _RESTRICTIONS_LIMIT:
            _RESTRICTIONS.clear()
        found = _RESTRICTIONS[masks] = [None] * 128
    return found


_RESTRICTIONS: dict[tuple[int, ...], list[tuple[int, ...] | None]] = {}
_RESTRICTIONS_LIMIT = 1 << 12


def pricer(ctx: Context) -> Pricer:
    """The pricer of a trading context (shared while the context is unchanged)."""
    found = _PRICERS.get(ctx)
    if found is None:
        if len(_PRICERS) >= _PRICERS_LIMIT:
            _PRICERS.clear()
        found = _PRICERS[ctx] = Pricer(ctx)
    return found


_PRICERS: dict[Context, Pricer] = {}
_PRICERS_LIMIT = 1 << 14
"""Contexts change as cities build: only recent ones are looked up again. The memos are
bounded so that a long simulation or a long-lived service process stays small."""


_MEMO: dict[tuple[object, ...], tuple[Payment, ...]] = {}
_MEMO_LIMIT = 1 << 18


def _bits(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(7) if mask >> i & 1)


_BITS: tuple[tuple[int, ...], ...] = tuple(_bits(m) for m in range(128))
"""`_bits` of every resource bitmask."""
_PRICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(DISCOUNT_PRICE if cheap >> i & 1 else BASE_PRICE for i in range(7))
    for cheap in range(128))
"""Per bitmask of the resources bought at a discount from a neighbour, each resource's
price."""


@lru_cache(maxsize=1 << 14)
def _residuals(need: int, own: tuple[int, ...]) -> tuple[int, ...]:
    """The minimal amounts still to buy once own one-of-several producers are used."""
    states = {need}
    for m in own:
        grown = set(states)
        units = [(4 * i, UNIT[i]) for i in _BITS[m]]
        for r in states:
            for shift, unit in units:
                if (r >> shift) & 15:
                    grown.add(r - unit)
        states = grown
    if len(states) == 1:
        return (need,)
    minimal: list[int] = []
    for r in sorted(states, key=_units):
        top = r | GUARD
        for m in minimal:
            if (top - m) & GUARD == GUARD:  # `fits(m, r)`: r is not minimal
                break
        else:
            minimal.append(r)
    return tuple(minimal)


def _units(x: int) -> int:
    """How many units a packed amount holds."""
    return sum(unpack(x))


def _offers(need: int, have: int, masks: tuple[int, ...], cheap: int) -> dict[int, int]:
    """Every amount (within `need`) a neighbour can sell, with its price (`have`: what its
    fixed production sells within `need`)."""
    if not masks:  # `need` bears only on the producers, prices only on what is sold
        return _offers_of(0, have, masks, cheap & field_mask(have))
    reach = 0
    for m in masks:
        reach |= m
    return _offers_of(need & _FIELDS[reach], have, masks,
                      cheap & (field_mask(have) | reach))


@lru_cache(maxsize=1 << 14)
def _offers_of(need: int, have: int, masks: tuple[int, ...], cheap: int) -> dict[int, int]:
    """`_offers`, with `need` kept to the producers' resources and `cheap` to the resources
    sold (what else they hold does not bear on the answer, so equal answers share a key)."""
    prices = _PRICES[cheap]
    amounts = {0: 0}
    for i in _BITS[field_mask(have)]:  # the resources it has, in order
        top = (have >> (4 * i)) & 15
        unit, price = UNIT[i], prices[i]
        amounts = {a + k * unit: c + k * price for a, c in amounts.items()
                   for k in range(top + 1)}
    for m in masks:
        grown = dict(amounts)
        # Per resource of the producer: (shift, the amount wanted, one unit, its price).
        units = [(4 * i, (need >> (4 * i)) & 15, UNIT[i], prices[i]) for i in _BITS[m]]
        for a, c in amounts.items():
            for shift, wanted, unit, price in units:
                if (a >> shift) & 15 < wanted:
                    grown[a + unit] = c + price
        amounts = grown
    return amounts


def _solve(
    need: int,
    own: tuple[int, ...],
    left_have: int,
    left_masks: tuple[int, ...],
    right_have: int,
    right_masks: tuple[int, ...],
    discounts: int,
    every_split: bool,
) -> tuple[Payment, ...]:
    # `_offers` of each neighbour, its key made here (two calls fewer a solution).
    if left_masks:
        left = _offers(need, left_have, left_masks, discounts & 0x7F)
    else:
        left = _offers_of(0, left_have, (), discounts & field_mask(left_have))
    if right_masks:
        right = _offers(need, right_have, right_masks, discounts >> 7)
    else:
        right = _offers_of(0, right_have, (), discounts >> 7 & field_mask(right_have))
    found: dict[tuple[int, int], tuple[int, int]] = {}
    first = found.setdefault  # the first purchase found for each coin split is kept
    get = right.get
    for residual in _residuals(need, own) if own else (need,):
        top = residual | GUARD
        for lv, lc in left.items():
            if (top - lv) & GUARD == GUARD:  # lv fits within the residual
                rv = residual - lv
                rc = get(rv)
                if rc is not None:
                    first((lc, rc), (lv, rv))
    if len(found) == 1:  # one split: nothing to compare or sort
        [((lc, rc), (lv, rv))] = found.items()
        return ((lc, rc, unpack(lv), unpack(rv)),)
    splits = list(found) if every_split else _undominated_splits(found)
    splits.sort(key=_total_then_left)  # distinct splits: no two sort equal
    out = []
    for split in splits:
        lv, rv = found[split]
        out.append((split[0], split[1], unpack(lv), unpack(rv)))
    return tuple(out)


def _total_then_left(split: tuple[int, int]) -> tuple[int, int]:
    return (split[0] + split[1], split[0])


def _undominated_splits(splits: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """`undominated`, as a list."""
    kept = []
    best_right = -1
    for split in sorted(splits):
        if best_right < 0 or split[1] < best_right:
            kept.append(split)
            best_right = split[1]
    return kept


def undominated(splits: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
    """The distinct (left, right) coin splits that no other is as cheap as on both sides:
    in (left, right) order, a split is beaten exactly when one before it pays no more on
    the right (it pays no more on the left, and they differ)."""
    kept = set()
    best_right = None
    for split in sorted(splits):
        if best_right is None or split[1] < best_right:
            kept.add(split)
            best_right = split[1]
    return kept


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
