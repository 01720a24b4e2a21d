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
from domain.kernel.traces import PlayedGame, import_record, replay_record, write_record

RULESETS = [
    ("duel", (), 2, {}),
    ("duel", ("agora",), 2, {}),
    ("duel", ("leaders",), 2, {}),
    ("duel", ("agora", "leaders"), 2, {"leader_panel": "abilities"}),
    ("7wonders", (), 3, {}),
    ("7wonders", ("leaders",), 4, {}),
    ("7wonders", ("faith",), 3, {}),
    ("7wonders", ("leaders", "faith"), 4, {}),
    ("7wonders", (), 2, {}),
]
SERVICE = {"bots": [None, "greedy"], "clock": {"bank_seconds": 600, "increment_seconds": 5}}
"""The service's own options (`registry.SERVICE_OPTIONS`), kept in a game's record."""


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


@pytest.mark.parametrize(("kind", "expansions", "seats", "options"), RULESETS)
def test_service_options_stay_out_of_every_trace(
    kind: str, expansions: tuple[str, ...], seats: int, options: dict[str, Any]
) -> None:
    """A game with a bot seat and a clock (as the service exports it) writes a record that
    carries neither, replays and imports; a record that carries them (an older writer's)
    replays and imports too."""
    game = get_game(kind, expansions, options)
    played = random_playout(game, random.Random(5), seats=seats, options=options,
                            keep_steps=True)
    record = json.loads(json.dumps(write_record(game, PlayedGame(
        kind=kind, expansions=expansions, seats=seats, options={**options, **SERVICE},
        seed="5", opening=played.opening, steps=played.steps,
    ))))
    assert "bots" not in json.dumps(record) and "bank_seconds" not in json.dumps(record)
    assert replay_record(record).agreed
    assert import_record(record).options == options
    older = json.loads(json.dumps(record))
    for holder in (older.get("setup", {}), older):
        if "options" in holder:
            holder["options"] = {**holder["options"], **SERVICE}
    assert replay_record(older).agreed
    assert import_record(older).options == options
