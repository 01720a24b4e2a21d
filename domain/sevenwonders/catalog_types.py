"""Shapes of the catalog: cards, wonder stages and boards as frozen data.

Resources are indexes into `RESOURCES`; a resource vector is a tuple of 7 counts. Effects are
`(name, args)` pairs whose functions live in `domain.sevenwonders.effects`, so cards stay data.
"""

from __future__ import annotations

import msgspec

RESOURCES: tuple[str, ...] = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
RAW: tuple[int, ...] = (0, 1, 2, 3)
MANUFACTURED: tuple[int, ...] = (4, 5, 6)
COLOURS: tuple[str, ...] = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
BROWN, GREY, BLUE, YELLOW, RED, GREEN, PURPLE = range(7)
SYMBOLS: tuple[str, ...] = ("compass", "gear", "tablet")
SIDES: tuple[str, ...] = ("A", "B")

Effect = tuple[str, tuple[int, ...]]
"""A named effect and its integer arguments."""


class CardDef(msgspec.Struct, frozen=True):
    id: int
    key: str
    name: str
    name_fr: str
    age: int
    colour: int
    copies: tuple[int, ...]
    """The minimum player count of each physical copy (guilds: one copy, 0)."""
    coins: int
    cost: tuple[int, ...]
    name_id: int
    """Cards of one name share it (Loom, Glassworks, Press exist in Ages I and II)."""
    chain_from: tuple[int, ...]
    """Name ids of the cards that make this one free."""
    produces: tuple[int, ...]
    """Fixed production (brown and grey cards)."""
    choice: tuple[int, ...]
    """One of these resources each turn (empty when none)."""
    tradeable: bool
    """Whether neighbours may buy what it produces (brown and grey only)."""
    vp: int
    shields: int
    science: int
    """Index into `SYMBOLS`, or -1."""
    on_build: tuple[Effect, ...]
    end_vp: tuple[Effect, ...]


class StageDef(msgspec.Struct, frozen=True):
    cost: tuple[int, ...]
    vp: int = 0
    coins: int = 0
    shields: int = 0
    choice: tuple[int, ...] = ()
    """A non-tradeable one-of-several resource (Alexandria)."""
    abilities: tuple[str, ...] = ()
    """Named abilities: science_wild, build_from_discard, free_build, seventh_card,
    trade_discount_raw, copy_guild."""


class WonderDef(msgspec.Struct, frozen=True):
    id: int
    key: str
    name: str
    city: str
    resource: int
    sides: tuple[tuple[StageDef, ...], tuple[StageDef, ...]]
