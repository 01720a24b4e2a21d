"""The invocation: a god chosen in secret with a step's age card, revealed with the step.

Order within a turn (the rulebook's "Déroulement d'un Âge", steps 3 to 8, in their printed
order): the age cards of every city are revealed and paid; then each god is revealed and
paid and its positive power applied, in the alphabetical order of the gods' French names
when several are revealed at once; then the negative powers, in the same order; then the
city's other gods are discarded (when it may invoke no more this age).

Payment: the god is paid from the coins held at the start of the turn less what the age
card costs, plus the coins the card itself gives whatever the other cities do (a discard's
3 coins, a Tavern's 5): "le joueur doit disposer des pièces de monnaie au début du tour (sauf
s'il profite d'un effet positif après la pose de la première carte lui rapportant des
pièces...)". Resources are not consumed: the card's and the god's costs are each met by the
city's production and purchases ("il ne doit pas posséder le cumul de ressources").
A god's resources are traded as a card's ("on peut également acheter les ressources
nécessaires à ses voisins"), so a city with Poséidon's market buys them there (rule 52).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Any

from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders import events as ev
from domain.sevenwonders import market
from domain.sevenwonders.catalog_types import MANUFACTURED as MANU_IDX
from domain.sevenwonders.catalog_types import RAW as RAW_IDX
from domain.sevenwonders.catalog_types import CardDef
from domain.sevenwonders.city import add_stage
from domain.sevenwonders.commands import Play
from domain.sevenwonders.flow import LAST_TURN, PASS_DIRECTION
from domain.sevenwonders.hooks import SevenWondersRules, Tx
from domain.sevenwonders.play import (
    DISCARD_COINS,
    choose,
    due_city,
    listed_choice,
    pay_options,
    plain_city,
    play_moves,
    price_rows,
    pricer_of,
)
from domain.sevenwonders.state import (
    BUILD,
    DISCARD,
    STAGE,
    ZERO7,
    Choice,
    City,
    SWState,
    left_of,
    right_of,
)
from domain.sevenwonders.trading import GUARD, GUARD_BELOW, Pricer, pack, undominated, unpack
from domain.sevenwonders_faith.bastet import swap_event, swap_options
from domain.sevenwonders_faith.catalog import (
    ALPHA_KEY,
    ANY,
    COINS,
    FREE,
    GODS,
    MANUFACTURED,
    RAW,
    RESOURCES,
    SHIELDS,
    VP,
    WONDER,
)
from domain.sevenwonders_faith.guilds import PLUNDERERS
from domain.sevenwonders_faith.horus import LOOKS, peek_moves
from domain.sevenwonders_faith.model import (
    CHRONOS_TUCK,
    INVOKE,
    SELL,
    FaithExt,
    GodChoice,
    GodChosen,
    GodIncome,
    GodRevealed,
    GodStruck,
    GuildPlundered,
    HandKept,
    HandsRedealt,
    PlayWithGod,
    SecondGod,
    chosen_gods,
)
from domain.sevenwonders_faith.outlay import card_outlay, god_cost
from domain.sevenwonders_faith.overrides import stage_resources
from domain.sevenwonders_faith.powers import (
    ARTEMIS,
    KEY,
    OWN_RESOURCE,
    STRIKERS,
    blue_vp,
    card_shields,
    gain,
    has,
    strike,
    target_options,
)
from domain.sevenwonders_faith.seth import close_step
from domain.sevenwonders_faith.wonders import SYRACUSE_B
from domain.sevenwonders_leaders.catalog import HERACLES
from domain.sevenwonders_leaders.effects import has as has_leader

NOT_FIRST = frozenset({"chronos", "pegase"})
"""Gods revealed after their card only: Chronos marks the next stage once the card is
applied; Pégase's card is his sacrifice."""
SACRIFICE = frozenset({"pegase"})
"""Creatures invoked only with a card discarded, without its coins (`pegasus.sacrifice`)."""
NOT_INVOKED = frozenset({"seth"})
"""Gods never invoked with a card: Seth answers an opponent's god (`seth`)."""
NOT_WITH_STAGE = frozenset({"chronos"})
"""Gods never invoked with a card that builds a stage: Chronos' cost is the very stage he
marks."""

Payment = tuple[int, int, int, tuple[int, ...], tuple[int, ...], market.Far]
"""(bank, left, right, bought left, bought right, far purchases at Poséidon's market)."""
NOTHING: Payment = (0, 0, 0, ZERO7, ZERO7, ())


RESOURCE_KINDS = frozenset({RAW, MANUFACTURED, ANY, RESOURCES, WONDER})
"""Costs paid in resources (produced or bought): those Héraclès waives."""


def heracles(st: SWState, city: int) -> bool:
    """Héraclès in play in the city (recruited, or under its Courtesan token): "le joueur
    peut invoquer tous ses prochains Dieux gratuitement, sans payer leur coût en
    ressources" (rule choice 51: coins, shields and VP owned are still required)."""
    return has_leader(st, city, HERACLES)


@lru_cache(maxsize=256)
def _vectors(pool: tuple[int, ...], n: int) -> tuple[tuple[int, ...], ...]:
    """Every vector of `n` units from `pool` (a table: few pools, few counts)."""
    out = []
    for combo in combinations_with_replacement(pool, n):
        v = [0] * 7
        for r in combo:
            v[r] += 1
        out.append(tuple(v))
    return tuple(out)


