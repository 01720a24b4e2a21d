"""The card choice of a step: what a city may do with each card, and how it may pay.

Every seat still to choose acts at once; a choice is checked against the state at the start
of the step only (coins held then, discounts held then), so no seat's choice can change what
another may do, and it stays hidden until the last choice reveals the step.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders import market, trading
from domain.sevenwonders.catalog_types import CardDef, WonderDef
from domain.sevenwonders.commands import Play
from domain.sevenwonders.hooks import ALL_COSTS, STAGE_COSTS
from domain.sevenwonders.state import (
    BUILD,
    DISCARD,
    FREE_BUILD,
    FREE_CITY,
    STAGE,
    ZERO7,
    Choice,
    SWState,
)

if TYPE_CHECKING:
    from domain.sevenwonders.hooks import SevenWondersRules

DISCARD_COINS = 3


def hand_owner(state: SWState, city: int) -> int:
    return state.holder if state.variant and city == FREE_CITY else city


def city_hand(state: SWState, city: int) -> tuple[int, ...]:
    """The cards `city` may choose from (the Free City: the holder's, less the holder's pick)."""
    hand = state.hands[hand_owner(state, city)]
    if state.variant and city == FREE_CITY:
        own = state.chosen[state.holder]
        if own is not None:
            i = hand.index(own.card)
            hand = hand[:i] + hand[i + 1:]
    return hand


def due_city(state: SWState, seat: int) -> int | None:
    """The city `seat` chooses for now: its own first, then (holder) the Free City's."""
    chosen = state.chosen
    stepping = state.stepping
    if seat in stepping and chosen[seat] is None:
        return seat
    if (
        state.variant and seat == state.holder and FREE_CITY in stepping
        and chosen[FREE_CITY] is None and (seat not in stepping or chosen[seat] is not None)
    ):
        return FREE_CITY
    return None


def discount_bits(rules: SevenWondersRules, state: SWState, city: int) -> int:
    bits = state.cities[city].discounts
    for hook in rules.price_hooks:
        bits = hook(state, city, bits)
    return bits


def card_cost(
    rules: SevenWondersRules, state: SWState, city: int, card: int
) -> tuple[int, bool, tuple[int, ...]]:
    """(coins, free through a chain, resources) of building `card`."""
    cd = rules.cards[card]
    chain = chain_masks(rules.cards)[card] & state.cities[city].names
    cost = (cd.coins, int(bool(chain)), cd.cost)
    for hook in rules.cost_hooks:
        cost = hook(state, city, "card", card, cost)
    return cost[0], bool(cost[1]), cost[2]


def stage_cost(
    rules: SevenWondersRules, state: SWState, city: int
) -> tuple[int, bool, tuple[int, ...]] | None:
    """(coins, free, resources) of the city's next stage, None when all are built."""
    c = state.cities[city]
    stages = rules.wonders[c.board].sides[c.side]
    if c.stages >= len(stages):
        return None
    cost = (0, 0, stages[c.stages].cost)
    for hook in rules.cost_hooks:
        cost = hook(state, city, "stage", c.stages, cost)
    return cost[0], bool(cost[1]), cost[2]


def pay_options(
    rules: SevenWondersRules, state: SWState, city: int, resources: tuple[int, ...],
    every_split: bool = False,
) -> tuple[trading.Payment, ...]:
    return _pricer(rules, state, city, every_split)(resources)


def pricer_of(rules: SevenWondersRules, state: SWState, city: int) -> trading.Pricer:
    """`pay_options` for many costs of one city in one state: the pricer, looked up once."""
    return _pricer(rules, state, city, False)


def _pricer(
    rules: SevenWondersRules, state: SWState, city: int, every_split: bool,
    extra: tuple[int, ...] = (),
) -> trading.Pricer:
    """Ways to pay any cost for `city` now: one memo per trading context (the city's and its
    neighbours' production and its discounts), shared by every card of the step. `extra`:
    one-of-several producers the city may use for this purchase only (`hooks.producers`).
    The pricers of the last state asked about are kept by city and extra producers: a
    move list with the expansions' hooks asks for the same ones card after card."""
    recent = _RECENT[0]  # read once: a consistent entry even with other threads pricing
    if recent[1] is not state or recent[0] is not rules:
        recent = _RECENT[0] = (rules, state, {})
    pricers = recent[2]
    key = (city, every_split, extra)
    found = pricers.get(key)
    if found is None:
        cities = state.cities
        n = len(cities)
        c = cities[city]
        left = cities[(city - 1) % n]
        right = cities[(city + 1) % n]
        bits = discount_bits(rules, state, city)
        found = pricers[key] = trading.pricer(
            (c.fixed, c.own_masks + extra if extra else c.own_masks, left.fixed, left.masks,
             right.fixed, right.masks, bits, every_split))
    return found


_RECENT: list[tuple[Any, Any, dict[tuple[int, bool, tuple[int, ...]], trading.Pricer]]] = [
    (None, None, {})]
"""(rules, state, {(city, every split, extra producers): pricer}) of the last state priced."""


