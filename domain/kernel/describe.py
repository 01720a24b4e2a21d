"""What a game kind offers, for documents and clients: its expansions, options and rulesets.

The registry builds a ruleset from a kind and expansions; this module says which expansions
and options exist, so the API documents and the `/kinds` resource list every ruleset without
naming a game. Each game package registers its description (one line) and each expansion
its own (in its `Expansion`); a kind without a description is described by its name.
"""

from __future__ import annotations

import itertools
import typing
from collections.abc import Callable
from typing import Any

import msgspec

from domain.kernel.description_types import (
    ExpansionDescription,
    KindDescription,
    OptionDescription,
)
from domain.kernel.errors import DomainError
from domain.kernel.expansions import expansions_of
from domain.kernel.game import Game
from domain.kernel.registry import get_game, get_ruleset, kinds

__all__ = [
    "ExpansionDescription", "KindDescription", "OptionDescription", "Ruleset", "RulesetTypes",
    "description", "expansions", "register_description", "register_view_type",
    "ruleset_types", "rulesets", "view_type",
]


_DESCRIPTIONS: dict[str, KindDescription] = {}


def register_description(kind: str, description: KindDescription) -> None:
    _DESCRIPTIONS[kind] = description


def description(kind: str) -> KindDescription:
    """The kind's description with its expansions' (in the order they attach); a bare one
    (its name) when the kind registered none."""
    kinds()  # imports the game packages, which register their descriptions
    own = _DESCRIPTIONS.get(kind) or KindDescription(title=kind)
    return msgspec.structs.replace(own, expansions=expansions(kind))


def expansions(kind: str) -> tuple[ExpansionDescription, ...]:
    """The descriptions the kind's expansions declare, in the order they attach."""
    return tuple(e.description for e in expansions_of(kind))


class Ruleset(msgspec.Struct, frozen=True):
    kind: str
    expansions: tuple[str, ...]

    @property
    def name(self) -> str:
        """A stable identifier, e.g. ``duel`` or ``duel+agora``."""
        return "+".join((self.kind, *self.expansions))


def rulesets(kind: str | None = None) -> list[Ruleset]:
    """Every combination of expansions the registry accepts, kind by kind, base game first."""
    found: list[Ruleset] = []
    for name in (kind,) if kind is not None else kinds():
        known = [e.name for e in expansions(name)]
        for size in range(len(known) + 1):
            for combo in itertools.combinations(known, size):
                try:
                    get_game(name, combo)
                except DomainError:
                    continue  # expansions the rules do not combine
                found.append(Ruleset(name, combo))
    return found


ViewTypeOf = Callable[[tuple[str, ...]], Any]
"""A kind's precise view type for a set of expansions; None where `view`'s annotation is
precise already."""

_VIEW_TYPES: dict[str, ViewTypeOf] = {}


def register_view_type(kind: str, view_type_of: ViewTypeOf) -> None:
    """How the kind types its views per ruleset (called when documents are built), where
    `view`'s annotation is wider: a base game's view whose expansion part is typed `Any`."""
    _VIEW_TYPES[kind] = view_type_of


def view_type(game: Game) -> Any:
    """The msgspec type of `game.view`: a `view_type` attribute, else the return annotation."""
    declared = getattr(game, "view_type", None)
    if declared is not None:
        return declared
    hints = typing.get_type_hints(type(game).view)
    return hints.get("return", Any)


class RulesetTypes(msgspec.Struct, frozen=True):
    """The msgspec types a client exchanges with one ruleset."""

    command: Any
    event: Any
    deal: Any
    view: Any


def ruleset_types(ruleset: Ruleset) -> RulesetTypes:
    game = get_ruleset(ruleset.kind, ruleset.expansions)
    view_type_of = _VIEW_TYPES.get(ruleset.kind)
    view = view_type_of(ruleset.expansions) if view_type_of is not None else None
    if view is None:
        view = view_type(get_game(ruleset.kind, ruleset.expansions))
    deal = getattr(game, "deal_type", None)  # a game that takes no explicit deal: null
    return RulesetTypes(game.command_type, game.event_type, deal, view)