def _cost_vectors(rules: SevenWondersRules, st: SWState, city: int, kind: str, n: int,
                  res: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The resource vectors that meet a resource cost (one of them is paid)."""
    if kind == WONDER:
        stage = stage_resources(rules.wonders, st, city)
        return [stage] if stage is not None else []
    if kind == RESOURCES:
        return [res]
    pool = RAW_IDX if kind == RAW else MANU_IDX if kind == MANUFACTURED else (
        *RAW_IDX, *MANU_IDX)
    return list(_vectors(pool, n))


def market_price(rules: SevenWondersRules, st: SWState, city: int, god: int) -> int:
    """The market price the god's resources are bought at (0: the neighbours' trading):
    Poséidon's, for a cost in resources Héraclès does not waive."""
    if not rules.market_hooks or god_cost(st, god, st.age)[0] not in RESOURCE_KINDS \
            or heracles(st, city):
        return 0
    return market.price_of(rules, st, city)


def _outlay(p: Payment) -> int:
    return p[0] + p[1] + p[2] + sum(f[1] for f in p[5])


def _market_payments(st: SWState, city: int, vectors: list[tuple[int, ...]],
                     price: int) -> list[Payment]:
    """Poséidon's market: the listed split of each smallest purchase of each vector, those
    no other is cheaper than for every seller, cheapest first."""
    seen: dict[tuple[Any, ...], Payment] = {}
    for v in vectors:
        for lc, rc, bl, br, far in market.payments(st, city, v, (), price):
            seen.setdefault((bl, br, far), (0, lc, rc, bl, br, far))
    paid = {k: {-1: p[1], -2: p[2]} | {s: c for s, c, _ in p[5]} for k, p in seen.items()}

    def beaten(k: tuple[Any, ...]) -> bool:
        mine = paid[k]
        return any(o != k and all(c <= mine.get(s, 0) for s, c in paid[o].items())
                   and paid[o] != mine for o in paid)

    return sorted((p for k, p in seen.items() if not beaten(k)), key=_outlay)


def god_payments(rules: SevenWondersRules, st: SWState, city: int, god: int) -> list[Payment]:
    """Every way to pay the god now (before any budget), cheapest first; [] when the city
    cannot meet its cost."""
    kind, n, res = god_cost(st, god, st.age)
    c = st.cities[city]
    if kind == FREE:
        return [NOTHING]
    if kind in RESOURCE_KINDS and heracles(st, city):
        # A wonder cost still needs a stage to build (Chronos marks it).
        return [] if kind == WONDER and stage_resources(rules.wonders, st, city) is None \
            else [NOTHING]
    if kind == COINS:
        return [(n, 0, 0, ZERO7, ZERO7, ())]
    if kind == SHIELDS:
        return [NOTHING] if card_shields(c, rules.wonders) >= n else []
    if kind == VP:
        return [NOTHING] if blue_vp(c, rules.cards) >= n else []
    if kind in (RAW, MANUFACTURED, ANY):
        pool = RAW_IDX if kind == RAW else MANU_IDX if kind == MANUFACTURED else (
            *RAW_IDX, *MANU_IDX)
        if sum(c.fixed[r] for r in pool) >= n:
            # The city's own fixed production meets n units: nothing to buy, and no other
            # payment is as cheap (the answer the search below would give, without it).
            return [NOTHING]
    price = market_price(rules, st, city, god)
    if price:
        return _market_payments(st, city, _cost_vectors(rules, st, city, kind, n, res), price)
    pay = pricer_of(rules, st, city)
    pooled = kind in (RAW, MANUFACTURED, ANY)
    vectors = [] if pooled else _cost_vectors(rules, st, city, kind, n, res)
    key = (pay, kind, n) if pooled else (pay, kind, *vectors)
    found = _TRADED.get(key)
    if found is None:
        if len(_TRADED) >= _TRADED_LIMIT:
            _TRADED.clear()
        rows = _pool_rows(kind, n) if pooled else tuple(_packed_row(v) for v in vectors)
        found = _TRADED[key] = (_traded(pay, rows, *_own_cover(pay, _POOLS[kind])) if pooled
                                else _traded(pay, rows))
    return list(found)


def _packed_row(v: tuple[int, ...]) -> tuple[tuple[int, ...], int, bool]:
    """(v, v packed, whether some count of v is 4 or more), as `Pricer.price_packed` reads a
    cost."""
    packed = pack(v)
    return v, packed, bool(packed & GUARD_BELOW)


@lru_cache(maxsize=256)
def _pool_rows(kind: str, n: int) -> tuple[tuple[tuple[int, ...], int, bool], ...]:
    """`_packed_row` of each vector of `n` units of a pool kind (a table: few pools, few
    counts)."""
    pool = RAW_IDX if kind == RAW else MANU_IDX if kind == MANUFACTURED else (
        *RAW_IDX, *MANU_IDX)
    return tuple(_packed_row(v) for v in _vectors(pool, n))


def _own_cover(pay: Pricer, pool: tuple[int, ...]) -> tuple[int, int, int]:
    """What a city makes itself of a pool: (its fixed production of the pool's resources,
    packed; their count; how many of its one-of-several producers make one of them)."""
    fields = sum(15 << (4 * r) for r in pool)
    bits = sum(1 << r for r in pool)
    own = pay.own & fields
    return own, sum((own >> (4 * r)) & 15 for r in pool), sum(
        1 for m in pay.own_masks if m & bits)


