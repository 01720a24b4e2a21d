"""A turn of the play phase: take an accessible card and construct it, discard it or build
a wonder with it; then its effects, reveals, and the end of the turn, Age or game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
from msgspec.structs import replace

from domain.duel import events as ev
from domain.duel.catalog_types import RED, YELLOW
from domain.duel.commands import ConstructBuilding, ConstructWonder, DiscardCard
from domain.duel.costs import NOTHING, cheapest, covers, prices
from domain.duel.evolve import with_card_coins
from domain.duel.military import move_pawn
from domain.duel.science import SUPREMACY_SYMBOLS, card_symbol_gained, symbol_gained
from domain.duel.scoring import end_game
from domain.duel.state import CAPITAL, OVER, PLAY, DuelState, PlayerState
from domain.duel.tokens import (
    ARCHITECTURE,
    ECONOMY,
    MASONRY,
    STRATEGY,
    THEOLOGY,
    URBANISM,
    URBANISM_CHAIN_COINS,
)
from domain.kernel.errors import DomainError

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules, Tx

DISCARD_BASE_COINS = 2


class Price(msgspec.Struct, frozen=True, gc=False):
    """What a construction costs a seat now (positional: coins, trade, to_opponent,
    chained, bought, discount)."""

    coins: int
    trade: int
    to_opponent: int
    chained: bool
    bought: tuple[int, ...]
    discount: int


def unit_prices(rules: DuelRules, state: DuelState, seat: int) -> tuple[int, ...]:
    up = prices(state.players[seat], state.players[1 - seat])
    for hook in rules.price_hooks:
        up = hook(state, seat, up)
    return up


CHAINED = Price(0, 0, 0, True, NOTHING, 0)
"""The price of a card chained from a symbol the seat owns (shared: prices are read-only)."""


class PriceBook:
    """Prices in one pricing context of a seat, computed on first use.

    With `DuelRules.booked_pricing` (the base game, and expansions whose price hooks say
    what they read through `DuelRules.price_context`) an unchained card's or a wonder's
    price depends on the state only through both cities' production, one-of producers,
    fixed prices and tokens and the expansions' context: a book is then kept per such
    context (`_book`) and found again while the context lasts."""

    __slots__ = ("cards", "choices", "context", "discounts", "fixed", "opponent_produce",
                 "opponent_tokens", "produce", "rules", "tokens", "up", "waived", "wonders")

    def __init__(
        self, rules: DuelRules, me: PlayerState, opponent: PlayerState, context: Any,
        up: tuple[int, ...],
    ) -> None:
        self.rules = rules
        self.produce = me.produce
        self.choices = me.choices
        self.fixed = me.fixed
        self.tokens = me.tokens
        self.opponent_produce = opponent.produce
        self.opponent_tokens = opponent.tokens
        self.context = context
        self.up = up
        self.discounts: dict[int, int] = {}
        """Units waived per card colour (wonders: -1)."""
        self.waived: dict[int, bool] = {}
        """Whether a cost symbol is ignored, per card colour (`waiver_hooks`)."""
        self.cards: dict[int, Price] = {}
        """Prices of unchained cards."""
        self.wonders: dict[int, Price] = {}

    def shared(self, rules: DuelRules, me: PlayerState, opponent: PlayerState,
               context: Any) -> PriceBook:
        """This book's prices for another state of the same context (same values)."""
        book = PriceBook(rules, me, opponent, context, self.up)
        book.discounts, book.waived = self.discounts, self.waived
        book.cards, book.wonders = self.cards, self.wonders
        return book


