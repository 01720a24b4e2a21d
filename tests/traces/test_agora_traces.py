"""`duel-agora-trace/1`: Agora games written by Polis replay with full agreement, and a
changed record (state, move detail, setup, result) is reported where it differs."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from domain.kernel import get_game
from domain.kernel.playout import random_playout
from domain.kernel.traces import PlayedGame, TraceError, replay_record, write_record

GAME: Any = get_game("duel", ("agora",))


def _record(seed: int) -> dict[str, Any]:
    played = random_playout(GAME, random.Random(seed), keep_steps=True)
    return write_record(GAME, PlayedGame(
        kind="duel", expansions=("agora",), seats=2, options={}, seed=seed,
        opening=played.opening, steps=played.steps,
    ))


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return [_record(seed) for seed in range(16)]


def test_agora_games_round_trip(records: list[dict[str, Any]]) -> None:
    kinds = set()
    for record in records:
        assert record["format"] == "duel-agora-trace/1"
        assert record["expansions"] == ["agora"]
        result = replay_record(record)
        assert result.agreed, (record["source"]["seed"], result.disagreements[:3])
        assert result.moves == len(record["moves"])
        kinds |= {m["move"]["kind"] for m in record["moves"]}
    assert {"recruit_senator", "place_influence", "prepare_conspiracy",
            "trigger_conspiracy"} <= kinds


def test_the_base_part_is_duel_trace_1(records: list[dict[str, Any]]) -> None:
    record = records[0]
    base_state = {"age", "coins", "pawn", "looting_left", "buildings", "wonders_built",
                  "tokens", "next"}
    for entry in record["moves"]:
        assert set(entry["state"]) == base_state | {"agora"}
    assert set(record["setup"]) >= {"coins", "wonders_offered", "progress_tokens_board",
                                    "progress_tokens_aside", "age_structures", "removed",
                                    "senate"}
    assert set(record["result"]["scores"][0]) >= {"military", "blue", "senate", "total"}


def _first(record: dict[str, Any], kind: str) -> int:
    return next(i for i, m in enumerate(record["moves"]) if m["move"]["kind"] == kind)


def test_a_changed_senate_is_reported(records: list[dict[str, Any]]) -> None:
    record = copy.deepcopy(records[1])
    index = _first(record, "place_influence")
    record["moves"][index]["state"]["agora"]["senate"][0][0] += 1
    result = replay_record(record)
    assert [(d.move_index, d.field) for d in result.disagreements] == [
        (index, "agora.senate")]


@pytest.mark.parametrize("field", ["cubes_left", "wonders_held", "wonders_out",
                                   "under_wonders"])
def test_the_supply_wonders_and_cards_under_them_are_recorded_and_checked(
        records: list[dict[str, Any]], field: str) -> None:
    """The cube supply, each seat's wonders still to build and those out of the game, and
    the cards under built wonders are in every state; a changed one is reported, and a
    record written before they were added is still read."""
    record = copy.deepcopy(records[2])
    last = record["moves"][-1]["state"]["agora"]
    assert sum(last["cubes_left"]) <= 2 * 12 and len(last["under_wonders"]) == 2
    built = [len(w) for w in record["moves"][-1]["state"]["wonders_built"]]
    assert [len(u) for u in last["under_wonders"]] == built
    older = copy.deepcopy(record)
    for m in older["moves"]:
        del m["state"]["agora"][field]
    assert replay_record(older).agreed
    index = len(record["moves"]) - 1
    agora = record["moves"][index]["state"]["agora"]
    agora[field] = [[*agora[field][0], "x"] if isinstance(agora[field][0], list)
                    else agora[field][0] + 1, agora[field][1]]
    result = replay_record(record)
    assert [(d.move_index, d.field) for d in result.disagreements][:1] == [
        (index, f"agora.{field}")]


def test_a_changed_conspiracy_draw_is_reported(records: list[dict[str, Any]]) -> None:
    record = next(r for r in records if any(m["move"]["kind"] == "conspire"
                                            for m in r["moves"]))
    record = copy.deepcopy(record)
    deck = record["setup"]["senate"]["conspiracy_deck"]
    deck[0], deck[-1] = deck[-1], deck[0]
    result = replay_record(record)
    assert not result.agreed


def test_a_changed_face_down_decree_is_reported(records: list[dict[str, Any]]) -> None:
    record = copy.deepcopy(records[2])
    senate = record["setup"]["senate"]
    senate["decrees"][1], senate["decrees_unused"][0] = (senate["decrees_unused"][0],
                                                         senate["decrees"][1])
    assert not replay_record(record).agreed


def test_a_changed_result_and_an_unknown_decree(records: list[dict[str, Any]]) -> None:
    record = copy.deepcopy(records[3])
    record["result"]["scores"][0]["senate"] += 1
    assert [d.field for d in replay_record(record).disagreements] == ["scores"]
    record["setup"]["senate"]["decrees"][0] = "D99"
    with pytest.raises(TraceError, match="unknown decree"):
        replay_record(record)
