"""7 Wonders Duel: the base game's rules as a pure decider."""

import json
from typing import Any

from domain.duel.game import BASE_RULES, DuelGame
from domain.kernel.errors import DomainError
from domain.kernel.registry import register
from domain.kernel.traces import (
    PlayedGame,
    TraceError,
    TraceResult,
    Writer,
    register_trace_format,
    register_trace_writer,
)

EXPANSIONS: tuple[str, ...] = ("agora", "leaders")
"""Expansions this build can attach, in the order they are attached (each through
`DuelRules`): Agora first (its ids follow the base tables), then Duel Leaders."""

_BASE = DuelGame(BASE_RULES)
_GAMES: dict[tuple[str, ...], DuelGame] = {(): _BASE}
_CACHE_LIMIT = 64


def _attach(name: str, rules: Any, options: dict[str, Any]) -> Any:
    if name == "agora":
        from domain.duel_agora import attach

        return attach(rules)
    if name == "leaders":
        from domain.duel_leaders import attach as attach_leaders

        return attach_leaders(rules, options)
    raise DomainError("unknown_expansion", f"Duel has no expansion {name!r}")


def _factory(expansions: tuple[str, ...], options: dict[str, Any]) -> DuelGame:
    unknown = [e for e in expansions if e not in EXPANSIONS]
    if unknown:
        raise DomainError("unknown_expansion", f"Duel has no expansion {unknown}")
    if len(set(expansions)) != len(expansions):
        raise DomainError("duplicate_expansion", f"an expansion is named twice: {expansions}")
    if options and "leaders" not in expansions:
        raise DomainError(
            "unknown_option",
            f"7 Wonders Duel takes options only with Duel Leaders; got {sorted(options)}",
        )
    key = tuple(e for e in EXPANSIONS if e in expansions)
    cache_key = (*key, json.dumps(options, sort_keys=True, default=str)) if options else key
    game = _GAMES.get(cache_key)
    if game is None:
        rules = BASE_RULES
        for name in key:
            rules = _attach(name, rules, options)
        if len(_GAMES) > _CACHE_LIMIT:  # option sets are open-ended: keep the cache bounded
            for k in [k for k in _GAMES if len(k) > len(EXPANSIONS)]:
                del _GAMES[k]
        game = _GAMES[cache_key] = DuelGame(rules)
    return game


register("duel", _factory)
import domain.duel.description  # noqa: E402, F401  (registers /kinds facts)


def _replay(record: dict[str, Any]) -> TraceResult:
    from domain.duel.trace_replay import replay_trace

    return replay_trace(record)


register_trace_format("duel-trace/1", _replay)


def _write(game: Any, played: PlayedGame) -> dict[str, Any]:
    """A base game in `duel-trace/1`; a game with expansions in its expansion's format."""
    from domain.duel.trace_writer import write_trace

    if not played.expansions:
        return write_trace(game, played)
    writer = TRACE_WRITERS.get(tuple(sorted(played.expansions)))
    if writer is None:
        raise TraceError(f"no trace format records Duel with {list(played.expansions)}")
    return writer(game, played)


def _write_agora(game: Any, played: PlayedGame) -> dict[str, Any]:
    from domain.duel_agora.trace import write_agora_trace

    return write_agora_trace(game, played)


def _replay_agora(record: dict[str, Any]) -> TraceResult:
    from domain.duel_agora.trace import replay_agora_trace

    return replay_agora_trace(record)


def _write_leaders(game: Any, played: PlayedGame) -> dict[str, Any]:
    from domain.duel_leaders.trace import write_leaders_trace

    return write_leaders_trace(game, played)


def _replay_leaders(record: dict[str, Any]) -> TraceResult:
    from domain.duel_leaders.trace import replay_leaders_trace

    return replay_leaders_trace(record)


TRACE_WRITERS: dict[tuple[str, ...], Writer] = {
    ("agora",): _write_agora,
    ("leaders",): _write_leaders,
    ("agora", "leaders"): _write_leaders,
}
"""Trace writers of Duel games with expansions, by their sorted expansion names."""

register_trace_format("duel-agora-trace/1", _replay_agora)
register_trace_format("duel-leaders-trace/1", _replay_leaders)

register_trace_writer("duel", _write)

__all__ = ["BASE_RULES", "DuelGame"]