class Pricer:
    """Prices for one seat in one state: the shared parts are computed once per move list."""

    __slots__ = ("_cards", "_discounts", "_wonders", "book", "economy", "me", "rules", "seat",
                 "state", "up")

    def __init__(self, rules: DuelRules, state: DuelState, seat: int) -> None:
        self.rules = rules
        self.state = state
        self.seat = seat
        me = self.me = state.players[seat]
        opponent = state.players[1 - seat]
        self.economy = ECONOMY in opponent.tokens
        if rules.booked_pricing:
            book = _book(rules, state, seat, me, opponent)
        else:
            book = PriceBook(rules, me, opponent, None, unit_prices(rules, state, seat))
        self.book = book
        self.up = book.up
        self._discounts = book.discounts
        self._cards = book.cards
        self._wonders = book.wonders

    def _discount(self, kind: str, colour: int) -> int:
        units = self._discounts.get(colour)
        if units is None:
            units = 0
            for hook in self.rules.discount_hooks:
                units += hook(self.state, self.seat, kind, colour)
            self._discounts[colour] = units
        return units

    def card(self, card_id: int) -> Price:
        card = self.rules.cards[card_id]
        if card.chain_from >= 0 and (self.me.chains >> card.chain_from) & 1:
            return CHAINED
        price = self._cards.get(card_id)
        if price is None:
            price = self._cards[card_id] = self._card(card_id)
        return price

    def _card(self, card_id: int) -> Price:
        """An unchained card's price."""
        card = self.rules.cards[card_id]
        discount = self._discount("card", card.colour)
        trade, bought = cheapest(card.cost, self.me, self.up, discount)
        to_opp = trade if self.economy else 0
        return Price(card.coins + trade, trade, to_opp, False, bought, discount)

    def wonder(self, wonder: int) -> Price:
        price = self._wonders.get(wonder)
        if price is None:
            discount = self._discount("wonder", -1)
            cost = self.rules.wonders[wonder].cost
            trade, bought = cheapest(cost, self.me, self.up, discount)
            price = Price(trade, trade, trade if self.economy else 0, False, bought, discount)
            self._wonders[wonder] = price
        return price


class HookedPricer(Pricer):
    """The Pricer of a ruleset with chain or cost-symbol hooks (an expansion's decrees);
    the base game keeps the plain one, so its hot path pays nothing for them."""

    __slots__ = ("chains",)

    def __init__(self, rules: DuelRules, state: DuelState, seat: int) -> None:
        super().__init__(rules, state, seat)
        chains = self.me.chains
        for hook in rules.chain_hooks:
            chains |= hook(state, seat)
        self.chains = chains

    def card(self, card_id: int) -> Price:
        card = self.rules.cards[card_id]
        if card.chain_from >= 0 and (self.chains >> card.chain_from) & 1:
            return CHAINED
        price = self._cards.get(card_id)
        if price is None:
            price = self._cards[card_id] = self._card(card_id)
        return price

    def _card(self, card_id: int) -> Price:
        card = self.rules.cards[card_id]
        discount = self._discount("card", card.colour)
        trade, bought = cheapest(card.cost, self.me, self.up, discount)
        coins = card.coins
        if self._waives(card.colour):
            # One symbol of the cost ignored: a resource (one more unit waived) or the coin
            # symbol, which is the card's whole coin cost (a Duel card prints one).
            more, more_bought = cheapest(card.cost, self.me, self.up, discount + 1)
            if coins and trade - more <= coins:
                coins = 0
            elif more < trade:
                trade, bought, discount = more, more_bought, discount + 1
        to_opp = trade if self.economy else 0
        price = Price(coins + trade, trade, to_opp, False, bought, discount)
        for hook in self.rules.card_price_hooks:
            price = hook(self, card_id, price)
        return price

    def _waives(self, colour: int) -> bool:
        waived = self.book.waived.get(colour)
        if waived is None:
            waived = False
            for hook in self.rules.waiver_hooks:
                if hook(self.state, self.seat, colour):
                    waived = True
                    break
            self.book.waived[colour] = waived
        return waived


_BOOKS: list[PriceBook | None] = [None, None]
"""Per seat, the book of the last pricing context of a ruleset with booked pricing. Its
fields are compared by identity (a city's tuples are replaced only when they change) and
the expansions' context by equality, so a found book is always exact. Replaced whole."""
_SHARED_BOOKS: dict[tuple[Any, ...], PriceBook] = {}
"""Books by pricing context's value (the rules, both productions, the one-of producers,
fixed prices, the discount and Economy tokens, the expansions' context), so that a
context seen before (in this game or another) finds its prices again."""
_SHARED_LIMIT = 4_096
_CONTEXTS: list[tuple[Any, Any, Any, Any]] = [(None, None, None, None)] * 2
"""Per seat, (rules, `ext`, `leaders`, the expansions' pricing context) of its last book:
`DuelRules.price_context` reads only the expansions' states, kept by identity here."""