def producers(
    rules: SevenWondersRules, state: SWState, city: int, what: str, index: int
) -> tuple[tuple[int, int], ...]:
    """Extra (resource mask, bank price) producers `city` may use for one purchase."""
    out: tuple[tuple[int, int], ...] = ()
    for hook in rules.producers:
        out += hook(state, city, what, index)
    return out


def _affordable(
    rules: SevenWondersRules, state: SWState, city: int,
    cost: tuple[int, bool, tuple[int, ...]], every_split: bool,
    pricer: trading.Pricer | None = None, what: str = "card", index: int = -1,
    pooled: bool = False,
) -> list[tuple[int, trading.Payment]]:
    """(coins to the bank, payment) for each way to pay `cost` (`pooled`: in one of the
    pools `_pools` lists, not looking for others)."""
    coins, free, resources = cost
    if free:
        return [(0, trading.FREE)]
    budget = state.cities[city].coins - coins
    if budget < 0:
        return []
    if rules.pool_hooks and not pooled:
        pools = _pools(rules, state, city, resources)
        if pools:
            return _merged([_affordable(rules, s, city, cost, every_split,
                                        pricer if s is state else None, what, index, True)
                            for s in pools])
    extras = producers(rules, state, city, what, index) if rules.producers else ()
    if extras:
        return _with_producers(rules, state, city, cost, every_split, extras)
    if pricer is None:
        pricer = _pricer(rules, state, city, every_split)
    return [(coins, p) for p in pricer(resources) if p[0] + p[1] <= budget]


def _pools(rules: SevenWondersRules, state: SWState, city: int,
           resources: tuple[int, ...]) -> list[SWState]:
    """The state as it is, then as the city may count its own production for this purchase
    in each other way an expansion allows (`hooks.pool_hooks`: Faith's Dionysos); empty when
    there is no other way."""
    others = [c for hook in rules.pool_hooks for c in hook(state, city, resources)]
    if not others:
        return []
    out = [state]
    for c in others:
        cities = list(state.cities)
        cities[city] = c
        out.append(replace(state, cities=tuple(cities)))
    return out


def _merged(found: list[list[tuple[int, Any]]]) -> list[tuple[int, Any]]:
    """The distinct (bank coins, payment) of several pools, cheapest first, less those that
    buy more than another of the same bank coins (a pool's purchase another makes needless)."""
    seen = list(dict.fromkeys(o for options in found for o in options))
    kept = [o for o in seen if not any(q is not o and _covers(q, o) for q in seen)]
    return sorted(kept, key=lambda o: o[0] + o[1][0] + o[1][1])


def _covers(q: tuple[int, Any], o: tuple[int, Any]) -> bool:
    """Whether `q` pays the bank the same as `o` and buys no more of anything, from anyone."""
    return q[0] == o[0] and q[1][4:] == o[1][4:] and all(
        a <= b for x, y in zip(q[1][2:4], o[1][2:4], strict=True)
        for a, b in zip(x, y, strict=True))


def _with_producers(
    rules: SevenWondersRules, state: SWState, city: int,
    cost: tuple[int, bool, tuple[int, ...]], every_split: bool,
    extras: tuple[tuple[int, int], ...],
) -> list[tuple[int, trading.Payment]]:
    """Ways to pay with the free extra producers, then with one paid producer each (a paid
    one only where the purchase is not possible without it)."""
    coins, _, resources = cost
    budget = state.cities[city].coins - coins
    free = tuple(m for m, price in extras if price == 0)
    out = [(coins, p) for p in _pricer(rules, state, city, every_split, free)(resources)
           if p[0] + p[1] <= budget]
    seen = {(p[2], p[3]) for _, p in out}
    for mask, price in extras:
        if price == 0 or budget < price:
            continue
        for p in _pricer(rules, state, city, every_split, (*free, mask))(resources):
            if (p[2], p[3]) not in seen and p[0] + p[1] <= budget - price:
                seen.add((p[2], p[3]))
                out.append((coins + price, p))
    return out


def chain_masks(cards: tuple[CardDef, ...]) -> tuple[int, ...]:
    """Per card, the bitmask of the names that make it free (a table per catalog)."""
    found = _CHAINS.get(id(cards))
    if found is None or found[0] is not cards:
        masks = tuple(sum(1 << n for n in c.chain_from) for c in cards)
        found = _CHAINS[id(cards)] = (cards, masks)
    return found[1]


_CHAINS: dict[int, tuple[tuple[CardDef, ...], tuple[int, ...]]] = {}


def catalog_cost_keys(cards: tuple[CardDef, ...]) -> tuple[int, ...]:
    """Per card, its cost's `trading.cost_keys` (a table per catalog)."""
    found = _COST_KEYS.get(id(cards))
    if found is None or found[0] is not cards:
        found = _COST_KEYS[id(cards)] = (cards, trading.cost_keys(tuple(c.cost for c in cards)))
    return found[1]


_COST_KEYS: dict[int, tuple[tuple[CardDef, ...], tuple[int, ...]]] = {}


