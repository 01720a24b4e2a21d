"""A stored `GameStarted` decodes with its whole deal, whatever the expansions: the
ruleset's event type carries the ruleset's deal type (Agora's draws, the leaders' shuffle),
so an audit reading the event store sees the deal that was played."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain.duel import events as ev
from domain.duel.deal import Deal
from domain.duel_agora.state import AgoraDeal
from domain.duel_leaders.state import AgoraLeadersDeal, LeadersDeal
from domain.kernel import get_game


@pytest.mark.parametrize(("expansions", "deal_type"), [
    ((), Deal),
    (("agora",), AgoraDeal),
    (("leaders",), LeadersDeal),
    (("agora", "leaders"), AgoraLeadersDeal),
], ids=["base", "agora", "leaders", "agora+leaders"])
def test_game_started_round_trips_with_the_rulesets_deal(
    expansions: tuple[str, ...], deal_type: type
) -> None:
    game = get_game("duel", expansions)
    started = game.start(2, {}, random.Random(3), None)[0]
    assert isinstance(started, ev.GameStarted) and type(started.deal) is deal_type
    stored = msgspec.json.encode(started)
    decoded = msgspec.json.Decoder(game.event_type, strict=True).decode(stored)
    assert decoded == started and type(decoded.deal) is deal_type
    assert msgspec.json.encode(decoded) == stored  # same wire format, tag "GameStarted"
    assert msgspec.json.decode(stored)["type"] == "GameStarted"
    # a seat's copy has no deal and decodes as well
    redacted = game.redact(started, 0)
    assert msgspec.json.Decoder(game.event_type).decode(msgspec.json.encode(redacted)).deal is None
