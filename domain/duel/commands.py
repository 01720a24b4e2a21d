"""Commands a seat may issue, named as imperatives.

`coins` on a construction is the price the seat expects to pay: when given it must equal
the engine's (cheapest) price, so a client never pays more than it saw. `buy` optionally
says which resources to buy from the bank (counts of wood, clay, stone, glass, papyrus)
where several equally cheap purchases are legal; it must be one of the cheapest.
"""

from __future__ import annotations

import msgspec


class Command(
    msgspec.Struct, frozen=True, tag_field="type", kw_only=True, forbid_unknown_fields=True,
    gc=False,
):
    seat: int


class PickWonder(Command, frozen=True, tag=True):
    wonder: int


class ConstructBuilding(Command, frozen=True, tag=True):
    slot: int
    coins: int | None = None
    buy: tuple[int, ...] | None = None


class DiscardCard(Command, frozen=True, tag=True):
    slot: int


class ConstructWonder(Command, frozen=True, tag=True):
    slot: int
    wonder: int
    coins: int | None = None
    buy: tuple[int, ...] | None = None


class ChooseProgressToken(Command, frozen=True, tag=True):
    token: int


class DestroyCard(Command, frozen=True, tag=True):
    card: int


class ConstructFromDiscard(Command, frozen=True, tag=True):
    card: int


class TakeLibraryToken(Command, frozen=True, tag=True):
    token: int


class ChooseStartPlayer(Command, frozen=True, tag=True):
    starts: int


DuelCommand = (
    PickWonder
    | ConstructBuilding
    | DiscardCard
    | ConstructWonder
    | ChooseProgressToken
    | DestroyCard
    | ConstructFromDiscard
    | TakeLibraryToken
    | ChooseStartPlayer
)
