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

EXPANSIONS: tuple[str, ...] = ("faith",)
"""Expansions this build can attach (Leaders and Faith attach through `hooks`)."""

_BASE = SevenWondersGame(BASE_RULES)


def _factory(expansions: tuple[str, ...], options: dict[str, Any]) -> SevenWondersGame:
    unknown = [e for e in expansions if e not in EXPANSIONS]
    if unknown:
        raise DomainError("unknown_expansion", f"7 Wonders has no expansion {unknown}")
    if "faith" in expansions:
        from domain.sevenwonders_faith import build

        return build(BASE_RULES, expansions, options)
    return _BASE


register("7wonders", _factory)


def _replay(record: dict[str, Any]) -> TraceResult:
    from domain.sevenwonders.trace_replay import replay_trace

    return replay_trace(record)


def _write(game: Game, played: PlayedGame) -> dict[str, Any]:
    from domain.sevenwonders.trace_writer import write_trace

    own = getattr(game, "write_trace", None)
    if own is not None:  # an expansion's game writes its own extension of the format
        record: dict[str, Any] = own(played)
        return record
    return write_trace(game, played)


def _replay_faith(record: dict[str, Any]) -> TraceResult:
    from domain.sevenwonders_faith.trace import replay_trace

    result: TraceResult = replay_trace(record)
    return result


register_trace_format("7w-trace/1", _replay)
register_trace_format("7w-faith-trace/1", _replay_faith)
register_trace_writer("7wonders", _write)

__all__ = ["BASE_RULES", "SevenWondersGame"]
