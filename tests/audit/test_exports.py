"""Export of finished games in their trace format, read back by `polis replay-traces` with
full agreement: Duel, Duel with Agora, 7 Wonders at 3 and at 7 seats."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from api.service.exports import export_record
from api.service.game_service import GameService
from api.service.import_worker import checked_import, prepare
from api.service.imports import store_imported
from api.service.refusals import Conflict
from tests.audit.play import play_to_end

GAMES = [("duel", (), 2, "duel-trace/1"), ("duel", ("agora",), 2, "duel-agora-trace/1"),
         ("7wonders", (), 3, "7w-trace/1"), ("7wonders", (), 7, "7w-trace/1")]


def polis(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "api.cli", *args], capture_output=True,
                          text=True, timeout=300, env=env)


async def test_exported_games_replay_with_full_agreement(
    service: GameService, database_url: str, tmp_path: Path
) -> None:
    lines = []
    ids = []
    for number, (kind, expansions, seats, format_name) in enumerate(GAMES):
        game_id, _ = await play_to_end(service, kind, seats, seed=20 + number,
                                       expansions=expansions)
        ids.append(game_id)
        record = await export_record(service.store, game_id)
        assert record["format"] == format_name
        lines.append(json.dumps(record))
    # the command line writes the same record as the service
    out = tmp_path / "one.jsonl"
    run = polis("export", "--game", str(ids[1]), "--output", str(out),
                env={"DATABASE_URL": database_url, "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(lines[1])

    # each exported game imports back as the same game: exported again, the same record
    for line in lines:
        exported = json.loads(line)
        imported, _ = await store_imported(service, prepare(checked_import(exported)))
        again = await export_record(service.store, imported.game_id)
        assert again["source"]["seed"] == str(imported.game_id)
        del again["source"]["seed"], exported["source"]["seed"]
        assert again == exported

    path = tmp_path / "exported.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    replay = polis("replay-traces", str(path), "--json")
    assert replay.returncode == 0, replay.stdout[-2000:]
    report = json.loads(replay.stdout.strip().splitlines()[-1])
    assert report["games"] == report["agreed"] == len(GAMES)
    assert report["moves"] > 0 and not report["malformed"]


async def test_a_running_game_is_not_exported_whole(service: GameService) -> None:
    game_id, _ = await play_to_end(service, "duel", 2, seed=3, commands=5)
    with pytest.raises(Conflict) as info:
        await export_record(service.store, game_id)
    assert info.value.code == "game_not_over"
