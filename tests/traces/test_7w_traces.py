"""Rules fidelity: every recorded 7 Wonders game replays step by step through the engine."""

from __future__ import annotations

import copy
import gzip
import json
import random
from typing import Any

import pytest

from domain.kernel.playout import random_playout
from domain.kernel.traces import PlayedGame, TraceError, replay_record, write_record
from domain.sevenwonders import SevenWondersGame
from domain.sevenwonders.trace_replay import KNOWN_EXCEPTIONS, replay_trace
from tests.shared_paths import SHARED

TRACES = SHARED / "traces" / "7wonders-joffrey-sw.jsonl.gz"

pytestmark = pytest.mark.skipif(not TRACES.exists(), reason=f"{TRACES} is missing")


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    with gzip.open(TRACES, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def test_every_recorded_game_agrees_fully(records: list[dict[str, Any]]) -> None:
    assert len(records) == 100
    assert sorted({r["players"] for r in records}) == [3, 4, 5, 6, 7]
    failures = []
    moves = 0
    for record in records:
        result = replay_trace(record)
        moves += result.moves
        if not result.agreed:
            failures.append(result.disagreements[:3])
    assert failures == []
    assert moves == sum(len(t["actions"]) for r in records for t in r["turns"])


def test_no_rule_exceptions_are_needed() -> None:
    assert KNOWN_EXCEPTIONS == ()


def test_a_changed_recorded_state_is_reported(records: list[dict[str, Any]]) -> None:
    record = copy.deepcopy(records[0])
    record["turns"][4]["state"]["coins"][1] += 1
    result = replay_record(record)
    assert not result.agreed
    first = result.disagreements[0]
    assert (first.move_index, first.field) == (4, "coins")


def test_a_wrong_payment_is_not_a_legal_move(records: list[dict[str, Any]]) -> None:
    record = copy.deepcopy(next(r for r in records if r["players"] == 5))
    index, action = next(
        (i, a) for i, t in enumerate(record["turns"]) for a in t["actions"]
        if a["kind"] == "build" and a["trade"]["left"] > 0
    )
    action["trade"]["left"] += 1
    result = replay_trace(record)
    assert [(d.move_index, d.field) for d in result.disagreements] == [(index, "legal")]


def test_a_purchase_that_does_not_cover_the_cost_is_refused(
    records: list[dict[str, Any]]
) -> None:
    record = copy.deepcopy(next(r for r in records if r["players"] == 6))
    index, action = next(
        (i, a) for i, t in enumerate(record["turns"]) for a in t["actions"]
        if a["kind"] == "build" and a["bought"]["right"]
    )
    resource = next(iter(action["bought"]["right"]))
    action["bought"]["right"][resource] -= 1
    result = replay_trace(record)
    assert [(d.move_index, d.field) for d in result.disagreements] == [(index, "decide")]
    assert "bad_purchase" in str(result.disagreements[0].polis)


def test_a_malformed_record_is_an_error(records: list[dict[str, Any]]) -> None:
    record = copy.deepcopy(records[0])
    record["setup"]["boards"][0]["wonder"] = "Atlantis"
    with pytest.raises(TraceError):
        replay_trace(record)


@pytest.mark.parametrize("seats", [2, 3, 7])
def test_written_games_replay_in_the_same_format(seats: int) -> None:
    game = SevenWondersGame()
    played = random_playout(game, random.Random(seats), seats=seats, keep_steps=True)
    record = write_record(game, PlayedGame(
        kind="7wonders", expansions=(), seats=seats, options={}, seed=f"t/{seats}",
        opening=played.opening, steps=played.steps,
    ))
    again = json.loads(json.dumps(record))
    assert again["format"] == "7w-trace/1" and again["players"] == seats
    result = replay_record(again)
    assert result.agreed, result.disagreements[:3]
    assert result.moves == played.commands