def _book(
    rules: DuelRules, state: DuelState, seat: int, me: PlayerState, opponent: PlayerState
) -> PriceBook:
    context: Any = None
    if rules.price_context:
        last = _CONTEXTS[seat]
        if last[0] is rules and last[1] is state.ext and last[2] is state.leaders:
            context = last[3]
        else:
            context = tuple([fn(state, seat) for fn in rules.price_context])
            _CONTEXTS[seat] = (rules, state.ext, state.leaders, context)
    book = _BOOKS[seat]
    if (
        book is not None
        and book.rules is rules
        and book.produce is me.produce
        and book.choices is me.choices
        and book.fixed == me.fixed
        and book.tokens is me.tokens
        and book.opponent_produce is opponent.produce
        and book.opponent_tokens is opponent.tokens
        and book.context == context
    ):
        return book
    tokens = me.tokens
    key = (id(rules), me.produce, me.choices, me.fixed, opponent.produce,
           MASONRY in tokens, ARCHITECTURE in tokens, ECONOMY in opponent.tokens, context)
    shared = _SHARED_BOOKS.get(key)
    if shared is not None and shared.rules is rules:
        book = shared.shared(rules, me, opponent, context)
    else:
        book = PriceBook(rules, me, opponent, context, unit_prices(rules, state, seat))
        if len(_SHARED_BOOKS) > _SHARED_LIMIT:
            _SHARED_BOOKS.clear()
        _SHARED_BOOKS[key] = book
    _BOOKS[seat] = book
    return book


_LAST_PRICER: list[Pricer] = []


def pricer_for(rules: DuelRules, state: DuelState, seat: int) -> Pricer:
    """The seat's Pricer for `state`, reused between listing moves and deciding one."""
    if _LAST_PRICER:
        last = _LAST_PRICER[0]
        if last.state is state and last.seat == seat and last.rules is rules:
            return last
    pricer = (HookedPricer if rules.hooked_pricing else Pricer)(rules, state, seat)
    if _LAST_PRICER:
        _LAST_PRICER[0] = pricer
    else:
        _LAST_PRICER.append(pricer)
    return pricer


def card_price(rules: DuelRules, state: DuelState, seat: int, card_id: int) -> Price:
    return pricer_for(rules, state, seat).card(card_id)


def wonder_price(rules: DuelRules, state: DuelState, seat: int, wonder: int) -> Price:
    return pricer_for(rules, state, seat).wonder(wonder)


def wonders_built(state: DuelState) -> int:
    return len(state.players[0].built_wonders) + len(state.players[1].built_wonders)


def buildable_wonders(rules: DuelRules, state: DuelState, seat: int) -> tuple[int, ...]:
    me = state.players[seat]
    players = state.players
    if len(players[0].built_wonders) + len(players[1].built_wonders) >= rules.wonder_limit:
        for hook in rules.wonder_access_hooks:  # a loop: no generator on every list
            if hook(state, seat):
                return tuple(w for w in me.wonders if w not in me.built_wonders)
        return ()
    wonders, built, retired = me.wonders, me.built_wonders, state.retired_wonders
    if not built and not retired:
        return wonders
    last = _UNBUILT[seat]
    if last[0] is wonders and last[1] is built and last[2] is retired:
        return last[3]
    unbuilt = tuple([w for w in wonders if w not in built and w not in retired])
    _UNBUILT[seat] = (wonders, built, retired, unbuilt)
    return unbuilt


_UNBUILT: list[tuple[Any, Any, Any, tuple[int, ...]]] = [((), (), (), ())] * 2
"""Per seat, (wonders, built, retired, the wonders neither built nor retired) of its last
such question (tuples compared by identity, kept alive here); replaced as a whole tuple."""


def check_slot(rules: DuelRules, state: DuelState, slot: int) -> int:
    layout = rules.layouts[state.age - 1]
    if not 0 <= slot < len(layout.slots):
        raise DomainError("unknown_slot", f"slot {slot} is not in the Age {state.age} structure")
    if not (layout.accessible(state.taken) >> slot) & 1:
        raise DomainError(
            "card_not_accessible",
            f"the card in slot {layout.slots[slot].name} is taken or still covered",
        )
    return state.slots[slot]


