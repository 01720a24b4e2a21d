"""Shapes of the catalog rows and the small enumerations they use (plain ints, for speed)."""

from __future__ import annotations

import msgspec

# Resources, in the order of every 5-tuple of counts.
WOOD, CLAY, STONE, GLASS, PAPYRUS = range(5)
RESOURCES: tuple[str, ...] = ("wood", "clay", "stone", "glass", "papyrus")
N_RES = 5

# Card colours; a colour mask is ``1 << colour``.
BROWN, GREY, BLUE, GREEN, YELLOW, RED, PURPLE = range(7)
COLOURS: tuple[str, ...] = ("brown", "grey", "blue", "green", "yellow", "red", "purple")

Effect = tuple[str, tuple[int, ...]]
"""A named effect and its integer arguments, resolved by `domain.duel.effects`."""


class CardDef(msgspec.Struct, frozen=True):
    """An Age card or a guild."""

    id: int
    key: str
    name: str
    name_fr: str
    age: int
    colour: int
    coins: int
    cost: tuple[int, ...]
    produces: tuple[int, ...]
    choice: tuple[int, ...]
    fixed_price: tuple[int, ...]
    shields: int
    vp: int
    science: int
    chain_grants: int
    chain_from: int
    on_build: tuple[Effect, ...]
    end_vp: tuple[Effect, ...]


class WonderDef(msgspec.Struct, frozen=True):
    id: int
    key: str
    name: str
    name_fr: str
    cost: tuple[int, ...]
    choice: tuple[int, ...]
    shields: int
    vp: int
    on_build: tuple[Effect, ...]


class MilitaryToken(msgspec.Struct, frozen=True):
    """A token on the military track, applied by the seat whose shields reach `position`."""

    name: str
    position: int
    """Signed: positive on seat 1's side (seat 0 takes it), negative on seat 0's side."""
    effect: Effect


class TokenDef(msgspec.Struct, frozen=True):
    """A progress token; persistent abilities are rules keyed by the token's id."""

    id: int
    key: str
    name: str
    name_fr: str
    vp: int
    science: int
    on_build: tuple[Effect, ...]
    end_vp: tuple[Effect, ...]
