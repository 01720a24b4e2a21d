"""A 7 Wonders ruleset: the catalog and the hooks through which expansions attach.

The base game is one `SevenWondersRules`; Leaders and Faith build theirs from it (`extend`)
instead of adding conditionals to the base rules:

- `opening`: what follows the deal before Age I (the base game begins Age I; Leaders
  opens its leader draft, a phase of its own in `phases`);
- `age_start`: run when an age opens, before its cards are dealt (after an `AgeOpened`
  event has set the age and turn 0); a hook that opens a step of its own (Leaders'
  recruitment) emits its event and returns True, and its phase calls
  `flow.continue_age(tx)` when done, which deals the age's hands and begins turn 1 (an
  opening phase calls `flow.begin_age(tx, 1)`);
- `phases`: extra phases by number (beyond `state.OVER`), with their moves and commands;
- `cost_hooks`: change what a city pays for a card or stage (a leader's discount);
- `repeat_hooks`: let a city build a card of a name it already has (Faith's Pan);
- `price_hooks`: change a city's trading discounts (a leader or god trading ability);
- `touched_costs`: tests of what of a city's costs is not the base game's now (the card
  colours, the next stage, or all), each with the cost-changing hooks (`cost_hooks`,
  `producers`, `pool_hooks`, `market_hooks`) it vouches for: when every such hook attached
  is vouched for and no test says all, the city's card choices are priced and listed on
  the base game's path but for what the tests name (and its listed moves decided without
  checking them again but for those);
- `market_hooks`: open a city a market: it may buy from every other city at one price a
  unit, paid to the seller (Faith's Poséidon); the lowest price open applies, and only
  such a city's purchases go through `market` (the base trading is untouched);
- `score_categories`: named score lines in order (Leaders adds its own line);
- `step_hooks`: run twice when a step is revealed: just before its cards are applied
  (`False`) and right after, before the hands pass or the last cards are discarded
  (`True`) (Faith reveals the gods chosen with the step's cards there: those revealed
  before their card, then the others; Zeus, invoked on turn 6, keeps the 7th card);
- `option_names`, `start_hooks`: an expansion's own game options (accepted besides the
  base game's) and what it does with them right after `GameStarted` (Faith's invocation
  costs);
- `end_effects`: run once before scoring (end-of-game abilities);
- cards kept beside the board, outside the city (recruited leaders, invoked gods), live in
  `City.beside`, and an expansion's private state (leaders in hand, the draft) in
  `SWState.ext`;
- `mutators`: how `evolve` applies an expansion's own event types (its state in `ext`);
- `pool_hooks`: other ways a city may count its own production for one purchase (each a
  `City`); the purchase may use any one of them (Faith's Dionysos);
- `producers`: extra one-of-several producers a city may use for one purchase, each with
  its price to the bank (0: a leader's "one resource less", 1: Bilkis' purchase from the
  bank); a paid one is used only when the purchase needs it, at most one a purchase;
- `action_gains`: coins an action of a revealed step takes besides its card's (Xenophon,
  Vitruvius, Hatshepsut), on the state before the step;
- `discard_build_hooks`: run right after a card built from the discard pile is applied
  (Halikarnassus, Solomon, Faith's Osiris), before the game goes on (Faith's Guilde des
  Pillards takes its tokens when built so too);
- `step_end`: run after each step is applied, before the discard builds it owes; a hook
  that opens a step of its own (an extra leader, the Courtesan) returns True and its phase
  calls `flow.continue_age(tx)` when done (the hook runs again then: keep it idempotent);
- `conflict_hooks`: change the conflict tokens of an age (Tomyris), `age_end` runs after
  them (Nero's coins);
- `command_types`, `event_types`, `deal_type`, `make_deal`, `check_deal`: an expansion's
  commands, events and its part of the deal (drawn from the game's seeded RNG after the
  base deal, or given explicitly and checked);
- `view_ext`, `redactors`, `catalog_extra`, `trace_writer`: an expansion's part of a
  seat's view, the redaction of its own events, its catalog entries and its trace format.

Tuples and mappings compose: each expansion appends to them. The single-valued hooks
(`deal_type`, `make_deal`, `check_deal`, `view_ext`, `trace_writer`) hold one expansion's:
an expansion attached after another (`domain.packages` order: Leaders, then Faith) wraps
the one already there when both are attached.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

from domain.sevenwonders.catalog_types import CardDef, WonderDef
from domain.sevenwonders.effects import END_VP, ON_BUILD, EndVpFn, OnBuildFn

if TYPE_CHECKING:
    from domain.sevenwonders.events import Event
    from domain.sevenwonders.state import SWState

MoveFn = Callable[["SevenWondersRules", "SWState", int], list[Any]]
DecideFn = Callable[["Tx", Any], None]
OpeningFn = Callable[["Tx"], None]
AgeStartFn = Callable[["Tx", int], bool]
"""Run when an age opens, before its cards are dealt; True when it opened a step that must
end first (its phase then calls `flow.continue_age`)."""
CostHook = Callable[["SWState", int, str, int, tuple[int, int, tuple[int, ...]]],
                    tuple[int, int, tuple[int, ...]]]
"""(state, city, 'card' or 'stage', card or stage index, (coins, free, resources)) -> the
adjusted (coins, free 0/1, resources)."""
RepeatHook = Callable[["SWState", int], bool]
"""(state, city) -> whether the city may build a card of a name it already has (Pan)."""
PriceHook = Callable[["SWState", int, int], int]
"""(state, city, discount bits) -> the city's discount bits."""
MarketHook = Callable[["SWState", int], int]
"""(state, city) -> the price of a unit bought from any other city (0: no market)."""
ScoreFn = Callable[["SevenWondersRules", "SWState", int], int]
EndEffect = Callable[["Tx"], None]
StepHook = Callable[["Tx", bool], None]
"""(the transaction, whether the step's cards are applied yet)."""
StartHook = Callable[["Tx", "Mapping[str, Any]"], None]
"""(the transaction right after GameStarted, the game's options)."""
MutatorFn = Callable[["SevenWondersRules", "SWState", Any], "SWState"]
ProducerHook = Callable[["SWState", int, str, int], tuple[tuple[int, int], ...]]
"""(state, city, 'card' or 'stage', card or stage index) -> extra (resource mask, bank price)
producers the city may use for that purchase only."""
PoolHook = Callable[["SWState", int, tuple[int, ...]], tuple[Any, ...]]
"""(state, city, the resources a purchase needs) -> other ways the city may count its own
production for that purchase only, each a `City` (Faith's Dionysos triples one
resource a card produces)."""
TouchTest = Callable[["SWState", int], int]
"""(state, city) -> what the hooks it vouches for change of what the city pays now: bit c
for the cards of colour c, `STAGE_COSTS` for the next wonder stage, `ALL_COSTS` for
anything (a trading discount, a market, ...); 0 when they change nothing (no discount,
producer, pool, market or cost change)."""
STAGE_COSTS = 1 << 7
"""A `TouchTest` bit: the city's next wonder stage (bits 0-6 are the card colours)."""
ALL_COSTS = 0xFF
"""A `TouchTest` answer: anything the city pays may differ from the base game's."""
GainHook = Callable[["SWState", Any], int]
"""(state before the step, the revealed `events.Action`) -> extra coins it takes."""
DiscardBuildHook = Callable[["Tx", Any], None]
"""(the transaction, the `StepResolved` of the card just built from the discard pile)."""
StepEndFn = Callable[["Tx"], bool]
ConflictHook = Callable[["SWState", tuple[tuple[int, ...], ...]], tuple[tuple[int, ...], ...]]
AgeEndFn = Callable[["Tx", int], None]
ViewExtFn = Callable[["SevenWondersRules", "SWState", "int | None"], Any]
RedactFn = Callable[[Any, "int | None"], Any]


