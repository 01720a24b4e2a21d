"""Agora's catalog is the reference's facts (`shared/reference/duel/agora.yaml`), field by
field: chambers, decrees, senators, conspiracies, wonders, progress and military tokens,
the Age structures and the set-up counts."""

from __future__ import annotations

from typing import Any

import pytest

from domain.duel.catalog_types import COLOURS, RESOURCES
from domain.duel_agora import catalog
from tests.shared_paths import SHARED

REFERENCE = SHARED / "reference" / "duel" / "agora.yaml"

pytestmark = pytest.mark.skipif(not REFERENCE.exists(), reason=f"{REFERENCE} is absent")


@pytest.fixture(scope="module")
def ref() -> dict[str, Any]:
    import yaml

    with REFERENCE.open(encoding="utf-8") as handle:
        data: dict[str, Any] = yaml.safe_load(handle)
    return data


def test_contents_counts(ref: dict[str, Any]) -> None:
    contents = ref["meta"]["contents"]
    assert len(catalog.SENATORS) == contents["senator_cards"]["total"] == 13
    kinds = [s.kind for s in catalog.SENATORS]
    assert kinds.count("politician") == contents["senator_cards"]["politicians"]
    assert kinds.count("conspirator") == contents["senator_cards"]["conspirators"]
    assert len(catalog.CONSPIRACIES) == contents["conspiracy_cards"]
    assert len(catalog.DECREES) == contents["decree_tokens"]
    assert len(catalog.MILITARY_TOKENS) == contents["military_tokens"]
    assert contents["influence_cubes"]["per_player"] == catalog.CUBES_PER_SEAT


def test_politicians_by_section(ref: dict[str, Any]) -> None:
    by_section = ref["senators"]["politicians"]["by_section"]
    for section, count in by_section.items():
        index = catalog.SECTIONS.index(section)
        assert sum(1 for s in catalog.SENATORS
                   if s.kind == "politician" and s.section == index) == count


def test_senators_per_age_and_structures(ref: dict[str, Any]) -> None:
    per_age = ref["setup"]["senators_per_age"]
    assert (per_age["age_1"], per_age["age_2"], per_age["age_3"]) == catalog.SENATORS_PER_AGE
    for age in (1, 2, 3):
        spec = ref["agora_card_structures"][f"age_{age}"]
        layout = catalog.LAYOUTS[age - 1]
        assert len(layout.slots) == spec["total_cards"]
        assert set(layout.by_name) == set(spec["slots"])
        for name, slot_spec in spec["slots"].items():
            slot = layout.slots[layout.by_name[name]]
            assert slot.face_up == slot_spec["face_up"], name
            covered = {layout.slots[i].name for i in range(len(layout.slots))
                       if (slot.covered_by >> i) & 1}
            assert covered == set(slot_spec["covered_by"]), name


def test_chambers(ref: dict[str, Any]) -> None:
    chambers = ref["senate"]["chambers"]
    assert [(c.number, catalog.SECTIONS[c.section], c.vp, c.face_up) for c in catalog.CHAMBERS] \
        == [(c["chamber"], c["section"], c["victory_points"], c["decree_at_setup"] == "face_up")
            for c in chambers]
    orientation = ref["setup"]["decree_orientation_by_chamber"]
    assert [c.face_up for c in catalog.CHAMBERS] == [orientation[i] == "face_up"
                                                     for i in range(1, 7)]


def test_senate_actions_by_blue_cards(ref: dict[str, Any]) -> None:
    for row in ref["senate_actions"]["actions_per_politician_by_blue_cards"]:
        low, _, high = str(row["blue_cards"]).partition("-")
        counts = range(int(low.rstrip("+")), int(high) + 1 if high else 9)
        assert {catalog.senate_actions(n) for n in counts} == {row["actions"]}


def test_decrees(ref: dict[str, Any]) -> None:
    rows = ref["decrees"]
    assert [d.key for d in catalog.DECREES] == [r["id"] for r in rows]
    check = ref["decree_counts_check"]
    kinds = [d.kind for d in catalog.DECREES]
    for kind in set(kinds):
        assert kinds.count(kind) == check[kind], kind
    for d, row in zip(catalog.DECREES, rows, strict=True):
        if d.kind in ("coins_per_colour", "ignore_cost_symbol"):
            assert COLOURS[d.arg] in row["effect"].lower(), (d.key, row["effect"])
    assert catalog.DECREES[catalog.SHIELD_DECREE].key == "D09"


def test_conspiracies(ref: dict[str, Any]) -> None:
    rows = ref["conspiracies"]["cards"]
    assert [c.name for c in catalog.CONSPIRACIES] == [r["name"] for r in rows]
    assert [c.optional_move for c in catalog.CONSPIRACIES] == [
        r["optional_move_influence"] for r in rows
    ]
    assert sum(c.optional_move for c in catalog.CONSPIRACIES) == 8
    coup = catalog.CONSPIRACY_BY_KEY["coup"]
    assert next(r for r in rows if r["name"] == coup.name)["shields"] == 2


def _cost(counts: dict[str, int]) -> tuple[int, ...]:
    return tuple(counts.get(r, 0) for r in RESOURCES)


def test_wonders(ref: dict[str, Any]) -> None:
    rows = {r["name"]: r for r in ref["wonders"]}
    curia = catalog.WONDERS[catalog.CURIA_JULIA]
    knossos = catalog.WONDERS[catalog.KNOSSOS]
    assert curia.cost == _cost(rows["Curia Julia"]["cost"])
    assert knossos.cost == _cost(rows["Knossos"]["cost"])
    assert curia.vp == rows["Curia Julia"]["effect_summary"]["victory_points"] == 0
    assert knossos.vp == rows["Knossos"]["effect_summary"]["victory_points"] == 3
    assert ("gain_coins", (rows["Curia Julia"]["effect_summary"]["coins_on_build"],)) \
        in curia.on_build
    assert ("play_again", ()) in curia.on_build
    assert (curia.name_fr, knossos.name_fr) == ("Curia Julia", "Knossos")
    assert len(catalog.WONDERS) == 14


def test_progress_and_military_tokens(ref: dict[str, Any]) -> None:
    names = [(t.name, t.name_fr) for t in catalog.TOKENS[catalog.CORRUPTION:]]
    assert names == [(r["name"], r["name_fr"]) for r in ref["progress_tokens"]]
    assert len(catalog.TOKENS) == 12
    positions = sorted(t.position for t in catalog.MILITARY_TOKENS)
    assert positions == [-6, -3, 3, 6]
    small = {t.effect[0] for t in catalog.MILITARY_TOKENS if abs(t.position) == 3}
    large = {t.effect[0] for t in catalog.MILITARY_TOKENS if abs(t.position) == 6}
    assert (small, large) == ({"agora_place_cube"}, {"agora_remove_cube"})


def test_the_published_catalog_names_agoras_pieces() -> None:
    from domain.kernel import get_game

    published = get_game("duel", ("agora",)).catalog()
    assert [d["key"] for d in published["decrees"]] == [d.key for d in catalog.DECREES]
    assert len(published["conspiracies"]) == 16 and len(published["chambers"]) == 6
    assert published["score_categories"][-2:] == ["senate", "total"]
    assert len(published["cards"]) == 73 + 13 and len(published["wonders"]) == 14
    assert "decrees" not in get_game("duel").catalog()
