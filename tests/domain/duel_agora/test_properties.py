"""Properties over random Agora games: conservation of cubes, conspiracies and decrees,
every listed move accepted, events folding to the same state, secrets kept out of the
other seat's view and events, and each game ending with one of the known victories."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from domain.duel.state import OVER
from domain.duel_agora.catalog import CUBES_PER_SEAT, N_CHAMBERS
from domain.kernel.game import fold
from tests.domain.duel_agora.support import G, ext

GAMES = 60


def _check_state(state: Any) -> None:
    e = ext(state)
    for seat in (0, 1):
        assert all(n >= 0 for n in e.cubes[seat])
        assert sum(e.cubes[seat]) <= CUBES_PER_SEAT
        assert len(e.held[seat]) == len(e.prepared[seat]) == len(e.triggered[seat])
        assert len(e.senators[seat]) == len(set(e.senators[seat]))
    conspiracies = [*e.deck, *e.held[0], *e.held[1], *e.drawn]
    assert sorted(conspiracies) == list(range(16))
    assert sorted(d for ds in e.decrees for d in ds) == sorted(state.deal.decrees)
    assert len(e.decrees) == N_CHAMBERS


def _secret_ids(state: Any, seat: int) -> set[int]:
    """Conspiracies the other seat must not see: `seat`'s untriggered ones."""
    e = ext(state)
    return {c for i, c in enumerate(e.held[seat]) if not e.triggered[seat][i]}


def test_random_agora_games_keep_their_invariants() -> None:
    victories = set()
    for seed in range(GAMES):
        rng = random.Random(seed)
        opening = G.start(2, {}, rng, None)
        state = fold(G, opening)
        events = list(opening)
        steps = 0
        while state.phase != OVER:
            seat = G.acting_seats(state)[0]
            assert G.legal_moves(state, 1 - seat) == []
            legal = G.legal_moves(state, seat)
            assert legal, "a seat to act always has a move"
            command = rng.choice(legal)
            new, state = G.step(state, command)
            events += new
            _check_state(state)
            other = 1 - seat
            hidden = _secret_ids(state, seat)
            seen = msgspec.to_builtins(G.view(state, other).ext)
            mine = {c["conspiracy"] for c in seen["seats"][seat]["conspiracies"]}
            assert mine <= {-1} | (set(ext(state).held[seat]) - hidden)
            if ext(state).drawn and G.acting_seats(state) != (other,):
                assert not seen["drawn"]
            for shown, truth in zip(seen["decrees"], ext(state).decrees, strict=True):
                assert [d if (ext(state).revealed >> d) & 1 else -1 for d in truth] == \
                    list(shown)
            assert "deck" not in seen and seen["deck_size"] == len(ext(state).deck)
            for e in new:
                redacted = msgspec.to_builtins(G.redact(e, other))
                if type(e).__name__ in ("ConspiraciesDrawn", "ConspiracyKept") and \
                        e.seat == seat:
                    assert not (set(redacted.get("cards", [])) | set(redacted.get("kept", []))
                                ) - {-1}
                if type(e).__name__ == "AgoraDealt":
                    assert redacted["deal"] is None
            steps += 1
        assert fold(G, events) == state
        victories.add(state.victory)
        assert state.victory in G.victory_types
    assert "civilian" in victories