PriceRow = tuple[int, int, int, tuple[int, ...], int, int, bool, int]
"""A card as pricing reads it: (name bit, chain mask, coins, resources, `trading.cost_keys`
number, packed resources, whether some count is 4 or more, colour bit)."""


def price_rows(cards: tuple[CardDef, ...]) -> tuple[PriceRow, ...]:
    """Per card, its `PriceRow` (a table per catalog)."""
    found = _ROWS.get(id(cards))
    if found is None or found[0] is not cards:
        keys = trading.cost_keys(tuple(c.cost for c in cards))
        chains = chain_masks(cards)
        rows = tuple(
            (1 << c.name_id, chains[i], c.coins, c.cost, keys[i], trading.pack(c.cost),
             bool(trading.pack(c.cost) & trading.GUARD_BELOW), 1 << c.colour)
            for i, c in enumerate(cards))
        found = _ROWS[id(cards)] = (cards, rows)
    return found[1]


_ROWS: dict[int, tuple[tuple[CardDef, ...], tuple[PriceRow, ...]]] = {}

StageRow = tuple[int, tuple[int, ...], int, bool]
"""A wonder stage's cost as pricing reads it: (`trading.cost_keys` number, resources,
packed resources, whether some count is 4 or more)."""


def stage_rows(wonders: tuple[WonderDef, ...]) -> tuple[tuple[tuple[StageRow, ...], ...], ...]:
    """Per board, per side, per stage, its `StageRow` (a table per set of boards)."""
    found = _STAGE_ROWS.get(id(wonders))
    if found is None or found[0] is not wonders:
        table = tuple(tuple(tuple(_stage_row(stage.cost) for stage in side) for side in w.sides)
                      for w in wonders)
        found = _STAGE_ROWS[id(wonders)] = (wonders, table)
    return found[1]


def _stage_row(cost: tuple[int, ...]) -> StageRow:
    packed = trading.pack(cost)
    return (trading.cost_keys((cost,))[0], cost, packed, bool(packed & trading.GUARD_BELOW))


_STAGE_ROWS: dict[int, tuple[tuple[WonderDef, ...],
                             tuple[tuple[tuple[StageRow, ...], ...], ...]]] = {}
FREE_ONLY = trading.FREE_ONLY


def play_moves(rules: SevenWondersRules, state: SWState, seat: int) -> list[Play]:
    """Every card with every action and every way to pay it, cheapest first, discards last."""
    if state.variant:
        due = due_city(state, seat)
        if due is None:
            return []
        city = due
    elif seat in state.stepping and state.chosen[seat] is None:
        city = seat  # `due_city` of a city that is its seat's
    else:
        return []
    if rules.market_hooks:
        price = market.price_of(rules, state, city)
        if price:
            return _market_moves(rules, state, seat, city, price)
    hooked = touched(rules, state, city) if rules.hooked else 0
    if state.variant or hooked == ALL_COSTS:
        return _hooked_moves(rules, state, seat, city)
    # Every price the hooks leave untouched from the catalog's tables and one pricer; the
    # cards and the stage they touch (`hooked`) priced as `_hooked_moves` prices them.
    cities = state.cities
    n = len(cities)
    c = cities[city]
    left = cities[(city - 1) % n]
    right = cities[(city + 1) % n]
    bits = c.discounts
    for hook in rules.price_hooks:
        bits = hook(state, city, bits)
    last = _CONTEXTS[city]
    if (last[0] is c.fixed and last[1] is c.own_masks and last[2] is left.fixed
            and last[3] is left.masks and last[4] is right.fixed and last[5] is right.masks
            and last[6] == bits):
        pricer = last[7]
    else:
        pricer = trading.pricer((c.fixed, c.own_masks, left.fixed, left.masks, right.fixed,
                                 right.masks, bits, False))
        _CONTEXTS[city] = (c.fixed, c.own_masks, left.fixed, left.masks, right.fixed,
                           right.masks, bits, pricer)
    coins = c.coins
    names = c.names
    may_free = "free_build" in c.abilities and c.free_used != state.age
    last_tables = _LAST_TABLES[0]  # read once: a consistent entry even with other threads
    if last_tables[0] is rules:
        rows, stage_table, unpaid = last_tables[1]
    else:
        rows, stage_table, unpaid = _listing_tables(rules)
        _LAST_TABLES[0] = (rules, (rows, stage_table, unpaid))
    by_key = pricer.by_key
    price_packed = pricer.price_packed
    stages = stage_table[c.board][c.side]
    stage_pays: Iterable[trading.Payment] = ()
    if hooked & STAGE_COSTS:
        scost = stage_cost(rules, state, city)
        if scost is not None:
            stage_pays = [p for _, p in _affordable(rules, state, city, scost, False, pricer,
                                                    "stage", c.stages)]
    elif c.stages < len(stages):
        key, cost, packed, big = stages[c.stages]
        found = by_key.get(key)
        if found is None:
            found = by_key[key] = price_packed(cost, packed, big)
        stage_pays = found  # cheapest first: those over the coins are cut below
    discarded, frees = unpaid[seat]
    builds: list[Play] = []
    add = builds.append
    hand = state.hands[city]
    cards = dict.fromkeys(hand) if len(set(hand)) < len(hand) else hand
    repeat = bool(rules.repeat_hooks) and may_repeat(rules, state, city)
    if not (hooked or repeat or may_free):
        # The base game's case, most listings: the loop below without what does not apply.
        for card in cards:
            name_bit, chain, bank, cost, key, packed, big, _ = rows[card]
            if not names & name_bit:
                if chain & names:
                    add(Play(seat=seat, card=card, action=BUILD, left=0, right=0,
                             buy_left=trading.ZERO, buy_right=trading.ZERO))
                elif bank <= coins:
                    found = by_key.get(key)
                    if found is None:
                        found = by_key[key] = price_packed(cost, packed, big)
                    budget = coins - bank
                    for lc, rc, bl, br in found:  # cheapest first
                        if lc + rc > budget:
                            break
                        add(Play(seat=seat, card=card, action=BUILD, left=lc, right=rc,
                                 buy_left=bl, buy_right=br))
            for lc, rc, bl, br in stage_pays:  # cheapest first
                if lc + rc > coins:
                    break
                add(Play(seat=seat, card=card, action=STAGE, left=lc, right=rc,
                         buy_left=bl, buy_right=br))
        for card in cards:
            add(discarded[card])
        return builds
    for card in cards:
        name_bit, chain, bank, cost, key, packed, big, colour = rows[card]
        if repeat or not names & name_bit:
            pays: Iterable[trading.Payment]
            budget = coins - bank
            if hooked & colour:
                pays = [p for _, p in _affordable(rules, state, city,
                                                  card_cost(rules, state, city, card), False,
                                                  pricer, "card", card)]
                budget = coins  # what the city can afford, already
            elif chain & names:
                pays = FREE_ONLY
            elif budget < 0:
                pays = ()
            else:
                found = by_key.get(key)
                if found is None:
                    found = by_key[key] = price_packed(cost, packed, big)
                pays = found
            for lc, rc, bl, br in pays:  # cheapest first
                if lc + rc > budget:
                    break
                add(Play(seat=seat, card=card, action=BUILD, left=lc, right=rc,
                         buy_left=bl, buy_right=br))
            if may_free:
                add(frees[card])
        for lc, rc, bl, br in stage_pays:  # cheapest first
            if lc + rc > coins:
                break
            add(Play(seat=seat, card=card, action=STAGE, left=lc, right=rc,
                     buy_left=bl, buy_right=br))
    for card in cards:
        add(discarded[card])
    return builds


