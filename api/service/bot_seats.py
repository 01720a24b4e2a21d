"""Which seats the server's bots play: read from a game's options, transport-free.

A game's bot seats are kept in its options (`"bots": [null, "greedy"]`, one entry per seat),
written with the game in one statement and stripped before the game's rules see them
(`domain.kernel.registry.SERVICE_OPTIONS`). Creating a game, serving its clocks and the bot
runner (`api/runners/bots.py`) all read them here.
"""

from __future__ import annotations

from typing import Any

from domain.kernel.clocks import CLOCK_OPTION
from domain.kernel.meta import MetaGame, left_seats

BOTS_OPTION = "bots"


def bot_levels(options: dict[str, Any], seats: int) -> list[str | None]:
    """Each seat's bot level (None: a player's seat), from a game's stored options."""
    found = options.get(BOTS_OPTION)
    levels: list[str | None] = list(found) if isinstance(found, list) else []
    return (levels + [None] * seats)[:seats]


def playing_levels(options: dict[str, Any], seats: int, game: Any, state: Any) -> list[str | None]:
    """Each seat's bot level in `state`: the bot seats of `options`, and the seats that left
    a game that goes on (`domain/kernel/meta.py`: handed to their bot, the ruleset's
    `leaver_bot`). In a game with a clock the clock's runner plays the latter, as it plays
    every seat handed to its bot (`api/runners/timeouts.py`): here they are left to it."""
    levels = bot_levels(options, seats)
    if CLOCK_OPTION in options or not isinstance(game, MetaGame):
        return levels
    for seat in left_seats(state):
        if 0 <= seat < seats and levels[seat] is None:
            levels[seat] = game.leaver_bot
    return levels
