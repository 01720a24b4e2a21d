"""The Python client's players and tables: two guests meet at a table through the lobby and
play a Duel to its end with their player tokens only (README, "Players and tables")."""

from __future__ import annotations

import random

import msgspec
from polis_client import PolisClient, PolisError, ruleset

from tests.api.servers import ApiProcess


async def test_two_guests_meet_in_the_lobby_and_play(apis: list[ApiProcess]) -> None:
    rng = random.Random(5)
    types = ruleset("duel")
    async with PolisClient(apis[0].url) as a, PolisClient(apis[1].url) as b:
        host = await a.create_player("Host")
        guest = await b.create_player("Guest")
        assert (await b.me(guest.token)).name == "Guest"
        table = await a.open_table(host.token, "duel",
                                   [{"player": host.player_id}, {"open": True}])
        game_id = table.game.game_id
        assert table.game.waiting and table.seats == []
        listed = [t for t in (await b.lobby("duel")).tables if t.game.game_id == game_id]
        assert listed and listed[0].free == [1]
        joined = await b.join(game_id, guest.token)
        assert joined.seat == 1 and not joined.game.waiting
        tokens = [host.token, guest.token]
        summary = joined.game
        while not summary.over:
            seat = rng.choice(summary.summary["acting"])
            moves = await b.legal_moves(game_id, tokens[seat])
            if moves.moves:
                move = msgspec.json.decode(rng.choice(moves.moves), type=types.Command)
                try:
                    await a.submit(game_id, tokens[seat], moves.version, move)
                except PolisError as exc:
                    assert exc.code == "version_conflict", exc
            summary = await a.game(game_id)
        mine = await a.my_games(host.token, state="over")
        assert [g.game.game_id for g in mine.games] == [game_id] and mine.games[0].seat == 0
        try:
            await b.join(game_id, guest.token)
        except PolisError as exc:
            assert exc.status == 409 and exc.code == "table_started"
        else:
            raise AssertionError("a second join was accepted")
