"""7 Wonders (first edition, 3-7 players and the two-player Free City variant) as a pure
decider.

Its expansions declare themselves (`domain.kernel.expansions.register_expansion`, kind
``7wonders``) and attach through `hooks`, in the order of `domain.packages`; it names none.
"""

from typing import Any

from domain.kernel.errors import DomainError
from domain.kernel.expansions import expansions_of
from domain.kernel.game import Game
from domain.kernel.registry import register
from domain.kernel.traces import (
    PlayedGame,
    register_trace_format,
    register_trace_importer,
    register_trace_writer,
)
from domain.sevenwonders import description as _description  # noqa: F401  (/kinds facts)
from domain.sevenwonders.game import BASE_RULES, SevenWondersGame
from domain.sevenwonders.trace_import import import_7w
from domain.sevenwonders.trace_replay import replay_trace
from domain.sevenwonders.trace_writer import write_trace

_BASE = SevenWondersGame(BASE_RULES)
_GAMES: dict[tuple[str, ...], SevenWondersGame] = {(): _BASE}


def _factory(expansions: tuple[str, ...], options: dict[str, Any]) -> SevenWondersGame:
    """Expansions attach in the order of `domain.packages`, whatever order a game names them in,
    so one set of expansions is always one ruleset."""
    known = expansions_of("7wonders")
    unknown = [e for e in expansions if e not in {x.name for x in known}]
    if unknown:
        raise DomainError("unknown_expansion", f"7 Wonders has no expansion {unknown}")
    chosen = tuple(x for x in known if x.name in expansions)
    key = tuple(x.name for x in chosen)
    game = _GAMES.get(key)
    if game is None:
        rules = BASE_RULES
        for expansion in chosen:
            rules = expansion.attach(rules, options)
        game = _GAMES[key] = SevenWondersGame(rules)
    return game


def _write(game: Game, played: PlayedGame) -> dict[str, Any]:
    """`7w-trace/1`, or the format of the rules' last expansion that writes one (its
    `trace_writer` hook)."""
    own = getattr(getattr(game, "rules", None), "trace_writer", None)
    return own(game, played) if own is not None else write_trace(game, played)


register("7wonders", _factory)
register_trace_format("7w-trace/1", replay_trace)
register_trace_importer("7w-trace/1", import_7w)
register_trace_writer("7wonders", _write)

__all__ = ["BASE_RULES", "SevenWondersGame"]
