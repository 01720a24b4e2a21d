"""7 Wonders as the kernel's `Game`: the base ruleset and its decider functions."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Union, get_args

import msgspec

from domain.kernel.errors import DomainError
from domain.sevenwonders import commands as cmd
from domain.sevenwonders import events as ev
from domain.sevenwonders import flow
from domain.sevenwonders.catalog import CARDS, WONDERS
from domain.sevenwonders.catalog_types import COLOURS, RESOURCES, SYMBOLS
from domain.sevenwonders.deal import Deal, check_deal, random_deal
from domain.sevenwonders.evolve import evolve
from domain.sevenwonders.hooks import ALL_COSTS, PhaseRules, SevenWondersRules
from domain.sevenwonders.play import play_moves, touched
from domain.sevenwonders.scoring import BASE_CATEGORIES, category_names
from domain.sevenwonders.state import (
    COPY_GUILD,
    DISCARD_BUILD,
    OVER,
    PLAY,
    SEVENTH,
    SWState,
)
from domain.sevenwonders.transaction import Transaction
from domain.sevenwonders.views import SevenWondersView, acting_seats, phase_name, redact, view

_PLAY = PhaseRules(play_moves, {cmd.Play: flow.decide_play}, listed=flow.play_listed)
BASE_PHASES: dict[int, PhaseRules] = {
    PLAY: _PLAY,
    SEVENTH: _PLAY,
    DISCARD_BUILD: PhaseRules(
        flow.discard_build_moves, {cmd.BuildDiscarded: flow.decide_build_discarded}
    ),
    COPY_GUILD: PhaseRules(flow.copy_guild_moves, {cmd.CopyGuild: flow.decide_copy_guild}),
}

BASE_RULES = SevenWondersRules(name="7wonders", cards=CARDS, wonders=WONDERS,
                               score_categories=BASE_CATEGORIES)

OPTIONS = ("boards", "sides")
"""Game options: `boards` [[wonder, side], ...] per city (side 0 = A, 1 = B), or `sides`
"random" (default), "A" or "B" for randomly dealt boards."""


def _union(base: Any, extra: tuple[type, ...]) -> Any:
    """The base tagged union with an expansion's types added (msgspec decodes by tag)."""
    if not extra:
        return base
    return Union[(*get_args(base), *extra)]


