"""Rules fidelity: every recorded Duel game replays move for move through the engine."""

from __future__ import annotations

import copy
import gzip
import json
from typing import Any

import pytest

from domain.duel.trace_replay import KNOWN_EXCEPTIONS, replay_trace
from domain.kernel.traces import TraceError
from tests.shared_paths import DUEL_TRACES

pytestmark = pytest.mark.skipif(not DUEL_TRACES.exists(), reason=f"{DUEL_TRACES} is missing")


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    with gzip.open(DUEL_TRACES, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def test_every_recorded_game_agrees_fully(records: list[dict[str, Any]]) -> None:
    assert len(records) == 104
    failures = []
    moves = 0
    for record in records:
        result = replay_trace(record)
        moves += result.moves
        if not result.agreed:
            failures.append(result.disagreements[:3])
    assert failures == []
    assert moves == sum(len(r["moves"]) for r in records)


def test_no_rule_exceptions_are_needed() -> None:
    """Every trace was re-checked against the reference: Polis follows them all."""
    assert KNOWN_EXCEPTIONS == ()


def test_a_changed_recorded_state_is_reported(records: list[dict[str, Any]]) -> None:
    record = copy.deepcopy(records[0])
    record["moves"][20]["state"]["coins"][0] += 1
    result = replay_trace(record)
    assert not result.agreed
    first = result.disagreements[0]
    assert (first.move_index, first.field) == (20, "coins")
    assert first.recorded != first.polis


def test_a_wrong_payment_is_not_a_legal_move(records: list[dict[str, Any]]) -> None:
    record = copy.deepcopy(records[0])
    index, entry = next(
        (i, m) for i, m in enumerate(record["moves"]) if m["move"]["kind"] == "construct"
    )
    entry["move"]["paid"] += 1
    result = replay_trace(record)
    assert [(d.move_index, d.field) for d in result.disagreements] == [(index, "legal")]


def test_a_move_naming_another_card_than_its_slot_holds_is_reported(
    records: list[dict[str, Any]],
) -> None:
    record = copy.deepcopy(records[0])
    index, entry = next(
        (i, m) for i, m in enumerate(record["moves"]) if m["move"]["kind"] == "discard"
    )
    entry["move"]["card"] = "Lumber Yard" if entry["move"]["card"] != "Lumber Yard" else "Quarry"
    result = replay_trace(record)
    assert [(d.move_index, d.field) for d in result.disagreements] == [(index, "card")]


def test_a_changed_final_score_is_reported(records: list[dict[str, Any]]) -> None:
    record = copy.deepcopy(records[0])
    assert record["result"]["victory"] == "civilian"
    record["result"]["scores"][1]["blue"] += 1
    result = replay_trace(record)
    assert [d.field for d in result.disagreements] == ["scores[1].blue"]


def test_a_malformed_record_raises_trace_error(records: list[dict[str, Any]]) -> None:
    with pytest.raises(TraceError):
        replay_trace({"format": "something-else"})
    record = copy.deepcopy(records[0])
    record["setup"]["age_structures"]["1"]["r1x5"] = "No Such Card"
    with pytest.raises(TraceError, match="unknown card"):
        replay_trace(record)


def _played(game: Any, seed: int) -> tuple[Any, dict[str, Any]]:
    import random

    from domain.kernel.playout import random_playout
    from domain.kernel.traces import PlayedGame, write_record

    played = random_playout(game, random.Random(seed), keep_steps=True)
    record = write_record(game, PlayedGame(
        kind="duel", expansions=(), seats=2, options={}, seed=seed,
        opening=played.opening, steps=played.steps,
    ))
    return played, record


def test_games_written_by_polis_replay_as_the_shared_traces_do() -> None:
    """The base trace writer gives `duel-trace/1` records the shared reader agrees with,
    whichever seat the deal made first player (the format numbers it seat 0)."""
    from domain.duel import DuelGame
    from domain.kernel.traces import replay_record

    game = DuelGame()
    first_players = set()
    victories = set()
    for seed in range(40):
        played, record = _played(game, seed)
        assert record["format"] == "duel-trace/1" and "expansions" not in record
        first_players.add(played.state.deal.first_player)
        victories.add(record["result"]["victory"])
        result = replay_record(record)
        assert result.agreed, (seed, result.disagreements[:3])
        assert result.moves == len(record["moves"]) == played.commands
    assert first_players == {0, 1}
    assert {"civilian", "military"} <= victories


def test_a_written_trace_with_a_changed_state_is_reported() -> None:
    from domain.duel import DuelGame

    _, record = _played(DuelGame(), 3)
    record["moves"][30]["state"]["coins"][1] += 1
    result = replay_trace(record)
    assert [(d.move_index, d.field) for d in result.disagreements] == [(30, "coins")]
