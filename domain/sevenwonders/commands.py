"""Commands a seat may issue, named as imperatives.

A `Play` names the card, the action and the payment: `left` and `right` are the coins the
seat pays each neighbour (None: the cheapest payment listed), `buy_left` and `buy_right`
optionally say which resources (counts of wood, stone, clay, ore, glass, loom, papyrus) it
buys from each, where several purchases share one coin split. `city` is needed only by the
holder of the Free City card in the two-player variant (2 for the Free City's card).

`legal_moves` lists the non-dominated payments; any valid purchase is accepted, also one
another payment beats on both sides (the rules let a player pay a dearer neighbour).
"""

from __future__ import annotations

import msgspec


class Command(
    msgspec.Struct, frozen=True, tag_field="type", kw_only=True, forbid_unknown_fields=True,
    gc=False,
):
    seat: int


class Play(Command, frozen=True, tag=True):
    card: int
    action: str
    """build, stage (the next wonder stage), discard (3 coins), free (Olympia A)."""
    city: int | None = None
    left: int | None = None
    right: int | None = None
    buy_left: tuple[int, ...] | None = None
    buy_right: tuple[int, ...] | None = None
    buy_far: tuple[tuple[int, tuple[int, ...]], ...] | None = None
    """With a market open to the city (Faith's Poséidon): (seller city, resources) bought
    from cities other than the neighbours, at the market's price."""


class BuildDiscarded(Command, frozen=True, tag=True):
    """Halikarnassus: build a card of the discard pile for free."""

    card: int


class CopyGuild(Command, frozen=True, tag=True):
    """Olympia B's last stage: copy a guild of a neighbouring city."""

    card: int
    neighbour: str
    """left or right."""


SevenWondersCommand = Play | BuildDiscarded | CopyGuild
