"""A Duel ruleset: the catalog, the structures and the hooks through which expansions attach.

The base game is one `DuelRules`; an expansion builds another from it (`extend`) with its
own cards, layouts, effects, price, discount, chain and cost-symbol rules, construction,
discard and turn hooks, victory checks, phases and owed actions, deal, view and redaction
parts, instead of conditionals in the base rules. Each hook is a tuple or mapping an
expansion adds to, so several expansions compose (Agora: `domain.duel_agora.attach`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

from domain.duel.catalog_types import CardDef, MilitaryToken, TokenDef, WonderDef
from domain.duel.deal import Deal
from domain.duel.events import (
    BuildingConstructed,
    CardDiscarded,
    CardRevealed,
    CoinsGained,
    ConflictPawnMoved,
    GameStarted,
    TurnBegan,
    WonderConstructed,
    game_started_type,
)
from domain.duel.structure import Layout
from domain.duel.tokens import masonry_architecture_discount

if TYPE_CHECKING:
    from domain.duel.events import Event
    from domain.duel.state import DuelState

EffectFn = Callable[["Tx", int, tuple[int, ...]], None]
"""An effect applied when its owner builds a card, a wonder or takes a token."""
EndVpFn = Callable[["DuelState", int, tuple[int, ...]], int]
"""Victory points an end-of-game effect gives its owner."""
PriceHook = Callable[["DuelState", int, tuple[int, ...]], tuple[int, ...]]
"""Adjusts a seat's trading prices (e.g. an Agora decree)."""
DiscountHook = Callable[["DuelState", int, str, int], int]
"""Resource units waived for a seat building a 'card' (of the given colour) or a 'wonder'."""
VictoryCheck = Callable[["Tx"], None]
"""Run after every action; ends the game (through the Tx) on a supremacy of its own."""
MoveFn = Callable[["DuelRules", "DuelState", int], list[Any]]
DecideFn = Callable[["Tx", Any], None]
OpeningFn = Callable[["Tx"], None]
"""Emits what follows the deal: the base game reveals the first wonders; an expansion with
a phase before the wonder draft (Duel Leaders' leader draft) starts that phase instead."""
ScoreFn = Callable[["DuelRules", "DuelState", int], int]
"""One scoring category of a seat at the end of the game."""
MutatorFn = Callable[["DuelRules", "DuelState", Any], "DuelState"]
"""Applies an expansion's own event type (expansion state lives in `DuelState.ext`); an
expansion may also replace a base event's mutator (wrapping it) to keep its state in step."""
BuildHook = Callable[["Tx", int, int], None]
"""Runs when `seat` has constructed a card (by any means), before the card's effects:
(tx, seat, card)."""
WonderHook = Callable[["Tx", int, int], None]
"""Runs when `seat` has constructed a wonder, before the wonder's effects: (tx, seat,
wonder)."""
DiscardHook = Callable[["DuelState", int], int]
"""Extra coins a seat takes for discarding a card."""
ChainHook = Callable[["DuelState", int], int]
"""Extra chain symbols (bitmask) a seat may chain from."""
WaiverHook = Callable[["DuelState", int, int], bool]
"""Whether a seat ignores one symbol (a resource or a coin) of a card of this colour."""
TurnHook = Callable[["Tx"], bool]
"""Asked when an action is resolved and nothing is owed; True keeps the turn going (an
expansion's action taken before the turn's normal action, as Agora's conspiracies)."""
ViewFn = Callable[["DuelRules", "DuelState", "int | None"], Any]
"""An expansion's part of a seat's view (`DuelView.ext`), its secrets filtered out."""
RedactFn = Callable[[Any, "int | None"], Any]
"""An expansion event as a seat (None: a spectator) may see it."""
AgeOpeningFn = Callable[["Tx", int], bool]
"""Runs before an Age's structure is laid out (Duel Leaders' recruitment); True when it
started a step of its own, which lays the structure out (`play.lay_out_age`) when done."""
PawnHook = Callable[["Tx", int, int], int]
"""The shields a pawn move of `seat` really applies (0 cancels it: Duel Leaders' Aspasia)."""
CardPriceHook = Callable[[Any, int, Any], Any]
"""(pricer, card, price) -> price: a seat's own trading rule on cards (Bilkis)."""
SymbolHook = Callable[["Tx", int, int, bool], bool]
"""(tx, seat, card, constructed): a science card joined `seat`'s city (constructed, or
obtained otherwise: an Agora exchange); True when the hook gives its symbol itself (Duel
Leaders: the card's changed symbol, or an owed choice of Euclid or Ptolemy first)."""
PriceContextFn = Callable[["DuelState", int], Any]
"""What an expansion's price hooks read of a state for a seat, as a small value compared
with `==` (Agora: the decrees' holders), from the expansions' states only (`ext`,
`leaders`): prices are kept while it stays the same."""
WonderAccessHook = Callable[["DuelState", int], bool]
"""Whether a seat may still build its wonders past the limit of 7 (Imhotep)."""
DealFn = Callable[["DuelRules", random.Random], "Deal"]
CheckDealFn = Callable[["DuelRules", "Deal"], None]


