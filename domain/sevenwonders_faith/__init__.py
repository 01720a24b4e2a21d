"""Faith, the fan expansion of gods for 7 Wonders (rules: Shima, 2012), attached through the
base engine's hooks (`domain.sevenwonders.hooks`)."""

from __future__ import annotations

from typing import Any

from domain.sevenwonders.hooks import SevenWondersRules
from domain.sevenwonders_faith.game import FaithGame, attach, parse_costs

FORMAT = "7w-faith-trace/1"


def build(base: SevenWondersRules, expansions: tuple[str, ...], options: dict[str, Any]
          ) -> FaithGame:
    return FaithGame(attach(base, parse_costs(options.get("god_costs"))), expansions)


__all__ = ["FORMAT", "FaithGame", "build"]