def _check_payment(
    rules: DuelRules,
    state: DuelState,
    seat: int,
    cost: tuple[int, ...],
    price: Price,
    coins: int | None,
    buy: tuple[int, ...] | None,
) -> None:
    if coins is not None and coins != price.coins:
        raise DomainError(
            "price_mismatch", f"this costs {price.coins} coins, the command offered {coins}"
        )
    if price.coins > state.players[seat].coins:
        raise DomainError(
            "not_enough_coins",
            f"this costs {price.coins} coins and seat {seat} has {state.players[seat].coins}",
        )
    if buy is None or price.chained or buy == price.bought:
        return
    up = unit_prices(rules, state, seat)
    if len(buy) != len(up) or min(buy) < 0:
        raise DomainError("invalid_payment", "buy must give 5 non-negative resource counts")
    spent = sum(b * p for b, p in zip(buy, up, strict=True))
    if spent != price.trade or not covers(cost, state.players[seat], buy, price.discount):
        raise DomainError(
            "invalid_payment", "the resources to buy are not one of the cheapest legal purchases"
        )


def reveal_uncovered(tx: Tx, slot: int) -> None:
    """Reveal the face-down slots that `slot`'s removal (already in `taken`) uncovers."""
    s = tx.state
    taken, revealed = s.taken, s.revealed
    for j, covered_by in tx.rules.layout_covers[s.age - 1][slot]:
        if (
            covered_by & taken == covered_by
            and not ((taken | revealed) >> j) & 1
        ):
            tx.emit(ev.CardRevealed(slot=j, card=s.slots[j]))


def apply_card_effects(tx: Tx, seat: int, card_id: int, symbol_chosen: bool = False) -> None:
    """On-build effects of a constructed card (coins, shields, science). `symbol_chosen`:
    the command itself chose how the symbol counts (a plain construction, where Duel
    Leaders' Euclid and Ptolemy are commands of their own); otherwise the ruleset's
    symbol hooks may offer that choice now (Mausoleum, Solomon, Croesus, ...). The coins
    the construction itself earns (`build_hooks`: Agora's decrees, Hatshepsut) come first,
    right after the payment: they count even when an effect then ends the game."""
    card = tx.rules.cards[card_id]
    for hook in tx.rules.build_hooks:
        hook(tx, seat, card_id)
    effects = tx.rules.effects
    for name, args in card.on_build:
        effects[name](tx, seat, args)
    if card.shields:
        bonus = 1 if card.colour == RED and STRATEGY in tx.state.players[seat].tokens else 0
        move_pawn(tx, seat, card.shields + bonus)
    if card.science >= 0:
        if symbol_chosen or not tx.rules.symbol_hooks:
            symbol_gained(tx, seat, card.science)
        else:
            card_symbol_gained(tx, seat, card_id)


def construct_building(tx: Tx, cmd: ConstructBuilding) -> None:
    rules, state, seat = tx.rules, tx.state, cmd.seat
    if tx.trusted and rules.plain_construction and not tx.events and _build_at_once(tx, cmd):
        return
    if tx.trusted:
        card_id = state.slots[cmd.slot]
        price = pricer_for(rules, state, seat).card(card_id)
    else:
        card_id = check_slot(rules, state, cmd.slot)
        price = card_price(rules, state, seat, card_id)
        _check_payment(rules, state, seat, rules.cards[card_id].cost, price, cmd.coins, cmd.buy)
    constructed = ev.BuildingConstructed(
        seat=seat,
        slot=cmd.slot,
        card=card_id,
        cost=price.coins,
        to_opponent=price.to_opponent,
        chained=price.chained,
        bought=price.bought if cmd.buy is None or price.chained else cmd.buy,
    )
    if tx.trusted and rules.listed_construction:
        _constructed_at_once(tx, constructed)
    else:
        tx.emit(constructed)
        reveal_uncovered(tx, cmd.slot)
    if price.chained and URBANISM in tx.state.players[seat].tokens:
        tx.emit(ev.CoinsGained(seat=seat, amount=URBANISM_CHAIN_COINS, reason="urbanism"))
    apply_card_effects(tx, seat, card_id, symbol_chosen=True)
    finish_action(tx)



