"""The Duel Leaders catalog is the reference's facts (`shared/reference/duel/
duel_leaders.yaml`), field by field; every value the reference leaves `unknown` is a
listed provisional value with its provenance."""

from __future__ import annotations

from typing import Any

import pytest

from domain.duel_leaders import catalog as lc
from domain.duel_leaders.effects import leader_points
from tests.domain.duel_leaders.support import RULES, started
from tests.shared_paths import SHARED

REFERENCE = SHARED / "reference" / "duel" / "duel_leaders.yaml"
SEVEN_WONDERS = SHARED / "reference" / "7wonders" / "leaders.yaml"
ALIASES = {"Ramesses": "Ramses"}
"""Our English name -> the 7 Wonders: Leaders reference's."""


def _load(path: Any) -> dict[str, Any]:
    import yaml

    with open(path, encoding="utf-8") as handle:
        data: dict[str, Any] = yaml.safe_load(handle)
    return data


@pytest.fixture(scope="module")
def ref() -> dict[str, Any]:
    return _load(REFERENCE)


def test_43_leaders_in_the_reference_order_with_their_names(ref: dict[str, Any]) -> None:
    rows = ref["leaders"]
    assert len(lc.LEADERS) == len(rows) == ref["meta"]["leaders_named_in_rules"] == 43
    for leader, row in zip(lc.LEADERS, rows, strict=True):
        assert (leader.name_fr, leader.name) == (row["name_fr"], row["english_name"])


def test_costs_known_are_kept_unknown_ones_are_provisional(ref: dict[str, Any]) -> None:
    seven = {x["name"]: x["cost_coins"] for x in _load(SEVEN_WONDERS)["leaders"]}
    for leader, row in zip(lc.LEADERS, ref["leaders"], strict=True):
        if row["cost_coins"] != "unknown":
            assert (leader.cost, leader.cost_source) == (row["cost_coins"], "rules")
            continue
        assert f"cost.{leader.key}" in lc.PROVISIONAL
        if leader.cost_source == "7w-leaders":
            assert leader.cost == seven[ALIASES.get(leader.name, leader.name)]
        else:
            assert leader.cost_source == "justified" and leader.key in lc.JUSTIFIED
            assert lc.JUSTIFIED[leader.key].startswith(f"{leader.cost}:")
            assert ALIASES.get(leader.name, leader.name) not in seven or leader.name == (
                "Semiramis")


def test_every_provisional_value_is_listed() -> None:
    provisional = set(lc.PROVISIONAL)
    assert {k for k in provisional if k.startswith("cost.")} == {
        f"cost.{x.key}" for x in lc.LEADERS if x.cost_source != "rules"}
    assert len([k for k in provisional if k.startswith("cost.")]) == 41
    assert {k for k in provisional if k.startswith("chains.")} == {
        "chains.archimedes", "chains.hammurabi", "chains.leonidas", "chains.xenophon",
        "chains.da_vinci"}
    assert {"wonder.rome.cost", "wonder.rome.play_again", "wonder.abu_simbel.cost",
            "wonder.abu_simbel.vp"} <= provisional


def test_chain_leaders_are_the_reference_unknowns(ref: dict[str, Any]) -> None:
    for leader, row in zip(lc.LEADERS, ref["leaders"], strict=True):
        assert bool(leader.chains) == ("chain_symbols_granted" in row)


def test_panels_are_the_reference_variants(ref: dict[str, Any]) -> None:
    by_fr = {x.name_fr: x.id for x in lc.LEADERS}
    for panel in ("victory_points", "abilities"):
        names = ref["variant_panels"][panel]
        assert len(names) == 16
        assert sorted(lc.PANELS[panel]) == sorted(by_fr[n] for n in names)
    neither = ref["variant_panels"]["in_neither_panel"]
    assert sorted(x.id for x in lc.LEADERS if x.panel is None) == sorted(by_fr[n] for n in neither)
    for leader, row in zip(lc.LEADERS, ref["leaders"], strict=True):
        assert leader.panel == row["panel"]


def test_numeric_effects_match_the_reference(ref: dict[str, Any]) -> None:
    """Flat VP, VP per card, per wonder and per token as the reference gives them."""
    from msgspec.structs import replace

    state = started()
    colours = (1, 2, 3, 4, 5, 6, 7)  # brown .. purple
    p = replace(state.players[0], colours=colours, built_wonders=(0, 1), tokens=(0, 1, 2))
    state = replace(state, players=(p, state.players[1]))
    index = {"brown": 0, "grey": 1, "blue": 2, "green": 3, "yellow": 4, "red": 5, "purple": 6}
    for leader, row in zip(lc.LEADERS, ref["leaders"], strict=True):
        points = leader_points(RULES, state, 0, leader.id)
        if "victory_points" in row:
            assert points == row["victory_points"], leader.name
        if "vp_per_own_card" in row:
            per = row["vp_per_own_card"]
            assert points == per["vp"] * colours[index[per["colour"]]], leader.name
        if "vp_per_own_built_wonder" in row:
            assert points == 2 * row["vp_per_own_built_wonder"]
        if "vp_per_progress_token" in row:
            assert points == 3 * row["vp_per_progress_token"]
        if "vp_per_set" in row:
            sets = min(colours[index[c]] for c in row["vp_per_set"]["colours"])
            assert points == sets * row["vp_per_set"]["vp"], leader.name


def test_rome_and_abu_simbel_follow_the_rulesets_wonders(ref: dict[str, Any]) -> None:
    rome, abu = RULES.wonders[-2:]
    wonders = {w["name"]: w for w in ref["wonders"]}
    assert rome.name in wonders and abu.name in wonders
    assert rome.vp == wonders["Rome"]["victory_points"] == 2
    assert ("play_again", ()) in abu.on_build and wonders["Abu Simbel"]["play_again"] is True
    assert ("play_again", ()) not in rome.on_build
    assert rome.id == len(RULES.wonders) - 2
