"""Faith's guilds ("Description des Guildes"): purple Age III cards joining the guild pool.

Their costs are lost icons (`faith.yaml`: `unknown`): provisional values by comparison with
base guilds of a similar count, in `GUILD_NOTES` and `openapi/traces-faith.md`. Built:
Illuminés and Empereur (end-of-game points), Pillards (tokens when built).
"""

from __future__ import annotations

from domain.sevenwonders.catalog_types import PURPLE, CardDef
from domain.sevenwonders.state import SWState, left_of, right_of
from domain.sevenwonders_faith.model import FaithExt

_NO = (0, 0, 0, 0, 0, 0, 0)
PLUNDERERS = "plunderers_guild"
"""Its tokens are taken when built (`invoke.plunder`, event `GuildPlundered`)."""


def vp_per_god_in_play(state: SWState, city: int, args: tuple[int, ...]) -> int:
    """Illuminés: "2 points de victoire par carte bleu ciel (Dieu) présente dans les deux
    cités voisines et celle du joueur": the gods in play at the end (Age III's; those of
    Ages I and II left after their conflicts), each city counted once."""
    ext = state.ext2
    if not isinstance(ext, FaithExt):
        return 0
    around = {city, left_of(state, city), right_of(state, city)}
    return args[0] * sum(len(ext.active[x]) for x in around)


def vp_per_own_shield(state: SWState, city: int, args: tuple[int, ...]) -> int:
    """Empereur: "1 point de victoire pour chaque Bouclier (provenant de cartes rouges,
    noires, des Merveilles ou des Leaders) présent dans la cité": the city's shields (the
    gods' shields of Arès and Héra are not in the city)."""
    return args[0] * state.cities[city].shields


GUILD_VP = {"vp_per_god_in_play": vp_per_god_in_play, "vp_per_own_shield": vp_per_own_shield}


def guilds(cards: tuple[CardDef, ...]) -> tuple[CardDef, ...]:
    """The built Faith guilds, numbered after `cards` (ids and names)."""
    first, name = len(cards), max(c.name_id for c in cards) + 1
    specs = (
        ("illuminati_guild", "Illuminati Guild", "Guilde des Illuminés", (1, 1, 0, 0, 1, 0, 1),
         (("vp_per_god_in_play", (2,)),)),
        ("emperor_guild", "Emperor's Guild", "Guilde de l'Empereur", (0, 1, 0, 2, 0, 1, 0),
         (("vp_per_own_shield", (1,)),)),
        (PLUNDERERS, "Plunderers Guild", "Guilde des Pillards", (0, 0, 1, 2, 0, 0, 1), ()),
    )
    return tuple(
        CardDef(id=first + i, key=key, name=en, name_fr=fr, age=3, colour=PURPLE, copies=(0,),
                coins=0, cost=cost, name_id=name + i, chain_from=(), produces=_NO, choice=(),
                tradeable=False, vp=0, shields=0, science=-1, on_build=(), end_vp=end)
        for i, (key, en, fr, cost, end) in enumerate(specs))


GUILD_NOTES = {
    "illuminati_guild": "1 wood 1 stone 1 glass 1 papyrus: 4 mixed resources, as Leaders' "
                        "guilds and the Philosophers Guild's size (2 to 6 points in usual "
                        "games)",
    "emperor_guild": "1 stone 2 ore 1 loom: the Strategists Guild's cost (its points also "
                     "come from the military)",
    "plunderers_guild": "1 clay 2 ore 1 papyrus: 4 resources, ore for the military (a 5-VP "
                        "token and 2 defeats to the neighbours, a Fortifications' worth); "
                        "faith.yaml's unverified candidate (2 wood 1 ore 1 glass) is not used",
}
