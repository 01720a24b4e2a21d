"""Every trace format Polis writes is also imported: a game written with `--trace-out` comes
back through its importer as the same ruleset (expansions and options) and the same game,
which writes back to the same record, ready for `POST /games/import`. (Commands themselves
may differ: a record numbers seats from the first player and keeps no purchase detail.)"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from domain.kernel import get_game
from domain.kernel.playout import random_playout
from domain.kernel.traces import PlayedGame, import_record, write_record

RULESETS = [
    ("duel", (), 2, {}),
    ("duel", ("agora",), 2, {}),
    ("duel", ("leaders",), 2, {}),
    ("duel", ("agora", "leaders"), 2, {"leader_panel": "abilities"}),
    ("7wonders", (), 3, {}),
    ("7wonders", ("leaders",), 4, {}),
]


@pytest.mark.parametrize(("kind", "expansions", "seats", "options"), RULESETS)
def test_a_written_game_imports_as_the_same_game(
    kind: str, expansions: tuple[str, ...], seats: int, options: dict[str, Any]
) -> None:
    game = get_game(kind, expansions, options)
    played = random_playout(game, random.Random(3), seats=seats, options=options,
                            keep_steps=True)
    record = json.loads(json.dumps(write_record(game, PlayedGame(
        kind=kind, expansions=expansions, seats=seats, options=options, seed="3",
        opening=played.opening, steps=played.steps,
    ))))
    imported = import_record(record)
    assert (imported.kind, imported.expansions, imported.options) == (kind, expansions, options)
    assert imported.seats == seats
    assert len(imported.steps) == len(played.steps)
    assert sum(map(len, (es for _, es in imported.steps))) == sum(
        map(len, (es for _, es in played.steps))
    )
    again = json.loads(json.dumps(write_record(game, imported)))
    again["source"]["seed"] = record["source"]["seed"]
    assert again == record
