"""Faith's boards, by name: Ithaque (one more god in an age) and Syracuse ("Description des
Merveilles"); stage costs provisional (`wonders.WONDER_NOTES`)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.sevenwonders.catalog import WONDERS
from domain.sevenwonders.state import SWState
from domain.sevenwonders_faith.powers import gods_points
from domain.sevenwonders_faith.prayer import _ithaca
from tests.domain.sevenwonders.support import give, hands
from tests.domain.sevenwonders_faith.support import G, prayed, turn, with_gods

ITHACA, SYRACUSE = len(WONDERS), len(WONDERS) + 1
BOARDS = [("gizah", "A"), ("babylon", "A"), ("olympia", "A")]


def on(board: int, side: int, stages: int = 0) -> SWState:
    st = prayed(BOARDS)
    city = replace(st.cities[0], board=board, side=side, stages=stages)
    st = replace(st, cities=(city, *st.cities[1:]))
    for c in range(3):
        st = with_gods(st, c, [])
    return st


def test_faith_boards_are_ithaca_and_syracuse() -> None:
    assert [w.key for w in G.rules.wonders[ITHACA:]] == ["ithaca", "syracuse"]
    assert [w.id for w in G.rules.wonders] == list(range(len(G.rules.wonders)))


def test_ithaca_stages_allow_one_more_god() -> None:
    """A: "la seconde étape permet au joueur d'invoquer un Dieu supplémentaire à l'Âge III";
    B: the first stage in Age II, the second in Age III."""
    assert _ithaca(G.rules, on(ITHACA, 0, 1), 0, 3) == 0
    assert _ithaca(G.rules, on(ITHACA, 0, 2), 0, 3) == 1
    assert _ithaca(G.rules, on(ITHACA, 1, 1), 0, 2) == 1
    assert _ithaca(G.rules, on(ITHACA, 1, 1), 0, 3) == 0
    assert _ithaca(G.rules, on(ITHACA, 1, 2), 0, 3) == 1
    assert [s.vp for s in G.rules.wonders[ITHACA].sides[0]] == [3, 0, 7]
    assert [s.vp for s in G.rules.wonders[ITHACA].sides[1]] == [3, 4]


def test_syracuse_a_points_and_shields() -> None:
    side = G.rules.wonders[SYRACUSE].sides[0]
    assert [(s.vp, s.shields) for s in side] == [(3, 0), (6, 0), (0, 3)]


def test_syracuse_b_pays_a_coin_and_a_point_per_card_shield() -> None:
    """"chaque Bouclier (provenant de cartes rouges, noires ou des Leaders) présent dans la
    cité au moment de la construction de l'étape rapporte 1 pièce ainsi qu'1 point de
    victoire. Tout Bouclier construit après ... octroie 1 point de victoire"."""
    st = on(SYRACUSE, 1)
    st = give(st, 0, ["Lumber Yard", "Timber Yard", "Loom", "Stockade", "Barracks"])
    st = hands(st, ["Altar", "Baths"], ["Clay Pool", "Workshop"], ["Ore Vein", "Theater"])
    stage = next(m for m in G.legal_moves(st, 0) if m.action == "stage" and m.card)
    coins = st.cities[0].coins
    _, st = turn(st, stage)
    assert st.cities[0].stages == 1 and st.cities[0].coins == coins + 2
    assert gods_points(G.rules, st, 0) == 2
    st = give(st, 0, ["Guard Tower"])  # one shield more, after the stage: 1 VP, no coin
    assert gods_points(G.rules, st, 0) == 3


def test_ithaca_and_wonderwoman_do_not_add_up() -> None:
    """F.A.Q. "Wonder Woman et Ithaque": "Non, jouer les deux à la fois n'apporte rien"."""
    from domain.sevenwonders_faith.model import PrayerBegan
    from domain.sevenwonders_faith.prayer import _prayer_began
    from tests.domain.sevenwonders_faith.support import ext

    st = on(ITHACA, 1, 1)  # one more god in Age II
    st = replace(st, ext2=replace(ext(st), marker=(2, 0, 0)))  # and Wonderwoman's marker
    assert _ithaca(G.rules, st, 0, 2) == 1
    after = _prayer_began(G.rules, st, PrayerBegan(age=2, hands=ext(st).hands))
    assert ext(after).allow[0] == 2  # one god, plus one more: not two more
