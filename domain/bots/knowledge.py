"""Per-kind knowledge a bot may use: sample a state from a view, score a state.

Registered by kind; a kind without knowledge is still played by every level (greedy and
strong then fall back to random moves). A kind's determiniser reads the view; an
expansion's part of it is rebuilt by a sampler in the expansion's own package (registered
with the kind's knowledge), and what none can rebuild is declined (returns None). The
knowledge of a kind and of its expansions lives in each package's `bot_knowledge` module
(`domain.kernel.expansions.packages_of`), loaded on a bot's first use.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from domain.kernel.expansions import package_module, packages_of
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


def register_knowledge(kind: str, knowledge: Knowledge) -> None:
    _KNOWLEDGE[kind] = knowledge


_LOADED: set[str] = set()
"""Kinds whose modules were all imported: a kind's own module may have been imported (and
registered) before its expansions' parts, which must load all the same."""


def knowledge_for(kind: str) -> Knowledge | None:
    if kind not in _LOADED:
        packages = packages_of(kind)
        for package in packages:
            package_module(package, "bot_knowledge")
        if packages:  # a kind registered later still loads its own
            _LOADED.add(kind)
    return _KNOWLEDGE.get(kind)