_NO_CONTEXT = ((), (), (), (), (), (), -1, trading.pricer(((0,) * 7, (), (0,) * 7, (), (0,) * 7,
                                                             (), 0, False)))
_CONTEXTS: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...],
                      tuple[int, ...], tuple[int, ...], int, trading.Pricer]] = [
    _NO_CONTEXT] * 8
"""Per city (7 at most: `SevenWondersRules.max_seats`), the production tuples (by identity)
and discounts it was last priced with, and their pricer: a city keeps its production
tuples while they are unchanged, so the next step's listing mostly finds them here without
hashing the context."""


def _unpaid_moves(cards: tuple[CardDef, ...], seat: int, action: str) -> tuple[Play, ...]:
    """Per card, `seat`'s `Play` of it taking `action` without a payment (a discard, a free
    structure): the same frozen command whatever the state, so made once per catalog."""
    key = (id(cards), seat, action)
    found = _UNPAID.get(key)
    if found is None or found[0] is not cards:
        found = _UNPAID[key] = (cards, tuple(Play(seat=seat, card=card, action=action)
                                             for card in range(len(cards))))
    return found[1]


_UNPAID: dict[tuple[int, int, str], tuple[tuple[CardDef, ...], tuple[Play, ...]]] = {}

ListingTables = tuple[tuple[PriceRow, ...], tuple[tuple[tuple[StageRow, ...], ...], ...],
                      tuple[tuple[tuple[Play, ...], tuple[Play, ...]], ...]]
"""What `play_moves` reads of a ruleset: `price_rows`, `stage_rows`, and per seat its
`_unpaid_moves` discards and free structures."""


def _listing_tables(rules: SevenWondersRules) -> ListingTables:
    """The `ListingTables` of a ruleset (looked up once a listing)."""
    found = _TABLES.get(id(rules))
    if found is None or found[0] is not rules:
        cards = rules.cards
        unpaid = tuple((_unpaid_moves(cards, seat, DISCARD),
                        _unpaid_moves(cards, seat, FREE_BUILD))
                       for seat in range(rules.max_seats))
        found = _TABLES[id(rules)] = (rules, (price_rows(cards), stage_rows(rules.wonders),
                                              unpaid))
    return found[1]


_TABLES: dict[int, tuple[Any, ListingTables]] = {}
_LAST_TABLES: list[tuple[Any, ListingTables]] = [(None, ((), (), ()))]
"""The ruleset last listed for with its `ListingTables` (one game's listings ask for the
same ones)."""


