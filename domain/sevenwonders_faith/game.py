"""Faith attached to a 7 Wonders ruleset, and the game that deals and shows its gods."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders import commands as cmd
from domain.sevenwonders import events as ev
from domain.sevenwonders.deal import Deal
from domain.sevenwonders.game import SevenWondersGame
from domain.sevenwonders.hooks import PhaseRules, SevenWondersRules
from domain.sevenwonders.state import PHASE_NAMES, PLAY, SWState
from domain.sevenwonders.views import HIDDEN, SevenWondersView
from domain.sevenwonders.views import redact as base_redact
from domain.sevenwonders_faith import invoke, prayer
from domain.sevenwonders_faith.catalog import BY_KEY, COST_KINDS, GODS, PLAYABLE, ZERO7
from domain.sevenwonders_faith.model import (
    PRAYER,
    FaithCommand,
    FaithEvent,
    FaithExt,
    FaithStarted,
    GodChoice,
    GodChosen,
    GodIncome,
    GodKept,
    GodRevealed,
    GodsPassed,
    GodsRetired,
    GodStruck,
    KeepGod,
    PlayWithGod,
    PrayerBegan,
)
from domain.sevenwonders_faith.powers import conflicts, cost_hook, gods_points

if "prayer" not in PHASE_NAMES:
    PHASE_NAMES.extend(["?"] * (PRAYER + 1 - len(PHASE_NAMES)))
    PHASE_NAMES[PRAYER] = "prayer"

FAITH_OPTIONS = ("god_costs", "gods")
"""`god_costs`: {god key: {"1"|"2"|"3": [kind, n] or [kind, n, [7 counts]]}} replaces
invocation costs; `gods`: an explicit god deal (per age, per city, 3 god ids)."""


def _started(rules: SevenWondersRules, s: SWState, e: FaithStarted) -> SWState:
    n = len(s.cities)
    deal = e.gods if e.gods is not None else ((((),) * n),) * 3
    return replace(s, ext=prayer.new_ext(deal, n))


def attach(base: SevenWondersRules, costs: Mapping[tuple[int, int], Any]) -> SevenWondersRules:
    """The ruleset with Faith attached (after any expansion attached before it)."""
    play = PhaseRules(invoke.faith_moves, {cmd.Play: _decide_play,
                                           PlayWithGod: invoke.decide_play_with_god})
    phases = {**base.phases, PLAY: play,
              PRAYER: PhaseRules(prayer.prayer_moves, {KeepGod: prayer.decide_keep},
                                 prayer.prayer_acting)}
    return base.extend(
        name=base.name + "+faith",
        age_start=(*base.age_start, prayer.age_start),
        phases=phases,
        cost_hooks=(*base.cost_hooks, cost_hook),
        score_categories=(*base.score_categories, ("gods", gods_points)),
        step_hooks=(*base.step_hooks, invoke.reveal),
        conflicts=conflicts,
        mutators={**base.mutators, FaithStarted: _started, PrayerBegan: prayer._prayer_began,
                  GodKept: prayer._kept, GodsPassed: prayer._passed,
                  GodsRetired: prayer._retired, GodChosen: invoke.m_chosen,
                  GodRevealed: invoke.m_revealed, GodStruck: invoke.m_struck,
                  GodIncome: invoke.m_income},
        options={**base.options, "god_costs": dict(costs)},
    )


def _decide_play(tx: Any, command: cmd.Play) -> None:
    from domain.sevenwonders import flow

    flow.decide_play(tx, command)


def parse_costs(raw: Any) -> dict[tuple[int, int], Any]:
    """The `god_costs` option, checked: {key: {age: [kind, n(, resources)]}}."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise DomainError("invalid_option", "god_costs maps god keys to {age: cost}")
    out: dict[tuple[int, int], Any] = {}
    for key, ages in raw.items():
        god = BY_KEY.get(key)
        if god is None or not isinstance(ages, Mapping):
            raise DomainError("invalid_option", f"god_costs: unknown god {key!r}")
        for age, cost in ages.items():
            try:
                a = int(age)
                kind, n = str(cost[0]), int(cost[1])
                res = tuple(int(x) for x in cost[2]) if len(cost) > 2 else ZERO7
            except (TypeError, ValueError, IndexError, KeyError):
                raise DomainError("invalid_option", f"god_costs[{key}][{age}]: [kind, n]"
                                  " or [kind, n, [7 resource counts]]") from None
            if a not in (1, 2, 3) or kind not in COST_KINDS or n < 0 or len(res) != 7:
                raise DomainError("invalid_option", f"god_costs[{key}][{age}]: age 1-3, "
                                  f"kind one of {COST_KINDS}, n >= 0, 7 resource counts")
            out[(god.id, a)] = (kind, n, res)
    return out


def god_pool(seats: int) -> tuple[int, ...]:
    """The gods dealt: the playable ones, less those the rulebook removes for 2 players."""
    return tuple(g for g in PLAYABLE if not (seats == 2 and GODS[g].removed_two_players))


class FaithView(msgspec.Struct, frozen=True):
    """The base view and what a seat may know of the gods."""

    base: SevenWondersView
    gods_hand: tuple[int, ...]
    """During the prayer: the gods this seat picks from now (its own only)."""
    gods_kept: tuple[int, ...]
    """This seat's gods: kept in the prayer, then its hand of gods for the age."""
    gods_kept_count: tuple[int, ...]
    """Per city, how many gods it holds (public)."""
    gods_allowed: tuple[int, ...]
    """Per city, how many gods it may still invoke this age (public)."""
    invoked: tuple[tuple[tuple[int, int], ...], ...]
    """Per city, (god, age) of the gods in play (public, face up)."""
    my_god_choice: GodChoice | None
    """The god this seat chose with this step's card (only its own, until revealed)."""
    god_costs: tuple[tuple[tuple[Any, ...], ...], ...]
    """Per god id, its cost in Ages I, II, III in this game ([kind, n, resources])."""


