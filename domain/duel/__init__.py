"""7 Wonders Duel: the base game's rules as a pure decider."""

from typing import Any

from domain.duel.game import BASE_RULES, DuelGame
from domain.kernel.errors import DomainError
from domain.kernel.registry import register
from domain.kernel.traces import TraceResult, register_trace_format

EXPANSIONS: tuple[str, ...] = ()
"""Expansions this build can attach (Agora and Duel Leaders attach through `DuelRules`)."""

_BASE = DuelGame(BASE_RULES)


def _factory(expansions: tuple[str, ...], options: dict[str, Any]) -> DuelGame:
    unknown = [e for e in expansions if e not in EXPANSIONS]
    if unknown:
        raise DomainError("unknown_expansion", f"Duel has no expansion {unknown}")
    if options:
        raise DomainError(
            "unknown_option", f"the Duel base game takes no options; got {sorted(options)}"
        )
    return _BASE


register("duel", _factory)


def _replay(record: dict[str, Any]) -> TraceResult:
    from domain.duel.trace_replay import replay_trace

    return replay_trace(record)


register_trace_format("duel-trace/1", _replay)

__all__ = ["BASE_RULES", "DuelGame"]
