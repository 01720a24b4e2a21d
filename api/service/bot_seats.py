"""Which seats the server's bots play: read from a game's options, transport-free.

A game's bot seats are kept in its options (`"bots": [null, "greedy"]`, one entry per seat),
written with the game in one statement and stripped before the game's rules see them
(`domain.kernel.registry.SERVICE_OPTIONS`). Creating a game, serving its clocks and the bot
runner (`api/runners/bots.py`) all read them here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from api.service.refusals import Invalid
from domain.bots import LEVELS
from domain.kernel.clocks import CLOCK_OPTION
from domain.kernel.meta import MetaGame, left_seats

BOTS_OPTION = "bots"


def seats_and_bots(
    seats: Sequence[Any], options: dict[str, Any]
) -> tuple[list[str], dict[str, Any]]:
    """Seat names and the options to store, from the `seats` of a create request."""
    if BOTS_OPTION in options:
        raise Invalid("invalid_options", "bot seats are set in `seats`, not in options")
    names: list[str] = []
    bots: list[str | None] = []
    for i, seat in enumerate(seats):
        if seat.bot is not None and seat.bot not in LEVELS:
            raise Invalid("invalid_bot", f"seat {i}: no bot level {seat.bot!r}; known: {LEVELS}",
                          {"seat": i})
        if seat.bot is None and seat.name is None:
            raise Invalid("invalid_seat", f"seat {i} needs a name or a bot", {"seat": i})
        names.append(seat.name if seat.name is not None else f"{seat.bot} bot")
        bots.append(seat.bot)
    if any(bots):
        options = {**options, BOTS_OPTION: bots}
    return names, options


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