class FaithGame(SevenWondersGame):
    """7 Wonders with Faith (and whatever was attached before it)."""

    command_type: Any = cmd.SevenWondersCommand | FaithCommand
    event_type: Any = ev.SevenWondersEvent | FaithEvent

    def __init__(self, rules: SevenWondersRules, expansions: tuple[str, ...]) -> None:
        super().__init__(rules)
        self.expansions = expansions

    def seat_range(self) -> tuple[int, int]:
        return (2, len(god_pool(3)) // 3)

    def _board_option(self, options: Mapping[str, Any], cities: int) -> Any:
        return super()._board_option(
            {k: v for k, v in options.items() if k not in FAITH_OPTIONS}, cities)

    def start(self, seats: int, options: Mapping[str, Any], rng: random.Random,
              deal: Deal | None = None) -> list[msgspec.Struct]:
        low, high = self.seat_range()
        if not low <= seats <= high:
            raise DomainError("invalid_seat_count", f"7 Wonders with Faith is played by {low} "
                              f"to {high} seats (the gods built so far deal 3 to each)")
        events = super().start(seats, options, rng, deal)
        cities = 3 if seats == 2 else seats
        pool = god_pool(seats)
        gods = options.get("gods")
        if gods is None:
            dealt = []
            for _ in range(3):
                shuffled = list(pool)
                rng.shuffle(shuffled)
                dealt.append(tuple(tuple(shuffled[3 * c: 3 * c + 3]) if c < seats else ()
                                   for c in range(cities)))
            god_deal = tuple(dealt)
        else:
            god_deal = _check_gods(gods, pool, seats, cities)
        # The prayer of Age I opens in `age_start`, after the base game's first events; the
        # god deal must be known by then, so it is put right after GameStarted.
        return self._restart(events, god_deal, seats)

    def _restart(self, events: list[msgspec.Struct], god_deal: Any, seats: int
                 ) -> list[msgspec.Struct]:
        from domain.sevenwonders import flow
        from domain.sevenwonders.transaction import Tx

        tx = Tx(self.rules, SWState())
        started = events[0]
        assert isinstance(started, ev.GameStarted)
        tx.emit(started)
        tx.emit(FaithStarted(gods=god_deal))
        flow.begin_age(tx, 1)
        return list(tx.events)

    def redact(self, event: Any, seat: int | None) -> Any:
        return redact(event, seat)

    def view(self, state: SWState, seat: int | None) -> FaithView:  # type: ignore[override]
        base = super().view(state, seat)
        ext = state.ext
        n = len(state.cities)
        if not isinstance(ext, FaithExt):
            ext = prayer.new_ext(((((),) * n),) * 3, n)
        mine = seat is not None and seat < len(ext.kept)
        return FaithView(
            base=base,
            gods_hand=ext.hands[seat] if mine and seat is not None else (),
            gods_kept=ext.kept[seat] if mine and seat is not None else (),
            gods_kept_count=tuple(len(k) for k in ext.kept),
            gods_allowed=ext.allow,
            invoked=ext.active,
            my_god_choice=ext.pending[seat] if mine and seat is not None else None,
            god_costs=tuple(tuple(tuple(invoke.god_cost(self.rules, g.id, a))
                                  for a in (1, 2, 3)) for g in GODS),
        )

    def catalog(self) -> dict[str, Any]:
        out = super().catalog()
        out["gods"] = [msgspec.to_builtins(g) for g in GODS]
        out["god_pool"] = list(PLAYABLE)
        return out

    def write_trace(self, played: Any) -> dict[str, Any]:
        from domain.sevenwonders_faith.trace import write_trace

        record: dict[str, Any] = write_trace(self, played)
        return record


def _check_gods(raw: Any, pool: tuple[int, ...], seats: int, cities: int) -> Any:
    try:
        deal = tuple(tuple(tuple(int(g) for g in hand) for hand in age) for age in raw)
    except (TypeError, ValueError):
        raise DomainError("invalid_option", "gods: per age, per city, 3 god ids") from None
    if len(deal) != 3 or any(len(age) != cities for age in deal):
        raise DomainError("invalid_option", f"gods: 3 ages of {cities} hands")
    for age in deal:
        flat = [g for h in age for g in h]
        if (any(len(h) != 3 for h in age[:seats]) or any(age[seats:])
                or len(set(flat)) != len(flat) or not set(flat) <= set(pool)):
            raise DomainError("invalid_option", "gods: 3 distinct gods of the pool per seat, "
                              f"none for the Free City; pool {list(pool)}")
    return deal


def _hide(cards: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(cards)


def redact(event: Any, seat: int | None) -> Any:
    """Faith's secrets: the god deal, hands of gods, kept gods, a god chosen until revealed,
    and the gods discarded face down."""
    if isinstance(event, FaithStarted):
        return replace(event, gods=None)
    if isinstance(event, PrayerBegan | GodsPassed):
        return replace(event, hands=tuple(h if c == seat else _hide(h)
                                          for c, h in enumerate(event.hands)))
    if isinstance(event, GodKept):
        return event if event.seat == seat else replace(event, god=HIDDEN)
    if isinstance(event, GodChosen):
        return event if event.seat == seat else replace(event, choice=None)
    if isinstance(event, GodRevealed):
        return event if event.seat == seat else replace(event, dropped=_hide(event.dropped))
    return base_redact(event, seat)


__all__ = ["GodIncome", "GodStruck"]
