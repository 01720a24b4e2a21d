"""The documented game types are the games' real types: every view, event and legal move of a
random game of each ruleset round-trips through them with strict decoding, and a command
with a misspelt field is refused by them as by the server."""

from __future__ import annotations

import json
import random

import msgspec
import pytest

from api.http.game_schemas import game_components, ident
from domain.kernel import fold, get_game
from domain.kernel.describe import Ruleset, ruleset_types, rulesets
from domain.kernel.playout import random_playout


@pytest.mark.parametrize("ruleset", rulesets(), ids=lambda r: r.name)
def test_views_events_and_moves_match_their_documented_types(ruleset: Ruleset) -> None:
    game = get_game(ruleset.kind, ruleset.expansions)
    types = ruleset_types(ruleset)
    low, high = game.seat_range()
    seats = min(max(low, 3), high)
    played = random_playout(game, random.Random(7), seats=seats, keep_steps=True)
    view = msgspec.json.Decoder(types.view, strict=True)
    event = msgspec.json.Decoder(types.event, strict=True)
    command = msgspec.json.Decoder(types.command, strict=True)
    encode = msgspec.json.encode
    state = fold(game, played.opening)
    for produced in played.opening:
        event.decode(encode(produced))  # an expansion's deal inside GameStarted is wider
    checked_ext = False
    base_view = type(game.view(state, None))
    # the fields a ruleset's own view type narrows (an expansion's part, `Any` in the base)
    narrowed = set() if types.view is base_view else set(types.view.__annotations__)
    for step, (move, events) in enumerate(played.steps):
        assert command.decode(encode(move)) == move
        for produced in events:
            assert event.decode(encode(produced)) == produced
            for seat in (None, *range(seats)):
                redacted = game.redact(produced, seat)
                event.decode(encode(redacted))
        state = fold(game, events, state)
        if step % 7 == 0 or game.is_over(state):
            for seat in (None, *range(seats)):
                shown = game.view(state, seat)
                assert encode(view.decode(encode(shown))) == encode(shown)  # nothing lost
                checked_ext = checked_ext or any(
                    getattr(shown, name, None) is not None for name in narrowed)
            for seat in game.acting_seats(state):
                for legal in game.legal_moves(state, seat):
                    assert command.decode(encode(legal)) == legal
    if ruleset.expansions:
        assert checked_ext, "the expansion's part of the view was never checked"
    with pytest.raises(msgspec.ValidationError):
        wrong = msgspec.to_builtins(played.steps[0][0]) | {"seet": 0}
        command.decode(encode(wrong))


@pytest.mark.parametrize("ruleset", rulesets(), ids=lambda r: r.name)
def test_the_documented_game_start_lists_every_member_of_the_deal(ruleset: Ruleset) -> None:
    """The full log's `GameStarted` carries the ruleset's whole deal (with Leaders or Faith,
    wider than the base game's): its documented schema lists every member it has."""
    schemas, _ = game_components("#/")
    game = get_game(ruleset.kind, ruleset.expansions)
    seats = min(max(game.seat_range()[0], 3), game.seat_range()[1])
    opening = game.start(seats, {}, random.Random(3), None)
    started = next(e for e in opening if type(e).__name__ == "GameStarted")
    deal = json.loads(msgspec.json.encode(started))["deal"]
    member = schemas[f"{ident(ruleset)}.GameStarted"]["properties"]["deal"]
    ref = next(o["$ref"] for o in member["anyOf"] if "$ref" in o)
    documented = schemas[ref.removeprefix("#/")]["properties"]
    assert set(deal) <= set(documented), set(deal) - set(documented)
