"""Hidden information (issue: other hands, choices until revealed, the deal, face-down
discards and tucked cards, the Free City's pile): what `view` and `redact` let a seat see."""

from __future__ import annotations

import random

import msgspec
from msgspec.structs import replace

from domain.kernel.game import fold
from domain.sevenwonders import events as ev
from domain.sevenwonders.state import DISCARD_BUILD, FREE_CITY
from domain.sevenwonders.views import HIDDEN
from tests.domain.sevenwonders.support import G, card, give, hands, play, setup, step


def _random_events(seats: int, seed: int) -> list[msgspec.Struct]:
    rng = random.Random(seed)
    events = G.start(seats, {}, rng, None)
    state = fold(G, events)
    while not G.is_over(state):
        seat = rng.choice(G.acting_seats(state))
        new, state = G.step(state, rng.choice(G.legal_moves(state, seat)))
        events.extend(new)
    return events


def test_redacted_events_hold_no_other_seats_secrets() -> None:
    for seats in (2, 4):
        events = _random_events(seats, 17)
        for seat in (*range(seats), None):
            for e in events:
                r = G.redact(e, seat)
                if isinstance(r, ev.GameStarted):
                    assert r.deal is None
                elif isinstance(r, ev.AgeBegan):
                    for city, hand in enumerate(r.hands):
                        assert city == seat or set(hand) <= {HIDDEN}
                elif isinstance(r, ev.CardChosen):
                    assert (r.choice is not None) == (r.seat == seat)
                elif isinstance(r, ev.StepResolved):
                    for a in r.actions:
                        if a.kind in ("discard", "stage") and a.seat != seat:
                            assert a.card == HIDDEN
                elif isinstance(r, ev.HandsDiscarded):
                    for city, cards in enumerate(r.cards):
                        assert city == seat or set(cards) <= {HIDDEN}
                    assert set(r.pile) <= {HIDDEN}
                elif isinstance(r, ev.TurnBegan) and r.drawn != HIDDEN:
                    assert seats == 2 and r.holder == seat


def test_a_seat_sees_its_hand_and_choice_others_only_sizes() -> None:
    st = hands(setup([("gizah", "A"), ("babylon", "A"), ("ephesus", "A")]),
               ["Altar", "Baths"], ["Theater", "Tavern"], ["Stockade", "Loom"])
    _, st = step(st, play(1, "Tavern"))
    mine = G.view(st, 1)
    assert mine.hand == (card("Theater"), card("Tavern"))
    assert [c.choice.card for c in mine.my_choices] == [card("Tavern")]
    other = G.view(st, 0)
    assert other.hand == (card("Altar"), card("Baths")) and other.my_choices == ()
    assert [c.hand_size for c in other.cities] == [2, 2, 2]
    assert [c.chosen for c in other.cities] == [False, True, False]
    encoded = msgspec.json.encode(other).decode()
    assert "Tavern" not in encoded
    spectator = G.view(st, None)
    assert spectator.hand == () and spectator.my_choices == () and spectator.discard == ()


def test_tucked_cards_and_the_discard_pile_are_face_down() -> None:
    st = give(setup([("gizah", "A"), ("babylon", "A"), ("ephesus", "A")]), 0, stages=1)
    st = replace(st, discard=(card("Palace"),))
    for seat in (1, 2, None):
        v = G.view(st, seat)
        assert v.cities[0].tucked == (HIDDEN,)
        assert v.discard == () and v.discard_size == 1
    assert G.view(st, 0).cities[0].tucked == (card("Loom", 1),)


def test_halikarnassus_sees_the_discard_pile_when_it_chooses() -> None:
    st = give(setup([("halikarnassus", "A"), ("gizah", "A"), ("ephesus", "A")]), 0, stages=1)
    st = replace(st, discard=(card("Palace"), card("Tavern")), phase=DISCARD_BUILD, special=0,
                 special_seat=0)
    assert G.view(st, 0).discard == (card("Palace"), card("Tavern"))
    assert G.view(st, 1).discard == ()


def test_free_city_pile_is_hidden() -> None:
    st = fold(G, G.start(2, {}, random.Random(4), None))
    for seat in (0, 1, None):
        v = G.view(st, seat)
        assert v.pile_size == 6
        assert "pile" not in {f for f in v.__struct_fields__ if f != "pile_size"}
    assert G.view(st, st.holder).cities[FREE_CITY].seat == st.holder
