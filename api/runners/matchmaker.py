"""The matcher: every process runs rounds of matching (`api/service/matchmaking.py`) every
`POLIS_MATCH_INTERVAL_SECONDS`; a queue is matched by one process at a time (its advisory
lock), whichever processes run or die.

Settings: `POLIS_MATCH_WINDOW` (rating distance accepted at once, in mu),
`POLIS_MATCH_WIDEN_PER_SECOND`, `POLIS_MATCH_WINDOW_MAX`, `POLIS_MATCH_INTERVAL_SECONDS`,
`POLIS_MATCH_TICKET_SECONDS` (a waiting ticket expires), `POLIS_MATCH_BOT_LEVEL` (the bots
that fill a game), `POLIS_MATCH_RECOVER_SECONDS` (a matched ticket's game not created this
long after: its matcher died, another creates it).
"""

from __future__ import annotations

import os

from api.runners.periodic import Periodic
from api.service.matching import Policy
from api.service.matchmaking import Matchmaking, MatchSettings, checked_level


def match_settings() -> MatchSettings:
    env = os.environ

    def number(name: str, default: float) -> float:
        value = float(env.get(name, str(default)))
        if not value >= 0:
            raise ValueError(f"{name} must be at least 0")
        return value

    policy = Policy(number("POLIS_MATCH_WINDOW", 2.0),
                    number("POLIS_MATCH_WIDEN_PER_SECOND", 0.25),
                    number("POLIS_MATCH_WINDOW_MAX", 50.0))
    return MatchSettings(policy, max(0.05, number("POLIS_MATCH_INTERVAL_SECONDS", 1.0)),
                         number("POLIS_MATCH_TICKET_SECONDS", 600.0),
                         checked_level(env.get("POLIS_MATCH_BOT_LEVEL", "greedy")),
                         number("POLIS_MATCH_RECOVER_SECONDS", 10.0))


class Matchmaker(Periodic):
    """One process's rounds (see the module docstring)."""

    def __init__(self, matchmaking: Matchmaking) -> None:
        super().__init__("matchmaking round", lambda: matchmaking.settings.interval_seconds,
                         matchmaking.round)
        self.matchmaking = matchmaking
