"""The service's bot runner gives a bot exactly its seat's redacted view (the view the
service stores and serves to that seat) and its legal moves, for every game kind,
expansion and the two-player variant; never the state. What goes to the thinking process
pickles intact."""

from __future__ import annotations

import pickle
import random
import uuid
from datetime import UTC, datetime
from typing import Any

import msgspec
import pytest

from api.runners.bot_thinking import BotThinking, Ruleset, Thought
from api.runners.bots import BotRunner, BotSettings
from domain.bots import SeatInput
from domain.kernel.game import Game, fold
from domain.kernel.registry import get_ruleset
from infra.event_store import GameRecord
from projections.views import build_views, seat_key
from tests.bots.test_bots import RULESETS


class _Submitted(msgspec.Struct):
    replayed: bool = False


class _Games:
    def __init__(self, record: Any) -> None:
        self.record = record

    async def get(self, game_id: uuid.UUID) -> Any:
        return self


class _Service:
    """Takes the runner's submissions (the command path is tested in tests/api)."""

    def __init__(self, record: Any) -> None:
        self.submitted: list[tuple[int, dict[str, Any], str]] = []
        self.games = _Games(record)

    async def submit(self, game_id: uuid.UUID, token: Any, version: int, command: Any,
                     key: str, bot_seat: int) -> _Submitted:
        self.submitted.append((version, command, key))
        return _Submitted()


@pytest.mark.parametrize(("kind", "expansions", "seats"), RULESETS)
async def test_a_bot_is_given_exactly_its_seats_view(
    kind: str, expansions: tuple[str, ...], seats: int
) -> None:
    game = get_ruleset(kind, expansions)
    given: list[SeatInput] = []

    class Spy(BotThinking):
        async def decide(self, g: Game, ruleset: Ruleset, thought: Thought) -> Any:
            assert ruleset == Ruleset(kind, expansions, {})
            # what a thinking process is sent (`api/runners/bot_thinking.py`) crosses intact
            assert pickle.loads(pickle.dumps((ruleset, thought))) == (ruleset, thought)
            given.append(thought.inp)
            return msgspec.to_builtins(random.Random(thought.seed).choice(thought.inp.moves))

    game_id = uuid.uuid4()
    record = GameRecord(game_id, kind, expansions, {}, ("a",) * seats, ("x",) * seats,
                        datetime.now(UTC), 0, {}, False)
    service = _Service(record)
    runner = BotRunner(service, None, BotSettings(enabled=False), Spy(0))
    rng = random.Random(6)
    state = fold(game, game.start(seats, {}, rng, None))
    checked = 0
    version = 0
    while not game.is_over(state) and checked < 40:
        seat = rng.choice(game.acting_seats(state))
        assert await runner.play_seat(game, game_id, seat, "greedy", state, version) == 1
        inp = given[-1]
        served = dict(build_views(game, state, seats))[seat_key(seat)]
        assert msgspec.json.encode(inp.view).decode() == served
        assert inp.seat == seat and list(inp.moves) == list(game.legal_moves(state, seat))
        assert not any(isinstance(part, type(state)) for part in (inp.view, *inp.moves))
        _, sent, key = service.submitted[-1]
        assert key == f"bot:{seat}:{version}"
        _, state = game.step(state, msgspec.convert(sent, game.command_type))
        version += 1
        checked += 1
    assert checked == 40
