"""The importer of `7w-trace/1`: a record played through the engine (see
`domain.kernel.recording`), its every state checked by the format's replayer."""

from __future__ import annotations

from typing import Any

from domain.kernel.recording import import_by_replay
from domain.kernel.registry import get_game
from domain.kernel.traces import PlayedGame, register_trace_importer


def import_7w(record: dict[str, Any]) -> PlayedGame:
    from domain.sevenwonders.trace_replay import replay_trace

    return import_by_replay(record, get_game("7wonders"), replay_trace)


register_trace_importer("7w-trace/1", import_7w)
