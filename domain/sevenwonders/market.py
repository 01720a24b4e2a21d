"""Buying from every other city at one price (`hooks.market_hooks`; Faith's Poséidon).

Used only for a city an expansion opens such a market to: the base game's trading
(`trading`) never comes here. A market payment names what each seller gives: the two
neighbours in `left`/`right` as usual, every other seller in `far` as (seller city, coins,
resources). Every unit bought costs the market's price, whoever sells it (trading posts
and the Marketplace do not combine with it), so the cheapest payments are those that buy
the fewest units; for each smallest set of units to buy (after the city's own one-of-several
producers), one split is listed: as much as possible from the left neighbour, then the
right one, then the others in seating order to the left; any other split is accepted.
"""

from __future__ import annotations

from domain.sevenwonders import trading
from domain.sevenwonders.state import SWState

Far = tuple[tuple[int, int, tuple[int, ...]], ...]
"""(seller city, coins paid to it, resources bought from it), neighbours excluded."""
MarketPayment = tuple[int, int, tuple[int, ...], tuple[int, ...], Far]
"""(left coins, right coins, bought left, bought right, far purchases)."""


def sellers(state: SWState, city: int) -> tuple[int, ...]:
    """Every other city, left neighbour first, then right, then the others to the left."""
    n = len(state.cities)
    left, right = (city - 1) % n, (city + 1) % n
    others = tuple((city - k) % n for k in range(2, n - 1))
    return tuple(dict.fromkeys((left, right, *others)))


def payments(state: SWState, city: int, cost: tuple[int, ...], extra: tuple[int, ...],
             price: int) -> tuple[MarketPayment, ...]:
    """One listed split for each smallest residual the market covers, cheapest first."""
    c = state.cities[city]
    need = trading.sat_sub(trading.pack(cost), trading.pack(c.fixed))
    if not need:
        return ((0, 0, trading.ZERO, trading.ZERO, ()),)
    order = sellers(state, city)
    out: list[MarketPayment] = []
    for residual in trading._residuals(need, c.own_masks + extra):
        split = _split(state, order, residual)
        if split is not None:
            out.append(_payment(state, city, order, split, price))
    out.sort(key=lambda p: p[0] + p[1] + sum(f[1] for f in p[4]))
    return tuple(out)


def _split(state: SWState, order: tuple[int, ...], residual: int) -> list[int] | None:
    """Packed amounts per seller (in `order`) covering `residual` exactly, or None."""
    if not residual:
        return [0] * len(order)
    if not order:
        return None
    s = state.cities[order[0]]
    have = trading.pack(s.fixed)
    offers = trading._offers(residual, have - trading.sat_sub(have, residual),
                             tuple(m for m in s.masks if m & trading.field_mask(residual)), 0)
    for amount in sorted(offers, key=lambda a: -sum(trading.unpack(a))):
        if trading.fits(amount, residual):
            rest = _split(state, order[1:], residual - amount)
            if rest is not None:
                return [amount, *rest]
    return None


def _payment(state: SWState, city: int, order: tuple[int, ...], split: list[int],
             price: int) -> MarketPayment:
    n = len(state.cities)
    left, right = (city - 1) % n, (city + 1) % n
    bl = br = trading.ZERO
    far = []
    for seller, amount in zip(order, split, strict=True):
        vec = trading.unpack(amount)
        if seller == left:
            bl = vec
        elif seller == right:
            br = vec
        elif amount:
            far.append((seller, price * sum(vec), vec))
    return (price * sum(bl), price * sum(br), bl, br, tuple(far))


def check(state: SWState, city: int, cost: tuple[int, ...], extra: tuple[int, ...],
          bought_left: tuple[int, ...], bought_right: tuple[int, ...],
          far: tuple[tuple[int, tuple[int, ...]], ...]) -> str | None:
    """Why buying exactly these resources (`far`: (seller, resources)) cannot pay `cost`
    at the market, or None when it can."""
    cities = state.cities
    n = len(cities)
    left, right = (city - 1) % n, (city + 1) % n
    parts = [(left, bought_left), (right, bought_right)]
    for seller, vec in far:
        if (not 0 <= seller < n or seller in (city, left, right)
                or seller in [x for x, _ in parts[2:]]):
            return ("far purchases name other cities once each, neither the buyer nor a "
                    "neighbour (buy_left and buy_right are theirs)")
        parts.append((seller, tuple(vec)))
    total = [0] * 7
    for seller, vec in parts:
        if len(vec) != 7 or any(v < 0 for v in vec):
            return "purchases list 7 counts, none negative"
        s = cities[seller]
        if not trading.can_supply(trading.missing(vec, s.fixed), s.masks):
            return f"city {seller} does not produce what is bought from it"
        total = [t + v for t, v in zip(total, vec, strict=True)]
    if any(t > k for t, k in zip(total, cost, strict=True)):
        return "more is bought than the cost needs"
    c = cities[city]
    rest = trading.missing(trading.missing(cost, tuple(total)), c.fixed)
    if not trading.can_supply(rest, c.own_masks + extra):
        return "own production and the purchase do not cover the cost"
    return None


def price_of(rules: object, state: SWState, city: int) -> int:
    """The market price open to `city` (0: none); the lowest of the hooks'."""
    best = 0
    for hook in getattr(rules, "market_hooks", ()):
        p = hook(state, city)
        if p and (not best or p < best):
            best = p
    return best
