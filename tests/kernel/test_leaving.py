"""The leaving rule of `domain/kernel/meta.py` (module docstring, "Leaving"): a seat that
resigns or forfeits ends a game only when it leaves a single seat; otherwise the game goes
on, its bot plays the seat and the final standings rank it last."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain.bots import SeatInput, choose
from domain.kernel import DomainError, fold
from domain.kernel.clocks import parse_clock
from domain.kernel.describe import rulesets
from domain.kernel.game import seat_count
from domain.kernel.meta import (
    Ended,
    MetaGame,
    PlayingOn,
    Resign,
    SeatForfeited,
    SeatHandedToBot,
    SeatResigned,
    left_seats,
    unwrap,
)
from domain.kernel.registry import get_game, get_ruleset, kinds
from domain.kernel.standings import sole_first, standings
from domain.sevenwonders.views import SevenWondersView


def _started(kind: str, seats: int, seed: int = 1) -> tuple[MetaGame, Any]:
    game = get_ruleset(kind)
    assert isinstance(game, MetaGame)
    return game, fold(game, game.start(seats, {}, random.Random(seed), None))


def _resign(game: MetaGame, state: Any, seat: int) -> tuple[list[Any], Any]:
    return game.step(state, Resign(seat=seat))


@pytest.mark.parametrize(("kind", "seats"), [("duel", 2), ("7wonders", 2)])
@pytest.mark.parametrize("leaver", [0, 1])
def test_two_seats_a_resignation_ends_the_game_and_the_other_seat_wins(
    kind: str, seats: int, leaver: int
) -> None:
    """Two seats (the Duel, the 2-player 7 Wonders: its actual seat count, not its kind's
    range): the other seat wins, and the ranking says so where the game has one."""
    game, state = _started(kind, seats)
    events, ended = _resign(game, state, leaver)
    other = 1 - leaver
    assert events == [SeatResigned(seat=leaver, winner=other)]
    assert isinstance(ended, Ended) and game.is_over(ended) and game.acting_seats(ended) == ()
    summary = game.summary(ended)
    assert (summary["winner"], summary["victory"], summary["resigned"]) == (
        other, "resignation", leaver)
    assert summary["left"] == [{"seat": leaver, "how": "resigned"}]
    if "ranking" in summary:
        assert summary["ranking"] == [other, leaver]
    with pytest.raises(DomainError) as refused:
        game.step(ended, Resign(seat=other))
    assert refused.value.code == "game_over"


def _play_out(game: MetaGame, state: Any, levels: dict[int, str], seed: int) -> Any:
    """Every acting seat moves (a seat that left by its bot's level, the others at random)
    until the game is over."""
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = game.acting_seats(state)[0]
        inp = SeatInput(seat, game.view(state, seat), game.legal_moves(state, seat))
        move = choose(levels.get(seat, "random"), game, inp, rng)
        _, state = game.step(state, move)
    return state


def test_five_seats_the_game_goes_on_the_bot_plays_and_the_leaver_is_ranked_last() -> None:
    game, state = _started("7wonders", 5)
    events, state = _resign(game, state, 2)
    assert events == [SeatResigned(seat=2, winner=None, ends_game=False),
                      SeatHandedToBot(seat=2, bot="greedy")]
    assert isinstance(state, PlayingOn) and not game.is_over(state)
    assert 2 in game.acting_seats(state) and game.legal_moves(state, 2)
    assert left_seats(state) == (2,)
    assert game.summary(state)["left"] == [{"seat": 2, "how": "resigned"}]
    with pytest.raises(DomainError) as refused:
        _resign(game, state, 2)
    assert refused.value.code == "seat_left"

    # The seat's bot (greedy) against random players: it scores best, and still ranks last.
    over = _play_out(game, state, {2: "greedy"}, seed=5)
    assert isinstance(over, PlayingOn)
    own = unwrap(game).summary(over.inner)
    assert own["ranking"][0] == 2, "the bot of the seat that left should have scored best"
    summary = game.summary(over)
    assert summary["phase"] == "over" and summary["victory"] == "points"
    assert summary["ranking"] == [s for s in own["ranking"] if s != 2] + [2]
    assert summary["winner"] == summary["ranking"][0]
    assert summary["left"] == [{"seat": 2, "how": "resigned"}]
    view = game.view(over, 0)
    assert isinstance(view, SevenWondersView)
    assert list(view.ranking) == summary["ranking"]
    assert view.rank[2] == 5 and view.rank[summary["winner"]] == 1
    own_view = unwrap(game).view(over.inner, 0)
    assert isinstance(own_view, SevenWondersView)
    assert view.scores == own_view.scores  # the points are the game's


def test_the_last_but_one_seat_to_leave_ends_the_game_and_the_last_one_wins() -> None:
    """3 seats: the first to leave is played by its bot, the second leaves one seat alone:
    it wins, ahead of the last to leave, the first to leave last."""
    game, state = _started("7wonders", 3)
    _, state = _resign(game, state, 0)
    events, state = _resign(game, state, 1)
    assert events == [SeatResigned(seat=1, winner=2)]
    summary = game.summary(state)
    assert isinstance(state, Ended) and left_seats(state) == (0, 1)
    assert (summary["winner"], summary["ranking"], summary["resigned"]) == (2, [2, 1, 0], 1)
    assert summary["left"] == [{"seat": 0, "how": "resigned"}, {"seat": 1, "how": "resigned"}]


def test_a_forfeit_in_a_larger_game_hands_the_seat_to_the_clock_s_bot() -> None:
    game, state = _started("7wonders", 4)
    clock = parse_clock({"bank_seconds": 1, "on_timeout": "forfeit", "bot": "random"})
    events = game.timeout_events(state, 3, clock, 1)
    assert events == [SeatForfeited(seat=3, winner=None, ends_game=False),
                      SeatHandedToBot(seat=3, bot="random")]
    state = fold(game, events, state)
    assert game.summary(state)["left"] == [{"seat": 3, "how": "forfeited"}]
    assert game.timeout_events(state, 3, clock, 1) == []  # its clock no longer runs


def test_the_clock_s_bot_level_plays_a_seat_that_resigns() -> None:
    game = get_ruleset("7wonders", (), {"clock": {"bank_seconds": 60, "bot": "strong"}})
    assert isinstance(game, MetaGame)
    state = fold(game, game.start(3, {}, random.Random(2), None))
    assert _resign(game, state, 1)[0][-1] == SeatHandedToBot(seat=1, bot="strong")


def test_events_stored_before_the_rule_still_end_the_game() -> None:
    """A `SeatResigned` without `ends_game` (a game of more seats resigned before the rule)
    folds to the game it ended, as it was stored."""
    game, state = _started("7wonders", 3)
    old = msgspec.json.decode(b'{"type": "SeatResigned", "seat": 2, "winner": null}',
                              type=game.event_type)
    ended = fold(game, [old], state)
    assert isinstance(ended, Ended) and game.is_over(ended)
    assert game.summary(ended)["ranking"] == [2] and game.summary(ended)["winner"] is None


def test_standings_keep_ties_among_the_seats_that_stayed() -> None:
    # Seats 0 and 3 share first place, seat 1 (which left) scored best of all.
    ranking, places = (1, 0, 3, 2), (2, 1, 4, 2)
    ranked, placed = standings(ranking, places, [1])
    assert ranked == (0, 3, 2, 1) and placed == (1, 4, 3, 1)
    assert sole_first(ranked, placed) is None
    ranked, placed = standings(ranking, places, [3, 1])
    assert ranked == (0, 2, 1, 3) and placed == (1, 3, 2, 4)
    assert sole_first(ranked, placed) == 0


def test_every_kind_tells_its_seat_count() -> None:
    """`seat_count`'s convention (`domain/kernel/game.py`), which the leaving rule rests
    on: every registered ruleset, at each of its seat counts."""
    for ruleset in rulesets():
        game = get_game(ruleset.kind, ruleset.expansions)
        low, high = game.seat_range()
        for seats in range(low, high + 1):
            state = fold(game, game.start(seats, {}, random.Random(seats), None))
            assert seat_count(game, state) == seats, (ruleset, seats)
    assert {r.kind for r in rulesets()} == set(kinds())
