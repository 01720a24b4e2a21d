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
    assert [c.key for c in added] == ["illuminati_guild", "emperor_guild", "plunderers_guild"]
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


def test_plunderers_guild_takes_a_5_point_token_and_gives_defeats() -> None:
    """"le joueur reçoit immédiatement 1 jeton Victoire valant 5 points de victoire et donne
    1 jeton Défaite à chacun de ses voisins directs" (shields do not matter)."""
    from tests.domain.sevenwonders.support import give, hands
    from tests.domain.sevenwonders_faith.support import turn, with_gods

    st = prayed(BOARDS)
    for c in range(3):
        st = with_gods(st, c, [])
    st = replace(st, age=3)
    st = give(st, 0, ["Clay Pool", "Ore Vein", "Ore Vein", "Press"], coins=0)
    plunderers = next(c for c in G.rules.cards if c.key == "plunderers_guild")
    st = hands(st, [plunderers.id, "Arena"], ["Palace", "Senate"], ["Pantheon", "Gardens"])
    move = next(m for m in G.legal_moves(st, 0)
                if m.card == plunderers.id and m.action == "build")
    events, st = turn(st, move)
    assert [type(e).__name__ for e in events].count("GuildPlundered") == 1
    assert [c.tokens for c in st.cities] == [(5,), (-1,), (-1,)]


def test_plunderers_guild_built_from_the_discard_pile_plunders_too() -> None:
    """"Au moment où la Guilde des Pillards est construite": Halikarnassus' "construire
    gratuitement une carte de la défausse" constructs it too, so its city takes the 5-point
    token and its neighbours a defeat each, as when it is built from the hand."""
    from domain.sevenwonders import commands as cmd
    from domain.sevenwonders.state import DISCARD_BUILD
    from tests.domain.sevenwonders.support import give, hands
    from tests.domain.sevenwonders_faith.support import turn, with_gods

    st = prayed([("halikarnassus", "A"), ("gizah", "A"), ("olympia", "A")])
    for c in range(3):
        st = with_gods(st, c, [])
    st = give(replace(st, age=3), 0, stages=1)
    st = replace(st, cities=(replace(st.cities[0], fixed=(0, 0, 0, 3, 0, 0, 0)),
                             *st.cities[1:]))
    plunderers = next(c for c in G.rules.cards if c.key == "plunderers_guild")
    st = replace(st, discard=(plunderers.id,))
    st = hands(st, ["Arena", "Palace"], ["Senate", "Gardens"], ["Pantheon", "Lodge"])
    arena = st.hands[0][0]
    _, st = turn(st, cmd.Play(seat=0, card=arena, action="stage"))
    assert st.phase == DISCARD_BUILD
    events, st = G.step(st, cmd.BuildDiscarded(seat=0, card=plunderers.id))
    assert [type(e).__name__ for e in events].count("GuildPlundered") == 1
    assert [c.tokens for c in st.cities] == [(5,), (-1,), (-1,)]


def test_plunderers_guild_raised_by_osiris_plunders_too() -> None:
    """Osiris "mettre en jeu gratuitement" a card of the discard pile: the Guilde des
    Pillards so constructed takes its tokens (rule 42: "the Pillards' tokens as when
    built")."""
    from domain.sevenwonders_faith.model import OSIRIS, RaiseDiscarded
    from tests.domain.sevenwonders_faith.support import turn, with_god
    from tests.domain.sevenwonders_faith.test_gods import at

    plunderers = next(c for c in G.rules.cards if c.key == "plunderers_guild")
    st = replace(at(1, ["osiris"]), discard=(plunderers.id,))
    _, st = turn(st, with_god(0, "Lumber Yard", "build", "osiris"))
    assert st.phase == OSIRIS
    before = [c.tokens for c in st.cities]
    events, st = G.step(st, RaiseDiscarded(seat=0, card=plunderers.id, use="build"))
    assert [type(e).__name__ for e in events].count("GuildPlundered") == 1
    assert [c.tokens[len(t):] for c, t in zip(st.cities, before, strict=True)] == [
        (5,), (-1,), (-1,)]
