"""Game kinds by name: the one place the service learns which games exist."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel.clocks import DEFAULT_BOT, clock_of
from domain.kernel.errors import DomainError
from domain.kernel.game import Game
from domain.kernel.loading import load_packages
from domain.kernel.table_game import TableGame

SERVICE_OPTIONS: tuple[str, ...] = ("bots", "clock", "rated")
"""Options every game kind takes, handled by the service (bot seats, time controls, whether
the game moves ratings): kept in the game's record, stripped before a game's factory sees
its options."""

GameFactory = Callable[[tuple[str, ...], dict[str, Any]], Game]
"""Builds the ruleset of a kind for the given expansions and options."""

_FACTORIES: dict[str, GameFactory] = {}


def register(kind: str, factory: GameFactory) -> None:
    _FACTORIES[kind] = factory


def package_of(kind: str) -> str | None:
    """The package that registered `kind` (its factory's), or None for an unknown kind."""
    load_packages()
    factory = _FACTORIES.get(kind)
    return None if factory is None else factory.__module__


def kinds() -> tuple[str, ...]:
    load_packages()
    return tuple(sorted(_FACTORIES))


def get_game(
    kind: str, expansions: tuple[str, ...] = (), options: dict[str, Any] | None = None
) -> Game:
    """The game for `kind` with `expansions`; DomainError for an unknown kind or expansion."""
    load_packages()
    factory = _FACTORIES.get(kind)
    if factory is None:
        known = sorted(_FACTORIES)
        raise DomainError("unknown_game_kind", f"no game kind {kind!r}; known: {known}")
    return factory(tuple(expansions), rules_options(options or {}))


def rules_options(options: dict[str, Any]) -> dict[str, Any]:
    """A game's options without the service's own (`SERVICE_OPTIONS`): what its rules read."""
    return {k: v for k, v in options.items() if k not in SERVICE_OPTIONS}


def get_ruleset(
    kind: str, expansions: tuple[str, ...] = (), options: dict[str, Any] | None = None
) -> Game:
    """`get_game` wrapped in `domain/kernel/meta.py` (`Resign` and forfeits) behind its
    table (`domain/kernel/table_game.py`): the ruleset the service plays. The game packages
    and their tests keep the bare game. A seat that leaves a game that goes on is played by
    the level of the `clock` option's `bot`."""
    try:
        clock = clock_of(options or {})
    except DomainError:  # an imported game's options are not checked
        clock = None
    leaver_bot = DEFAULT_BOT if clock is None else clock.bot
    return TableGame(get_game(kind, expansions, options), leaver_bot)
