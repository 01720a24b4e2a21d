"""Named card effects: coins taken when a card is built, victory points at the end.

Cards name these functions in the catalog (`CardDef.on_build`, `CardDef.end_vp`); effects
that change a city's abilities (trading discounts, wild science symbols) are applied by
`city.add_card` instead, as they are state rather than a one-off gain.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from domain.sevenwonders.state import SWState, left_of, right_of

OnBuildFn = Callable[[SWState, int, tuple[int, ...]], int]
"""Coins a city takes when it builds the card (on the state with every card of the step
placed: the Vineyard and the Bazar count the neighbours' cards built in the same step)."""
EndVpFn = Callable[[SWState, int, tuple[int, ...]], int]
"""Victory points the card gives its city at the end of the game."""


def _around(state: SWState, city: int) -> tuple[int, int, int]:
    return (city, left_of(state, city), right_of(state, city))


def gain_coins(state: SWState, city: int, args: tuple[int, ...]) -> int:
    return args[0]


def coins_per_card_around(state: SWState, city: int, args: tuple[int, ...]) -> int:
    each, colour = args
    return each * sum(state.cities[c].colours[colour] for c in _around(state, city))


def coins_per_own_card(state: SWState, city: int, args: tuple[int, ...]) -> int:
    each, colour = args
    return each * state.cities[city].colours[colour]


def coins_per_own_stage(state: SWState, city: int, args: tuple[int, ...]) -> int:
    return args[0] * state.cities[city].stages


def no_coins(state: SWState, city: int, args: tuple[int, ...]) -> int:
    return 0


ON_BUILD: Mapping[str, OnBuildFn] = {
    "gain_coins": gain_coins,
    "coins_per_card_around": coins_per_card_around,
    "coins_per_own_card": coins_per_own_card,
    "coins_per_own_stage": coins_per_own_stage,
    "trade_discount": no_coins,
    "science_wild": no_coins,
}


def vp_per_own_card(state: SWState, city: int, args: tuple[int, ...]) -> int:
    each, colour = args
    return each * state.cities[city].colours[colour]


def vp_per_own_stage(state: SWState, city: int, args: tuple[int, ...]) -> int:
    return args[0] * state.cities[city].stages


def vp_per_own_colours(state: SWState, city: int, args: tuple[int, ...]) -> int:
    colours = state.cities[city].colours
    return args[0] * sum(colours[c] for c in args[1:])


def vp_per_neighbour_card(state: SWState, city: int, args: tuple[int, ...]) -> int:
    each, colour = args
    cities = state.cities
    return each * (
        cities[left_of(state, city)].colours[colour]
        + cities[right_of(state, city)].colours[colour]
    )


def vp_per_neighbour_defeat(state: SWState, city: int, args: tuple[int, ...]) -> int:
    cities = state.cities
    return args[0] * sum(
        t == -1 for c in (left_of(state, city), right_of(state, city)) for t in cities[c].tokens
    )


def vp_per_stage_around(state: SWState, city: int, args: tuple[int, ...]) -> int:
    return args[0] * sum(state.cities[c].stages for c in _around(state, city))


END_VP: Mapping[str, EndVpFn] = {
    "vp_per_own_card": vp_per_own_card,
    "vp_per_own_stage": vp_per_own_stage,
    "vp_per_own_colours": vp_per_own_colours,
    "vp_per_neighbour_card": vp_per_neighbour_card,
    "vp_per_neighbour_defeat": vp_per_neighbour_defeat,
    "vp_per_stage_around": vp_per_stage_around,
}
