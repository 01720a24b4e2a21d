"""The Duel game as the kernel's `Game`: the base ruleset and its decider functions."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Union, get_args

import msgspec

from domain.duel import commands as cmd
from domain.duel import draft, owed, play, turn_moves
from domain.duel import events as ev
from domain.duel.catalog import CARDS, TOKENS, WONDERS
from domain.duel.catalog_types import COLOURS, PURPLE, RESOURCES
from domain.duel.deal import Deal, check_deal, random_deal
from domain.duel.effects import EFFECTS, END_EFFECTS
from domain.duel.evolve import MUTATORS, evolve
from domain.duel.military import BASE_MILITARY_TOKENS
from domain.duel.rules import DuelRules, PhaseRules
from domain.duel.scoring import BASE_CATEGORIES, category_names
from domain.duel.state import (
    CHOOSE_START,
    DRAFT,
    OVER,
    OWE_DESTROY,
    OWE_DISCARD_BUILD,
    OWE_LIBRARY,
    OWE_TOKEN,
    PLAY,
    DuelState,
    phase_name,
)
from domain.duel.structure import BASE_LAYOUTS
from domain.duel.tokens import masonry_architecture_discount
from domain.duel.transaction import Transaction
from domain.duel.views import DuelView, acting_seats, redact, view
from domain.kernel.errors import DomainError

BASE_RULES = DuelRules(
    name="duel",
    cards=CARDS,
    wonders=WONDERS,
    tokens=TOKENS,
    layouts=BASE_LAYOUTS,
    effects=EFFECTS,
    end_effects=END_EFFECTS,
    phases={
        DRAFT: PhaseRules(draft.draft_moves, {cmd.PickWonder: draft.pick_wonder}),
        PLAY: PhaseRules(
            turn_moves.play_moves,
            {
                cmd.ConstructBuilding: play.construct_building,
                cmd.DiscardCard: play.discard_card,
                cmd.ConstructWonder: play.construct_wonder,
            },
        ),
        CHOOSE_START: PhaseRules(
            turn_moves.start_moves, {cmd.ChooseStartPlayer: turn_moves.choose_start_player}
        ),
    },
    owed={
        OWE_TOKEN: PhaseRules(
            owed.token_moves, {cmd.ChooseProgressToken: owed.choose_progress_token}
        ),
        OWE_DESTROY: PhaseRules(owed.destroy_moves, {cmd.DestroyCard: owed.destroy_card}),
        OWE_DISCARD_BUILD: PhaseRules(
            owed.discard_build_moves, {cmd.ConstructFromDiscard: owed.construct_from_discard}
        ),
        OWE_LIBRARY: PhaseRules(
            owed.library_moves, {cmd.TakeLibraryToken: owed.take_library_token}
        ),
    },
    opening=draft.open_draft,
    military_tokens=BASE_MILITARY_TOKENS,
    score_categories=BASE_CATEGORIES,
    mutators=MUTATORS,
    base_mutators=MUTATORS,
    discount_hooks=(masonry_architecture_discount,),
)


def _deck_tables(rules: DuelRules) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    ages = tuple(
        tuple(c.id for c in rules.cards if c.age == a and c.colour != PURPLE) for a in (1, 2, 3)
    )
    guilds = tuple(c.id for c in rules.cards if c.colour == PURPLE)
    return ages, guilds


def _union(base: Any, extra: tuple[type, ...]) -> Any:
    """The base tagged union with an expansion's types added (msgspec decodes by tag)."""
    if not extra:
        return base
    return Union[(*get_args(base), *extra)]


def _events_union(rules: DuelRules) -> Any:
    """The ruleset's events: the base ones, `GameStarted` typed with the ruleset's deal,
    and the expansions' own."""
    base = tuple(rules.started_type if t is ev.GameStarted else t
                 for t in get_args(ev.DuelEvent))
    return Union[(*base, *rules.event_types)]


