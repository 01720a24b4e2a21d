"""A city gains a card or a wonder stage: the caches the cost rules read are kept up to date."""

from __future__ import annotations

from msgspec.structs import replace

from domain.sevenwonders.catalog_types import CardDef, StageDef, WonderDef
from domain.sevenwonders.state import City


def _mask(choice: tuple[int, ...]) -> int:
    m = 0
    for r in choice:
        m |= 1 << r
    return m


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def new_city(wonder: WonderDef, side: int, coins: int) -> City:
    fixed = [0] * 7
    if wonder.resource >= 0:  # Rome (Leaders) produces no resource
        fixed[wonder.resource] = 1
    return City(board=wonder.id, side=side, coins=coins, fixed=tuple(fixed))


def add_card(city: City, card: CardDef) -> City:
    colours = list(city.colours)
    colours[card.colour] += 1
    changes: dict[str, object] = {
        "built": (*city.built, card.id),
        "names": city.names | 1 << card.name_id,
        "colours": tuple(colours),
    }
    if any(card.produces):
        changes["fixed"] = _add(city.fixed, card.produces)
    if card.choice:
        m = _mask(card.choice)
        changes["own_masks"] = (*city.own_masks, m)
        if card.tradeable:
            changes["masks"] = (*city.masks, m)
    if card.shields:
        changes["shields"] = city.shields + card.shields
    if card.science >= 0:
        science = list(city.science)
        science[card.science] += 1
        changes["science"] = tuple(science)
    for name, args in card.on_build:
        if name == "trade_discount":
            changes["discounts"] = city.discounts | args[0]
        elif name == "science_wild":
            changes["wilds"] = city.wilds + 1
    return replace(city, **changes)


RAW_BOTH = sum(1 << i for i in range(4)) | sum(1 << (7 + i) for i in range(4))
"""Olympia B's first stage: raw materials at 1 coin from both neighbours."""


def add_stage(city: City, stage: StageDef, tucked: int) -> City:
    changes: dict[str, object] = {"stages": city.stages + 1, "tucked": (*city.tucked, tucked)}
    if stage.shields:
        changes["shields"] = city.shields + stage.shields
    if stage.choice:
        changes["own_masks"] = (*city.own_masks, _mask(stage.choice))
    if stage.abilities:
        changes["abilities"] = city.abilities | frozenset(stage.abilities)
        if "science_wild" in stage.abilities:
            changes["wilds"] = city.wilds + 1
        if "trade_discount_raw" in stage.abilities:
            changes["discounts"] = city.discounts | RAW_BOTH
    return replace(city, **changes)
