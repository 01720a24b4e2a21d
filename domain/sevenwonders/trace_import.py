"""The importer of `7w-trace/1`: a record played through the engine (see
`domain.kernel.recording`), its every state checked by the replayer. Each expansion's
format has its importer in the expansion's package."""

from __future__ import annotations

from typing import Any

from domain.kernel.recording import import_by_replay
from domain.kernel.registry import get_game
from domain.kernel.traces import PlayedGame
from domain.sevenwonders.trace_replay import replay_trace


def import_7w(record: dict[str, Any]) -> PlayedGame:
    return import_by_replay(record, get_game("7wonders"), replay_trace)