def _reveal_after(rules: DuelRules, state: DuelState, taken: int, slot: int,
                  events: list[ev.Event]) -> int:
    """The reveals that taking `slot` (in `taken` now) uncovers, appended to `events`; the
    revealed mask after them (the one-copy paths' share of `reveal_uncovered`)."""
    revealed = state.revealed
    seen = taken | revealed
    for j, covered_by in rules.layout_covers[state.age - 1][slot]:
        if covered_by & taken == covered_by and not (seen >> j) & 1:
            events.append(ev.CardRevealed(slot=j, card=state.slots[j]))
            revealed |= 1 << j
    return revealed

def _constructed_at_once(tx: Tx, e: ev.BuildingConstructed) -> None:
    """`e` and the reveals it leads to, emitted and applied in one copy of the state (the
    ruleset's mutators of both are the base game's: `DuelRules.listed_construction`)."""
    rules, state, seat = tx.rules, tx.state, e.seat
    events = tx.events
    events.append(e)
    taken = state.taken | (1 << e.slot)
    revealed = _reveal_after(rules, state, taken, e.slot, events)
    players = state.players
    p = players[seat]
    p = with_card_coins(rules, p, e.card, p.coins - e.cost)
    other = players[1 - seat]
    if e.to_opponent:
        other = replace(other, coins=other.coins + e.to_opponent)
    tx.state = replace(
        state,
        taken=taken,
        players=(p, other) if seat == 0 else (other, p),
        turn=state.turn + 1,
        revealed=revealed,
    )


def _build_at_once(tx: Tx, cmd: ConstructBuilding) -> bool:
    """A listed construction of a card without on-build effects that leaves cards in the
    structure, in a ruleset with the base game's construction alone
    (`DuelRules.plain_construction`): the same events as `construct_building` (the
    construction, the reveals, Urbanism's coins, the pawn's move, the next turn) and the
    state they lead to, made in one copy instead of one per event. False (nothing done)
    when the Age ends, the pawn reaches a military token or the capital, or the card's
    science symbol earns a token or supremacy."""
    state, seat, slot = tx.state, cmd.seat, cmd.slot
    rules = tx.rules
    taken = state.taken | (1 << slot)
    if taken == rules.layouts[state.age - 1].full:
        return False
    card_id = state.slots[slot]
    card = rules.cards[card_id]
    if card.on_build:
        return False
    players = state.players
    p = players[seat]
    pawn = state.pawn
    shields = card.shields
    if shields:
        if card.colour == RED and STRATEGY in p.tokens:
            shields += 1
        pawn = max(-CAPITAL, min(CAPITAL, pawn + (shields if seat == 0 else -shields)))
        if abs(pawn) == CAPITAL:
            return False
        looting = state.looting
        for i, token in enumerate(rules.military_tokens):
            mark = token.position
            if (looting >> i) & 1 and (pawn >= mark if mark > 0 else pawn <= mark):
                return False
    price = pricer_for(rules, state, seat).card(card_id)
    urbanism = price.chained and URBANISM in p.tokens
    coins = p.coins - price.coins + (URBANISM_CHAIN_COINS if urbanism else 0)
    p = with_card_coins(rules, p, card_id, coins)
    if card.science >= 0:
        counts = p.science
        if len(counts) - counts.count(0) >= SUPREMACY_SYMBOLS or (
            counts[card.science] == 2 and state.board_tokens
        ):
            return False
    events: list[ev.Event] = [ev.BuildingConstructed(
        seat=seat, slot=slot, card=card_id, cost=price.coins, to_opponent=price.to_opponent,
        chained=price.chained,
        bought=price.bought if cmd.buy is None or price.chained else cmd.buy,
    )]
    revealed = _reveal_after(rules, state, taken, slot, events)
    if urbanism:
        events.append(ev.CoinsGained(seat=seat, amount=URBANISM_CHAIN_COINS, reason="urbanism"))
    if shields:
        events.append(ev.ConflictPawnMoved(seat=seat, shields=shields, position=pawn))
    turn = state.current if state.replay else 1 - state.current
    events.append(ev.TurnBegan(seat=turn))
    other = players[1 - seat]
    if price.to_opponent:
        other = replace(other, coins=other.coins + price.to_opponent)
    tx.events = events
    tx.state = replace(
        state,
        taken=taken,
        players=(p, other) if seat == 0 else (other, p),
        turn=state.turn + 1,
        revealed=revealed,
        pawn=pawn,
        current=turn,
        replay=False,
        phase=PLAY,
    )
    return True


