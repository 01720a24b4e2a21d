"""The ratings projection's pure parts (`projections/ratings.py`): places as the game ranks
its seats (ties shared, seats that left last), the model's update, pools."""

from __future__ import annotations

import random
import uuid
from datetime import datetime
from typing import Any

import domain.packages  # noqa: F401  (registers the kinds)
from domain.bots import SeatInput, choose
from domain.kernel.game import fold
from domain.kernel.meta import Resign
from domain.kernel.registry import get_ruleset
from infra.event_store import GameRecord
from projections.ratings import PoolSettings, final_places, pool_of, rate, seat_holders


def _played(kind: str, seats: int, seed: int, resign: int | None = None) -> tuple[Any, Any]:
    game = get_ruleset(kind, (), {})
    rng = random.Random(seed)
    state = fold(game, game.start(seats, {}, rng, None))
    if resign is not None:
        _, state = game.step(state, Resign(seat=resign))
    while not game.is_over(state):
        seat = game.acting_seats(state)[0]
        inp = SeatInput(seat, game.view(state, seat), game.legal_moves(state, seat))
        _, state = game.step(state, choose("random", game, inp, rng))
    return game, state


def test_places_follow_the_games_own_rank_with_ties_shared() -> None:
    for seed in range(6):
        game, state = _played("7wonders", 3, seed)
        places = final_places(game, state, 3)
        assert places == list(game.view(state, None).rank)
        ranking = game.summary(state)["ranking"]
        assert [places[s] for s in ranking] == sorted(places)


def test_a_seat_that_left_is_placed_last() -> None:
    game, state = _played("7wonders", 3, 2, resign=1)
    assert final_places(game, state, 3)[1] == 3
    duel, ended = _played("duel", 2, 1, resign=0)
    assert final_places(duel, ended, 2) == [2, 1]


def test_a_draw_without_a_winner_shares_first_place() -> None:
    class Drawn:
        def summary(self, state: Any) -> dict[str, Any]:
            return {"winner": None}

    assert final_places(Drawn(), None, 2) == [1, 1]  # type: ignore[arg-type]


def test_the_model_moves_winners_up_and_shares_ties() -> None:
    prior = (25.0, 25 / 3)
    after = rate([prior, prior, prior], [1, 2, 2])
    assert after[0][0] > 25 > after[1][0] and after[1] == after[2]
    assert all(sigma < 25 / 3 for _, sigma in after)


def test_pools_are_kinds_or_kinds_with_their_expansion_sets() -> None:
    split = PoolSettings(by_expansions=frozenset({"7wonders"}))
    assert pool_of("duel", ("agora",), split) == "duel"
    assert pool_of("7wonders", ("leaders", "faith"), split) == "7wonders+faith+leaders"
    assert pool_of("7wonders", (), split) == "7wonders"


def test_seats_are_players_bots_or_neither() -> None:
    record = GameRecord(
        game_id=uuid.uuid4(), kind="7wonders", expansions=(),
        options={"bots": [None, "greedy", None]}, seat_names=("a", "b", "c"),
        token_hashes=("", "", ""), created_at=datetime.now(),
        version=1, summary={}, over=True, players=("p1", None, None))
    assert seat_holders(record) == ["p1", ("bot", "greedy"), ("", "")]
