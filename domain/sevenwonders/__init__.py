"""7 Wonders (first edition, 3-7 players and the two-player Free City variant) as a pure
decider."""

import importlib
from typing import Any

from domain.kernel.errors import DomainError
from domain.kernel.game import Game
from domain.kernel.registry import register
from domain.kernel.traces import (
    PlayedGame,
    TraceResult,
    register_trace_format,
    register_trace_writer,
)
from domain.sevenwonders.game import BASE_RULES, SevenWondersGame

ATTACH: dict[str, str] = {"leaders": "domain.sevenwonders_leaders"}
"""Expansion name -> the module whose `attach(rules)` returns the ruleset with it attached
(through `hooks`). Expansions attach in the order of this table, whatever order a game
names them in, so one set of expansions is always one ruleset."""
EXPANSIONS: tuple[str, ...] = tuple(ATTACH)

_BASE = SevenWondersGame(BASE_RULES)
_GAMES: dict[tuple[str, ...], SevenWondersGame] = {(): _BASE}


def _factory(expansions: tuple[str, ...], options: dict[str, Any]) -> SevenWondersGame:
    unknown = [e for e in expansions if e not in ATTACH]
    if unknown:
        raise DomainError("unknown_expansion", f"7 Wonders has no expansion {unknown}")
    key = tuple(e for e in ATTACH if e in expansions)
    game = _GAMES.get(key)
    if game is None:
        rules = BASE_RULES
        for name in key:
            rules = importlib.import_module(ATTACH[name]).attach(rules)
        game = _GAMES[key] = SevenWondersGame(rules)
    return game


register("7wonders", _factory)
import domain.sevenwonders.description  # noqa: E402, F401  (registers /kinds facts)


def _replay(record: dict[str, Any]) -> TraceResult:
    from domain.sevenwonders.trace_replay import replay_trace

    return replay_trace(record)


def _write(game: Game, played: PlayedGame) -> dict[str, Any]:
    from domain.sevenwonders.trace_writer import write_trace

    own = getattr(getattr(game, "rules", None), "trace_writer", None)
    return own(game, played) if own is not None else write_trace(game, played)


register_trace_format("7w-trace/1", _replay)

TRACE_FORMATS: dict[str, str] = {"7w-trace/1+leaders": "domain.sevenwonders_leaders.trace"}
"""Formats extending `7w-trace/1` with an expansion -> the module whose `replay` reads them."""


def _replayer(module: str) -> Any:
    def replay(record: dict[str, Any]) -> TraceResult:
        result: TraceResult = importlib.import_module(module).replay(record)
        return result

    return replay


for _name, _module in TRACE_FORMATS.items():
    register_trace_format(_name, _replayer(_module))
register_trace_writer("7wonders", _write)

__all__ = ["BASE_RULES", "SevenWondersGame"]
