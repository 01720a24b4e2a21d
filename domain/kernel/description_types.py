"""What a game kind offers, as data: its options and expansions, each with its meaning
(read by `describe`, declared by the game and expansion packages)."""

from __future__ import annotations

from typing import Any

import msgspec


class OptionDescription(msgspec.Struct, frozen=True):
    """One option a game takes in `options`, with its JSON type and meaning."""

    name: str
    type: str
    """The option's JSON type: "integer", "boolean", "string"."""
    description: str
    default: Any = None


class ExpansionDescription(msgspec.Struct, frozen=True):
    name: str
    title: str
    description: str = ""
    options: tuple[OptionDescription, ...] = ()
    """Options the game takes only with this expansion."""


class KindDescription(msgspec.Struct, frozen=True):
    """A game kind as a client chooses it."""

    title: str
    expansions: tuple[ExpansionDescription, ...] = ()
    options: tuple[OptionDescription, ...] = ()
