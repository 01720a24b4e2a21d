"""What a command's reply may carry of the game after it: one request per move.

A client (or a bot) that sends `"include": ["moves", "view"]` with its command gets back
`next`: the version the game is at, who may act there, and its own legal moves and/or its
view at that version. They come from the state the command pipeline holds in memory right
after its append (the per-seat views it has just built for the append are reused), so the
reply costs no read; without `include`, nothing of this is computed.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from domain.kernel import Game
from domain.kernel.meta import left_seats
from projections.views import seat_key

Include = Literal["moves", "view"]
IncludeList = Annotated[list[Include], msgspec.Meta(max_length=2, description=(
    "Ask the reply to carry `next`: the submitting seat's legal moves (`moves`) and/or its "
    "view (`view`) at the game's version after the command."))]
JsonValue = Annotated[msgspec.Raw, msgspec.Meta(description="a JSON value defined by the game")]


class NextOut(msgspec.Struct, omit_defaults=True):
    """The game after a command, as the submitting seat sees it."""

    version: int
    """The version `moves` and `view` belong to: the command's last version, or the game's
    current one when nothing was appended now (a replayed idempotency key)."""
    acting: list[int]
    """Seats that may act at `version` (empty once the game is over)."""
    moves: list[JsonValue] | None = None
    """With `moves` included: the seat's legal moves at `version`, ready to send."""
    view: JsonValue | None = None
    """With `view` included: the seat's view at `version`."""


def players_moves(game: Game, state: Any, seat: int) -> list[Any]:
    """The seat's legal moves as its player may send them: none once the seat left the game
    (its bot, which plays it on, asks the rules directly)."""
    return [] if seat in left_seats(state) else list(game.legal_moves(state, seat))


def next_of(
    game: Game, state: Any, version: int, seat: int, include: frozenset[str],
    views: list[tuple[int, str]] | None = None,
) -> NextOut:
    """`next` for `seat` on `state` at `version`; `views`: the (seat key, JSON) views of
    `state` when already built (no second `view` call)."""
    out = NextOut(version, list(game.acting_seats(state)))
    if "moves" in include:  # as `GET /legal-moves` answers
        encode = msgspec.json.encode
        out.moves = [msgspec.Raw(encode(m)) for m in players_moves(game, state, seat)]
    if "view" in include:
        key = seat_key(seat)
        built = next((v for k, v in views if k == key), None) if views else None
        out.view = msgspec.Raw(
            built.encode() if built is not None else msgspec.json.encode(game.view(state, seat))
        )
    return out
