"""The Python client plays one complete game of every ruleset `/kinds` lists, with random
legal moves typed by its generated msgspec types; a spectator's and a seat's WebSocket
sessions are dropped mid-game, resume, and receive every version without a gap."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import uuid
from typing import Any

import msgspec
import pytest
from polis_client import GameSession, PolisClient, PolisError, ruleset
from polis_client.messages import Snapshot, Update

from tests.api.servers import ApiProcess
from tests.clients.conftest import CLIENTS


def test_generated_types_match_the_document() -> None:
    result = subprocess.run([sys.executable, str(CLIENTS / "python" / "generate.py"), "--check"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


async def _consume(session: GameSession, seen: list[Any]) -> None:
    async for message in session.messages():
        seen.append(message)


async def _play(client: PolisClient, ws_url: str, kind: str, expansions: list[str],
                seats: int, rng: random.Random) -> dict[str, Any]:
    types = ruleset(kind, expansions)
    created = await client.create_game(kind, [f"p{i}" for i in range(seats)], tuple(expansions),
                                       seed=rng.randrange(2**31))
    game_id, tokens = created.game.game_id, [s.token for s in created.seats]
    spectator = GameSession(ws_url, game_id, None)
    player = GameSession(ws_url, game_id, tokens[0])
    seen: list[Any] = []
    tasks = [asyncio.create_task(_consume(s, seen if s is spectator else []))
             for s in (spectator, player)]
    commands = dropped = 0
    try:
        summary = created.game
        while not summary.over:
            seat = rng.choice(summary.summary["acting"])
            moves = await client.legal_moves(game_id, tokens[seat])
            if moves.moves:
                move = msgspec.json.decode(rng.choice(moves.moves), type=types.Command)
                try:
                    if seat == 0 and player.version is not None and commands % 2:
                        await player.submit(moves.version, move)
                    else:
                        await client.submit(game_id, tokens[seat], moves.version, move)
                except PolisError as exc:  # another seat's simultaneous choice came first
                    assert exc.code == "version_conflict", exc
                commands += 1
                if commands in (5, 23):  # drop both sockets, as a network failure would
                    await spectator.drop()
                    await player.drop()
                    dropped += 1
            summary = await client.game(game_id)
        async with asyncio.timeout(15):
            while spectator.version != summary.version or player.version != summary.version:
                await asyncio.sleep(0.02)
    finally:
        for session in (spectator, player):
            await session.stop()
        for task in tasks:
            task.cancel()
    first = next(m for m in seen if isinstance(m, Snapshot)).version
    assert spectator.versions == list(range(first + 1, summary.version + 1)), "a version gap"
    assert spectator.reconnects >= dropped and player.reconnects >= dropped
    for message in seen:
        if isinstance(message, Update):
            msgspec.json.decode(message.view, type=types.View)
            for event in message.events:
                msgspec.json.decode(event.event, type=types.Event)
    final = await client.view(game_id, None)
    assert msgspec.json.decode(final.view) == msgspec.json.decode(
        [m for m in seen if isinstance(m, Update)][-1].view)
    return {"commands": commands, "version": summary.version}


async def test_python_client_plays_every_ruleset(apis: list[ApiProcess]) -> None:
    async with PolisClient(apis[0].url) as client:
        kinds = (await client.kinds())["kinds"]
        games = [(kind["kind"], expansions, min(max(kind["min_seats"], 3), kind["max_seats"]))
                 for kind in kinds for expansions in kind["rulesets"]]
        outcomes = await asyncio.gather(*(  # the games at once: each waits on the server
            _play(client, apis[1].ws_url, kind, expansions, seats, random.Random(16 + i))
            for i, (kind, expansions, seats) in enumerate(games)))
        played = [(kind, tuple(expansions), outcome["commands"])
                  for (kind, expansions, _), outcome in zip(games, outcomes, strict=True)]
        assert {(k, e) for k, e, _ in played} >= {("duel", ()), ("duel", ("agora",)),
                                                  ("7wonders", ())}
        assert all(n > 10 for _, _, n in played), played
        catalog = await client.catalog("duel", lang="fr")
        assert catalog["catalog"]["cards"][0]["name"] == "Chantier"
        with pytest.raises(PolisError) as refused:
            await client.legal_moves(str(uuid.uuid4()), "x")
        assert refused.value.code == "game_not_found"
        with pytest.raises(PolisError) as malformed:
            await client.legal_moves(kinds[0]["kind"], "x")
        assert malformed.value.code == "invalid_path_parameter"
