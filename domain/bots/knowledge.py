"""Per-kind knowledge a bot may use: sample a state from a view, score a state.

Registered by kind; a kind without knowledge is still played by every level (greedy and
strong then fall back to random moves). A kind's determiniser reads the view; an
expansion's part of it is rebuilt by a sampler in the expansion's own package (registered
with the kind's knowledge), and what none can rebuild is declined (returns None).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from typing import Any, Protocol

from domain.kernel.game import Game


class Knowledge(Protocol):
    def determinise(
        self, game: Game, view: Any, seat: int, moves: Sequence[Any], rng: random.Random
    ) -> Any | None:
        """A full state consistent with what `seat` knows (`view`, `moves`), hidden parts
        drawn from `rng`; None when this view cannot be rebuilt."""
        ...

    def evaluate(self, game: Game, state: Any, seat: int) -> float:
        """How good `state` is for `seat` (points, coins, threats), higher is better."""
        ...

    def outcome(self, game: Game, state: Any, seat: int) -> float:
        """The result of a finished game for `seat`: 1 a win, 0 a loss, between for ties
        and places."""
        ...


_KNOWLEDGE: dict[str, Knowledge] = {}
_MODULES: dict[str, tuple[str, ...]] = {
    "duel": ("domain.duel.bot_knowledge", "domain.duel_agora.bot_knowledge",
             "domain.duel_leaders.bot_knowledge"),
    "7wonders": ("domain.sevenwonders.bot_knowledge",
                 "domain.sevenwonders_leaders.bot_knowledge",
                 "domain.sevenwonders_faith.bot_knowledge"),
}
"""Where each kind's knowledge lives (the kind's, then its expansions' parts), loaded on
first use."""


def register_knowledge(kind: str, knowledge: Knowledge) -> None:
    _KNOWLEDGE[kind] = knowledge


_LOADED: set[str] = set()
"""Kinds whose modules were all imported: a kind's own module may have been imported (and
registered) before its expansions' parts, which must load all the same."""


def knowledge_for(kind: str) -> Knowledge | None:
    if kind not in _LOADED and kind in _MODULES:
        try:
            for module in _MODULES[kind]:
                importlib.import_module(module)
        except ModuleNotFoundError:
            return None
        _LOADED.add(kind)
    return _KNOWLEDGE.get(kind)
