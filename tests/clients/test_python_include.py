"""The Python client's bot loop with `include`: every command's reply carries `next` (who acts,
the seat's legal moves and view at the new version), so a move is one request when the same
seat acts again, and a read of the moves only when the turn passes. One complete game of
every ruleset over REST, and one over the WebSocket (a session per seat)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from types import ModuleType
from typing import Any

import msgspec
from polis_client import GameSession, PolisClient, ruleset
from polis_client.messages import (
    CommandAccepted,
    CommandAcceptedMessage,
    NextOut,
    Snapshot,
    Update,
)

from tests.api.servers import ApiProcess

Send = Callable[[int, int, msgspec.Struct], Awaitable[CommandAccepted | CommandAcceptedMessage]]


class Played(msgspec.Struct):
    commands: int = 0
    reads: int = 0
    """`GET /legal-moves` requests: only when the turn passed to another seat."""
    checked: int = 0


async def _bot(client: PolisClient, game_id: str, tokens: list[str], types: ModuleType,
               acting: list[int], version: int, send: Send, rng: random.Random
               ) -> tuple[Played, NextOut]:
    """Play random legal moves to the end, taking each from the last reply when it can."""
    played = Played()
    seat, listed, last = -1, [], None
    while acting:
        if seat not in acting:  # the turn passed: the new seat's moves are one read
            seat = rng.choice(acting)
            read = await client.legal_moves(game_id, tokens[seat], min_version=version)
            assert read.version == version  # the version it knows: nobody else plays
            played.reads += 1
            listed, version = read.moves, read.version
        assert listed, f"seat {seat} acts at {version} with no legal move"
        move = msgspec.json.decode(rng.choice(listed), type=types.Command)
        reply = await send(seat, version, move)
        played.commands += 1
        last = reply.next
        assert last is not None and last.version == reply.version and not reply.replayed
        assert last.moves is not None and last.view
        msgspec.json.decode(last.view, type=types.View)
        if played.commands % 9 == 0:  # the reply is what the separate reads answer
            moves, view = (await client.legal_moves(game_id, tokens[seat]),
                           await client.view(game_id, tokens[seat], min_version=last.version))
            assert moves.version == view.version == last.version
            assert [msgspec.json.decode(m) for m in moves.moves] == [
                msgspec.json.decode(m) for m in last.moves]
            assert msgspec.json.decode(view.view) == msgspec.json.decode(last.view)
            played.checked += 1
        acting, listed, version = last.acting, last.moves, last.version
    assert last is not None
    return played, last


async def _play(client: PolisClient, kind: str, expansions: list[str], seats: int,
                rng: random.Random, ws_url: str | None) -> Played:
    """One game with `include` over REST (`ws_url` None) or each seat's WebSocket session."""
    types = ruleset(kind, expansions)
    created = await client.create_game(kind, [f"p{i}" for i in range(seats)], tuple(expansions),
                                       seed=rng.randrange(2**31))
    game_id, tokens = created.game.game_id, [s.token for s in created.seats]
    sessions = [GameSession(ws_url, game_id, t) for t in tokens] if ws_url else []
    updates: list[list[Update]] = [[] for _ in sessions]

    async def consume(session: GameSession, into: list[Update]) -> None:
        async for message in session.messages():
            if isinstance(message, Update):
                into.append(message)

    async def over_rest(seat: int, version: int, move: msgspec.Struct) -> CommandAccepted:
        return await client.submit(game_id, tokens[seat], version, move,
                                   include=("moves", "view"))

    async def over_ws(seat: int, version: int, move: msgspec.Struct) -> CommandAcceptedMessage:
        reply = await sessions[seat].submit(version, move, include=["moves", "view"])
        assert reply.next is not None
        # the update of the command's versions came first, with the same view
        assert sessions[seat].version == reply.version == updates[seat][-1].version
        assert msgspec.json.decode(updates[seat][-1].view) == msgspec.json.decode(
            reply.next.view)
        return reply

    tasks = [asyncio.create_task(consume(s, u)) for s, u in zip(sessions, updates, strict=True)]
    try:
        played, last = await _bot(client, game_id, tokens, types, created.game.summary["acting"],
                                  created.game.version, over_ws if ws_url else over_rest, rng)
    finally:
        for session in sessions:
            await session.stop()
        for task in tasks:
            task.cancel()
    summary = await client.game(game_id)
    assert summary.over and summary.version == last.version and last.acting == []
    return played


async def test_a_bot_plays_every_ruleset_with_include(apis: list[ApiProcess]) -> None:
    async with PolisClient(apis[0].url) as client:
        kinds = (await client.kinds())["kinds"]
        games = [(kind["kind"], expansions, min(max(kind["min_seats"], 3), kind["max_seats"]))
                 for kind in kinds for expansions in kind["rulesets"]]
        transports: list[str | None] = [None, apis[1].ws_url]
        runs: list[Any] = [(game, ws) for game in games for ws in transports]
        outcomes = await asyncio.gather(*(  # the games at once: each waits on the server
            _play(client, kind, expansions, seats, random.Random(40 + i), ws)
            for i, ((kind, expansions, seats), ws) in enumerate(runs)))
    for ((kind, expansions, _), ws), played in zip(runs, outcomes, strict=True):
        name = "+".join((kind, *expansions)) + (" over WebSocket" if ws else " over REST")
        assert played.commands > 10 and played.checked > 0, (name, played)
        # a read only when the turn passed: the seat that acts again moves on its reply
        assert played.reads < played.commands, (name, played)
    print({f"{'+'.join((k, *e))} {'ws' if ws else 'rest'}": round(1 + p.reads / p.commands, 2)
           for ((k, e, _), ws), p in zip(runs, outcomes, strict=True)}, "requests per move")


async def test_sessions_play_from_the_moves_in_their_updates(apis: list[ApiProcess]) -> None:
    """`include_moves`: each seat's session gets its legal moves with the update that brings
    it to the latest version, and a whole Duel game is played without a read."""
    async with PolisClient(apis[0].url) as client:
        created = await client.create_game("duel", ["a", "b"], seed=51)
        game_id = created.game.game_id
        sessions = [GameSession(apis[seat].ws_url, game_id, s.token, include_moves=True)
                    for seat, s in enumerate(created.seats)]
        latest: list[Any] = [None, None]

        async def follow(seat: int) -> None:
            async for message in sessions[seat].messages():
                if isinstance(message, (Snapshot, Update)):
                    latest[seat] = message

        tasks = [asyncio.create_task(follow(seat)) for seat in (0, 1)]
        rng, moves = random.Random(51), 0
        try:
            async with asyncio.timeout(60):
                while None in latest:
                    await asyncio.sleep(0.01)
                while True:
                    acting = [s for s in (0, 1) if latest[s].moves]
                    if not acting:
                        break
                    seat = rng.choice(acting)
                    at = latest[seat]
                    reply = await sessions[seat].submit(at.version, rng.choice(at.moves))
                    moves += 1
                    while any(m.version < reply.version for m in latest):
                        await asyncio.sleep(0.005)
        finally:
            for session in sessions:
                await session.stop()
            for task in tasks:
                task.cancel()
        game = await client.game(game_id)
        assert game.over, f"the game ended after {moves} moves, from updates alone"