class Tx(Protocol):
    """What a rule sees of the decision under way (`transaction.Transaction` is the one).

    Typed here, beside the rules its hooks receive it in, so that neither the rules nor
    the modules they hold (evolve, play, scoring, ...) import the transaction."""

    rules: DuelRules
    state: DuelState
    events: list[Event]
    trusted: bool
    """The command was listed by `legal_moves` for the state the decision started from."""

    def emit(self, event: Event) -> None: ...


@dataclass(frozen=True, slots=True)
class PhaseRules:
    """How a phase enumerates moves and decides commands."""

    moves: MoveFn
    commands: Mapping[type, DecideFn]


@dataclass(frozen=True, slots=True)
class DuelRules:
    name: str
    cards: tuple[CardDef, ...]
    wonders: tuple[WonderDef, ...]
    tokens: tuple[TokenDef, ...]
    layouts: tuple[Layout, ...]
    effects: Mapping[str, EffectFn]
    end_effects: Mapping[str, EndVpFn]
    phases: Mapping[int, PhaseRules]
    owed: Mapping[int, PhaseRules]
    """Owed actions (token choice, destroy, ...) by kind: they pre-empt the phase's moves."""
    opening: OpeningFn
    military_tokens: tuple[MilitaryToken, ...]
    score_categories: tuple[tuple[str, ScoreFn], ...]
    """Named categories in score-sheet order; the total is added after them. The tie-break
    category is `civilian_category`."""
    civilian_category: str = "blue"
    price_hooks: tuple[PriceHook, ...] = ()
    discount_hooks: tuple[DiscountHook, ...] = ()
    victory_checks: tuple[VictoryCheck, ...] = ()
    mutators: Mapping[type, MutatorFn] = field(default_factory=dict)
    """Every event type's mutator: the base game's (`evolve.MUTATORS`), then those of the
    expansions' own event types (an expansion may replace a base one, wrapping it)."""
    base_mutators: Mapping[type, MutatorFn] = field(default_factory=dict)
    """The base game's own mutators (`evolve.MUTATORS`, set by the base ruleset and kept by
    every expansion): an event whose mutator is still the base one may be applied by the
    one-copy paths of `play.py` (the flags `listed_discard` and the like below)."""
    starting_coins: int = 7
    wonder_limit: int = 7
    options: Mapping[str, Any] = field(default_factory=dict)
    expansions: tuple[str, ...] = ()
    build_hooks: tuple[BuildHook, ...] = ()
    wonder_hooks: tuple[WonderHook, ...] = ()
    discard_hooks: tuple[DiscardHook, ...] = ()
    chain_hooks: tuple[ChainHook, ...] = ()
    waiver_hooks: tuple[WaiverHook, ...] = ()
    turn_hooks: tuple[TurnHook, ...] = ()
    view_ext: ViewFn | None = None
    redactors: Mapping[type, RedactFn] = field(default_factory=dict)
    make_deal: DealFn | None = None
    """Draws the whole deal (None: the base game's)."""
    check_deal: CheckDealFn | None = None
    """Checks an explicit deal (None: the base game's)."""
    deal_type: Any = None
    """The type an explicit deal is read as (None: the base `Deal`)."""
    command_types: tuple[type, ...] = ()
    """Command types added by expansions (the base ones are always there)."""
    event_types: tuple[type, ...] = ()
    victory_types: tuple[str, ...] = ("civilian", "military", "scientific")
    catalog_ext: Callable[[], dict[str, Any]] | None = None
    """What an expansion adds to the published catalog (its decrees, conspiracies, ...)."""
    owed_names: Mapping[int, str] = field(default_factory=dict)
    """Names of the owed action kinds expansions add (views list pending actions by name)."""
    first_phase: OpeningFn | None = None
    """The phase the opening starts once its secrets are recorded (None: the wonder draft;
    Duel Leaders: its leader draft, which opens the wonder draft when done)."""
    age_opening: AgeOpeningFn | None = None
    pawn_hooks: tuple[PawnHook, ...] = ()
    card_price_hooks: tuple[CardPriceHook, ...] = ()
    wonder_access_hooks: tuple[WonderAccessHook, ...] = ()
    symbol_hooks: tuple[SymbolHook, ...] = ()
    price_context: tuple[PriceContextFn, ...] = ()
    """Functions giving what the price, discount, cost-symbol and card price hooks listed
    in `price_context_covers` read of a state: with every such hook covered, prices are
    kept per pricing context (`booked_pricing`). They read only the expansions' states
    (`DuelState.ext`, `DuelState.leaders`): their values are kept while those stay the
    same objects."""
    price_context_covers: tuple[Callable[..., Any], ...] = ()
    leaders_view: ViewFn | None = None
    """Duel Leaders' part of a view (`DuelView.leaders`, beside Agora's `ext`)."""
    table: Mapping[type, MutatorFn] = field(init=False, repr=False, compare=False)
    """Every event type's mutator: the base ones, then the expansions' (which may wrap)."""

    hooked_pricing: bool = field(init=False, repr=False, compare=False)
    """Whether chain, cost-symbol or card price hooks apply (`play.HookedPricer` then)."""
    started_type: type[GameStarted] = field(init=False, repr=False, compare=False)
    """The `GameStarted` event type whose deal is `deal_type` (`events.game_started_type`)."""
    booked_pricing: bool = field(init=False, repr=False, compare=False)
    """Whether an unchained card's or a wonder's price depends only on both cities'
    production, one-of producers, fixed prices and tokens, and `price_context` (every
    price, discount, cost-symbol and card price hook the base game's discounts or covered
    by `price_context_covers`): `play.Pricer` then keeps prices per pricing context."""
    listed_discard: bool = field(init=False, repr=False, compare=False)
    """Whether a discard's and a reveal's events have the base game's mutators:
    `play.discard_card` may then apply a listed discard and its reveals in one copy."""
    plain_discard: bool = field(init=False, repr=False, compare=False)
    """Whether a discard is the base game's alone (no discard, victory or turn hook, the
    base mutators of its events): `play.discard_card` may then apply it in one step."""
    listed_construction: bool = field(init=False, repr=False, compare=False)
    """Whether a card's construction and a reveal have the base game's mutators:
    `play.construct_building` may then apply a listed one and its reveals in one copy."""
    listed_wonder: bool = field(init=False, repr=False, compare=False)
    """Whether a wonder's construction and a reveal have the base game's mutators:
    `play.construct_wonder` may then apply a listed one and its reveals in one copy."""
    plain_construction: bool = field(init=False, repr=False, compare=False)
    """Whether a card's construction is the base game's alone (no build, symbol, pawn,
    victory or turn hook, the base mutators of its events): `play.construct_building` may
    then apply one of a card without on-build effects in one step."""
    layout_covers: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = field(
        init=False, repr=False, compare=False)
    """Per Age and slot, the slots it covers with the mask of the slots covering each
    (`play.reveal_uncovered`)."""
    card_produces: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    """Per card id: whether it produces a resource (`with_card` adds its production)."""
    card_fixed: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Per card id: the bitmask of resources it lets its owner buy at 1 coin."""

    def __post_init__(self) -> None:
        started = game_started_type(self.deal_type or Deal)
        object.__setattr__(self, "started_type", started)
        table = dict(self.mutators)
        if started is not GameStarted:
            table[started] = table[GameStarted]
        object.__setattr__(self, "table", table)
        hooked = bool(self.chain_hooks or self.waiver_hooks or self.card_price_hooks)
        object.__setattr__(self, "hooked_pricing", hooked)
        covered = (masonry_architecture_discount, *self.price_context_covers)
        hooks = (*self.price_hooks, *self.discount_hooks, *self.waiver_hooks,
                 *self.card_price_hooks)
        object.__setattr__(self, "booked_pricing", all(h in covered for h in hooks))
        base = self.base_mutators
        listed = all(t in base and table.get(t) is base[t] for t in (CardDiscarded, CardRevealed))
        object.__setattr__(self, "listed_discard", listed)
        object.__setattr__(self, "plain_discard", listed and not (
            table.get(TurnBegan) is not base.get(TurnBegan)
            or self.discard_hooks or self.victory_checks or self.turn_hooks))
        listed = all(t in base and table.get(t) is base[t]
                     for t in (BuildingConstructed, CardRevealed))
        object.__setattr__(self, "listed_construction", listed)
        object.__setattr__(self, "listed_wonder", all(
            t in base and table.get(t) is base[t] for t in (WonderConstructed, CardRevealed)))
        plain = listed and all(t in base and table.get(t) is base[t]
                               for t in (CoinsGained, ConflictPawnMoved, TurnBegan))
        object.__setattr__(self, "plain_construction", plain and not (
            self.build_hooks or self.symbol_hooks or self.pawn_hooks or self.victory_checks
            or self.turn_hooks))
        object.__setattr__(self, "layout_covers", tuple(
            tuple(tuple((j, layout.slots[j].covered_by) for j in slot.covers)
                  for slot in layout.slots)
            for layout in self.layouts))
        object.__setattr__(
            self, "card_produces", tuple(any(c.produces) for c in self.cards))
        object.__setattr__(self, "card_fixed", tuple(
            sum(1 << r for r, f in enumerate(c.fixed_price) if f) for c in self.cards))

    def extend(self, **changes: Any) -> DuelRules:
        """A new ruleset with some tables or hooks replaced (expansions call this)."""
        return replace(self, **changes)
