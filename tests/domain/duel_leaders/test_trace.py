"""`duel-leaders-trace/1` with options: a game played with a variant panel and cost
overrides is written with them and replayed with them in full agreement; a record whose
costs are not the game's disagrees at set-up."""

from __future__ import annotations

import copy
import random
from typing import Any

from domain.duel_leaders.trace import replay_leaders_trace, write_leaders_trace
from domain.kernel import get_game
from domain.kernel.playout import random_playout
from domain.kernel.traces import PlayedGame

OPTIONS: dict[str, Any] = {"leader_panel": "abilities", "leader_costs": {"caesar": 1}}


def _record(seed: int) -> dict[str, Any]:
    game: Any = get_game("duel", ("agora", "leaders"), OPTIONS)
    played = random_playout(game, random.Random(seed), options=OPTIONS, keep_steps=True)
    return write_leaders_trace(game, PlayedGame(
        kind="duel", expansions=("agora", "leaders"), seats=2, options=OPTIONS,
        seed=f"t/{seed}", opening=played.opening, steps=played.steps))


def test_a_game_with_options_round_trips() -> None:
    for seed in (1, 2):
        record = _record(seed)
        assert record["options"] == OPTIONS
        assert record["setup"]["leaders"]["costs"]["Caesar"] == 1
        assert len(record["setup"]["leaders"]["pool"]) == 16
        result = replay_leaders_trace(record)
        assert result.agreed and result.moves == len(record["moves"])


def test_costs_that_are_not_the_games_disagree() -> None:
    record = _record(3)
    wrong = copy.deepcopy(record)
    wrong["options"] = {"leader_panel": "abilities"}  # Caesar back at 5
    result = replay_leaders_trace(wrong)
    assert not result.agreed
    assert result.disagreements[0].field == "setup.leaders.costs"
