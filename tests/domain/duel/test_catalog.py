"""The catalog and the structures are the reference's facts (`duel_base.yaml`), field by field.

Reference: `shared/reference/duel/duel_base.yaml` (sections `cards`, `guilds`, `wonders`,
`progress_tokens`, `chain_symbols`, `science_symbols`, `age_card_structures`, `setup`,
`turn`, `military_track`), compiled from the rulebook (see SOURCES.md beside it).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from domain.duel.catalog import CARDS, CHAIN_SYMBOLS, SCIENCE_SYMBOLS, TOKENS, WONDERS
from domain.duel.catalog_types import COLOURS, PURPLE, RESOURCES
from domain.duel.scoring import military_points
from domain.duel.state import CAPITAL
from tests.domain.duel.support import G
from tests.shared_paths import SHARED

REFERENCE = SHARED / "reference" / "duel" / "duel_base.yaml"

pytestmark = pytest.mark.skipif(
    not REFERENCE.exists(), reason=f"the Duel reference {REFERENCE} is absent (set POLIS_SHARED)"
)


@pytest.fixture(scope="module")
def ref() -> dict[str, Any]:
    import yaml

    with REFERENCE.open(encoding="utf-8") as handle:
        data: dict[str, Any] = yaml.safe_load(handle)
    return data


def _res(counts: dict[str, int] | None) -> tuple[int, ...]:
    counts = counts or {}
    assert set(counts) <= set(RESOURCES), counts
    return tuple(counts.get(r, 0) for r in RESOURCES)


def _res_list(names: list[str] | None) -> tuple[int, ...]:
    return _res({n: 1 for n in names or ()})


def _mask(colours: list[str]) -> int:
    mask = 0
    for c in colours:
        mask |= 1 << COLOURS.index(c)
    return mask


def _chain(name: str | None) -> int:
    return -1 if name is None else CHAIN_SYMBOLS.index(name)


def _science(name: str | None) -> int:
    return -1 if name is None else SCIENCE_SYMBOLS.index(name)


def _expected_card(row: dict[str, Any]) -> dict[str, Any]:
    """The catalog fields a reference Age card row stands for."""
    effect = row["effect"]
    known = {
        "produces", "shields", "victory_points", "science_symbol", "trade_price_fixed_at_1",
        "coins_on_build", "produces_one_of", "coins_on_build_per_card_in_own_city",
        "coins_on_build_per_own_built_wonder",
    }
    assert set(effect) <= known, f"{row['name']}: unknown effect keys {set(effect) - known}"
    on_build: list[tuple[str, tuple[int, ...]]] = []
    if "coins_on_build" in effect:
        on_build.append(("gain_coins", (effect["coins_on_build"],)))
    if "coins_on_build_per_card_in_own_city" in effect:
        per = effect["coins_on_build_per_card_in_own_city"]
        on_build.append(("coins_per_own_colour", (per["coins_each"], _mask(per["colours"]))))
    if "coins_on_build_per_own_built_wonder" in effect:
        on_build.append(("coins_per_own_wonder", (effect["coins_on_build_per_own_built_wonder"],)))
    return {
        "name": row["name"],
        "name_fr": row["name_fr"],
        "age": row["age"],
        "colour": COLOURS.index(row["colour"]),
        "coins": row["cost"]["coins"],
        "cost": _res(row["cost"]["resources"]),
        "produces": _res(effect.get("produces")),
        "choice": tuple(sorted(RESOURCES.index(r) for r in effect.get("produces_one_of", ()))),
        "fixed_price": _res_list(effect.get("trade_price_fixed_at_1")),
        "shields": effect.get("shields", 0),
        "vp": effect.get("victory_points", 0),
        "science": _science(effect.get("science_symbol")),
        "chain_grants": _chain(row.get("chain_grants")),
        "chain_from": _chain(row.get("chain_from")),
        "on_build": sorted(on_build),
        "end_vp": [],
    }


def _actual(c: Any) -> dict[str, Any]:
    return {
        "name": c.name,
        "name_fr": c.name_fr,
        "age": c.age,
        "colour": c.colour,
        "coins": c.coins,
        "cost": c.cost,
        "produces": c.produces,
        "choice": tuple(sorted(c.choice)),
        "fixed_price": c.fixed_price,
        "shields": c.shields,
        "vp": c.vp,
        "science": c.science,
        "chain_grants": c.chain_grants,
        "chain_from": c.chain_from,
        "on_build": sorted(c.on_build),
        "end_vp": sorted(c.end_vp),
    }


_GUILD_COUNTED = {
    "yellow cards": ("colour", ["yellow"]),
    "brown + grey cards (together)": ("colour", ["brown", "grey"]),
    "wonders built": ("wonders", []),
    "blue cards": ("colour", ["blue"]),
    "green cards": ("colour", ["green"]),
    "full sets of 3 coins": ("coins", []),
    "red cards": ("colour", ["red"]),
}


def _expected_guild(row: dict[str, Any]) -> dict[str, Any]:
    effect = row["effect"]
    counted = effect["counted"].split(" in the ")[0]
    kind, colours = _GUILD_COUNTED[counted]
    coins_each, vp_each = effect["coins_on_build_each"], effect["end_game_vp_each"]
    on_build: list[Any] = []
    end_vp: list[Any]
    if kind == "colour":
        if coins_each:
            on_build.append(("coins_per_top_colour", (coins_each, _mask(colours))))
        end_vp = [("vp_per_top_colour", (vp_each, _mask(colours)))]
    elif kind == "wonders":
        assert coins_each == 0
        end_vp = [("vp_per_top_wonders", (vp_each,))]
    else:
        assert coins_each == 0
        end_vp = [("vp_per_top_coin_sets", (vp_each,))]
    return {
        "name": row["name"],
        "name_fr": row["name_fr"],
        "age": 3,
        "colour": PURPLE,
        "coins": row["cost"]["coins"],
        "cost": _res(row["cost"]["resources"]),
        "produces": _res(None),
        "choice": (),
        "fixed_price": _res(None),
        "shields": 0,
        "vp": 0,
        "science": -1,
        "chain_grants": -1,
        "chain_from": -1,
        "on_build": sorted(on_build),
        "end_vp": sorted(end_vp),
    }


# -- counts and ids --------------------------------------------------------------------------
def test_counts_73_cards_12_wonders_10_tokens(ref: dict[str, Any]) -> None:
    """Reference `meta.counts`: 23 + 23 + 20 Age cards, 7 guilds, 12 wonders, 10 tokens."""
    counts = ref["meta"]["counts"]
    assert len(CARDS) == 73
    assert len(WONDERS) == 12
    assert len(TOKENS) == 10
    by_age = [sum(1 for c in CARDS if c.age == a and c.colour != PURPLE) for a in (1, 2, 3)]
    assert by_age == [counts["age_1_cards"], counts["age_2_cards"], counts["age_3_cards"]]
    assert sum(1 for c in CARDS if c.colour == PURPLE) == counts["guild_cards"] == 7
    assert len(WONDERS) == counts["wonders"] and len(TOKENS) == counts["progress_tokens"]
    assert len(ref["cards"]) == 66 and len(ref["guilds"]) == 7


def test_ids_are_positions_and_keys_are_stable_snake_case() -> None:
    """Catalog shape (issue: "a stable English id and its English and French names")."""
    for table in (CARDS, WONDERS, TOKENS):
        assert [x.id for x in table] == list(range(len(table)))
        keys = [x.key for x in table]
        assert len(set(keys)) == len(keys)
        for x in table:
            assert re.fullmatch(r"[a-z]+(_[a-z]+)*", x.key), x.key
            words = re.sub(r"[^a-z ]", " ", x.name.lower()).split()
            assert x.key == "_".join(w for w in words if w != "the"), (x.key, x.name)
            assert x.name and x.name_fr


# -- cards -----------------------------------------------------------------------------------
def test_every_age_card_equals_the_reference(ref: dict[str, Any]) -> None:
    """Reference `cards`: age, colour, coins, resources, production, one-of, fixed price,
    shields, VP, science symbol, chain grants/from and coins effects of all 66 Age cards."""
    by_name = {c.name: c for c in CARDS}
    assert {row["name"] for row in ref["cards"]} == {c.name for c in CARDS if c.colour != PURPLE}
    diffs = []
    for row in ref["cards"]:
        expected, actual = _expected_card(row), _actual(by_name[row["name"]])
        for field, value in expected.items():
            if actual[field] != value:
                diffs.append((row["name"], field, value, actual[field]))
    assert diffs == []


def test_every_guild_equals_the_reference(ref: dict[str, Any]) -> None:
    """Reference `guilds`: costs, coins on build and end-of-game VP of the 7 guilds, each
    counting the city with the most (Builders: wonders; Moneylenders: sets of 3 coins;
    Shipowners: brown and grey together)."""
    by_name = {c.name: c for c in CARDS}
    assert {row["name"] for row in ref["guilds"]} == {c.name for c in CARDS if c.colour == PURPLE}
    diffs = []
    for row in ref["guilds"]:
        assert row["colour"] == "purple"
        expected, actual = _expected_guild(row), _actual(by_name[row["name"]])
        for field, value in expected.items():
            if actual[field] != value:
                diffs.append((row["name"], field, value, actual[field]))
    assert diffs == []


def test_chain_symbols_link_the_reference_pairs(ref: dict[str, Any]) -> None:
    """Reference `chain_symbols`: symbol -> [card granting it, card it makes free]."""
    assert set(CHAIN_SYMBOLS) == set(ref["chain_symbols"])
    for symbol, (grants, frees) in ref["chain_symbols"].items():
        i = CHAIN_SYMBOLS.index(symbol)
        assert [c.name for c in CARDS if c.chain_grants == i] == [grants], symbol
        assert [c.name for c in CARDS if c.chain_from == i] == [frees], symbol


def test_science_symbols_are_on_the_reference_cards(ref: dict[str, Any]) -> None:
    """Reference `science_symbols`: each symbol on exactly 2 green cards, scales on Law."""
    ids = [row["id"] for row in ref["science_symbols"]]
    assert set(SCIENCE_SYMBOLS) == set(ids) and len(ids) == 7
    for row in ref["science_symbols"]:
        i = SCIENCE_SYMBOLS.index(row["id"])
        on_cards = sorted(c.name for c in CARDS if c.science == i)
        on_tokens = sorted(f"{t.name} (progress token)" for t in TOKENS if t.science == i)
        assert on_cards + on_tokens == sorted(row["found_on"]), row["id"]


# -- wonders ---------------------------------------------------------------------------------
def _expected_wonder(row: dict[str, Any]) -> dict[str, Any]:
    effect = dict(row["effect"])
    on_build: list[Any] = []
    if "coins_on_build" in effect:
        on_build.append(("gain_coins", (effect.pop("coins_on_build"),)))
    if "opponent_loses_coins" in effect:
        on_build.append(("opponent_loses_coins", (effect.pop("opponent_loses_coins"),)))
    if effect.pop("play_again", False):
        on_build.append(("play_again", ()))
    if "discard_opponent_built_card_of_colour" in effect:
        colour = effect.pop("discard_opponent_built_card_of_colour")
        on_build.append(("destroy_card", (COLOURS.index(colour),)))
    special = effect.pop("special", "")
    if "progress tokens" in special:
        on_build.append(("great_library", ()))
    elif "discarded" in special:
        on_build.append(("mausoleum", ()))
    choice = tuple(sorted(RESOURCES.index(r) for r in effect.pop("produces_one_of", ())))
    shields = effect.pop("shields", 0)
    vp = effect.pop("victory_points")
    assert effect == {}, f"{row['name']}: unread effect keys {effect}"
    return {
        "name": row["name"],
        "name_fr": row["name_fr"],
        "cost": _res(row["cost"]),
        "choice": choice,
        "shields": shields,
        "vp": vp,
        "on_build": sorted(on_build),
    }


def test_every_wonder_equals_the_reference(ref: dict[str, Any]) -> None:
    """Reference `wonders`: resource costs (never coins), VP, shields, one-of production,
    coins, play again, destruction, the Great Library and the Mausoleum."""
    by_name = {w.name: w for w in WONDERS}
    assert {row["name"] for row in ref["wonders"]} == set(by_name)
    diffs = []
    for row in ref["wonders"]:
        expected = _expected_wonder(row)
        w = by_name[row["name"]]
        actual = {
            "name": w.name, "name_fr": w.name_fr, "cost": w.cost,
            "choice": tuple(sorted(w.choice)), "shields": w.shields, "vp": w.vp,
            "on_build": sorted(w.on_build),
        }
        for field, value in expected.items():
            if actual[field] != value:
                diffs.append((row["name"], field, value, actual[field]))
    assert diffs == []


# -- progress tokens ---------------------------------------------------------------------------
def test_every_progress_token_equals_the_reference(ref: dict[str, Any]) -> None:
    """Reference `progress_tokens`: names, immediate coins, VP, Law's symbol, Mathematics'
    3 VP per token; the other abilities are rules (tested in test_effects)."""
    by_name = {t.name: t for t in TOKENS}
    assert {row["name"] for row in ref["progress_tokens"]} == set(by_name)
    for row in ref["progress_tokens"]:
        t = by_name[row["name"]]
        effect = row["effect"]
        assert t.name_fr == row["name_fr"]
        assert t.vp == effect.get("victory_points", 0), t.name
        assert t.science == _science(effect.get("science_symbol")), t.name
        coins = effect.get("coins_immediately")
        assert t.on_build == ((("gain_coins", (coins,)),) if coins else ()), t.name
        text = effect.get("text", "")
        if "VP for each progress token" in text:
            found = re.search(r"(\d+) VP for each progress token", text)
            assert found is not None
            per = int(found.group(1))
            assert t.end_vp == (("vp_per_token", (per,)),)
        else:
            assert t.end_vp == (), t.name


# -- structures ------------------------------------------------------------------------------
@pytest.mark.parametrize("age", [1, 2, 3])
def test_age_structure_equals_the_reference(ref: dict[str, Any], age: int) -> None:
    """Reference `age_card_structures`: slots, face-up rows and covered_by of each Age."""
    spec = ref["age_card_structures"][f"age_{age}"]
    layout = G.rules.layouts[age - 1]
    assert len(layout.slots) == spec["total_cards"] == 20
    names = [s.name for s in layout.slots]
    assert set(names) == set(spec["slots"])
    for i, s in enumerate(layout.slots):
        ref_slot = spec["slots"][s.name]
        assert s.face_up == ref_slot["face_up"], s.name
        covered = {names[j] for j in range(len(names)) if (s.covered_by >> j) & 1}
        assert covered == set(ref_slot["covered_by"]), s.name
        assert bool((layout.face_up >> i) & 1) == ref_slot["face_up"]
        for j in s.covers:
            assert (layout.slots[j].covered_by >> i) & 1, (s.name, names[j])
    rows = [
        (r["row"], r["x_half_card_units"], r["face_up_at_setup"])
        for r in spec["rows_top_to_bottom"]
    ]
    actual_rows = sorted({s.row for s in layout.slots})
    assert [r[0] for r in rows] == actual_rows
    for row, xs, up in rows:
        in_row = [s for s in layout.slots if s.row == row]
        assert [s.x for s in in_row] == xs
        assert all(s.face_up == up for s in in_row)
    assert layout.full == (1 << 20) - 1


# -- rule constants ------------------------------------------------------------------------
def test_setup_constants_equal_the_reference(ref: dict[str, Any]) -> None:
    """Reference `setup` and `turn.wonder_limit`: 7 coins, 5 tokens on the board, 3 cards
    removed per Age, 3 guilds in Age III, 7 wonders at most."""
    setup = ref["setup"]
    assert G.rules.starting_coins == setup["starting_coins_per_player"] == 7
    assert G.rules.wonder_limit == 7
    assert setup["progress_tokens_on_board"] == 5
    assert setup["cards_removed_per_age"] == 3 and setup["guilds_added_to_age_3"] == 3


def test_military_track_equals_the_reference(ref: dict[str, Any]) -> None:
    """Reference `military_track`: capital at 9, zones 1-2 / 3-5 / 6-8 worth 2 / 5 / 10 VP,
    looting tokens of 2 and 5 coins at distances 3 and 6 on each side."""
    track = ref["military_track"]
    assert track["capital_distance"] == CAPITAL == 9
    looting = []
    for zone in track["zones"]:
        low, high = zone["distance"]
        for d in range(low, high + 1):
            if d == CAPITAL:
                continue
            assert military_points(d, 0) == zone["victory_points"], d
            assert military_points(-d, 1) == zone["victory_points"], d
            assert military_points(d, 1) == 0 and military_points(-d, 0) == 0
        token = zone.get("looting_token")
        if token:
            looting.append((low, token["opponent_loses_coins"]))
    tokens = G.rules.military_tokens
    assert sorted((abs(t.position), t.effect) for t in tokens) == sorted(
        (d, ("looting", (c,))) for d, c in looting * 2
    )
    # one token of each value on each side of the track
    assert sorted(t.position for t in tokens) == sorted(
        [d for d, _ in looting] + [-d for d, _ in looting]
    )