def _traded(pay: Pricer, rows: tuple[tuple[tuple[int, ...], int, bool], ...],
            own: int = 0, made: int = 0, producers: int = 0) -> tuple[Payment, ...]:
    """The undominated neighbour trades that pay one of the vectors of `rows`
    (`_packed_row`), cheapest first.

    For the vectors of n units of a pool (`_own_cover`: the city's own fixed production
    `own` of the pool, `made` units, and `producers` one-of-several producers of it), a
    vector is skipped when it uses less of `own` than all of it and its own part (that
    and every producer) stays under n units: each of its payments buys a unit that one
    more unit of the city's own would spare, so another vector pays strictly less on one
    side and no more on the other. None of its payments is undominated, and the answer is
    the same without them."""
    seen: dict[tuple[int, int], Payment] = {}
    reach = pay.reach_packed | GUARD
    n = sum(rows[0][0]) if rows else 0
    for v, packed, big in rows:
        if made and ((packed | GUARD) - own) & GUARD != GUARD:
            # It uses less of the city's own fixed production than all of it.
            if not producers and made < n:
                continue  # and so less than n units of its own
            need = (packed | GUARD) - own
            need &= ((need & GUARD) >> 3) * 7
            if n - sum(unpack(need)) + producers < n:
                continue
        if (reach - packed) & GUARD != GUARD:
            continue  # beyond what the city and its neighbours could ever supply
        for lc, rc, bl, br in pay.price_packed(v, packed, big):
            if (lc, rc) not in seen:
                seen[(lc, rc)] = (0, lc, rc, bl, br, ())
        if (0, 0) in seen:
            break  # a free payment: every other is beaten
    kept = undominated(seen)  # one payment a split: beaten only by another split
    pays = sorted(seen.values(), key=lambda p: (p[1] + p[2], p[1]))
    return tuple(p for p in pays if (p[1], p[2]) in kept)


_POOLS = {RAW: RAW_IDX, MANUFACTURED: MANU_IDX, ANY: (*RAW_IDX, *MANU_IDX)}
"""The resources of each pool kind of cost."""
_TRADED: dict[tuple[Any, ...], tuple[Payment, ...]] = {}
"""`_traded` by pricer (a trading context) and cost: a city's god is priced again at each
step while its context is unchanged."""
_TRADED_LIMIT = 1 << 14


def may_use_god(st: SWState, city: int) -> bool:
    ext = st.ext2
    return isinstance(ext, FaithExt) and ext.allow[city] > 0 and bool(ext.kept[city])


def faith_moves(rules: SevenWondersRules, st: SWState, seat: int) -> list[Any]:
    """The base moves, and each of them with each god kept: discarded for coins, or invoked
    with each cheapest payment the coins left allow and each choice of targets."""
    moves: list[Any] = play_moves(rules, st, seat)
    ext = st.ext2
    looks: list[Any] = peek_moves(st, seat) if isinstance(ext, FaithExt) and ext.horus else []
    city = due_city(st, seat)
    if city != seat or not may_use_god(st, city):
        return moves + looks
    ext = st.ext2
    assert isinstance(ext, FaithExt)
    c = st.cities[city]
    options = []
    invocations = []
    priced: dict[int, list[Payment]] = {}
    _PRICED[0] = (rules, st, city, priced)
    for god in dict.fromkeys(ext.kept[city]):
        pays = priced[god] = god_payments(rules, st, city, god)
        targets = god_targets(rules, st, city, god)
        options.append((god, pays, targets))
        # What each invocation adds to a card move, made once for every card move: each
        # payment (its outlay and fields) with the first choice of targets, then the others.
        invocations.append((god, [(_outlay(p), p[1], p[2], p[3], p[4], _named(p[5]))
                                  for p in pays] if targets else [],
                            targets[0] if targets else (), targets[1:]))
    out: list[Any] = []
    append = out.append
    if plain_city(rules, st, city):
        outlays = _plain_outlays(rules, c, moves)
    else:
        outlays = [card_outlay(rules, st, city, choose(rules, st, m)[1]) for m in moves]
    # Per god: (god, sacrificed with a discard, never with a stage, its invocations or None
    # when it is never invoked with a card, the first choice of targets, the others).
    kinds = [(god, KEY[god] in SACRIFICE, KEY[god] in NOT_WITH_STAGE,
              None if KEY[god] in NOT_INVOKED else invoked, first, more)
             for god, invoked, first, more in invocations]
    coins = c.coins
    for m, outlay in zip(moves, outlays, strict=True):
        budget = coins - outlay
        action = m.action
        sold = None
        for god, sacrifice, no_stage, invoked, aimed, more in kinds:
            if sold is None:
                sold = PlayWithGod(seat=seat, card=m.card, action=action, city=m.city,
                                   left=m.left, right=m.right, buy_left=m.buy_left,
                                   buy_right=m.buy_right, buy_far=m.buy_far, god=god,
                                   use=SELL)
            else:
                sold = replace(sold, god=god)
            append(sold)
            if (invoked is None or (no_stage and action == STAGE)
                    or (sacrifice and action != DISCARD)):
                continue
            left = budget - DISCARD_COINS if sacrifice else budget
            for cost, gl, gr, gbl, gbr, gbf in invoked:
                if cost > left:
                    continue
                invoked_move = replace(sold, use=INVOKE, god_left=gl, god_right=gr,
                                       god_buy_left=gbl, god_buy_right=gbr, god_buy_far=gbf,
                                       targets=aimed)
                append(invoked_move)
                for t in more:  # the other choices of targets, at the same payment
                    append(replace(invoked_move, targets=t))
    if both_gods_allowed(st, city):
        out += _pair_moves(rules, st, city, moves, options)
    listed = {(m.card, m.action) for m in moves if m.action != DISCARD}
    for god, pays, targets in options:
        # God first: the cards only the god's coins make affordable (cheapest payment).
        if (not pays or _outlay(pays[0]) > c.coins
                or KEY[god] in NOT_FIRST or KEY[god] in NOT_INVOKED):
            continue
        bank, lc, rc, bl, br, far = pays[0]
        g = GodChoice(god=god, use=INVOKE, bank=bank, left=lc, right=rc, far=far)
        coins = god_budget(st, city, g, rules.cards)
        if coins <= c.coins:
            continue
        for m in play_moves(rules, _with_coins(st, city, coins), seat):
            if m.action == DISCARD or (m.card, m.action) in listed:
                continue
            for t in targets:
                out.append(PlayWithGod(
                    seat=seat, card=m.card, action=m.action, city=m.city, left=m.left,
                    right=m.right, buy_left=m.buy_left, buy_right=m.buy_right,
                    buy_far=m.buy_far, god=god, use=INVOKE, god_left=lc, god_right=rc,
                    god_buy_left=bl, god_buy_right=br, god_buy_far=_named(far), targets=t,
                    god_first=True))
    return moves + out + looks


