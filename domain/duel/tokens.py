"""Persistent abilities of the base game's progress tokens, as hooks and lookups.

Tokens with one-off effects (Agriculture, Philosophy, Law, Mathematics) are plain catalog
effects; the ones that change later rules are here, by their stable keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.duel.catalog import TOKENS
from domain.duel.catalog_types import BLUE

if TYPE_CHECKING:
    from domain.duel.state import DuelState

_ID = {t.key: t.id for t in TOKENS}
ARCHITECTURE = _ID["architecture"]
ECONOMY = _ID["economy"]
MASONRY = _ID["masonry"]
STRATEGY = _ID["strategy"]
THEOLOGY = _ID["theology"]
URBANISM = _ID["urbanism"]

URBANISM_CHAIN_COINS = 4
DISCOUNT_UNITS = 2


def masonry_architecture_discount(state: DuelState, seat: int, kind: str, colour: int) -> int:
    """Masonry: blue cards cost 2 fewer resources; Architecture: wonders do."""
    player = state.players[seat]
    if kind == "wonder":
        return DISCOUNT_UNITS if ARCHITECTURE in player.tokens else 0
    return DISCOUNT_UNITS if colour == BLUE and MASONRY in player.tokens else 0
