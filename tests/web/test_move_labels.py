"""Move labels of the browser client, run in Node on the built scripts (no browser needed):
Poséidon's market ("acheter les ressources ... à n'importe quel joueur") shows from whom a
move buys, for a card and for a god's invocation alike."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.api.servers import ROOT

SCRIPTS = ROOT / "api" / "static" / "js" / "web" / "src"

_RUN = """
globalThis.location = { hash: "#lang=en", protocol: "http:", host: "x" };
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
globalThis.navigator = { language: "en" };
const { sevenWondersBoard } = await import(process.argv[2]);
const [catalog, view, seatNames, moves] = JSON.parse(process.argv[3]);
const ctx = { catalog, view, seatNames };
console.log(JSON.stringify(moves.map((m) => sevenWondersBoard.describe(m, ctx).label)));
"""


def labels(tmp_path: Path, moves: list[dict[str, object]]) -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js")
    catalog = {"cards": [{"name": "Baths", "key": "baths", "coins": 0}],
               "resources": ["wood", "stone", "clay"], "wonders": [], "labels": {},
               "gods": [{"key": "zeus", "name": "Zeus"}]}
    view = {"age": 1, "cities": [{"city": c, "seat": c} for c in range(4)]}
    script = tmp_path / "labels.mjs"
    script.write_text(_RUN)
    out = subprocess.run(
        [node, str(script), str(SCRIPTS / "sevenwonders.js"),
         json.dumps([catalog, view, ["Ada", "Brutus", "Cleo", "Dion"], moves])],
        capture_output=True, text=True, check=True, timeout=30)
    found: list[str] = json.loads(out.stdout)
    return found


def test_a_far_purchase_names_the_city_it_buys_from(tmp_path: Path) -> None:
    play = {"type": "Play", "card": 0, "action": "build", "left": 1, "right": 0,
            "buy_left": [0, 1, 0], "buy_right": None, "buy_far": [[2, [1, 0, 2]]]}
    invoke = {"type": "PlayWithGod", "card": 0, "action": "build", "god": 0, "use": "invoke",
              "god_left": 0, "god_right": 0, "god_buy_left": None, "god_buy_right": None,
              "god_buy_far": [[3, [0, 2, 0]]], "targets": []}
    card, god = labels(tmp_path, [play, invoke])
    assert "pay 1¢ left (1 stone)" in card and "buy from Cleo (1 wood, 2 clay)" in card
    assert "buy from Dion (2 stone)" in god