def touched(rules: SevenWondersRules, state: SWState, city: int) -> int:
    """What of `city`'s costs is not the base game's now (`hooks.TouchTest`): 0 when no
    cost-changing hook is attached, `ALL_COSTS` when one is not vouched for by a
    `touched_costs` test, else what the tests name."""
    if not rules.hooked:
        return 0
    if not rules.plain_capable:
        return ALL_COSTS
    last = _TOUCHED[0]  # read once: a consistent entry even with other threads listing
    if last[0] is state and last[1] == city and last[2] is rules:
        return last[3]
    out = 0
    for test, _ in rules.touched_costs:
        out |= test(state, city)
    _TOUCHED[0] = (state, city, rules, out)
    return out


_TOUCHED: list[tuple[Any, int, Any, int]] = [(None, -1, None, 0)]
"""(state, city, rules, `touched`) of the last city asked about: a listing, the game and
the listed move's decision ask for the same one."""


def plain_city(rules: SevenWondersRules, state: SWState, city: int) -> bool:
    """Whether everything `city` pays now is the base game's (`touched` names nothing)."""
    return not rules.hooked or touched(rules, state, city) == 0


def listed_choice(rules: SevenWondersRules, state: SWState, city: int, command: Play,
                  hooked: int = -1) -> Choice:
    """The choice `choose` makes of a `Play` that `play_moves` has just listed for `city` on
    this very state, without checking it again where the base game's pricing listed it
    (checked where a hook touches its cost: `touched`, given as `hooked` when known)."""
    action = command.action
    card = command.card
    if rules.hooked and hooked and action in (BUILD, STAGE):
        if hooked < 0:
            hooked = touched(rules, state, city)
        if hooked and hooked & (STAGE_COSTS if action == STAGE
                                else price_rows(rules.cards)[card][7]):
            return choose(rules, state, command)[1]
    if action == BUILD:
        tables = _LAST_TABLES[0]  # the listing's, as a rule
        row = (tables[1][0] if tables[0] is rules else price_rows(rules.cards))[card]
        if row[1] & state.cities[city].names:
            return Choice(card=card, action=action, chain=True)
        return Choice(card=card, action=action, left=command.left or 0,
                      right=command.right or 0, bank=row[2],
                      bought_left=command.buy_left or ZERO7,
                      bought_right=command.buy_right or ZERO7)
    if action == STAGE:
        return Choice(card=card, action=action, left=command.left or 0,
                      right=command.right or 0, bought_left=command.buy_left or ZERO7,
                      bought_right=command.buy_right or ZERO7)
    return Choice(card=card, action=action)


def _hooked_moves(rules: SevenWondersRules, state: SWState, seat: int, city: int) -> list[Play]:
    """`play_moves` with the expansions' cost hooks, or for the two-player variant."""
    c = state.cities[city]
    free_city = state.variant and city == FREE_CITY
    named = city if free_city else None
    pricer = _pricer(rules, state, city, free_city)
    coins = c.coins
    names = c.names
    cards = rules.cards
    chains = chain_masks(cards)
    hooked = rules.hooked
    scost = stage_cost(rules, state, city)
    stage_pays = (_affordable(rules, state, city, scost, free_city, pricer, "stage", c.stages)
                  if scost else [])
    may_free = "free_build" in c.abilities and c.free_used != state.age
    builds: list[Play] = []
    discards: list[Play] = []
    memo = pricer.by_key
    cost_keys = catalog_cost_keys(cards)
    add = builds.append
    hand = city_hand(state, city)
    repeat = may_repeat(rules, state, city)
    for card in (dict.fromkeys(hand) if len(set(hand)) < len(hand) else hand):
        cd = cards[card]
        if free_city and must_chain(rules, state, city, card):
            add(Play(seat=seat, card=card, action=BUILD, city=named, left=0, right=0,
                     buy_left=trading.ZERO, buy_right=trading.ZERO))
            continue
        if repeat or not names >> cd.name_id & 1:
            budget = coins - cd.coins
            if hooked:
                options = _affordable(rules, state, city, card_cost(rules, state, city, card),
                                      free_city, pricer, "card", card)
                pays: Iterable[trading.Payment] = [p for _, p in options]
                budget = coins  # what the city can afford, already
            elif chains[card] & names:
                pays = FREE_ONLY
            elif budget < 0:
                pays = ()
            else:
                found = memo.get(cost_keys[card])
                if found is None:
                    found = memo[cost_keys[card]] = pricer(cd.cost)
                pays = found
            for lc, rc, bl, br in pays:  # cheapest first
                if lc + rc > budget:
                    break
                add(Play(seat=seat, card=card, action=BUILD, city=named, left=lc, right=rc,
                         buy_left=bl, buy_right=br))
            if may_free:
                add(Play(seat=seat, card=card, action=FREE_BUILD, city=named))
        for _, (lc, rc, bl, br) in stage_pays:
            add(Play(seat=seat, card=card, action=STAGE, city=named, left=lc, right=rc,
                     buy_left=bl, buy_right=br))
        discards.append(Play(seat=seat, card=card, action=DISCARD, city=named))
    if free_city and builds:
        return builds
    return builds + discards