class DuelGame:
    """7 Wonders Duel under one ruleset (the base game, or with expansions attached)."""

    kind = "duel"

    def __init__(self, rules: DuelRules = BASE_RULES) -> None:
        self.rules = rules
        self._ages, self._guilds = _deck_tables(rules)
        self._slots = tuple(len(layout.slots) for layout in rules.layouts)
        self.command_type: Any = _union(cmd.DuelCommand, rules.command_types)
        self.event_type: Any = _events_union(rules)
        self.deal_type: Any = rules.deal_type or Deal
        self.victory_types: tuple[str, ...] = rules.victory_types
        """Every value `summary` may give as `victory` (simulation reports list each)."""
        self._play = rules.phases.get(PLAY)
        self._listed: tuple[Any, tuple[Any, ...], Mapping[type, Any]] = (None, (), {})
        """(state, moves, handlers by command type) of the last `legal_moves` listing."""

    def seat_range(self) -> tuple[int, int]:
        return (2, 2)

    # -- set-up -----------------------------------------------------------------------
    def deal(self, rng: random.Random) -> Deal:
        if self.rules.make_deal is not None:
            return self.rules.make_deal(self.rules, rng)
        return random_deal(
            rng, self._ages, self._guilds, len(self.rules.wonders), len(self.rules.tokens),
            self._slots,
        )

    def start(
        self,
        seats: int,
        options: Mapping[str, Any],
        rng: random.Random,
        deal: Deal | None = None,
    ) -> list[msgspec.Struct]:
        if seats != 2:
            raise DomainError("invalid_seat_count", "7 Wonders Duel is played by 2 seats")
        explicit = deal is not None
        if deal is None:
            deal = self.deal(rng)
        elif self.rules.check_deal is not None:
            self.rules.check_deal(self.rules, deal)
        else:
            check_deal(
                deal, self._ages, self._guilds, len(self.rules.wonders), len(self.rules.tokens),
                self._slots,
            )
        tx = Transaction(self.rules, DuelState())
        tx.emit(
            self.rules.started_type(
                first_player=deal.first_player,
                board_tokens=deal.board_tokens,
                explicit_deal=explicit,
                deal=deal,
            )
        )
        self.rules.opening(tx)
        return list(tx.events)

    def initial_state(self) -> DuelState:
        return DuelState()

    # -- the decider -----------------------------------------------------------------
    def step(self, state: DuelState, command: Any) -> tuple[list[ev.Event], DuelState]:
        """Decide `command` and return its events with the state they lead to.

        A command equal to one `legal_moves` has just listed for this very state (the
        usual case of bots and simulations) is known legal: its handler is the one of its
        type in the state's phase and the rules skip the checks the listing made."""
        listed = self._listed
        handler = None
        if listed[0] is state and command in listed[1]:
            handler = listed[2].get(type(command))
        if handler is not None:
            tx = Transaction(self.rules, state, True)
        else:
            handler = self._handler(state, command)
            tx = Transaction(self.rules, state)
        handler(tx, command)
        return tx.events, tx.state

    def decide(self, state: DuelState, command: Any) -> list[msgspec.Struct]:
        return list(self.step(state, command)[0])

    def evolve(self, state: DuelState, event: Any) -> DuelState:
        return evolve(self.rules, state, event)

    def _phase_rules(self, state: DuelState) -> PhaseRules | None:
        if state.pending:
            return self.rules.owed[state.pending[0][0]]
        return self.rules.phases.get(state.phase)

    def _handler(self, state: DuelState, command: Any) -> Any:
        if state.phase == OVER:
            raise DomainError("game_over", "the game is over")
        if not isinstance(command, cmd.Command):
            raise DomainError("unknown_command", f"not a Duel command: {type(command).__name__}")
        acting = acting_seats(state)
        if command.seat not in acting:
            raise DomainError(
                "not_your_turn", f"seat {command.seat} may not act now; acting: {acting}"
            )
        phase = self._phase_rules(state)
        handler = phase.commands.get(type(command)) if phase is not None else None
        if handler is None:
            expected = sorted(t.__name__ for t in phase.commands) if phase is not None else []
            raise DomainError(
                "wrong_action",
                f"{type(command).__name__} is not possible now; expected one of {expected}",
            )
        return handler

    def legal_moves(self, state: DuelState, seat: int) -> list[Any]:
        if state.phase == PLAY and not state.pending:  # the common case, made short
            if seat != state.current:
                return []
            phase: PhaseRules | None = self._play
        elif state.phase == OVER or seat not in acting_seats(state):
            return []
        else:
            phase = self._phase_rules(state)
        if phase is None:
            return []
        moves = phase.moves(self.rules, state, seat)
        # Kept as a whole tuple (threads see either entry whole); a copy, as the caller
        # owns the list. It keeps the state alive, so its identity is not reused.
        self._listed = (state, tuple(moves), phase.commands)
        return moves

    acting_seats = staticmethod(acting_seats)

    def command_seat(self, command: Any) -> int:
        seat: int = command.seat
        return seat

    @staticmethod
    def is_over(state: DuelState) -> bool:
        return state.phase == OVER

    def view(self, state: DuelState, seat: int | None) -> DuelView:
        return view(self.rules, state, seat)

    def redact(self, event: Any, seat: int | None) -> Any:
        hook = self.rules.redactors.get(type(event))
        return hook(event, seat) if hook is not None else redact(event, seat)

    def catalog(self) -> dict[str, Any]:
        """Ids, stable keys and names of everything a view or a command refers to."""
        layouts = [[slot.name for slot in layout.slots] for layout in self.rules.layouts]
        extra = self.rules.catalog_ext() if self.rules.catalog_ext is not None else {}
        return extra | {
            "cards": [msgspec.to_builtins(c) for c in self.rules.cards],
            "wonders": [msgspec.to_builtins(w) for w in self.rules.wonders],
            "tokens": [msgspec.to_builtins(t) for t in self.rules.tokens],
            "slots": layouts,
            "resources": list(RESOURCES),
            "colours": list(COLOURS),
            "score_categories": list(category_names(self.rules)),
            "military_tokens": [msgspec.to_builtins(t) for t in self.rules.military_tokens],
        }

    def summary(self, state: DuelState) -> dict[str, Any]:
        return {
            "phase": phase_name(state.phase),
            "age": state.age,
            "turn": state.turn,
            "acting": list(acting_seats(state)),
            "explicit_deal": state.explicit_deal,
            "winner": state.winner,
            "victory": state.victory or None,
        }
