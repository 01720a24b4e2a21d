"""Importers of Duel's trace formats: a record played through the engine (see
`domain.kernel.recording`), its every state checked by the format's replayer."""

from __future__ import annotations

from typing import Any

from domain.kernel.errors import DomainError
from domain.kernel.recording import import_by_replay
from domain.kernel.registry import get_game, rules_options
from domain.kernel.traces import PlayedGame, TraceError, register_trace_importer


def import_duel(record: dict[str, Any]) -> PlayedGame:
    from domain.duel.trace_replay import replay_trace

    return import_by_replay(record, get_game("duel"), replay_trace)


def import_agora(record: dict[str, Any]) -> PlayedGame:
    from domain.duel_agora.trace import replay_agora_trace

    return import_by_replay(record, get_game("duel", ("agora",)), replay_agora_trace, ("agora",))


def import_leaders(record: dict[str, Any]) -> PlayedGame:
    """Duel Leaders (alone or with Agora): the ruleset and its options come from the record."""
    from domain.duel_leaders.trace import replay_leaders_trace

    try:
        expansions = tuple(record["expansions"])
        options = rules_options(dict(record.get("options") or {}))
        game = get_game("duel", expansions, options)
    except (KeyError, TypeError, ValueError, DomainError) as exc:
        raise TraceError(f"malformed record: {exc}") from None
    return import_by_replay(record, game, replay_leaders_trace, expansions, options)


register_trace_importer("duel-trace/1", import_duel)
register_trace_importer("duel-leaders-trace/1", import_leaders)
register_trace_importer("duel-agora-trace/1", import_agora)
