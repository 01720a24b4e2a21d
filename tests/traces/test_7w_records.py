"""What a 7 Wonders record carries so that another engine can check every rule: Bilkis'
coin and resource bought from the bank, each step's turn, and the Free City's guild copy."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from msgspec.structs import replace

from domain.kernel import get_game
from domain.kernel.playout import random_playout
from domain.kernel.traces import PlayedGame, replay_record, write_record
from domain.sevenwonders import events as ev
from domain.sevenwonders.state import COPY_GUILD, FREE_CITY, SWState
from domain.sevenwonders.trace_replay import step_turn
from domain.sevenwonders.trace_writer import copy_action


def _record(expansions: tuple[str, ...], seats: int, seed: int) -> dict[str, Any]:
    game = get_game("7wonders", expansions)
    played = random_playout(game, random.Random(seed), seats=seats, keep_steps=True)
    record: dict[str, Any] = json.loads(json.dumps(write_record(game, PlayedGame(
        kind="7wonders", expansions=expansions, seats=seats, options={}, seed=f"t/{seed}",
        opening=played.opening, steps=played.steps))))
    return record


def _with_bilkis() -> tuple[dict[str, Any], int, dict[str, Any]]:
    for seed in range(200):
        record = _record(("leaders",), 5, seed)
        for i, turn in enumerate(record["turns"]):
            for action in turn["actions"]:
                if action.get("bought", {}).get("bank"):
                    return record, i, action
    raise AssertionError("no game used Bilkis' purchase from the bank")


def test_bilkis_coin_and_resource_from_the_bank_are_recorded_and_checked() -> None:
    record, index, action = _with_bilkis()
    assert action["bank"] >= 1 and len(action["bought"]["bank"]) == 1
    assert replay_record(record).agreed
    wrong = copy.deepcopy(record)
    step = next(a for a in wrong["turns"][index]["actions"] if a == action)
    (resource,) = step["bought"]["bank"]
    step["bought"]["bank"] = {"papyrus" if resource != "papyrus" else "wood": 1}
    fields = [(d.move_index, d.field) for d in replay_record(wrong).disagreements]
    assert fields == [(index, "bought.bank")]
    older = copy.deepcopy(record)  # written before `bought.bank`: still read
    step = next(a for a in older["turns"][index]["actions"] if a == action)
    del step["bought"]["bank"]
    assert replay_record(older).agreed


def test_a_steps_turn_is_checked() -> None:
    record = _record((), 3, 1)
    record["turns"][4]["turn"] += 1
    fields = [(d.move_index, d.field) for d in replay_record(record).disagreements]
    assert fields == [(4, "turn")]


def test_olympia_copy_is_turn_six_and_the_free_citys_names_its_city() -> None:
    """shared traces README: `copy_guild` (Olympia B, after the Age III conflicts; turn
    6), even after Babylon B's seventh card (turn 7); a Free City action names its city."""
    game = get_game("7wonders")
    st: SWState = game.initial_state()
    before = replace(st, phase=COPY_GUILD, turn=7, variant=True, holder=1)
    assert step_turn(before) == 6
    copied = ev.GuildCopied(city=FREE_CITY, card=70, neighbour="left")
    action = copy_action(before, copied)
    assert action["city"] == FREE_CITY and action["seat"] == 1
    assert "city" not in copy_action(before, replace(copied, city=0))
