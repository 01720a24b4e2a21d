"""A city gains a card or a wonder stage: the caches the cost rules read are kept up to date."""

from __future__ import annotations

from operator import add

from msgspec.structs import replace

from domain.sevenwonders.catalog_types import CardDef, StageDef, WonderDef
from domain.sevenwonders.state import City


def _mask(choice: tuple[int, ...]) -> int:
    m = 0
    for r in choice:
        m |= 1 << r
    return m


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(add, a, b))


def new_city(wonder: WonderDef, side: int, coins: int) -> City:
    fixed = [0] * 7
    if wonder.resource >= 0:  # Rome (Leaders) produces no resource
        fixed[wonder.resource] = 1
    return City(board=wonder.id, side=side, coins=coins, fixed=tuple(fixed))


Gain = tuple[int, int, tuple[int, ...], int, bool, int, int, int, int]
"""What building a card adds to a city: (colour, name bit, fixed production or (), resource
mask of its one-of-several production or 0, whether neighbours may buy it, shields, science
symbol or -1, trading discount bits, wild science symbols)."""


def card_gain(card: CardDef) -> Gain:
    """The card's `Gain` (a table per card object: the catalog's cards are built once)."""
    found = _GAINS.get(id(card))
    if found is None or found[0] is not card:
        discounts = wilds = 0
        for name, args in card.on_build:
            if name == "trade_discount":
                discounts |= args[0]
            elif name == "science_wild":
                wilds += 1
        gain = (card.colour, 1 << card.name_id, card.produces if any(card.produces) else (),
                _mask(card.choice) if card.choice else 0, card.tradeable, card.shields,
                card.science, discounts, wilds)
        found = _GAINS[id(card)] = (card, gain)
    return found[1]


_GAINS: dict[int, tuple[CardDef, Gain]] = {}


def add_card(city: City, card: CardDef, coins: int | None = None,
             free_used: int | None = None) -> City:
    """`city` with `card` built (and its `coins` and `free_used` set in the same copy, when
    given)."""
    colour, name_bit, produces, mask, tradeable, shields, science, discounts, wilds = (
        card_gain(card))
    colours = list(city.colours)
    colours[colour] += 1
    if not (mask or discounts or wilds) and free_used is None:
        # The frequent cases (at most one of production, military and science): one call.
        if coins is None:
            coins = city.coins
        if not produces and not shields:
            if science < 0:
                return replace(city, built=(*city.built, card.id),
                               names=city.names | name_bit, colours=tuple(colours),
                               coins=coins)
            symbols = list(city.science)
            symbols[science] += 1
            return replace(city, built=(*city.built, card.id), names=city.names | name_bit,
                           colours=tuple(colours), coins=coins, science=tuple(symbols))
        if science < 0:
            if not shields:
                return replace(city, built=(*city.built, card.id),
                               names=city.names | name_bit, colours=tuple(colours),
                               coins=coins, fixed=_add(city.fixed, produces))
            if not produces:
                return replace(city, built=(*city.built, card.id),
                               names=city.names | name_bit, colours=tuple(colours),
                               coins=coins, shields=city.shields + shields)
    changes: dict[str, object] = {
        "built": (*city.built, card.id),
        "names": city.names | name_bit,
        "colours": tuple(colours),
    }
    if coins is not None:
        changes["coins"] = coins
    if free_used is not None:
        changes["free_used"] = free_used
    if produces:
        changes["fixed"] = _add(city.fixed, produces)
    if mask:
        changes["own_masks"] = (*city.own_masks, mask)
        if tradeable:
            changes["masks"] = (*city.masks, mask)
    if shields:
        changes["shields"] = city.shields + shields
    if science >= 0:
        symbols = list(city.science)
        symbols[science] += 1
        changes["science"] = tuple(symbols)
    if discounts:
        changes["discounts"] = city.discounts | discounts
    if wilds:
        changes["wilds"] = city.wilds + wilds
    return replace(city, **changes)


RAW_BOTH = sum(1 << i for i in range(4)) | sum(1 << (7 + i) for i in range(4))
"""Olympia B's first stage: raw materials at 1 coin from both neighbours."""


def add_stage(city: City, stage: StageDef, tucked: int, **also: object) -> City:
    """`city` with its next stage built over `tucked` (and the fields in `also` set)."""
    changes: dict[str, object] = {"stages": city.stages + 1, "tucked": (*city.tucked, tucked),
                                  **also}
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
