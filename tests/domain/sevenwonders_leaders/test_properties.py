"""Properties over random Leaders games for 2 to 7 seats: the events fold to the state, the
36 leaders are always all somewhere, each seat plays 3 leaders (Rome B more), coins never go
negative, simultaneous choices never change what another seat may do, and no seat's view or
event copy shows another seat's hidden leaders."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain.kernel.game import fold
from domain.sevenwonders_leaders import events as lev
from domain.sevenwonders_leaders.catalog import ROME
from domain.sevenwonders_leaders.state import DRAFT, LEADER_TUCK, RECRUIT
from tests.domain.sevenwonders_leaders.support import G


def _leaders_everywhere(st: Any) -> list[int]:
    x = st.ext
    # A draft pick stays in the hand until the hands pass.
    out = [c for h in x.hands for c in h] + list(x.box) + [c for k in x.kept for c in k]
    for c in st.cities:
        out += list(c.beside) + [t - LEADER_TUCK for t in c.tucked if t >= LEADER_TUCK]
    return out


@pytest.mark.parametrize("seats", range(2, 8))
def test_random_games(seats: int) -> None:
    for seed in range(6):
        rng = random.Random(1000 * seats + seed)
        events = G.start(seats, {}, rng, None)
        st = fold(G, events)
        played = [0] * seats
        while not G.is_over(st):
            acting = G.acting_seats(st)
            if st.phase in (DRAFT, RECRUIT):
                x = st.ext
                waiting = [s for s in range(seats) if (x.picks[s] < 0 if st.phase == DRAFT
                                                       else x.chosen[s] is None and x.hands[s])]
                assert list(acting) == waiting
            seat = rng.choice(acting)
            moves = G.legal_moves(st, seat)
            move = rng.choice(moves)
            others = {s: G.legal_moves(st, s) for s in acting if s != seat}
            new, after = G.step(st, move)
            if st.phase in (DRAFT, RECRUIT) and after.phase == st.phase:
                for s, before in others.items():
                    assert G.legal_moves(after, s) == before
            for e in new:
                if isinstance(e, lev.LeadersPlayed):
                    for a in e.actions:
                        played[a.seat] += 1
                for viewer in range(seats):
                    _no_leak(e, G.redact(e, viewer), viewer)
            events += new
            st = after
            assert sorted(_leaders_everywhere(st)) == list(range(36))
            assert all(c.coins >= 0 for c in st.cities)
        assert fold(G, events) == st
        rome_b = [c for c, city in enumerate(st.cities[:seats])
                  if city.board == ROME and city.side == 1]
        for s in range(seats):
            assert played[s] == 3 or (s in rome_b and 3 <= played[s] <= 5)
        for line in st.scores:
            assert line[-1] == sum(line[:-1])
        for viewer in range(seats):
            view = G.view(st, viewer)
            assert view.ext.hand == st.ext.hands[viewer]


def _no_leak(event: Any, seen: Any, viewer: int) -> None:
    """What a seat's copy keeps of another seat's secret leaders: nothing."""
    if isinstance(event, lev.LeadersDealt):
        assert all(set(h) == {-1} for i, h in enumerate(seen.hands) if i != viewer)
        assert set(seen.box) <= {-1}
    elif isinstance(event, lev.LeaderKept) and event.seat != viewer:
        assert seen.leader == -1
    elif isinstance(event, lev.LeaderChosen) and event.seat != viewer:
        assert seen.choice is None
    elif isinstance(event, lev.LeadersPlayed):
        for a in seen.actions:
            if a.seat != viewer and a.kind != "recruit":
                assert a.leader == -1
    elif isinstance(event, lev.LeadersBoxed):
        assert all(set(h) <= {-1} for i, h in enumerate(seen.cards) if i != viewer)
    elif isinstance(event, lev.LeadersDrawn) and event.city != viewer:
        assert set(seen.leaders) <= {-1}
    msgspec.json.encode(seen)  # every copy is serialisable
