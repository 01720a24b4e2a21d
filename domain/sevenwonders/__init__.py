"""7 Wonders (first edition, 3-7 players and the two-player Free City variant) as a pure
decider."""

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

EXPANSIONS: tuple[str, ...] = ()
"""Expansions this build can attach (Leaders and Faith attach through `hooks`)."""

_BASE = SevenWondersGame(BASE_RULES)


def _factory(expansions: tuple[str, ...], options: dict[str, Any]) -> SevenWondersGame:
    unknown = [e for e in expansions if e not in EXPANSIONS]
    if unknown:
        raise DomainError("unknown_expansion", f"7 Wonders has no expansion {unknown}")
    return _BASE


register("7wonders", _factory)
import domain.sevenwonders.description  # noqa: E402, F401  (registers /kinds facts)


def _replay(record: dict[str, Any]) -> TraceResult:
    from domain.sevenwonders.trace_replay import replay_trace

    return replay_trace(record)


def _write(game: Game, played: PlayedGame) -> dict[str, Any]:
    from domain.sevenwonders.trace_writer import write_trace

    return write_trace(game, played)


register_trace_format("7w-trace/1", _replay)
register_trace_writer("7wonders", _write)

__all__ = ["BASE_RULES", "SevenWondersGame"]
