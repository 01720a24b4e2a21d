"""The importer of `7w-trace/1`: a record played through the engine (see
`domain.kernel.recording`), its every state checked by the format's replayer."""

from __future__ import annotations

from typing import Any

from domain.kernel.recording import import_by_replay
from domain.kernel.registry import get_game
from domain.kernel.traces import PlayedGame, TraceResult, register_trace_importer


def import_7w(record: dict[str, Any]) -> PlayedGame:
    from domain.sevenwonders.trace_replay import replay_trace

    return import_by_replay(record, get_game("7wonders"), replay_trace)


def import_7w_leaders(record: dict[str, Any]) -> PlayedGame:
    from domain.sevenwonders.trace_replay import replay_trace
    from domain.sevenwonders_leaders.trace import REPLAY

    def replay(rec: dict[str, Any], game: Any) -> TraceResult:
        return replay_trace(rec, game, REPLAY)

    return import_by_replay(record, get_game("7wonders", ("leaders",)), replay, ("leaders",))


register_trace_importer("7w-trace/1", import_7w)
register_trace_importer("7w-trace/1+leaders", import_7w_leaders)
