"""Games played to their end through the service's command pipeline, in this process."""

from __future__ import annotations

import random
import uuid

import msgspec

from api.service.game_service import GameService


async def play_to_end(
    service: GameService, kind: str, seats: int, seed: int, expansions: tuple[str, ...] = (),
    commands: int | None = None,
) -> tuple[uuid.UUID, list[str]]:
    """Create a seeded game and submit random legal commands until it is over (or
    `commands` of them were submitted); the game id and the seats' tokens."""
    record, tokens = await service.create(
        kind, list(expansions), {}, [f"p{i}" for i in range(seats)], None, seed
    )
    rng = random.Random(seed)
    submitted = 0
    while commands is None or submitted < commands:
        folded = await service.folded(record.game_id)
        async with folded.lock:
            await service.games.refresh(folded)
            state, version = folded.state, folded.version
        game = folded.game
        acting = game.acting_seats(state)
        if not acting:
            break
        seat = rng.choice(acting)
        move = rng.choice(list(game.legal_moves(state, seat)))
        await service.submit(record.game_id, tokens[seat], version,
                             msgspec.to_builtins(move), None)
        submitted += 1
    return record.game_id, tokens