def _plain_outlays(rules: SevenWondersRules, c: City, moves: list[Any]) -> list[int]:
    """`card_outlay` of each move `play_moves` has just listed for a city the base game's
    pricing serves (`plain_city`): the choice `listed_choice` makes of it, read from the
    move and the catalog's tables."""
    rows = price_rows(rules.cards)
    gains = _build_gains(rules.cards)
    names = c.names
    side = rules.wonders[c.board].sides[c.side]
    stage_coins = side[c.stages].coins if c.stages < len(side) else 0
    out = []
    for m in moves:
        action = m.action
        if action == DISCARD:
            out.append(-DISCARD_COINS)
        elif action == STAGE:
            out.append((m.left or 0) + (m.right or 0) - stage_coins)
        elif action == BUILD:
            row = rows[m.card]
            paid = 0 if row[1] & names else row[2] + (m.left or 0) + (m.right or 0)
            out.append(paid - gains[m.card])
        else:
            out.append(-gains[m.card])
    return out


def _build_gains(cards: tuple[CardDef, ...]) -> tuple[int, ...]:
    """Per card, the coins it gives when built whatever the other cities do (its
    `gain_coins`; a table per catalog)."""
    found = _GAINS.get(id(cards))
    if found is None or found[0] is not cards:
        gains = tuple(sum(a[0] for name, a in cd.on_build if name == "gain_coins")
                      for cd in cards)
        found = _GAINS[id(cards)] = (cards, gains)
    return found[1]


_GAINS: dict[int, tuple[tuple[CardDef, ...], tuple[int, ...]]] = {}


_PRICED: list[tuple[Any, Any, int, dict[int, list[Payment]]]] = [(None, None, -1, {})]
"""(rules, state, city, {god: `god_payments`}) of the last gods listed with the cards: the
decision of a move listed then reads its god's payment there (`listed_god`)."""


def listed_god(rules: SevenWondersRules, st: SWState, city: int,
               command: PlayWithGod) -> GodChoice | None:
    """The god `check_god` chooses for an invocation after the card that `faith_moves` has
    just listed for `city` on this very state, without checking it again: its payment is
    the listed one its fields name. None when the listing's payments are not at hand (the
    command is then decided and checked as usual)."""
    last = _PRICED[0]  # read once: a consistent entry even with other threads listing
    if last[1] is not st or last[2] != city or last[0] is not rules:
        return None
    pays = last[3].get(command.god)
    if not pays:
        return None
    for p in pays:
        if (p[1] == command.god_left and p[2] == command.god_right
                and p[3] == command.god_buy_left and p[4] == command.god_buy_right
                and _named(p[5]) == command.god_buy_far):
            return GodChoice(god=command.god, use=INVOKE, bank=p[0], left=p[1], right=p[2],
                             bought_left=p[3], bought_right=p[4], targets=command.targets,
                             far=p[5])
    return None


def both_gods_allowed(st: SWState, city: int) -> bool:
    """Wonderwoman: « Les 2 Dieux peuvent être invoqués durant le même tour si le joueur le
    souhaite »: a city holding her marker for this age, with two gods still allowed."""
    ext = st.ext2
    return (isinstance(ext, FaithExt) and ext.marker[city] == st.age
            and ext.allow[city] >= 2 and len(set(ext.kept[city])) >= 2)


def _invocable(god: int, action: str) -> bool:
    key = KEY[god]
    return not ((action == STAGE and key in NOT_WITH_STAGE) or key in NOT_INVOKED
                or (key in SACRIFICE and action != DISCARD))


def _pair_moves(rules: SevenWondersRules, st: SWState, city: int, moves: list[Any],
                options: list[Any]) -> list[PlayWithGod]:
    """Each card move with two gods invoked after it (Wonderwoman's marker), each god at its
    cheapest payment, with each choice of targets."""
    c = st.cities[city]
    out: list[PlayWithGod] = []
    plain = plain_city(rules, st, city)
    for m in moves:
        choice = listed_choice(rules, st, city, m, 0) if plain else choose(rules, st, m)[1]
        budget = c.coins - card_outlay(rules, st, city, choice)
        for (g1, pays1, targets1), (g2, pays2, targets2) in combinations(options, 2):
            if not (pays1 and pays2 and _invocable(g1, m.action) and _invocable(g2, m.action)):
                continue
            left = budget - (DISCARD_COINS if KEY[g1] in SACRIFICE or KEY[g2] in SACRIFICE
                             else 0)
            if _outlay(pays1[0]) + _outlay(pays2[0]) > left:
                continue
            _, lc, rc, bl, br, far = pays1[0]
            _, lc2, rc2, bl2, br2, far2 = pays2[0]
            for t1 in targets1:
                for t2 in targets2:
                    out.append(PlayWithGod(
                        seat=m.seat, card=m.card, action=m.action, city=m.city, left=m.left,
                        right=m.right, buy_left=m.buy_left, buy_right=m.buy_right,
                        buy_far=m.buy_far, god=g1, use=INVOKE, god_left=lc, god_right=rc,
                        god_buy_left=bl, god_buy_right=br, god_buy_far=_named(far),
                        targets=t1, second=SecondGod(
                            god=g2, god_left=lc2, god_right=rc2, god_buy_left=bl2,
                            god_buy_right=br2, god_buy_far=_named(far2), targets=t2)))
    return out


