"""What a game kind offers, for documents and clients: its expansions, options and rulesets.

The registry builds a ruleset from a kind and expansions; this module says which expansions
and options exist, so the API documents and the `/kinds` resource list every ruleset without
naming a game. Each game package registers its description (one line); a kind without one is
described as its base game only.
"""

from __future__ import annotations

import itertools
import typing
from collections.abc import Callable
from typing import Any

import msgspec

from domain.kernel.errors import DomainError
from domain.kernel.game import Game
from domain.kernel.registry import declared_expansions, get_game, get_ruleset, kinds


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


_DESCRIPTIONS: dict[str, KindDescription] = {}


def register_description(kind: str, description: KindDescription) -> None:
    _DESCRIPTIONS[kind] = description


def description(kind: str) -> KindDescription:
    """The kind's description; a bare one (its name, no expansions) when none is registered."""
    kinds()  # imports the game packages, which register their descriptions
    return _DESCRIPTIONS.get(kind) or KindDescription(title=kind)


def expansions(kind: str) -> tuple[ExpansionDescription, ...]:
    """The kind's expansions: those its description lists, then any other its package
    declares (named only, until the description gains them)."""
    described = description(kind).expansions
    named = {e.name for e in described}
    extra = tuple(ExpansionDescription(name, name) for name in declared_expansions(kind)
                  if name not in named)
    return (*described, *extra)


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


_VIEW_TYPES: dict[tuple[str, tuple[str, ...]], Callable[[], Any]] = {}


def register_view_type(kind: str, expansions: tuple[str, ...], load: Callable[[], Any]) -> None:
    """The precise view type of one ruleset (returned by `load`, called when documents are
    built), where `view`'s annotation is wider: a base game's view whose expansion part is
    typed `Any`, say."""
    _VIEW_TYPES[(kind, tuple(expansions))] = load


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
    load = _VIEW_TYPES.get((ruleset.kind, ruleset.expansions))
    view = load() if load is not None else view_type(get_game(ruleset.kind, ruleset.expansions))
    deal = getattr(game, "deal_type", None)  # a game that takes no explicit deal: null
    return RulesetTypes(game.command_type, game.event_type, deal, view)