def discard_card(tx: Tx, cmd: DiscardCard) -> None:
    if tx.trusted and tx.rules.listed_discard and not tx.events:
        _discard_at_once(tx, cmd)
        return
    state, seat = tx.state, cmd.seat
    card_id = state.slots[cmd.slot] if tx.trusted else check_slot(tx.rules, state, cmd.slot)
    coins = DISCARD_BASE_COINS + state.players[seat].colours[YELLOW]
    for hook in tx.rules.discard_hooks:  # an expansion's bonus (an Agora decree)
        coins += hook(state, seat)
    tx.emit(ev.CardDiscarded(seat=seat, slot=cmd.slot, card=card_id, coins=coins))
    reveal_uncovered(tx, cmd.slot)
    finish_action(tx)


def _discard_at_once(tx: Tx, cmd: DiscardCard) -> None:
    """A listed discard in a ruleset whose discard and reveal events have the base game's
    mutators (`DuelRules.listed_discard`): the same events as `discard_card` and the state
    they lead to, the discard and its reveals made in one copy instead of one per event.
    With the base game's discard alone (`DuelRules.plain_discard`) and cards left in the
    structure, the next turn is in that copy too; otherwise the end of the action follows
    as in `discard_card` (`finish_action`, the expansions' hooks on the state reached)."""
    state, seat, slot = tx.state, cmd.seat, cmd.slot
    rules = tx.rules
    taken = state.taken | (1 << slot)
    card = state.slots[slot]
    players = state.players
    p = players[seat]
    coins = DISCARD_BASE_COINS + p.colours[YELLOW]
    for hook in rules.discard_hooks:  # an expansion's bonus (an Agora decree)
        coins += hook(state, seat)
    events: list[ev.Event] = [ev.CardDiscarded(seat=seat, slot=slot, card=card, coins=coins)]
    revealed = _reveal_after(rules, state, taken, slot, events)
    p = replace(p, coins=p.coins + coins)
    tx.events = events
    if rules.plain_discard and taken != rules.layouts[state.age - 1].full:
        turn = state.current if state.replay else 1 - state.current
        events.append(ev.TurnBegan(seat=turn))
        tx.state = replace(
            state,
            taken=taken,
            players=(p, players[1]) if seat == 0 else (players[0], p),
            discard=(*state.discard, card),
            turn=state.turn + 1,
            revealed=revealed,
            current=turn,
            replay=False,
            phase=PLAY,
        )
        return
    tx.state = replace(
        state,
        taken=taken,
        players=(p, players[1]) if seat == 0 else (players[0], p),
        discard=(*state.discard, card),
        turn=state.turn + 1,
        revealed=revealed,
    )
    finish_action(tx)