def check_second(rules: SevenWondersRules, st: SWState, city: int, choice: Choice,
                 command: PlayWithGod, first: GodChoice) -> GodChoice:
    """The checked second god of a command: allowed by Wonderwoman's marker, invoked after
    the card and the first god, paid from the coins they leave."""
    second = command.second
    assert second is not None
    if not both_gods_allowed(st, city):
        raise DomainError("one_god_a_turn", "two gods with one card need Wonderwoman's "
                          "marker for this age and two gods allowed")
    if first.use != INVOKE or first.god_first:
        raise DomainError("one_god_a_turn", "both gods are invoked, after the card")
    if second.god == first.god:
        raise DomainError("god_not_kept", "the second god is another of the city's gods")
    one = replace(command, god=second.god, use=INVOKE, god_left=second.god_left,
                  god_right=second.god_right, god_buy_left=second.god_buy_left,
                  god_buy_right=second.god_buy_right, god_buy_far=second.god_buy_far,
                  targets=second.targets, god_first=False, second=None)
    spent = first.bank + first.left + first.right + sum(f[1] for f in first.far)
    if KEY[first.god] in SACRIFICE and KEY[second.god] in SACRIFICE:
        raise DomainError("one_god_a_turn", "one card is sacrificed for one god")
    return check_god(rules, _with_coins(st, city, st.cities[city].coins - spent), city, choice,
                     one)


def _named(far: market.Far) -> tuple[tuple[int, tuple[int, ...]], ...] | None:
    """A command's `god_buy_far` for these far purchases (None: none)."""
    return tuple((s, v) for s, _, v in far) or None


def god_targets(rules: SevenWondersRules, st: SWState, city: int, god: int
                ) -> list[tuple[int, ...]]:
    if KEY[god] == "bastet":
        return swap_options(rules, st, city, seat_count(st))
    return target_options(st, city, god, st.age, seat_count(st))


def seat_count(st: SWState) -> int:
    return 2 if st.variant else len(st.cities)


def decide_play_with_god(tx: Tx, command: PlayWithGod) -> None:
    st = tx.state
    rules = tx.rules
    play = Play(seat=command.seat, card=command.card, action=command.action, city=command.city,
                left=command.left, right=command.right, buy_left=command.buy_left,
                buy_right=command.buy_right, buy_far=command.buy_far)
    if command.god_first:
        city = command.seat
        if due_city(st, city) != city or command.city not in (None, city):
            raise DomainError("god_for_own_city", "a god is played with the seat's own card")
        god_choice = check_god(rules, st, city, None, command)
        budget = god_budget(st, city, god_choice, rules.cards)
        _, choice = choose(rules, _with_coins(st, city, budget), play)
    else:
        city, choice = choose(rules, st, play)
        if city != command.seat:
            raise DomainError("god_for_own_city", "a god is played with the seat's own card")
        god_choice = check_god(rules, st, city, choice, command)
    second = None
    if command.second is not None:
        if command.god_first:
            raise DomainError("one_god_a_turn", "both gods are invoked, after the card")
        second = check_second(rules, st, city, choice, command, god_choice)
    tx.emit(GodChosen(seat=command.seat, city=city, choice=god_choice, second=second))
    tx.emit(ev.CardChosen(seat=command.seat, city=city, choice=choice))
    if not tx.state.acting:
        close_step(tx)


def _with_coins(st: SWState, city: int, coins: int) -> SWState:
    cities = st.cities
    return replace(st, cities=(*cities[:city], replace(cities[city], coins=coins),
                               *cities[city + 1:]))


def god_budget(st: SWState, city: int, g: GodChoice, cards: tuple[CardDef, ...]) -> int:
    """God first: the coins left for the card: the start's, less the god's price, plus the
    coins it gives at once (as counted at the start of the turn)."""
    paid = g.bank + g.left + g.right + sum(f[1] for f in g.far)
    got = st.age if g.use == SELL else gain(st, city, g.god, st.age, -1, cards)
    return st.cities[city].coins - paid + got


