"""The Leaders catalog is the reference's facts (`leaders.yaml`), field by field.

Reference: `shared/reference/7wonders/leaders.yaml` (sections `leaders`, `blank_leader`,
`cost_summary`, `rome`, `guilds`), first edition, costs checked on card scans (SOURCES.md).
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.sevenwonders.catalog import CARDS, NAMES, WONDERS
from domain.sevenwonders.catalog_types import COLOURS, PURPLE, RESOURCES, SYMBOLS
from domain.sevenwonders_leaders.catalog import (
    BLANK,
    DEALT,
    GUILDS,
    LEADERS,
    ROME,
    ROME_BOARD,
)
from tests.shared_paths import SHARED

REFERENCE = SHARED / "reference" / "7wonders" / "leaders.yaml"

pytestmark = pytest.mark.skipif(
    not REFERENCE.exists(), reason=f"the Leaders reference {REFERENCE} is absent"
)


@pytest.fixture(scope="module")
def ref() -> dict[str, Any]:
    import yaml

    with REFERENCE.open(encoding="utf-8") as handle:
        data: dict[str, Any] = yaml.safe_load(handle)
    return data


def _res(counts: dict[str, int] | None) -> tuple[int, ...]:
    return tuple((counts or {}).get(r, 0) for r in RESOURCES)


def test_36_leaders_and_the_blank_one(ref: dict[str, Any]) -> None:
    assert len(ref["leaders"]) == ref["meta"]["components"]["leader_cards"] == 36
    assert len(DEALT) == 36 and len(LEADERS) == 38  # and Faith's Héraclès (id 37)
    assert LEADERS[BLANK].name == ref["blank_leader"]["name"]
    assert LEADERS[BLANK].name_fr == ref["blank_leader"]["name_fr"]
    assert ref["blank_leader"]["cost_coins"] is None and LEADERS[BLANK].effect == "none"


@pytest.mark.parametrize("index", range(36))
def test_leader_matches_reference(ref: dict[str, Any], index: int) -> None:
    r = ref["leaders"][index]
    d = LEADERS[index]
    assert (d.key, d.name, d.cost, d.timing) == (r["id"], r["name"], r["cost_coins"],
                                                 r["timing"])
    # The reference notes the FAQ's spelling beside Hatshepsout's French name.
    assert r["name_fr"].startswith(d.name_fr)
    e = r["effect"]
    kind = e["type"]
    expected: tuple[str, tuple[int, ...]]
    if kind == "vp_per_victory_token":
        expected = ("vp_per_victory_token", (e["vp_each"],))
    elif kind == "vp_per_wonder_stage":
        expected = ("vp_per_stage", (e["vp_each"],))
    elif kind == "build_discount":
        target = e["applies_to"]
        expected = (("one_less_stage", ()) if target == "wonder_stages"
                    else ("one_less_colour", (COLOURS.index(target),)))
        assert e["resources_less"] == 1
    elif kind == "science_set_bonus":
        expected = ("science_set_bonus", (e["vp_each_set"],))
    elif kind == "buy_from_bank":
        expected = ("buy_from_bank", (e["price"],))
        assert e["per_turn"] == 1 and e["goods"] == "any_resource"
    elif kind == "shields":
        expected = ("shields", (e["shields"],))
    elif kind == "victory_points":
        expected = ("vp", (e["vp"],))
    elif kind == "gain_coins":
        expected = ("gain_coins", (e["coins"],))
    elif kind == "science":
        expected = ("science", (SYMBOLS.index(e["symbol"]),))
    elif kind == "coin_rebate_on_trade":
        expected = ("trade_rebate", (e["coins"],))
        assert e["max_per_neighbour_per_turn"] == 1
    elif kind == "vp_per_card":
        assert e["count_in"] == ["self"]
        expected = ("vp_per_colour", (e["vp_each"], COLOURS.index(e["card_colour"])))
    elif kind == "vp_per_colour_set":
        expected = ("vp_per_set", (e["vp_each_set"],
                                   *(COLOURS.index(c) for c in e["colours"])))
    elif kind == "free_leaders":
        expected = ("free_leaders", ())
    elif kind == "vp_per_coins":
        expected = ("vp_per_coins", (e["coins_per_vp"],))
    elif kind == "coins_per_victory_token":
        expected = ("coins_per_victory", (e["coins_each"],))
    elif kind == "free_guilds":
        expected = ("free_guilds", ())
    elif kind == "build_from_discard":
        expected = ("build_from_discard", ())
        assert e["count"] == 1
    elif kind == "defeat_tokens_to_winner":
        expected = ("defeats_to_winner", ())
    elif kind == "coins_per_chain_build":
        expected = ("coins_per_chain", (e["coins_each"],))
    elif kind == "coins_per_card_built":
        expected = ("coins_per_colour_built", (e["coins_each"],
                                               COLOURS.index(e["card_colour"])))
    else:
        raise AssertionError(f"unmapped effect {kind}")
    assert (d.effect, d.args) == expected


def test_cost_summary(ref: dict[str, Any]) -> None:
    by_cost: dict[int, list[str]] = {}
    for d in LEADERS[:36]:
        by_cost.setdefault(d.cost, []).append(d.name)
    assert {k: sorted(v) for k, v in by_cost.items()} == {
        int(k): sorted(v) for k, v in ref["cost_summary"].items()}


@pytest.mark.parametrize("index", range(4))
def test_guild_matches_reference(ref: dict[str, Any], index: int) -> None:
    r = ref["guilds"][index]
    g = GUILDS[index]
    assert (g.key, g.name, g.name_fr) == (r["id"], r["name"], r["name_fr"])
    assert g.id == len(CARDS) + index and g.name_id == len(NAMES) + index
    assert (g.age, g.colour, g.coins) == (3, PURPLE, r["cost"]["coins"])
    assert g.cost == _res(r["cost"]["resources"])
    e = r["effect"]
    if e["type"] == "vp_per_coins":
        assert g.end_vp == (("vp_per_own_coins", (1, e["coins_per_vp"])),)
    elif e["type"] == "copy_neighbour_leader":
        assert g.end_vp == () and g.key == "courtesans_guild"
    elif e["card_colour"] == "white":
        assert e["count_in"] == ["left", "right"]
        assert g.end_vp == (("vp_per_neighbour_leader", (e["vp_each"],)),)
    else:
        assert e["count_in"] == ["left", "right"]
        assert g.end_vp == (("vp_per_neighbour_card", (e["vp_each"],
                                                       COLOURS.index(e["card_colour"]))),)


@pytest.mark.parametrize("side", ["A", "B"])
def test_rome_matches_reference(ref: dict[str, Any], side: str) -> None:
    r = ref["rome"]
    assert len(WONDERS) == ROME and ROME_BOARD.id == ROME
    assert r["starting_resource"] == "none" and ROME_BOARD.resource == -1
    stages = ROME_BOARD.sides["AB".index(side)]
    assert len(stages) == len(r[side]["stages"])
    for stage, rs in zip(stages, r[side]["stages"], strict=True):
        assert stage.cost == _res(rs["cost"])
        eff = rs["effect"]
        assert stage.vp == eff.get("vp", 0)
        assert stage.coins == eff.get("coins", 0)
        assert ("draw_leaders" in stage.abilities) == ("draw_leaders" in eff)
        assert ("extra_leader" in stage.abilities) == bool(eff.get("extra_leader"))
        if "draw_leaders" in eff:
            assert eff["draw_leaders"] == 4