def construct_wonder(tx: Tx, cmd: ConstructWonder) -> None:
    rules, state, seat = tx.rules, tx.state, cmd.seat
    wonder = rules.wonders[cmd.wonder]
    if tx.trusted:
        card_id = state.slots[cmd.slot]
        price = pricer_for(rules, state, seat).wonder(cmd.wonder)
    else:
        card_id = check_slot(rules, state, cmd.slot)
        if cmd.wonder not in buildable_wonders(rules, state, seat):
            raise DomainError(
                "wonder_not_available",
                f"wonder {cmd.wonder} is not an unbuilt wonder of seat {seat}, or 7 are built",
            )
        price = wonder_price(rules, state, seat, cmd.wonder)
        _check_payment(rules, state, seat, wonder.cost, price, cmd.coins, cmd.buy)
    constructed = ev.WonderConstructed(
        seat=seat,
        slot=cmd.slot,
        card=card_id,
        wonder=cmd.wonder,
        cost=price.coins,
        to_opponent=price.to_opponent,
        bought=price.bought if cmd.buy is None else cmd.buy,
    )
    if tx.trusted and rules.listed_wonder:
        _wonder_at_once(tx, constructed)
    else:
        tx.emit(constructed)
        reveal_uncovered(tx, cmd.slot)
    for hook in rules.wonder_hooks:  # the construction's own coins first, as for a card
        hook(tx, seat, cmd.wonder)
    for name, args in wonder.on_build:
        rules.effects[name](tx, seat, args)
    if wonder.shields:
        move_pawn(tx, seat, wonder.shields)
        if tx.state.phase == OVER:  # military supremacy ends the game at once
            return
    if THEOLOGY in tx.state.players[seat].tokens and not tx.state.replay:
        tx.emit(ev.PlayAgainGranted(seat=seat))
    if wonders_built(tx.state) == rules.wonder_limit:
        for owner, player in enumerate(tx.state.players):
            for w in player.wonders:
                if w not in player.built_wonders and w not in tx.state.retired_wonders:
                    tx.emit(ev.WonderRetired(seat=owner, wonder=w))
    finish_action(tx)


def _wonder_at_once(tx: Tx, e: ev.WonderConstructed) -> None:
    """`e` and the reveals it leads to, emitted and applied in one copy of the state (the
    ruleset's mutators of both are the base game's: `DuelRules.listed_wonder`)."""
    rules, state, seat = tx.rules, tx.state, e.seat
    events = tx.events
    events.append(e)
    taken = state.taken | (1 << e.slot)
    revealed = _reveal_after(rules, state, taken, e.slot, events)
    players = state.players
    p = players[seat]
    choice = rules.wonders[e.wonder].choice
    p = replace(
        p,
        coins=p.coins - e.cost,
        built_wonders=(*p.built_wonders, e.wonder),
        tucked=(*p.tucked, e.card),
        choices=(*p.choices, choice) if choice else p.choices,
    )
    other = players[1 - seat]
    if e.to_opponent:
        other = replace(other, coins=other.coins + e.to_opponent)
    tx.state = replace(
        state,
        taken=taken,
        players=(p, other) if seat == 0 else (other, p),
        turn=state.turn + 1,
        revealed=revealed,
    )


def finish_action(tx: Tx) -> None:
    """After an action or an owed resolution: expansion victory checks, then the end of
    the turn once nothing is owed (the Age's last card is resolved before the Age ends)."""
    for check in tx.rules.victory_checks:
        if tx.state.phase == OVER:
            return
        check(tx)
    s = tx.state
    if s.phase == OVER or s.pending:
        return
    for hook in tx.rules.turn_hooks:
        if hook(tx):
            return
    s = tx.state
    layout = tx.rules.layouts[s.age - 1]
    if s.taken != layout.full:
        tx.emit(ev.TurnBegan(seat=s.current if s.replay else 1 - s.current))
        return
    if s.age == len(tx.rules.layouts):
        end_game(tx, None, "civilian")
        return
    chooser = 1 if s.pawn > 0 else 0 if s.pawn < 0 else s.current
    tx.emit(ev.AgeEnded(age=s.age, chooser=chooser))
    open_age(tx, s.age + 1)


def open_age(tx: Tx, age: int) -> None:
    """An Age starts: an expansion's step before its structure (Duel Leaders' recruitment),
    else the structure is laid out (the first Age's first turn follows at once)."""
    if tx.rules.age_opening is not None and tx.rules.age_opening(tx, age):
        return
    begin_age(tx, age)
    if age == 1:
        tx.emit(ev.TurnBegan(seat=tx.state.first_player))


def begin_age(tx: Tx, age: int) -> None:
    deal = tx.state.deal
    assert deal is not None
    layout = tx.rules.layouts[age - 1]
    cards = tuple(
        c if (layout.face_up >> i) & 1 else -1 for i, c in enumerate(deal.ages[age - 1])
    )
    tx.emit(ev.AgeBegan(age=age, cards=cards))