def check_god(rules: SevenWondersRules, st: SWState, city: int, choice: Choice | None,
              command: PlayWithGod) -> GodChoice:
    """The checked god of a command; `choice` is the card paid before it (None: god first,
    paid from the coins held at the start of the turn)."""
    ext = st.ext2
    assert isinstance(ext, FaithExt)
    god = command.god
    if god not in ext.kept[city]:
        raise DomainError("god_not_kept", f"god {god} is not among the city's gods")
    if ext.allow[city] <= 0:
        raise DomainError("no_more_gods", "the city may invoke no more gods this age")
    if command.use == SELL:
        if command.god_left or command.god_right or command.targets:
            raise DomainError("wrong_payment", "a god discarded for coins costs nothing")
        return GodChoice(god=god, use=SELL, god_first=command.god_first)
    if command.use != INVOKE:
        raise DomainError("unknown_use", f"use {command.use!r}: invoke or discard")
    key = KEY[god]
    if key in NOT_INVOKED:
        raise DomainError("seth_answers", "Seth is invoked in answer to an opponent's god, "
                          "not with a card")
    if key in NOT_FIRST and command.god_first:
        raise DomainError("god_after_card", f"{GODS[god].name_en} is revealed after the card")
    if key in SACRIFICE and command.action != DISCARD:
        raise DomainError("sacrifice_needed", f"{GODS[god].name_en} is invoked by sacrificing "
                          "the step's card: discard it (without its coins)")
    if key in NOT_WITH_STAGE and command.action == STAGE:
        raise DomainError("god_not_with_stage", f"{GODS[god].name_en} marks the stage the "
                          "city pays for: not with a card that builds a stage")
    if command.targets not in god_targets(rules, st, city, god):
        raise DomainError("bad_targets", f"targets {command.targets} are not allowed for "
                          f"{GODS[god].name_en}")
    price = market_price(rules, st, city, god)
    if command.god_buy_far and not price:
        raise DomainError("no_market", "only a city with a market open buys a god's "
                          "resources from other cities")
    pays = god_payments(rules, st, city, god)
    if not pays:
        raise DomainError("cannot_invoke", f"the city cannot meet {GODS[god].name_en}'s cost")
    found = None
    if price:
        found = _market_payment(rules, st, city, god, command, pays, price)
    else:
        for p in _all_payments(rules, st, city, god, pays):
            if ((command.god_buy_left is None or command.god_buy_left == p[3])
                    and (command.god_buy_right is None or command.god_buy_right == p[4])
                    and command.god_left in (None, p[1])
                    and command.god_right in (None, p[2])):
                found = p
                break
    if found is None:
        raise DomainError("no_such_payment", "no such way to pay the god; the cheapest ways "
                          f"(left, right) are {[(p[1], p[2]) for p in pays]}")
    budget = st.cities[city].coins
    if choice is not None:
        budget -= card_outlay(rules, st, city, choice)
    if key in SACRIFICE:
        budget -= DISCARD_COINS  # the sacrificed card gives no coins
    bank, lc, rc, bl, br, far = found
    if _outlay(found) > budget:
        raise DomainError("cannot_afford", f"the god costs {_outlay(found)} coins; "
                          f"{budget} are left after the card")
    return GodChoice(god=god, use=INVOKE, bank=bank, left=lc, right=rc, bought_left=bl,
                     bought_right=br, targets=command.targets, god_first=command.god_first,
                     far=far)


def _market_payment(rules: SevenWondersRules, st: SWState, city: int, god: int,
                    command: PlayWithGod, pays: list[Payment], price: int) -> Payment | None:
    """The god's payment at Poséidon's market: the purchases named (any split, checked as a
    card's: `bad_purchase`), or else the cheapest listed one matching the coins named."""
    if command.god_buy_left is None and command.god_buy_right is None \
            and command.god_buy_far is None:
        return next((p for p in pays if command.god_left in (None, p[1])
                     and command.god_right in (None, p[2])), None)
    bl = tuple(command.god_buy_left or ZERO7)
    br = tuple(command.god_buy_right or ZERO7)
    bought = tuple((s, tuple(v)) for s, v in command.god_buy_far or ())
    kind, n, res = god_cost(st, god, st.age)
    why = "nothing meets the god's cost"
    for v in _cost_vectors(rules, st, city, kind, n, res):
        found = market.check(st, city, v, (), bl, br, bought)
        if found is None:
            break
        why = found
    else:
        raise DomainError("bad_purchase", why)
    lc, rc = price * sum(bl), price * sum(br)
    if command.god_left not in (None, lc) or command.god_right not in (None, rc):
        return None
    return (0, lc, rc, bl, br, tuple((s, price * sum(v), v) for s, v in bought if any(v)))


def _all_payments(rules: SevenWondersRules, st: SWState, city: int, god: int,
                  cheapest: list[Payment]) -> Iterator[Payment]:
    """The cheapest payments first, then every other listed purchase (a dearer neighbour
    may be paid, as for cards), made as they are asked for (a listed one is among the
    cheapest)."""
    yield from cheapest
    kind, n, res = god_cost(st, god, st.age)
    if kind not in RESOURCE_KINDS or heracles(st, city):
        return
    for v in _cost_vectors(rules, st, city, kind, n, res):
        for lc, rc, bl, br in pay_options(rules, st, city, v, True):
            yield (0, lc, rc, bl, br, ())


# -- the reveal (a step hook) ---------------------------------------------------------------
def reveal(tx: Tx, applied: bool) -> None:
    """A step hook. Before the step's cards: the gods revealed before their card (god
    first), their positive powers. After: the gods' income for the cards, the other gods'
    positive powers, then every negative power of the step. Each group in the alphabetical
    order of the gods' names."""
    ext = tx.state.ext2
    if not isinstance(ext, FaithExt) or (not any(ext.pending) and not applied):
        return
    if applied:
        resolved = tx.events[-1]
        if isinstance(resolved, ev.StepResolved):
            plunder_built(tx, resolved)
        if any(ext.active) and isinstance(resolved, ev.StepResolved):
            income = _income(tx.rules, tx.state, resolved, ext)
            if any(income):
                tx.emit(GodIncome(coins=income))
    chosen = [(c, q) for c in range(len(ext.pending)) for q in chosen_gods(ext, c)
              if q.god_first != applied] if any(ext.pending) or any(ext.seconds) else []
    for c, choice in sorted(chosen, key=lambda x: ALPHA_KEY[x[1].god]):
        st = tx.state
        cur = st.ext2
        assert isinstance(cur, FaithExt)
        rest = tuple(g for g in cur.kept[c] if g != choice.god)
        if choice.use == SELL:
            gained = st.age
            dropped = rest
        else:
            gained = gain(st, c, choice.god, st.age, -1, tx.rules.cards)
            if KEY[choice.god] == "chronos":
                gained += chronos_coins(tx.rules, st, c)
            dropped = rest if cur.allow[c] <= 1 else ()
        tx.emit(GodRevealed(city=c, seat=c, choice=choice, gained=gained, dropped=dropped))
    if not applied:
        return
    for choice, c in sorted(((e.choice, e.city) for e in _this_step(tx.events)),
                            key=lambda x: ALPHA_KEY[x[0].god]):
        if choice.use == INVOKE and KEY[choice.god] in STRIKERS:
            lost, tokens, removed = strike(tx.state, c, choice.god, tx.state.age,
                                           choice.targets)
            if any(lost) or any(tokens) or any(removed):
                tx.emit(GodStruck(city=c, god=choice.god, lost=lost, tokens=tokens,
                                  removed=removed))
        if choice.use == INVOKE and KEY[choice.god] == "bastet":
            swapped = swap_event(tx.rules, tx.state, c, choice.targets)
            if swapped is not None:
                tx.emit(swapped)
    for e in _this_step(tx.events):
        if e.choice.use == INVOKE and KEY[e.choice.god] == "ouranos":
            tx.emit(HandsRedealt(city=e.city, hands=redeal(tx.state)))


