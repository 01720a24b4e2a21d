"""The importers of `7w-trace/1` and its extensions (Leaders, Faith): a record played
through the engine (see `domain.kernel.recording`), its every state checked by the format's
replayer."""

from __future__ import annotations

from typing import Any

from domain.kernel.errors import DomainError
from domain.kernel.recording import import_by_replay
from domain.kernel.registry import get_game
from domain.kernel.traces import PlayedGame, TraceError, TraceResult, register_trace_importer


def import_7w(record: dict[str, Any]) -> PlayedGame:
    from domain.sevenwonders.trace_replay import replay_trace

    return import_by_replay(record, get_game("7wonders"), replay_trace)


def import_7w_leaders(record: dict[str, Any]) -> PlayedGame:
    from domain.sevenwonders.trace_replay import replay_trace
    from domain.sevenwonders_leaders.trace import REPLAY

    def replay(rec: dict[str, Any], game: Any) -> TraceResult:
        return replay_trace(rec, game, REPLAY)

    return import_by_replay(record, get_game("7wonders", ("leaders",)), replay, ("leaders",))


def import_7w_faith(record: dict[str, Any]) -> PlayedGame:
    """Faith (alone or with Leaders): the ruleset and its options come from the record."""
    from domain.sevenwonders_faith.trace import replay, ruleset_of

    try:
        expansions, options = ruleset_of(record)
        game = get_game("7wonders", expansions, options)
    except (KeyError, TypeError, ValueError, AttributeError, DomainError) as exc:
        raise TraceError(f"malformed record: {exc}") from None
    return import_by_replay(record, game, replay, expansions, options)


register_trace_importer("7w-trace/1", import_7w)
register_trace_importer("7w-faith-trace/1", import_7w_faith)
register_trace_importer("7w-trace/1+leaders", import_7w_leaders)
