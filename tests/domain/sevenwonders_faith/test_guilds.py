"""Faith's guilds by name ("Description des Guildes"): Illuminés and Empereur; costs
provisional (`guilds.GUILD_NOTES`)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.sevenwonders.catalog import CARDS
from domain.sevenwonders.scoring import final_scores
from domain.sevenwonders_faith.guilds import vp_per_god_in_play, vp_per_own_shield
from domain.sevenwonders_faith.model import FaithExt
from tests.domain.sevenwonders_faith.support import G, ext, god, prayed

BOARDS = [("gizah", "A"), ("babylon", "A"), ("olympia", "A")]


def test_faith_guilds_join_the_guild_pool() -> None:
    added = G.rules.cards[len(CARDS):]
    assert [c.key for c in added] == ["illuminati_guild", "emperor_guild"]
    assert all(c.colour == 6 and c.age == 3 and c.copies == (0,) for c in added)


def test_illuminati_guild_two_points_per_god_in_play_around() -> None:
    """"2 points de victoire par carte bleu ciel (Dieu) présente dans les deux cités
    voisines et celle du joueur qui la construit"."""
    st = prayed(BOARDS)
    faith: FaithExt = ext(st)
    active = (((god("apollon"), 3),), ((god("zeus"), 3), (god("ares"), 3)), ())
    st = replace(st, ext2=replace(faith, active=active))
    assert vp_per_god_in_play(st, 0, (2,)) == 2 * 3
    assert vp_per_god_in_play(st, 2, (2,)) == 2 * 3


def test_emperor_guild_one_point_per_shield_in_the_city() -> None:
    """"1 point de victoire pour chaque Bouclier (provenant de cartes rouges, noires, des
    Merveilles ou des Leaders) présent dans la cité"; gods' shields are not in the city."""
    st = prayed(BOARDS)
    st = replace(st, cities=(replace(st.cities[0], shields=4), *st.cities[1:]))
    st = replace(st, ext2=replace(ext(st), extra=(6, 0, 0)))  # Arès III: not counted
    assert vp_per_own_shield(st, 0, (1,)) == 4
    emperor = next(c for c in G.rules.cards if c.key == "emperor_guild")
    city = replace(st.cities[0], built=(*st.cities[0].built, emperor.id))
    st = replace(st, cities=(city, *st.cities[1:]))
    scores = final_scores(G.rules, st, (0, 1, 2))[0]
    assert scores[0][6] == 4  # the guilds' line