REDEAL_SIZE = 49
"""7 hands of 7 cards at most: each age's redeal order is a permutation of this many
places."""


def redeal(st: SWState) -> tuple[tuple[int, ...], ...]:
    """Ouranos: "tous les joueurs donnent leurs cartes Âge au joueur ayant invoqué Ouranos.
    Ce dernier mélange les cartes et les redistribue". The shuffle is the deal's (`reshuffles`:
    per age, a permutation drawn at the start with the game's seeded RNG, so that the domain
    stays pure): the gathered cards (city order) are ranked by it; an explicit deal without
    one deals them in reverse order."""
    orders = getattr(st.deal, "reshuffles", ())
    order = orders[st.age - 1] if orders else tuple(range(REDEAL_SIZE - 1, -1, -1))
    cards = [x for h in st.hands for x in h]
    shuffled = [cards[i] for i in sorted(range(len(cards)), key=lambda i: order[i])]
    out = []
    k = 0
    for h in st.hands:
        out.append(tuple(shuffled[k:k + len(h)]))
        k += len(h)
    return tuple(out)


def anubis_keeps(tx: Tx) -> bool:
    """A `step_end` hook: after the pass that follows Anubis' step, his city gets back the
    hand it played from ("construire 2 cartes en 2 tours provenant de la même main") and the
    city it would have gone to gets the one that would have come to his city ("les voisins
    directs ... se transmettent le jeu comme si ce joueur n'existait pas"): a swap of two
    hands after the pass. On turn 6 there is no pass: the power lapses."""
    st = tx.state
    ext = st.ext2
    if not isinstance(ext, FaithExt) or ext.anubis < 0:
        return False
    a = ext.anubis
    hands = st.hands
    if st.turn < LAST_TURN and len(hands) == len(st.cities):
        b = (a + PASS_DIRECTION[st.age]) % len(hands)
        hands = tuple(hands[b] if i == a else hands[a] if i == b else h
                      for i, h in enumerate(hands))
    tx.emit(HandKept(city=a, hands=hands))
    return False


def m_kept_hand(rules: SevenWondersRules, s: SWState, e: HandKept) -> SWState:
    ext = s.ext2
    assert isinstance(ext, FaithExt)
    return replace(s, hands=e.hands, ext2=replace(ext, anubis=-1))


def m_redealt(rules: SevenWondersRules, s: SWState, e: HandsRedealt) -> SWState:
    return replace(s, hands=e.hands)


def _this_step(events: list[Any]) -> list[GodRevealed]:
    """The gods revealed in this step (a step resolves within one command)."""
    return [e for e in events if isinstance(e, GodRevealed)]


def _income(rules: SevenWondersRules, st: SWState, resolved: ev.StepResolved,
            ext: FaithExt) -> tuple[int, ...]:
    """Artemis: coins per card of her age's colours built after her invocation; Hermes
    II-III: 1 coin per card built through a neighbour's chain."""
    coins = [0] * len(st.cities)
    for a in resolved.actions:
        if a.kind not in ("build", "free") or not ext.active[a.city]:
            continue
        cd = rules.cards[a.card]
        for g, age in ext.active[a.city]:
            key = KEY[g]
            if key == "artemis":
                colours, each = ARTEMIS[age]
                if cd.colour in colours:
                    coins[a.city] += each
            elif key == "hermes" and age > 1 and a.chain:
                own = st.cities[a.city].names & ~(1 << cd.name_id)
                if not any(own >> x & 1 for x in cd.chain_from):
                    coins[a.city] += 1
    return tuple(coins)


# -- mutators ------------------------------------------------------------------------------
def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return (*t[:i], v, *t[i + 1:])


def m_chosen(rules: SevenWondersRules, s: SWState, e: GodChosen) -> SWState:
    ext = s.ext2
    assert isinstance(ext, FaithExt)
    seconds = ext.seconds
    if e.second is not None or seconds:
        seconds = _set(seconds or (None,) * len(ext.pending), e.city, e.second)
    return replace(s, ext2=replace(ext, pending=_set(ext.pending, e.city, e.choice),
                                   seconds=seconds))


