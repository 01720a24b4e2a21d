"""A 7 Wonders ruleset: the catalog and the hooks through which expansions attach.

The base game is one `SevenWondersRules`; Leaders and Faith build theirs from it (`extend`)
instead of adding conditionals to the base rules:

- `opening`: what follows the deal before Age I (the base game begins Age I; Leaders
  opens its leader draft, a phase of its own in `phases`);
- `age_start`: run at the start of each age before the first turn; a hook that opens a
  step of its own (Leaders' recruitment) emits its event and returns True, and its phase
  calls `flow.begin_turn(tx, 1)` when done (an opening phase calls `flow.begin_age(tx, 1)`);
- `phases`: extra phases by number (beyond `state.OVER`), with their moves and commands;
- `cost_hooks`: change what a city pays for a card or stage (a leader's discount);
- `price_hooks`: change a city's trading discounts (a leader or god trading ability);
- `score_categories`: named score lines in order (Leaders adds its own line);
- `step_hooks`: run after each revealed step of age cards, before the hands pass (Faith
  reveals the gods chosen with the step's cards);
- `conflicts`: replaces the end-of-age conflict rule (Faith's extra shields, Hestia);
- `end_effects`: run once before scoring (end-of-game abilities);
- cards kept beside the board, outside the city (recruited leaders, invoked gods), live in
  `City.beside`, and an expansion's private state (leaders in hand, the draft) in
  `SWState.ext`;
- `mutators`: how `evolve` applies an expansion's own event types (its state in `ext`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from domain.sevenwonders.catalog_types import CardDef, WonderDef
from domain.sevenwonders.effects import END_VP, ON_BUILD, EndVpFn, OnBuildFn
from domain.sevenwonders.scoring import BASE_CATEGORIES

if TYPE_CHECKING:
    from domain.sevenwonders.state import SWState
    from domain.sevenwonders.transaction import Tx

MoveFn = Callable[["SevenWondersRules", "SWState", int], list[Any]]
DecideFn = Callable[["Tx", Any], None]
OpeningFn = Callable[["Tx"], None]
AgeStartFn = Callable[["Tx", int], bool]
"""Run when an age begins; True when it opened a step that must end before the first turn."""
CostHook = Callable[["SWState", int, str, int, tuple[int, int, tuple[int, ...]]],
                    tuple[int, int, tuple[int, ...]]]
"""(state, city, 'card' or 'stage', card or stage index, (coins, free, resources)) -> the
adjusted (coins, free 0/1, resources)."""
PriceHook = Callable[["SWState", int, int], int]
"""(state, city, discount bits) -> the city's discount bits."""
ScoreFn = Callable[["SevenWondersRules", "SWState", int], int]
EndEffect = Callable[["Tx"], None]
StepHook = Callable[["Tx"], None]
ConflictFn = Callable[["SevenWondersRules", "SWState", int], tuple[tuple[int, ...], ...]]
"""(rules, state, age) -> the conflict tokens each city takes (see `military`)."""
MutatorFn = Callable[["SevenWondersRules", "SWState", Any], "SWState"]


@dataclass(frozen=True, slots=True)
class PhaseRules:
    """How a phase enumerates moves and decides commands."""

    moves: MoveFn
    commands: Mapping[type, DecideFn]
    acting: Callable[[SWState], tuple[int, ...]] | None = None
    """Who acts in an expansion's phase (the base phases use `state.compute_acting`)."""


@dataclass(frozen=True, slots=True)
class SevenWondersRules:
    name: str
    cards: tuple[CardDef, ...]
    wonders: tuple[WonderDef, ...]
    on_build: Mapping[str, OnBuildFn] = field(default_factory=lambda: dict(ON_BUILD))
    end_vp: Mapping[str, EndVpFn] = field(default_factory=lambda: dict(END_VP))
    score_categories: tuple[tuple[str, ScoreFn], ...] = BASE_CATEGORIES
    starting_coins: int = 3
    opening: tuple[OpeningFn, ...] = ()
    age_start: tuple[AgeStartFn, ...] = ()
    phases: Mapping[int, PhaseRules] = field(default_factory=dict)
    cost_hooks: tuple[CostHook, ...] = ()
    price_hooks: tuple[PriceHook, ...] = ()
    end_effects: tuple[EndEffect, ...] = ()
    step_hooks: tuple[StepHook, ...] = ()
    conflicts: ConflictFn | None = None
    mutators: Mapping[type, MutatorFn] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)

    def extend(self, **changes: Any) -> SevenWondersRules:
        """A new ruleset with some tables or hooks replaced (expansions call this)."""
        return replace(self, **changes)
