"""Views at versions inside an append: every version from the first is readable.

Stored views exist at commit points (the end of each append); the opening of a game is one
append of several events, so a version inside it has no stored view. Such a version's view
is folded from the events up to it, filtered for the caller like any view.
"""

from __future__ import annotations

from typing import Any

import msgspec

from api.service.folded import Folded
from api.service.game_service import GameService
from domain.kernel import fold
from projections.rulesets import decoder_of


async def folded_view(
    service: GameService, folded: Folded, seat: int | None, version: int
) -> str | None:
    """The caller's view at `version` by folding its events; None past the stream's end."""
    stored = await service.store.read_stream(folded.game_id, 0, version)
    if not stored or stored[-1].version != version:
        return None
    game = folded.game
    decode = decoder_of(game).decode
    events: list[Any] = [decode(e.payload) for e in stored]
    state = fold(game, events)
    return msgspec.json.encode(game.view(state, seat)).decode()