class Tx(Protocol):
    """What a rule sees of the decision under way (`transaction.Transaction` is the one).

    Typed here, beside the rules its hooks receive it in, so that neither the rules nor
    the modules they use (evolve, scoring) import the transaction."""

    rules: SevenWondersRules
    state: SWState
    events: list[Event]

    def emit(self, event: Event) -> None: ...

    def emit_evolved(self, event: Event, state: SWState) -> None: ...

    def emit_placed(self, event: Event, state: SWState) -> None: ...


@dataclass(frozen=True, slots=True)
class PhaseRules:
    """How a phase enumerates moves and decides commands."""

    moves: MoveFn
    commands: Mapping[type, DecideFn]
    acting: Callable[[SWState], tuple[int, ...]] | None = None
    """Who acts in an expansion's phase (the base phases use `state.compute_acting`)."""
    name: str = ""
    """An expansion's phase name in views and summaries (numbers: Leaders 20-29, Faith
    30-39, so that expansions attached together never share one)."""
    listed: DecideFn | None = None
    """Decides a command that `moves` has just listed for this very state, for a city the
    base game's pricing serves (`play.touched`), without checking again what its listing
    checked; None: every command is checked."""


@dataclass(frozen=True, slots=True)
class SevenWondersRules:
    name: str
    cards: tuple[CardDef, ...]
    wonders: tuple[WonderDef, ...]
    score_categories: tuple[tuple[str, ScoreFn], ...]
    """Named score lines in order (the base game's: `scoring.BASE_CATEGORIES`)."""
    on_build: Mapping[str, OnBuildFn] = field(default_factory=lambda: dict(ON_BUILD))
    end_vp: Mapping[str, EndVpFn] = field(default_factory=lambda: dict(END_VP))
    starting_coins: int = 3
    opening: tuple[OpeningFn, ...] = ()
    age_start: tuple[AgeStartFn, ...] = ()
    phases: Mapping[int, PhaseRules] = field(default_factory=dict)
    cost_hooks: tuple[CostHook, ...] = ()
    price_hooks: tuple[PriceHook, ...] = ()
    market_hooks: tuple[MarketHook, ...] = ()
    repeat_hooks: tuple[RepeatHook, ...] = ()
    end_effects: tuple[EndEffect, ...] = ()
    step_hooks: tuple[StepHook, ...] = ()
    max_seats: int = 7
    """The most seats the attached expansions serve (Faith: 3 gods a seat)."""
    option_names: tuple[str, ...] = ()
    start_hooks: tuple[StartHook, ...] = ()
    mutators: Mapping[type, MutatorFn] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    producers: tuple[ProducerHook, ...] = ()
    pool_hooks: tuple[PoolHook, ...] = ()
    action_gains: tuple[GainHook, ...] = ()
    discard_build_hooks: tuple[DiscardBuildHook, ...] = ()
    step_end: tuple[StepEndFn, ...] = ()
    conflict_hooks: tuple[ConflictHook, ...] = ()
    age_end: tuple[AgeEndFn, ...] = ()
    view_ext: ViewExtFn | None = None
    redactors: Mapping[type, RedactFn] = field(default_factory=dict)
    catalog_extra: Mapping[str, Any] = field(default_factory=dict)
    trace_writer: Callable[[Any, Any], dict[str, Any]] | None = None
    """(game, played game) -> the record of a game with this expansion."""
    command_types: tuple[type, ...] = ()
    event_types: tuple[type, ...] = ()
    """An expansion's own commands and events (added to the game's tagged unions)."""
    deal_type: Any = None
    """The deal's type when an expansion deals more (a subclass of `deal.Deal`)."""
    make_deal: Callable[[SevenWondersRules, Any, Any, int], Any] | None = None
    """(rules, the base deal, rng, seats) -> the deal with the expansion's part drawn."""
    check_deal: Callable[[SevenWondersRules, Any, int], None] | None = None
    """Refuse an explicit deal whose expansion part is not one of this game (DomainError)."""
    expansions: tuple[str, ...] = ()
    """The expansions attached, in the order they were attached."""

    touched_costs: tuple[tuple[TouchTest, tuple[Any, ...]], ...] = ()
    """(test, the hooks it vouches for): see the module's notes."""

    hooked: bool = field(init=False, repr=False, compare=False)
    """Whether anything changes what a card or stage costs (the base game's pricing then
    serves only what the `touched_costs` tests leave untouched): read on every move list,
    so kept rather than recomputed."""
    plain_steps: bool = field(init=False, repr=False, compare=False)
    """Whether a revealed step is resolved as in the base game: no `step_hooks`, the base
    game's on-build effects (`flow.resolve_step` then makes each action with its coins at
    once)."""
    plain_capable: bool = field(init=False, repr=False, compare=False)
    """Whether every cost-changing hook is vouched for by a `touched_costs` test (so that
    what the tests leave untouched is the base game's)."""

    def __post_init__(self) -> None:
        costing = (*self.cost_hooks, *self.producers, *self.market_hooks, *self.pool_hooks)
        vouched = {h for _, hooks in self.touched_costs for h in hooks}
        object.__setattr__(self, "hooked", bool(costing))
        object.__setattr__(self, "plain_steps",
                           not self.step_hooks and dict(self.on_build) == ON_BUILD)
        object.__setattr__(self, "plain_capable",
                           bool(self.touched_costs) and all(h in vouched for h in costing))

    def extend(self, **changes: Any) -> SevenWondersRules:
        """A new ruleset with some tables or hooks replaced (expansions call this)."""
        return replace(self, **changes)
