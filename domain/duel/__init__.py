"""7 Wonders Duel: the base game's rules as a pure decider.

Its expansions declare themselves (`domain.kernel.expansions.register_expansion`, kind
``duel``) and attach through `DuelRules`, in the order of `domain.packages`; Duel names none.
"""

import json
from typing import Any

from domain.duel import description as _description  # noqa: F401  (registers /kinds facts)
from domain.duel.game import BASE_RULES, DuelGame
from domain.duel.trace_import import import_duel
from domain.duel.trace_replay import replay_trace
from domain.duel.trace_writer import write_trace
from domain.kernel.errors import DomainError
from domain.kernel.expansions import expansions_of
from domain.kernel.registry import register
from domain.kernel.traces import (
    PlayedGame,
    TraceError,
    register_trace_format,
    register_trace_importer,
    register_trace_writer,
)

_BASE = DuelGame(BASE_RULES)
_GAMES: dict[tuple[str, ...], DuelGame] = {(): _BASE}
_CACHE_LIMIT = 64


def _factory(expansions: tuple[str, ...], options: dict[str, Any]) -> DuelGame:
    known = expansions_of("duel")
    unknown = [e for e in expansions if e not in {x.name for x in known}]
    if unknown:
        raise DomainError("unknown_expansion", f"Duel has no expansion {unknown}")
    if len(set(expansions)) != len(expansions):
        raise DomainError("duplicate_expansion", f"an expansion is named twice: {expansions}")
    chosen = tuple(x for x in known if x.name in expansions)
    if options and not any(x.description.options for x in chosen):
        takers = " or ".join(x.description.title for x in known if x.description.options)
        raise DomainError(
            "unknown_option",
            f"7 Wonders Duel takes options only with {takers}; got {sorted(options)}",
        )
    key = tuple(x.name for x in chosen)
    cache_key = (*key, json.dumps(options, sort_keys=True, default=str)) if options else key
    game = _GAMES.get(cache_key)
    if game is None:
        rules = BASE_RULES
        for expansion in chosen:
            rules = expansion.attach(rules, options)
        if len(_GAMES) > _CACHE_LIMIT:  # option sets are open-ended: keep the cache bounded
            for k in [k for k in _GAMES if len(k) > len(known)]:
                del _GAMES[k]
        game = _GAMES[cache_key] = DuelGame(rules)
    return game


def _write(game: Any, played: PlayedGame) -> dict[str, Any]:
    """A base game in `duel-trace/1`; a game with expansions in the format of the last of
    them (in attach order) that writes one."""
    if not played.expansions:
        return write_trace(game, played)
    writers = [x.trace_writer for x in expansions_of("duel")
               if x.name in played.expansions and x.trace_writer is not None]
    if not writers:
        raise TraceError(f"no trace format records Duel with {list(played.expansions)}")
    return writers[-1](game, played)


register("duel", _factory)
register_trace_format("duel-trace/1", replay_trace)
register_trace_importer("duel-trace/1", import_duel)
register_trace_writer("duel", _write)

__all__ = ["BASE_RULES", "DuelGame"]
