"""Faith's fast paths give what the full paths give: a pool-cost god priced with the vectors
the city's own production spares skipped, and a listed invocation decided without its
checks."""

from __future__ import annotations

import random

import msgspec
from msgspec.structs import replace

from domain.kernel import get_game
from domain.kernel.game import fold
from domain.sevenwonders import trading
from domain.sevenwonders.game import SevenWondersGame
from domain.sevenwonders_faith import invoke
from domain.sevenwonders_faith.catalog import ANY, MANUFACTURED, RAW
from domain.sevenwonders_faith.model import INVOKE, PlayWithGod


def _vector(rng: random.Random, top: int) -> tuple[int, ...]:
    return tuple(rng.choice((0, 0, 0, 1, 1, 2, top)) for _ in range(7))


def _masks(rng: random.Random) -> tuple[int, ...]:
    return tuple(sorted(rng.randrange(1, 128) for _ in range(rng.choice((0, 0, 1, 2)))))


def test_pool_costs_priced_with_spared_vectors_skipped_match_every_vector() -> None:
    rng = random.Random(35)
    compared = 0
    for _ in range(400):
        ctx = (_vector(rng, 1), _masks(rng), _vector(rng, 3), _masks(rng), _vector(rng, 3),
               _masks(rng), rng.randrange(1 << 14), False)
        pay = trading.Pricer(ctx)
        for kind in (RAW, MANUFACTURED, ANY):
            for n in (1, 2, 3, 4):
                rows = invoke._pool_rows(kind, n)
                cover = invoke._own_cover(pay, invoke._POOLS[kind])
                assert invoke._traded(pay, rows, *cover) == invoke._traded(pay, rows)
                compared += bool(cover[1])
    assert compared > 500  # many contexts where the city makes some of the pool itself


def test_listed_invocations_decided_as_checked() -> None:
    """Listed invocations after the card, stepped as listed (trusted: the very object) and
    as an equal copy (checked in full): the same events."""
    enc = msgspec.json.Encoder().encode
    for expansions, seats in ((("faith",), 7), (("faith",), 3), (("leaders", "faith"), 4)):
        game = get_game("7wonders", expansions)
        assert isinstance(game, SevenWondersGame)
        rules = game.rules
        rng = random.Random(7 + seats)
        trusted = 0
        for _ in range(3):
            st = fold(game, game.start(seats, {}, rng, None))
            while not game.is_over(st):
                seat = rng.choice(game.acting_seats(st))
                moves = game.legal_moves(st, seat)
                invoked = [m for m in moves if type(m) is PlayWithGod and m.use == INVOKE
                           and not m.god_first and m.second is None]
                for m in rng.sample(invoked, min(3, len(invoked))):
                    trusted += invoke.listed_god(rules, st, seat, m) is not None
                    listed = game.step(st, m)[0]
                    checked = game.step(st, replace(m))[0]
                    assert [enc(e) for e in listed] == [enc(e) for e in checked]
                st = game.step(st, rng.choice(moves))[1]
        assert trusted > 20
