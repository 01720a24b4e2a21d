"""Simultaneous secret choices: a seat's pick does not need the other seats' latest version.

Rule under test (api/service/game_service.py): a command with expected version E < current V is
accepted when the seat was acting at every commit point from E to V and caused none of the
events after E; otherwise 409.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import asyncpg
import msgspec
import pytest

from api.service.commands import Committed
from api.service.game_service import GameService
from api.service.refusals import Conflict
from infra.event_store import EventStore
from tests.api.sealed_bids import KIND, install


def _no_publish(committed: Committed) -> None:
    return None


@pytest.fixture
def service(pool: asyncpg.Pool) -> GameService:
    install()
    return GameService(EventStore(pool), _no_publish)


async def _events(service: GameService, gid: uuid.UUID, seat: int | None, after: int) -> Any:
    return await service.events(
        (await service.folded(gid)).game, await service.record(gid), seat, after
    )


def bid(seat: int, amount: int) -> dict[str, object]:
    return {"type": "Bid", "seat": seat, "amount": amount}


async def test_picks_accepted_against_the_phase_version(service: GameService) -> None:
    record, tokens = await service.create(KIND, [], {}, ["a", "b", "c"], None, None)
    gid = record.game_id
    assert record.version == 1
    first = await service.submit(gid, tokens[0], 1, bid(0, 2), None)
    second = await service.submit(gid, tokens[1], 1, bid(1, 1), None)  # E=1 < V=2: accepted
    assert (first.last_version, second.last_version) == (2, 3)

    # seat 1 sees that seat 0 has bid, never how much; so does a spectator
    _, view = await service.view(gid, 1, 3)
    assert msgspec.json.decode(view) == {"round": 0, "my_bid": 1, "have_bid": [0, 1],
                                         "revealed": []}
    _, events = await _events(service, gid, None, 1)
    assert [msgspec.json.decode(p)["amount"] for _, _, p in events] == [None, None]

    third = await service.submit(gid, tokens[2], 1, bid(2, 0), None)  # reveals, as one event
    assert (third.first_version, third.last_version) == (4, 5)
    _, events = await _events(service, gid, 1, 3)
    assert [t for _, t, _ in events] == ["BidPlaced", "BidsRevealed"]
    assert msgspec.json.decode(events[-1][2])["amounts"] == [2, 1, 0]

    # a new phase: a version from before the seat's own pick is stale
    with pytest.raises(Conflict) as info:
        await service.submit(gid, tokens[0], 1, bid(0, 1), None)
    assert info.value.code == "version_conflict"
    # and a version from the middle of the reveal command is no commit point
    with pytest.raises(Conflict) as info:
        await service.submit(gid, tokens[0], 4, bid(0, 1), None)
    assert info.value.code == "version_conflict"
    assert (await service.submit(gid, tokens[0], 5, bid(0, 1), None)).last_version == 6


async def test_concurrent_picks_all_land(service: GameService) -> None:
    record, tokens = await service.create(KIND, [], {}, ["a", "b", "c", "d"], None, None)
    results = await asyncio.gather(*(
        service.submit(record.game_id, tokens[s], 1, bid(s, s % 3), f"pick-{s}")
        for s in range(4)
    ))
    assert sorted(r.last_version for r in results)[-1] == 6  # 4 picks + 1 reveal
    stream = await service.folded(record.game_id)
    assert stream.state.revealed == ((0, 1, 2, 0),)
    # the same pick again (a retry) is a replay, not a second bid
    again = await service.submit(record.game_id, tokens[0], 1, bid(0, 0), "pick-0")
    assert again.replayed
