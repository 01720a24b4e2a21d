"""The state of a Duel game: frozen structs of ints and tuples, cheap to copy and compare.

Some player fields (production, chains, colour and science counts) are caches of what the
buildings give, kept up to date by `evolve` because the cost rules read them on every move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.duel.deal import Deal

# Phases of a game.
SETUP, DRAFT, PLAY, CHOOSE_START, OVER = range(5)
PHASE_NAMES: tuple[str, ...] = ("setup", "wonder_draft", "play", "choose_start_player", "over")

# Actions a seat may owe before its turn ends (the first of `pending` is due now).
OWE_TOKEN, OWE_DESTROY, OWE_DISCARD_BUILD, OWE_LIBRARY = range(4)
OWED_NAMES: tuple[str, ...] = (
    "choose_progress_token",
    "destroy_card",
    "construct_from_discard",
    "take_library_token",
)

CAPITAL = 9

ZERO5: tuple[int, ...] = (0, 0, 0, 0, 0)
ZERO7: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 0)


class PlayerState(msgspec.Struct, frozen=True, gc=False):
    coins: int = 0
    buildings: tuple[int, ...] = ()
    """Card ids in build order."""
    wonders: tuple[int, ...] = ()
    """Wonders owned (drafted), in pick order."""
    built_wonders: tuple[int, ...] = ()
    tucked: tuple[int, ...] = ()
    """The Age card under each built wonder, parallel to `built_wonders`."""
    tokens: tuple[int, ...] = ()
    produce: tuple[int, ...] = ZERO5
    """Resources made by brown and grey cards (what the opponent pays more for)."""
    choices: tuple[tuple[int, ...], ...] = ()
    """One-of-several resources from yellow cards and wonders, one per producer."""
    fixed: int = 0
    """Bitmask of resources this seat buys at 1 coin."""
    chains: int = 0
    """Bitmask of chain symbols owned."""
    colours: tuple[int, ...] = ZERO7
    science: tuple[int, ...] = ZERO7


class DuelState(msgspec.Struct, frozen=True, gc=False):
    """The whole truth of a game, secrets included; seats only ever see `view` of it."""

    phase: int = SETUP
    deal: Deal | None = None
    explicit_deal: bool = False
    first_player: int = 0
    current: int = 0
    players: tuple[PlayerState, PlayerState] = (PlayerState(), PlayerState())
    draft_round: int = 0
    draft_offer: tuple[int, ...] = ()
    draft_picks: int = 0
    age: int = 0
    slots: tuple[int, ...] = ()
    """Card id per slot of the current Age's structure (taken slots keep their card)."""
    taken: int = 0
    revealed: int = 0
    discard: tuple[int, ...] = ()
    board_tokens: tuple[int, ...] = ()
    aside_tokens: tuple[int, ...] = ()
    library_draw: tuple[int, ...] = ()
    pawn: int = 0
    looting: int = 0
    """Bitmask of the military tokens still on the track (`DuelRules.military_tokens`)."""
    pending: tuple[tuple[int, int, int], ...] = ()
    """Owed actions as (kind, argument, seat), first due first. The seat is `current` in
    the base game; an expansion may owe one to the other seat or to a drafting seat."""
    replay: bool = False
    retired_wonders: tuple[int, ...] = ()
    winner: int | None = None
    victory: str = ""
    scores: tuple[tuple[int, ...], ...] = ()
    turn: int = 0
    """Number of commands applied; a cheap progress counter for views and bots."""
    ext: Any = None
    """State an expansion adds (its own frozen struct), None in the base game."""
    leaders: Any = None
    """Duel Leaders' state (its own frozen struct), None without it: a slot of its own
    beside `ext` so that Leaders composes with Agora."""


EXPANSION_PHASES: dict[int, tuple[str, Callable[[DuelState], tuple[int, ...]]]] = {}
"""Phases an expansion adds (ids from 10: Duel Leaders' draft and recruitment): their name
and who acts in them (the owed actions, when any, still come first)."""


def phase_name(phase: int) -> str:
    return PHASE_NAMES[phase] if phase < len(PHASE_NAMES) else EXPANSION_PHASES[phase][0]
