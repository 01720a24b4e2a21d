"""The state of a 7 Wonders game: frozen structs of ints and tuples, cheap to copy and compare.

Cities, not seats, hold the boards: in the 3-7 player game city i is seat i; in the
two-player variant cities 0 and 1 are the seats' and city 2 is the Free City, played by the
seat holding the Free City card. Some city fields (production, discounts, colour and science
counts, owned names) are caches of what the city built, kept by `evolve` because the cost
rules read them on every move.

Structs of states, events and commands are declared `gc=False`: frozen, holding only
ints, strings, tuples and other such structs, they can never be part of a reference cycle,
so the garbage collector need not track the many made in a game.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.sevenwonders.deal import Deal

# Phases of a game.
SETUP, PLAY, DISCARD_BUILD, SEVENTH, COPY_GUILD, OVER = range(6)
PHASE_NAMES: list[str] = ["setup", "play", "discard_build", "seventh", "copy_guild", "over"]
"""Extended by expansions that add phases (`hooks.SevenWondersRules.phases`)."""

ZERO7: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 0)
UNCHOSEN: tuple[tuple[None, ...], ...] = tuple((None,) * n for n in range(8))
"""Per number of cities (up to 7), `SWState.chosen` before anyone chooses: one shared tuple
rather than a new one every step."""
FREE_CITY = 2
"""The Free City's city index in the two-player variant."""

BUILD, STAGE, DISCARD, FREE_BUILD = "build", "stage", "discard", "free"
ACTIONS: tuple[str, ...] = (BUILD, STAGE, DISCARD, FREE_BUILD)


class City(msgspec.Struct, frozen=True, gc=False):
    board: int
    side: int
    coins: int = 0
    built: tuple[int, ...] = ()
    """Card ids in build order."""
    names: int = 0
    """Bitmask of the card names owned (no two structures of one name; chains)."""
    stages: int = 0
    tucked: tuple[int, ...] = ()
    """The card under each built stage (face down)."""
    shields: int = 0
    tokens: tuple[int, ...] = ()
    """Conflict tokens by value (1, 3, 5, -1), in the order taken."""
    fixed: tuple[int, ...] = ZERO7
    """Tradeable fixed production: the board's resource, brown and grey cards."""
    masks: tuple[int, ...] = ()
    """Tradeable one-of-several producers (brown cards), as resource bitmasks."""
    own_masks: tuple[int, ...] = ()
    """Every one-of-several producer, the untradeable ones (Forum, Caravansery, Alexandria's
    stages) included: what the city itself may use."""
    discounts: int = 0
    """Bit i: resource i bought at 1 coin from the left; bit 7+i: from the right."""
    colours: tuple[int, ...] = ZERO7
    science: tuple[int, ...] = (0, 0, 0)
    wilds: int = 0
    abilities: frozenset[str] = frozenset()
    """Abilities of built stages (build_from_discard, free_build, seventh_card, ...)."""
    free_used: int = 0
    """The last age in which Olympia A's free structure was used (0: never)."""
    copied: int = -1
    """The guild copied by Olympia B's last stage, or -1."""
    beside: tuple[int, ...] = ()
    """Cards kept beside the wonder board, outside the city (Leaders' recruited leaders,
    Faith's invoked gods): ids of the expansion's own catalog; empty in the base game."""


class Choice(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """A chosen card and action, with the payment, hidden until every seat has chosen."""

    card: int
    action: str
    left: int = 0
    right: int = 0
    bank: int = 0
    bought_left: tuple[int, ...] = ZERO7
    bought_right: tuple[int, ...] = ZERO7
    chain: bool = False
    far: tuple[tuple[int, int, tuple[int, ...]], ...] = ()
    """A market (`hooks.market_hooks`): (seller, coins, resources) bought from cities other
    than the neighbours."""
    bank_bought: int = -1
    """The resource bought from the bank with a paid producer (Leaders' Bilkis), or -1."""


class SWState(msgspec.Struct, frozen=True, gc=False):
    """The whole truth of a game, secrets included; seats only ever see `view` of it."""

    phase: int = SETUP
    seats: int = 0
    variant: bool = False
    """The two-player Free City variant."""
    deal: Deal | None = None
    explicit_deal: bool = False
    cities: tuple[City, ...] = ()
    age: int = 0
    turn: int = 0
    hands: tuple[tuple[int, ...], ...] = ()
    """Per city (the Free City holds none: its card comes from the holder's hand)."""
    pile: tuple[int, ...] = ()
    """The Free City's face-down draw pile (two-player variant), top first."""
    holder: int = 0
    """The seat holding the Free City card (two-player variant)."""
    chosen: tuple[Choice | None, ...] = ()
    """Per city, the choice made this step (hidden)."""
    stepping: tuple[int, ...] = ()
    """Cities that choose in the current step."""
    discard: tuple[int, ...] = ()
    """The discard pile, face down, in the order discarded."""
    halikarnassus: tuple[tuple[int, int], ...] = ()
    """(city, the seat that built the stage) owed a free build from the discard pile, first
    due first."""
    special: int = -1
    """The city acting in a discard-build or guild-copy step."""
    special_seat: int = -1
    """The seat choosing for it: for the Free City, the seat that held the Free City card
    when it built the stage (Halikarnassus) or at the end of Age III (Olympia B)."""
    acting: tuple[int, ...] = ()
    """Seats that may act now (kept by `evolve`: read on every command)."""
    scores: tuple[tuple[int, ...], ...] = ()
    ranking: tuple[int, ...] = ()
    rank: tuple[int, ...] = ()
    steps: int = 0
    """Commands applied; a cheap progress counter for views and bots."""
    ext: Any = None
    """State an expansion adds (its own frozen struct), None in the base game."""
    ext2: Any = None
    """The state of a second expansion, attached after the one holding `ext` (Faith, which
    Leaders' state may precede), None otherwise."""


def controller(state: SWState, city: int) -> int:
    """The seat that plays `city` (the Free City's holder in the two-player variant)."""
    return state.holder if state.variant and city == FREE_CITY else city


def compute_acting(state: SWState) -> tuple[int, ...]:
    """Seats still to choose in a step, or the seat of a special step; none otherwise."""
    phase = state.phase
    if phase in (PLAY, SEVENTH):
        if not state.stepping:  # between steps
            return ()
        chosen = state.chosen
        if not state.variant:  # each city is its seat's
            if chosen is UNCHOSEN[len(chosen)]:  # a turn begins
                return tuple(sorted(state.stepping))
            return tuple(sorted([c for c in state.stepping if chosen[c] is None]))
        seats = {controller(state, c) for c in state.stepping if chosen[c] is None}
        return tuple(sorted(seats))
    if phase in (DISCARD_BUILD, COPY_GUILD):
        return (state.special_seat,)
    return ()


def left_of(state: SWState, city: int) -> int:
    return (city - 1) % len(state.cities)


def right_of(state: SWState, city: int) -> int:
    return (city + 1) % len(state.cities)