def m_revealed(rules: SevenWondersRules, s: SWState, e: GodRevealed) -> SWState:
    ext = s.ext2
    assert isinstance(ext, FaithExt)
    c = e.city
    ch = e.choice
    city = s.cities[c]
    n = len(s.cities)
    kept = list(ext.kept[c])
    kept.remove(ch.god)
    for g in e.dropped:
        if g in kept:
            kept.remove(g)
    cities = list(s.cities)
    second = ext.seconds[c] if ext.seconds else None
    if second is not None and second.god == ch.god:
        new_ext = replace(ext, seconds=_set(ext.seconds, c, None))
    else:
        new_ext = replace(ext, pending=_set(ext.pending, c, None))
    new_ext = replace(new_ext, kept=_set(ext.kept, c, tuple(kept)))
    coins = city.coins + e.gained - ch.bank - ch.left - ch.right - sum(f[1] for f in ch.far)
    if ch.use == SELL:
        cities[c] = replace(city, coins=coins)
        new_ext = replace(new_ext, allow=_set(ext.allow, c, 0), kept=_set(ext.kept, c, ()))
        return replace(s, cities=tuple(cities), ext2=new_ext)
    key = KEY[ch.god]
    age = s.age
    changes: dict[str, Any] = {"coins": coins}
    if key in OWN_RESOURCE and age == 1:
        changes["own_masks"] = (*city.own_masks, 1 << OWN_RESOURCE[key])
    if key == "zeus":
        changes["abilities"] = city.abilities | {"seventh_card"}
    hali = s.halikarnassus
    if key == "chronos":
        stage = rules.wonders[city.board].sides[city.side][city.stages]
        city = add_stage(city, stage, CHRONOS_TUCK)
        if "build_from_discard" in stage.abilities:
            hali = (*hali, (c, e.seat))
    cities[c] = replace(city, **changes)
    if ch.left:
        ln = (c - 1) % n
        cities[ln] = replace(cities[ln], coins=cities[ln].coins + ch.left)
    if ch.right:
        rn = (c + 1) % n
        cities[rn] = replace(cities[rn], coins=cities[rn].coins + ch.right)
    for seller, paid, _ in ch.far:
        cities[seller] = replace(cities[seller], coins=cities[seller].coins + paid)
    allow = ext.allow[c] - 1
    extra = ext.extra[c] + (2 * age if key == "ares" else age if key == "hera" else 0)
    marker = ext.marker[c]
    if key == "wonderwoman" and age < 3:
        marker = age + 1
    new_ext = replace(
        new_ext, allow=_set(ext.allow, c, allow),
        kept=_set(new_ext.kept, c, new_ext.kept[c] if allow > 0 else ()),
        active=_set(ext.active, c, (*ext.active[c], (ch.god, age))),
        extra=_set(ext.extra, c, extra), marker=_set(ext.marker, c, marker),
        peace=_set(ext.peace, c, ext.peace[c] or key == "hestia_red"),
        horus=_set(ext.horus or (0,) * n, c, LOOKS) if key == "horus" else ext.horus,
        peeked=ext.peeked or (0,) * n,
        raising=(*ext.raising, c) if key == "osiris" else ext.raising,
        mounting=(*ext.mounting, c) if key == "pegase" else ext.mounting,
        anubis=c if key == "anubis" else ext.anubis)
    return replace(s, cities=tuple(cities), ext2=new_ext, halikarnassus=hali)


def chronos_coins(rules: SevenWondersRules, st: SWState, city: int) -> int:
    """The coins of the stage Chronos marks (its printed coins; Syracuse B's per card
    shield)."""
    c = st.cities[city]
    side = rules.wonders[c.board].sides[c.side]
    if c.stages >= len(side):
        return 0
    stage = side[c.stages]
    return stage.coins + (card_shields(c, rules.wonders) if SYRACUSE_B in stage.abilities
                          else 0)


def m_struck(rules: SevenWondersRules, s: SWState, e: GodStruck) -> SWState:
    cities = list(s.cities)
    for i, city in enumerate(cities):
        tokens = city.tokens
        for _ in range(e.removed[i]):
            j = tokens.index(-1)
            tokens = tokens[:j] + tokens[j + 1:]
        if e.lost[i] or e.tokens[i] or e.removed[i]:
            cities[i] = replace(city, coins=city.coins - e.lost[i], tokens=tokens + e.tokens[i])
    return replace(s, cities=tuple(cities))


def plunder_built(tx: Tx, resolved: ev.StepResolved) -> None:
    """After a step, and (`discard_build_hooks`) after a card built from the discard pile:
    the Guilde des Pillards' tokens when it is among the cards built."""
    plundered = plunder(tx.rules, tx.state, resolved)
    if plundered is not None:
        tx.emit(plundered)


def plunder(rules: SevenWondersRules, st: SWState, resolved: Any) -> GuildPlundered | None:
    """Guilde des Pillards: "Au moment où la Guilde des Pillards est construite, le joueur
    reçoit immédiatement 1 jeton Victoire valant 5 points de victoire et donne 1 jeton
    Défaite à chacun de ses voisins directs": whenever it is constructed, from the hand,
    free (Olympia) or from the discard pile (Halikarnassus, Solomon, Osiris)."""
    n = len(st.cities)
    tokens: list[tuple[int, ...]] = [()] * n
    for a in resolved.actions:
        if (a.kind in ("build", "free", "from_discard")
                and rules.cards[a.card].key == PLUNDERERS):
            tokens[a.city] = (*tokens[a.city], 5)
            for o in {left_of(st, a.city), right_of(st, a.city)} - {a.city}:
                tokens[o] = (*tokens[o], -1)
    return GuildPlundered(tokens=tuple(tokens)) if any(tokens) else None


def m_plundered(rules: SevenWondersRules, s: SWState, e: GuildPlundered) -> SWState:
    return replace(s, cities=tuple(replace(c, tokens=c.tokens + t) if t else c
                                   for c, t in zip(s.cities, e.tokens, strict=True)))


def m_income(rules: SevenWondersRules, s: SWState, e: GodIncome) -> SWState:
    return replace(s, cities=tuple(replace(c, coins=c.coins + x) if x else c
                                   for c, x in zip(s.cities, e.coins, strict=True)))


__all__ = ["has"]