def _market_options(
    rules: SevenWondersRules, state: SWState, city: int,
    cost: tuple[int, bool, tuple[int, ...]], what: str, index: int, price: int,
) -> list[tuple[int, market.MarketPayment]]:
    """(coins to the bank, market payment) for each listed way to pay `cost` at the market
    (the free extra producers count as the city's own; a paid one is not used)."""
    coins, free, resources = cost
    if free:
        return [(0, (0, 0, trading.ZERO, trading.ZERO, ()))]
    budget = state.cities[city].coins - coins
    if budget < 0:
        return []
    extra = tuple(m for m, p in producers(rules, state, city, what, index) if p == 0)
    pools = (_pools(rules, state, city, resources) if rules.pool_hooks else []) or [state]
    found = [[(coins, p) for p in market.payments(s, city, resources, extra, price)
              if p[0] + p[1] + sum(f[1] for f in p[4]) <= budget] for s in pools]
    return found[0] if len(found) == 1 else _merged(found)


def _market_moves(rules: SevenWondersRules, state: SWState, seat: int, city: int,
                  price: int) -> list[Play]:
    """`play_moves` for a city with a market open: every purchase at the market's price."""
    c = state.cities[city]
    named = city if state.variant and city == FREE_CITY else None
    scost = stage_cost(rules, state, city)
    stage_pays = (_market_options(rules, state, city, scost, "stage", c.stages, price)
                  if scost else [])
    may_free = "free_build" in c.abilities and c.free_used != state.age
    repeat = may_repeat(rules, state, city)
    builds: list[Play] = []
    discards: list[Play] = []
    hand = city_hand(state, city)
    for card in dict.fromkeys(hand):
        if named is not None and must_chain(rules, state, city, card):
            builds.append(Play(seat=seat, card=card, action=BUILD, city=named, left=0,
                               right=0, buy_left=trading.ZERO, buy_right=trading.ZERO))
            continue
        if repeat or not c.names >> rules.cards[card].name_id & 1:
            cost = card_cost(rules, state, city, card)
            for _, (lc, rc, bl, br, far) in _market_options(rules, state, city, cost, "card",
                                                            card, price):
                builds.append(Play(seat=seat, card=card, action=BUILD, city=named, left=lc,
                                   right=rc, buy_left=bl, buy_right=br,
                                   buy_far=tuple((s, v) for s, _, v in far) or None))
            if may_free:
                builds.append(Play(seat=seat, card=card, action=FREE_BUILD, city=named))
        for _, (lc, rc, bl, br, far) in stage_pays:
            builds.append(Play(seat=seat, card=card, action=STAGE, city=named, left=lc,
                               right=rc, buy_left=bl, buy_right=br,
                               buy_far=tuple((s, v) for s, _, v in far) or None))
        discards.append(Play(seat=seat, card=card, action=DISCARD, city=named))
    return builds + discards


def _market_settle(
    rules: SevenWondersRules, state: SWState, city: int, card: int, action: str,
    index: int, cost: tuple[int, bool, tuple[int, ...]], command: Play, price: int,
) -> Choice:
    """The checked payment of a build or a stage at the market: every unit bought costs
    `price`, paid to its seller."""
    coins, free, resources = cost
    c = state.cities[city]
    if free:
        if command.left or command.right or any(command.buy_left or ()) or any(
                command.buy_right or ()) or command.buy_far:
            raise _refuse("wrong_payment", "this construction is free through a chain")
        return Choice(card=card, action=action, chain=action == BUILD)
    what = "stage" if action == STAGE else "card"
    listed = _market_options(rules, state, city, cost, what, index, price)
    explicit = (command.buy_left is not None or command.buy_right is not None
                or command.buy_far is not None)
    if not explicit:
        if not listed:
            raise _refuse("cannot_afford", "no purchase at the market pays this for the "
                          "coins the city has")
        _, (lc, rc, bl, br, far) = listed[0]
    else:
        bl = tuple(command.buy_left or trading.ZERO)
        br = tuple(command.buy_right or trading.ZERO)
        bought = tuple((s, tuple(v)) for s, v in command.buy_far or ())
        extra = tuple(m for m, p in producers(rules, state, city, what, index) if p == 0)
        pools = (_pools(rules, state, city, resources) if rules.pool_hooks else []) or [state]
        whys = [market.check(s, city, resources, extra, bl, br, bought) for s in pools]
        if None not in whys:
            raise _refuse("bad_purchase", str(whys[0]))
        lc, rc = price * sum(bl), price * sum(br)
        far = tuple((s, price * sum(v), v) for s, v in bought if any(v))
    if (command.left is not None and command.left != lc) or (
            command.right is not None and command.right != rc):
        raise _refuse("wrong_payment", f"at the market that purchase costs {lc} to the left "
                      f"and {rc} to the right")
    spent = coins + lc + rc + sum(f[1] for f in far)
    if spent > c.coins:
        raise _refuse("cannot_afford", f"{spent} coins in all exceed {c.coins}")
    return Choice(card=card, action=action, left=lc, right=rc, bank=coins, bought_left=bl,
                  bought_right=br, far=far)


