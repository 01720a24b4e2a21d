"""What each seat may know in Agora (issue: hidden information): the other seat's
unrevealed conspiracies, the conspiracies being chosen from, the deck, face-down and
unused decrees, the tokens Espionage shows and a token Obscurantism takes from the box."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.duel.state import DuelState
from domain.duel_agora import commands as acmd
from domain.duel_agora import events as aev
from tests.domain.duel_agora.support import (
    CONSPIRATOR,
    G,
    deal,
    drafted,
    ext,
    hold,
    of_type,
    put,
    recruit_at,
    run,
    turn,
)

DECREES = ("D01", "D02", "D03", "D04", "D05", "D06")


def _view(state: DuelState, seat: int | None) -> dict[str, Any]:
    value: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(G.view(state, seat).ext))
    return value


def test_views_hide_the_other_seats_conspiracies_face_down_decrees_and_the_deck() -> None:
    state = hold(turn(drafted(deal(decrees=DECREES)), 0), 0, "Coup", prepared=True)
    state = hold(state, 0, "Sabotage")
    mine, theirs, spectator = _view(state, 0), _view(state, 1), _view(state, None)
    held = ext(state).held[0]
    assert [c["conspiracy"] for c in mine["seats"][0]["conspiracies"]][-2:] == list(held[-2:])
    for other in (theirs, spectator):
        shown = other["seats"][0]["conspiracies"]
        assert {c["conspiracy"] for c in shown} == {-1}
        assert [c["prepared"] for c in shown][-2:] == [True, False]
        assert [ds[0] for ds in other["decrees"]][1::2] == [-1, -1, -1]
        assert other["deck_size"] == len(ext(state).deck)
    encoded = msgspec.json.encode(G.view(state, 1)).decode()
    assert "unused" not in encoded and "deck\"" not in encoded


def test_the_draw_is_seen_by_the_drawer_only_and_top_or_bottom_by_all() -> None:
    state = put(turn(drafted(deal(decrees=DECREES)), 0), "r5x1", CONSPIRATOR)
    recruit = recruit_at(state, 0, "r5x1")
    events, state = run(state, recruit, acmd.Conspire(seat=0))
    (drawn,) = of_type(events, aev.ConspiraciesDrawn)
    assert G.redact(drawn, 1).cards == () and G.redact(drawn, None).cards == ()
    assert _view(state, 0)["drawn"] == list(drawn.cards)
    assert not _view(state, 1)["drawn"]
    events, state = run(state, acmd.KeepConspiracy(seat=0, keep=drawn.cards[1], on_top=True))
    (kept,) = of_type(events, aev.ConspiracyKept)
    seen = G.redact(kept, 1)
    assert (seen.kept, seen.returned, seen.on_top) == ((-1,), -1, True)
    assert G.redact(kept, 0) == kept


def test_espionage_and_obscurantism_keep_the_box_hidden() -> None:
    state = hold(turn(drafted(deal(decrees=DECREES)), 0), 0, "Espionage", prepared=True)
    events, state = run(state, acmd.TriggerConspiracy(seat=0, conspiracy=0))
    (seen,) = of_type(events, aev.AsideTokensSeen)
    assert G.redact(seen, 1).tokens == () and seen.tokens == state.aside_tokens
    assert not _view(state, 1)["spied"] and _view(state, 0)["spied"]
    state = hold(turn(drafted(deal(decrees=DECREES)), 0), 0, "Obscurantism", prepared=True)
    _, state = run(state, acmd.TriggerConspiracy(seat=0, conspiracy=0))
    token = state.aside_tokens[0]
    events, state = run(state, acmd.ObscureToken(seat=0, token=token))
    (obscured,) = of_type(events, aev.TokenObscured)
    assert G.redact(obscured, 1).token == -1 and G.redact(obscured, 0).token == token
    assert _view(state, 1)["obscured"] == [-1] and _view(state, 0)["obscured"] == [token]
