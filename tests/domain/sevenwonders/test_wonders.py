"""Every wonder stage of both sides of the seven boards, by name, built through a real step.

Rulebook: the wonder boards (pages 9-10 of the first-edition rules, B sides), as restated
in `base.yaml`. Stages are built in order; each is paid like a card and tucks the card.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.sevenwonders import events as ev
from domain.sevenwonders.catalog import WONDERS
from domain.sevenwonders.catalog_types import RESOURCES
from domain.sevenwonders.play import pay_options
from domain.sevenwonders.scoring import science, wonders
from tests.domain.sevenwonders.support import G, card, give, hands, play, setup, step

RAW = ("wood", "stone", "clay", "ore")
MAN = ("glass", "loom", "papyrus")
# (vp, coins, shields, abilities) per stage, from the printed boards.
STAGES: dict[tuple[str, str], list[tuple[int, int, int, str]]] = {
    ("alexandria", "A"): [(3, 0, 0, ""), (0, 0, 0, "raw"), (7, 0, 0, "")],
    ("alexandria", "B"): [(0, 0, 0, "raw"), (0, 0, 0, "manufactured"), (7, 0, 0, "")],
    ("babylon", "A"): [(3, 0, 0, ""), (0, 0, 0, "science_wild"), (7, 0, 0, "")],
    ("babylon", "B"): [(3, 0, 0, ""), (0, 0, 0, "seventh_card"), (0, 0, 0, "science_wild")],
    ("ephesus", "A"): [(3, 0, 0, ""), (0, 9, 0, ""), (7, 0, 0, "")],
    ("ephesus", "B"): [(2, 4, 0, ""), (3, 4, 0, ""), (5, 4, 0, "")],
    ("gizah", "A"): [(3, 0, 0, ""), (5, 0, 0, ""), (7, 0, 0, "")],
    ("gizah", "B"): [(3, 0, 0, ""), (5, 0, 0, ""), (5, 0, 0, ""), (7, 0, 0, "")],
    ("halikarnassus", "A"): [(3, 0, 0, ""), (0, 0, 0, "build_from_discard"), (7, 0, 0, "")],
    ("halikarnassus", "B"): [(2, 0, 0, "build_from_discard"), (1, 0, 0, "build_from_discard"),
                             (0, 0, 0, "build_from_discard")],
    ("olympia", "A"): [(3, 0, 0, ""), (0, 0, 0, "free_build"), (7, 0, 0, "")],
    ("olympia", "B"): [(0, 0, 0, "trade_discount_raw"), (5, 0, 0, ""), (0, 0, 0, "copy_guild")],
    ("rhodes", "A"): [(3, 0, 0, ""), (0, 0, 2, ""), (7, 0, 0, "")],
    ("rhodes", "B"): [(3, 3, 1, ""), (4, 4, 1, "")],
}
CASES = [(b, s, i) for (b, s), stages in sorted(STAGES.items()) for i in range(len(stages))]


def test_every_stage_of_every_board_is_listed() -> None:
    assert {(w.key, "AB"[i]) for w in WONDERS for i in (0, 1)} == set(STAGES)
    for w in WONDERS:
        for i in (0, 1):
            assert len(w.sides[i]) == len(STAGES[(w.key, "AB"[i])])


@pytest.mark.parametrize(("board", "side", "index"), CASES)
def test_stage(board: str, side: str, index: int) -> None:
    others = [b for b in ("gizah", "rhodes", "ephesus") if b != board][:2]
    base = setup([(board, side), (others[0], "A"), (others[1], "A")])
    base = give(base, 0, stages=index, coins=10)
    rich = replace(base.cities[0], fixed=(5,) * 7)
    st = hands(replace(base, cities=(rich, *base.cities[1:])), ["Altar"], [], [])
    before = st.cities[0]
    events, st = step(st, play(0, "Altar", "stage"))
    vp, coins, shields, ability = STAGES[(board, side)][index]
    after = st.cities[0]
    resolved = next(e for e in events if isinstance(e, ev.StepResolved))
    assert after.stages == index + 1
    assert after.tucked[-1] == card("Altar")
    assert card("Altar") not in after.built  # tucked under the stage, not built
    assert resolved.actions[0].gained == coins
    assert after.coins == before.coins + coins
    assert after.shields == before.shields + shields
    assert wonders(G.rules, st, 0) - wonders(G.rules, replace(st, cities=(before,
                                                              *st.cities[1:])), 0) == vp
    if ability in ("raw", "manufactured"):
        plain = replace(st, cities=(replace(after, fixed=(0,) * 7), *st.cities[1:]))
        for r in RAW if ability == "raw" else MAN:
            one = tuple(1 if x == r else 0 for x in RESOURCES)
            assert pay_options(G.rules, plain, 0, one)[0][:2] == (0, 0)
            assert not any(p[3] == one for p in pay_options(G.rules, plain, 2, one))
    elif ability == "science_wild":
        assert after.wilds == before.wilds + 1
        assert science(G.rules, st, 0) == 1
    elif ability:
        assert ability in after.abilities


def test_stages_are_built_in_order_and_at_most_once() -> None:
    base = setup([("rhodes", "B"), ("gizah", "A"), ("ephesus", "A")])
    base = give(base, 0, stages=2, coins=10)
    st = hands(base, ["Altar"], [], [])
    assert not [m for m in G.legal_moves(st, 0) if m.action == "stage"]
    with pytest.raises(Exception, match="wonder_complete"):
        G.step(st, play(0, "Altar", "stage"))