def must_chain(rules: SevenWondersRules, state: SWState, city: int, card: int) -> bool:
    """Free City variant: "if the Free City's card can be built through a chain, the free
    chain construction must be used" (base.yaml `free_city_rules`): such a card is built by
    the chain, never staged, discarded or built by a free-structure ability."""
    c = state.cities[city]
    names = c.names
    return bool(chain_masks(rules.cards)[card] & names) and (
        not names >> rules.cards[card].name_id & 1 or may_repeat(rules, state, city))


def may_repeat(rules: SevenWondersRules, state: SWState, city: int) -> bool:
    """Whether an expansion lets the city build a card of a name it already has (Pan)."""
    return any(hook(state, city) for hook in rules.repeat_hooks)


def _refuse(code: str, reason: str) -> DomainError:
    return DomainError(code, reason)


def choose(rules: SevenWondersRules, state: SWState, command: Play) -> tuple[int, Choice]:
    """The city and the checked choice of a `Play`; DomainError with the reason otherwise."""
    seat = command.seat
    city = seat if command.city is None else command.city
    due = due_city(state, seat)
    if due is None:
        raise _refuse("already_chosen", f"seat {seat} has already chosen this step")
    if city != due:
        if state.variant and city == FREE_CITY and seat == state.holder:
            raise _refuse("choose_own_first",
                          "the holder chooses its own city's card before the Free City's")
        raise _refuse("wrong_city", f"seat {seat} chooses for city {due} now, not {city}")
    hand = city_hand(state, city)
    card = command.card
    if card not in hand:
        raise _refuse("card_not_in_hand", f"card {card} is not in the hand of city {city}")
    action = command.action
    free_city = state.variant and city == FREE_CITY
    c = state.cities[city]
    if free_city and action != BUILD and must_chain(rules, state, city, card):
        raise _refuse("free_city_must_chain", "the Free City builds a card it can chain, "
                      "free through the chain")
    if action == DISCARD:
        if free_city and _free_city_can_build(rules, state, city, hand):
            raise _refuse("free_city_must_build",
                          "the Free City may discard only when it can build none of its cards")
        return city, Choice(card=card, action=DISCARD)
    if action not in (BUILD, STAGE, FREE_BUILD):
        raise _refuse("unknown_action", f"action {action!r}: build, stage, discard or free")
    cd = rules.cards[card]
    if (action in (BUILD, FREE_BUILD) and c.names >> cd.name_id & 1
            and not may_repeat(rules, state, city)):
        raise _refuse("already_built", f"the city already has a {cd.name}")
    if action == FREE_BUILD:
        if "free_build" not in c.abilities:
            raise _refuse("no_free_build", "this city has no free structure ability")
        if c.free_used == state.age:
            raise _refuse("free_build_used", "the free structure of this age is used")
        if command.left or command.right:
            raise _refuse("wrong_payment", "a free structure costs nothing")
        return city, Choice(card=card, action=FREE_BUILD)
    if action == BUILD:
        cost = card_cost(rules, state, city, card)
    else:
        scost = stage_cost(rules, state, city)
        if scost is None:
            raise _refuse("wonder_complete", "every stage of this wonder is built")
        cost = scost
    index = card if action == BUILD else c.stages
    price = market.price_of(rules, state, city) if rules.market_hooks else 0
    if price:
        return city, _market_settle(rules, state, city, card, action, index, cost, command,
                                    price)
    if command.buy_far:
        raise _refuse("no_market", "only a city with a market open buys from other cities")
    return city, settle(rules, state, city, card, action, index, cost, command, free_city)


def settle(
    rules: SevenWondersRules, state: SWState, city: int, card: int, action: str, index: int,
    cost: tuple[int, bool, tuple[int, ...]], command: Any, every_split: bool = False,
    pooled: bool = False,
) -> Choice:
    """The checked payment of a build or a stage (`command` has left, right, buy_left and
    buy_right): DomainError with the reason when it does not pay `cost`; with other pools
    (`hooks.pool_hooks`), the cheapest of the pools in which it pays."""
    if rules.pool_hooks and not cost[1] and not pooled:
        pools = _pools(rules, state, city, cost[2])
        if pools:
            found: list[Choice] = []
            refused: DomainError | None = None
            for s in pools:
                try:
                    found.append(settle(rules, s, city, card, action, index, cost, command,
                                        every_split, True))
                except DomainError as e:
                    refused = refused or e
            if not found:
                assert refused is not None
                raise refused
            return min(found, key=lambda ch: ch.bank + ch.left + ch.right)
    coins, free, resources = cost
    c = state.cities[city]
    if free:
        if command.left or command.right or any(command.buy_left or ()) or any(
            command.buy_right or ()
        ):
            raise _refuse("wrong_payment", "this construction is free through a chain")
        return Choice(card=card, action=action, chain=action == BUILD)
    budget = c.coins - coins
    if budget < 0:
        raise _refuse("cannot_afford", f"it costs {coins} coins; the city has {c.coins}")
    what = "stage" if action == STAGE else "card"
    extras = producers(rules, state, city, what, index) if rules.producers else ()
    from_bank = -1
    if extras:
        coins, payment, from_bank = _payment_with(rules, state, city, resources, command,
                                                  every_split, coins, extras)
        budget = c.coins - coins
    else:
        payment = _payment(rules, state, city, resources, command, every_split)
    lc, rc, bl, br = payment
    if lc + rc > budget:
        raise _refuse("cannot_afford",
                      f"{coins} coins to the bank and {lc + rc} in trade exceed {c.coins}")
    return Choice(card=card, action=action, left=lc, right=rc, bank=coins,
                  bought_left=bl, bought_right=br, bank_bought=from_bank)


