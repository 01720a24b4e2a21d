"""Each city's points so far (`points` in every view): the same for every audience, blind to
every hidden card, and, once a game is over, the game's own final score sheet.

The issue's promise: "its points so far by score line (computed by the domain from public
information only; a test checks no hidden card counts)". Hidden cards are those the views'
modules name: Duel's face-down structure cards, the tokens set aside and the Great Library
draw; Agora's conspiracies held but not triggered and its deck; Duel Leaders' set-aside
leaders and a step's secret choice; in 7 Wonders the hands, a step's choices, the discard
pile and the Free City's pile; Leaders' hands and kept leaders and their choices; Faith's
gods in hand, kept and picked.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from msgspec.structs import replace

from domain.kernel import get_game
from domain.kernel.game import fold
from domain.kernel.playout import random_playout

GAMES = [
    ("duel", (), 2),
    ("duel", ("agora",), 2),
    ("duel", ("leaders",), 2),
    ("duel", ("agora", "leaders"), 2),
    ("7wonders", (), 3),
    ("7wonders", (), 2),
    ("7wonders", ("leaders",), 4),
    ("7wonders", ("leaders", "faith"), 3),
]


def _rotate(seq: tuple[Any, ...]) -> tuple[Any, ...]:
    return (*seq[1:], *seq[:1])


def _hide_duel(state: Any) -> Any:
    """Other hidden cards in the same public position."""
    face_down = [i for i in range(len(state.slots))
                 if not (state.revealed >> i) & 1 and not (state.taken >> i) & 1]
    slots = list(state.slots)
    for i, j in zip(face_down, reversed(face_down), strict=True):
        slots[i] = state.slots[j]
    state = replace(state, slots=tuple(slots), deal=None, library_draw=(),
                    aside_tokens=tuple(reversed(state.aside_tokens)))
    if state.ext is not None:  # Agora: untriggered conspiracies swapped for the deck's
        x = state.ext
        deck = list(x.deck)
        held = []
        for mine, fired in zip(x.held, x.triggered, strict=True):
            held.append(tuple(deck.pop() if deck and not f else c
                              for c, f in zip(mine, (*fired, *[False] * len(mine)), strict=False)))
        state = replace(state, ext=replace(x, held=tuple(held), deck=tuple(reversed(deck))))
    if state.leaders is not None:
        x = state.leaders
        state = replace(state, leaders=replace(x, aside=tuple(reversed(x.aside)),
                                               chosen=(x.chosen[1], x.chosen[0])))
    return state


def _hide_sevenwonders(state: Any) -> Any:
    state = replace(state, hands=_rotate(state.hands), chosen=(None,) * len(state.chosen),
                    discard=tuple(reversed(state.discard)), pile=tuple(reversed(state.pile)),
                    deal=None)
    if state.ext is not None:  # Leaders
        x = state.ext
        state = replace(state, ext=replace(x, hands=_rotate(x.hands), kept=_rotate(x.kept),
                                           chosen=(None,) * len(x.chosen)))
    faith = getattr(state, "ext2", None)
    if faith is not None:
        state = replace(state, ext2=replace(faith, hands=_rotate(faith.hands),
                                            kept=_rotate(faith.kept),
                                            picked=_rotate(faith.picked)))
    return state


def _hide(kind: str, state: Any) -> Any:
    return _hide_duel(state) if kind == "duel" else _hide_sevenwonders(state)


@pytest.mark.parametrize(("kind", "expansions", "seats"), GAMES)
def test_points_so_far_ignore_hidden_cards_and_end_as_the_score_sheet(
    kind: str, expansions: tuple[str, ...], seats: int
) -> None:
    game = get_game(kind, expansions)
    played = random_playout(game, random.Random(7), seats=seats, keep_steps=True)
    state = fold(game, played.opening)
    changed = 0
    for n, (_, events) in enumerate(played.steps):
        state = fold(game, events, state)
        if n % 5:
            continue
        points = _points(game, state, None)
        assert all(_points(game, state, s) == points for s in range(seats))
        other = _hide(kind, state)
        changed += other != state
        assert _points(game, other, 0) == points
        assert _points(game, other, None) == points
        assert all(line[-1] == sum(line[:-1]) for line in points)
    assert changed > len(played.steps) // 10, "the hidden cards were changed"
    assert game.is_over(state)
    view: Any = game.view(state, None)
    assert view.points == view.scores
    assert any(total for *_, total in view.points)


def _points(game: Any, state: Any, seat: int | None) -> Any:
    """The view's points so far by score line, as `seat` (None: a spectator) sees them."""
    shown: Any = game.view(state, seat)
    return shown.points