class SevenWondersGame:
    """7 Wonders under one ruleset (the base game, or with expansions attached)."""

    kind = "7wonders"
    victory_types: tuple[str, ...] = ("points",)
    """Every value `summary` may give as `victory` (simulation reports list each)."""

    def __init__(self, rules: SevenWondersRules = BASE_RULES) -> None:
        self.rules = rules
        self.command_type: Any = _union(cmd.SevenWondersCommand, rules.command_types)
        self.event_type: Any = _union(ev.SevenWondersEvent, rules.event_types)
        self.deal_type: Any = rules.deal_type or Deal
        self.phases: dict[int, PhaseRules] = {**BASE_PHASES, **rules.phases}
        self._listed: tuple[SWState, list[Any], Any] | None = None
        """The last card choices listed, with the state they were listed for and how their
        phase decides them (`PhaseRules.listed`): `step` takes one of these very objects on
        that very state without checking again what listing it checked (random play and
        bots always do). Identity, not equality, so no other command or state can match; a
        stale entry only means the full check runs."""

    def seat_range(self) -> tuple[int, int]:
        return (2, self.rules.max_seats)

    # -- set-up -----------------------------------------------------------------------
    def _board_option(self, options: Mapping[str, Any], cities: int) -> Any:
        known = (*OPTIONS, *self.rules.option_names)
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise DomainError("unknown_option", f"unknown options {unknown}; known: {known}")
        sides = options.get("sides", "random")
        if sides not in ("random", "A", "B"):
            raise DomainError("invalid_option", "sides is 'random', 'A' or 'B'")
        boards = options.get("boards")
        if boards is None:
            return None, sides
        try:
            chosen = tuple((int(w), int(s)) for w, s in boards)
        except (TypeError, ValueError):
            raise DomainError("invalid_option", "boards is a list of [wonder, side]") from None
        if len(chosen) != cities or len({w for w, _ in chosen}) != cities or any(
            not 0 <= w < len(self.rules.wonders) or s not in (0, 1) for w, s in chosen
        ):
            raise DomainError("invalid_option",
                              f"boards: {cities} distinct [wonder, side] pairs, side 0 or 1")
        return chosen, sides

    def start(
        self,
        seats: int,
        options: Mapping[str, Any],
        rng: random.Random,
        deal: Deal | None = None,
    ) -> list[msgspec.Struct]:
        low, high = self.seat_range()
        if not low <= seats <= high:
            raise DomainError("invalid_seat_count",
                              f"7 Wonders is played by {low} to {high} seats")
        variant = seats == 2
        cities = 3 if variant else seats
        boards, sides = self._board_option(options, cities)
        explicit = deal is not None
        if deal is None:
            deal = random_deal(rng, self.rules.cards, self.rules.wonders, seats, variant,
                               boards, sides)
            if self.rules.make_deal is not None:
                deal = self.rules.make_deal(self.rules, deal, rng, seats)
        else:
            check_deal(deal, self.rules.cards, self.rules.wonders, seats, variant)
            if self.rules.check_deal is not None:
                self.rules.check_deal(self.rules, deal, seats)
        tx = Transaction(self.rules, SWState())
        tx.emit(ev.GameStarted(seats=seats, variant=variant, boards=deal.boards,
                               coins=self.rules.starting_coins, explicit_deal=explicit,
                               deal=deal))
        for hook in self.rules.start_hooks:
            hook(tx, options)
        if self.rules.opening:
            for opening in self.rules.opening:
                opening(tx)
        else:
            flow.begin_age(tx, 1)
        return list(tx.events)

    def initial_state(self) -> SWState:
        return SWState()

    # -- the decider -----------------------------------------------------------------
    def step(self, state: SWState, command: Any) -> tuple[list[ev.Event], SWState]:
        """Decide `command` and return its events with the state they lead to."""
        listed = self._listed
        if listed is not None and listed[0] is state:
            for move in listed[1]:  # a plain loop: the hottest check of a step
                if move is command:
                    # A move just listed for this very state: its checks are already done.
                    tx = Transaction(self.rules, state)
                    listed[2](tx, command)
                    return tx.events, tx.state
        handler = self._handler(state, command)
        tx = Transaction(self.rules, state)
        handler(tx, command)
        return tx.events, tx.state

    def decide(self, state: SWState, command: Any) -> list[msgspec.Struct]:
        return list(self.step(state, command)[0])

    def evolve(self, state: SWState, event: Any) -> SWState:
        return evolve(self.rules, state, event)

    def _handler(self, state: SWState, command: Any) -> Any:
        if state.phase == OVER:
            raise DomainError("game_over", "the game is over")
        if not isinstance(command, cmd.Command):
            raise DomainError("unknown_command",
                              f"not a 7 Wonders command: {type(command).__name__}")
        acting = acting_seats(state)
        if command.seat not in acting:
            raise DomainError(
                "not_your_turn", f"seat {command.seat} may not act now; acting: {acting}"
            )
        phase = self.phases.get(state.phase)
        handler = phase.commands.get(type(command)) if phase is not None else None
        if handler is None:
            expected = sorted(t.__name__ for t in phase.commands) if phase is not None else []
            raise DomainError(
                "wrong_action",
                f"{type(command).__name__} is not possible now; expected one of {expected}",
            )
        return handler

    def legal_moves(self, state: SWState, seat: int) -> list[Any]:
        if state.phase == OVER or seat not in state.acting:
            return []
        phase = self.phases.get(state.phase)
        if phase is None:
            return []
        moves = phase.moves(self.rules, state, seat)
        if phase.listed is not None and (not self.rules.hooked or (
                not state.variant and touched(self.rules, state, seat) != ALL_COSTS)):
            self._listed = (state, moves, phase.listed)
        return moves

    def acting_seats(self, state: SWState) -> tuple[int, ...]:
        return state.acting  # `views.acting_seats`, read once a command

    def command_seat(self, command: Any) -> int:
        seat: int = command.seat
        return seat

    def is_over(self, state: SWState) -> bool:
        return state.phase == OVER

    def view(self, state: SWState, seat: int | None) -> SevenWondersView:
        return view(self.rules, state, seat)

    def redact(self, event: Any, seat: int | None) -> Any:
        own = self.rules.redactors.get(type(event)) if self.rules.redactors else None
        return own(event, seat) if own is not None else redact(event, seat)

    def catalog(self) -> dict[str, Any]:
        """Ids, stable keys and names of everything a view or a command refers to."""
        return {
            "cards": [msgspec.to_builtins(c) for c in self.rules.cards],
            "wonders": [msgspec.to_builtins(w) for w in self.rules.wonders],
            "resources": list(RESOURCES),
            "colours": list(COLOURS),
            "science_symbols": list(SYMBOLS),
            "score_categories": list(category_names(self.rules)),
            **self.rules.catalog_extra,
        }

    def summary(self, state: SWState) -> dict[str, Any]:
        winner = state.ranking[0] if state.ranking else None
        if state.ranking and len(state.ranking) > 1 and state.rank[state.ranking[1]] == 1:
            winner = None
        return {
            "phase": phase_name(self.rules, state.phase),
            "age": state.age,
            "turn": state.turn,
            "acting": list(acting_seats(state)),
            "variant": "free_city" if state.variant else None,
            "explicit_deal": state.explicit_deal,
            "winner": winner,
            "victory": "points" if state.phase == OVER else None,
            "ranking": list(state.ranking),
        }
