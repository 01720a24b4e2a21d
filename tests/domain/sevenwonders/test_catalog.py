"""The catalog is the reference's facts (`base.yaml`), field by field.

Reference: `shared/reference/7wonders/base.yaml` (sections `cards`, `guilds`, `wonders`,
`deck_size_check`, `chains`, `science_symbols`), compiled from the first-edition rulebook
(see SOURCES.md beside it).
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.sevenwonders.catalog import CARDS, GUILDS, NAMES, WONDERS
from domain.sevenwonders.catalog_types import COLOURS, PURPLE, RESOURCES, SYMBOLS
from domain.sevenwonders.deal import age_deck
from tests.shared_paths import SHARED

REFERENCE = SHARED / "reference" / "7wonders" / "base.yaml"

pytestmark = pytest.mark.skipif(
    not REFERENCE.exists(), reason=f"the 7 Wonders reference {REFERENCE} is absent"
)


@pytest.fixture(scope="module")
def ref() -> dict[str, Any]:
    import yaml

    with REFERENCE.open(encoding="utf-8") as handle:
        data: dict[str, Any] = yaml.safe_load(handle)
    return data


def _res(counts: dict[str, int] | None) -> tuple[int, ...]:
    return tuple((counts or {}).get(r, 0) for r in RESOURCES)


def _entries(ref: dict[str, Any]) -> list[dict[str, Any]]:
    return list(ref["cards"]) + list(ref["guilds"]["list"])


def test_one_card_per_reference_entry_in_order(ref: dict[str, Any]) -> None:
    entries = _entries(ref)
    assert [c.key for c in CARDS] == [e["id"] for e in entries]
    assert [c.name for c in CARDS] == [e["name"] for e in entries]
    assert [c.name_fr for c in CARDS] == [e["name_fr"] for e in entries]
    assert tuple(range(68, 78)) == GUILDS


def test_age_colour_copies_and_cost(ref: dict[str, Any]) -> None:
    for card, entry in zip(CARDS, _entries(ref), strict=True):
        is_guild = card.id in GUILDS
        assert card.age == (3 if is_guild else entry["age"]), card.name
        assert COLOURS[card.colour] == ("purple" if is_guild else entry["colour"]), card.name
        assert card.copies == ((0,) if is_guild else tuple(entry["copies"])), card.name
        assert card.coins == entry["cost"].get("coins", 0), card.name
        assert card.cost == _res(entry["cost"].get("resources")), card.name


def test_chains_both_ways(ref: dict[str, Any]) -> None:
    for card, entry in zip(CARDS, _entries(ref), strict=True):
        assert sorted(NAMES[n] for n in card.chain_from) == sorted(
            entry.get("free_if_owned", [])
        ), card.name
    links = {(p, s) for p, succ in ref["chains"].items() for s in succ}
    mine = {(NAMES[n], c.name) for c in CARDS for n in c.chain_from}
    assert mine == links
    assert len(links) == 26


def test_effects(ref: dict[str, Any]) -> None:
    for card, entry in zip(CARDS, _entries(ref), strict=True):
        eff = entry["effect"]
        kind = eff["type"]
        assert card.produces == (_res(eff["resources"]) if kind == "produce" else _res({}))
        if kind == "produce_one_of":
            assert card.choice == tuple(RESOURCES.index(r) for r in eff["choices"])
            assert card.tradeable == (eff.get("tradeable", True) is not False)
        else:
            assert card.choice == ()
        assert card.vp == (eff["vp"] if kind == "victory_points" else 0), card.name
        assert card.shields == (eff["shields"] if kind == "shields" else 0), card.name
        expected_symbol = SYMBOLS.index(eff["symbol"]) if kind == "science" else -1
        assert card.science == expected_symbol, card.name
        names = [n for n, _ in card.on_build] + [n for n, _ in card.end_vp]
        expected = {
            "produce": [], "produce_one_of": [], "victory_points": [], "shields": [],
            "science": [], "gain_coins": ["gain_coins"], "trade_discount": ["trade_discount"],
            "gain_coins_per_card": ["coins_per_card_around"],
            "coins_and_vp_per_card": ["coins_per_own_card", "vp_per_own_card"],
            "coins_and_vp_per_wonder_stage": ["coins_per_own_stage", "vp_per_own_stage"],
            "vp_per_defeat_token": ["vp_per_neighbour_defeat"],
            "science_wild": ["science_wild"],
            "vp_per_wonder_stage": ["vp_per_stage_around"],
        }.get(kind)
        if kind == "vp_per_card":
            expected = ["vp_per_own_colours" if "card_colours" in eff else "vp_per_neighbour_card"]
        assert names == expected, card.name
        args = [a for _, a in card.on_build] + [a for _, a in card.end_vp]
        if kind == "gain_coins":
            assert args == [(eff["coins"],)]
        if kind in ("gain_coins_per_card",):
            assert args == [(eff["coins_each"], COLOURS.index(eff["card_colour"]))]
        if kind == "coins_and_vp_per_card":
            colour = COLOURS.index(eff["card_colour"])
            assert args == [(eff["coins_each_on_build"], colour), (eff["vp_each_at_end"], colour)]
        if kind == "coins_and_vp_per_wonder_stage":
            assert args == [(eff["coins_each_on_build"],), (eff["vp_each_at_end"],)]
        if kind == "vp_per_card" and "card_colours" not in eff:
            assert args == [(eff["vp_each"], COLOURS.index(eff["card_colour"]))]
        if kind == "vp_per_card" and "card_colours" in eff:
            assert args == [(eff["vp_each"], *(COLOURS.index(c) for c in eff["card_colours"]))]
        if kind == "trade_discount":
            mask = sum(1 << (RESOURCES.index(g) + (0 if side == "left" else 7))
                       for side in eff["from"] for g in eff["goods"])
            assert args == [(mask,)]
            assert eff["price"] == 1


def test_science_symbols(ref: dict[str, Any]) -> None:
    for symbol, names in ref["science_symbols"].items():
        assert sorted(c.name for c in CARDS if c.science == SYMBOLS.index(symbol)) == sorted(names)


def test_wonder_boards(ref: dict[str, Any]) -> None:
    assert [w.key for w in WONDERS] == [w["id"] for w in ref["wonders"]]
    for wonder, entry in zip(WONDERS, ref["wonders"], strict=True):
        assert wonder.name == entry["name"]
        assert RESOURCES[wonder.resource] == entry["starting_resource"]
        for side, stages in zip("AB", wonder.sides, strict=True):
            assert len(stages) == len(entry[side]), (wonder.name, side)
            for stage, st in zip(stages, entry[side], strict=True):
                eff = st["effect"]
                where = (wonder.name, side, st["stage"])
                assert stage.cost == _res(st["cost"]), where
                assert (stage.vp, stage.coins, stage.shields) == (
                    eff.get("vp", 0), eff.get("coins", 0), eff.get("shields", 0)), where
                assert stage.choice == tuple(RESOURCES.index(r)
                                             for r in eff.get("produce_one_of", [])), where
                expected = {
                    "science_wild": "science_wild" in eff,
                    "build_from_discard": "build_from_discard" in eff,
                    "free_build": bool(eff.get("free_build_once_per_age")),
                    "seventh_card": bool(eff.get("play_seventh_card")),
                    "trade_discount_raw": "trade_discount" in eff,
                    "copy_guild": bool(eff.get("copy_neighbour_guild")),
                }
                assert set(stage.abilities) == {k for k, v in expected.items() if v}, where


def test_olympia_b_discount_is_raw_materials_from_both_sides(ref: dict[str, Any]) -> None:
    olympia = next(w for w in ref["wonders"] if w["id"] == "olympia")
    discount = olympia["B"][0]["effect"]["trade_discount"]
    assert discount == {"goods": ["wood", "stone", "clay", "ore"], "from": ["left", "right"],
                        "price": 1}


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_deck_sizes(ref: dict[str, Any], players: int) -> None:
    check = ref["deck_size_check"]
    for age in (1, 2):
        assert len(age_deck(CARDS, age, players)) == check[f"age_{age}"][players]
    assert len(age_deck(CARDS, 3, players)) == check["age_3_without_guilds"][players]
    assert len(age_deck(CARDS, 3, players)) + players + 2 == 7 * players
    assert sum(1 for c in CARDS if c.colour == PURPLE) == 10