def _payment_with(
    rules: SevenWondersRules, state: SWState, city: int, resources: tuple[int, ...],
    command: Any, every_split: bool, coins: int, extras: tuple[tuple[int, int], ...],
) -> tuple[int, trading.Payment, int]:
    """The payment with the extra producers: the free ones first, then one paid one (its
    price to the bank) only when the purchase does not pay without it; with the resource
    that paid one bought (-1: none)."""
    free = tuple(m for m, price in extras if price == 0)
    try:
        return coins, _payment(rules, state, city, resources, command, every_split, free), -1
    except DomainError as first:
        for mask, price in extras:
            if price == 0:
                continue
            try:
                pay = _payment(rules, state, city, resources, command, every_split,
                               (*free, mask))
            except DomainError:
                continue
            return coins + price, pay, _bought_from_bank(state, city, resources, free, mask,
                                                         pay)
        raise first


def _bought_from_bank(state: SWState, city: int, resources: tuple[int, ...],
                      free: tuple[int, ...], mask: int, pay: trading.Payment) -> int:
    """The resource of `mask` the paid producer supplies in `pay` (the lowest that does)."""
    cities = state.cities
    n = len(cities)
    c, left, right = cities[city], cities[(city - 1) % n], cities[(city + 1) % n]
    for r in range(7):
        if mask >> r & 1 and trading.valid_purchase(
                resources, c.fixed, (*c.own_masks, *free, 1 << r), left.fixed, left.masks,
                right.fixed, right.masks, pay[2], pay[3]) is None:
            return r
    return -1


def _payment(
    rules: SevenWondersRules, state: SWState, city: int, resources: tuple[int, ...],
    command: Any, every_split: bool, extra: tuple[int, ...] = (),
) -> trading.Payment:
    options = _pricer(rules, state, city, every_split, extra)(resources)
    if command.buy_left is not None or command.buy_right is not None:
        for p in options:
            if (p[2] == command.buy_left and p[3] == command.buy_right
                    and command.left in (None, p[0]) and command.right in (None, p[1])):
                return p  # a payment listed by legal_moves
        bl = tuple(command.buy_left or trading.ZERO)
        br = tuple(command.buy_right or trading.ZERO)
        if len(bl) != 7 or len(br) != 7:
            raise _refuse("bad_purchase", "buy_left and buy_right list 7 resource counts")
        cities = state.cities
        n = len(cities)
        c, left, right = cities[city], cities[(city - 1) % n], cities[(city + 1) % n]
        why = trading.valid_purchase(resources, c.fixed, c.own_masks + extra, left.fixed,
                                     left.masks, right.fixed, right.masks, bl, br)
        if why is not None:
            raise _refuse("bad_purchase", why)
        bits = discount_bits(rules, state, city)
        lc = trading.price(bl, bits & 0x7F)
        rc = trading.price(br, bits >> 7)
        if (command.left is not None and command.left != lc) or (
            command.right is not None and command.right != rc
        ):
            raise _refuse("wrong_payment",
                          f"that purchase costs {lc} to the left and {rc} to the right")
        return (lc, rc, bl, br)
    if not options:
        raise _refuse("cannot_produce",
                      "neither the city nor its neighbours produce what this costs")
    if command.left is None and command.right is None:
        return options[0]
    for p in options:
        if (command.left is None or p[0] == command.left) and (
            command.right is None or p[1] == command.right
        ):
            return p
    splits = [(p[0], p[1]) for p in options]
    raise _refuse("no_such_payment",
                  f"no way to pay {command.left} left and {command.right} right; "
                  f"the ways to pay (left, right) are {splits}")


def _free_city_can_build(
    rules: SevenWondersRules, state: SWState, city: int, hand: tuple[int, ...]
) -> bool:
    c = state.cities[city]
    scost = stage_cost(rules, state, city)
    if scost and _affordable(rules, state, city, scost, True, None, "stage", c.stages):
        return True
    for card in hand:
        if c.names >> rules.cards[card].name_id & 1:
            continue
        if "free_build" in c.abilities and c.free_used != state.age:
            return True
        if _affordable(rules, state, city, card_cost(rules, state, city, card), True, None,
                       "card", card):
            return True
    return False
