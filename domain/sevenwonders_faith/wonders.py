"""Faith's two wonder boards, Ithaque (Ithaca) and Syracuse ("Description des Merveilles").

Their powers are the rulebook's; their stage costs and the resource each board produces were
printed only as icons and are lost (`faith.yaml`: `unknown`): each is a provisional value
chosen by comparison with a base board of similar stages, listed in `WONDER_NOTES` and in
`openapi/traces-faith.md`. Both are appended to the ruleset's boards (after Leaders' Rome),
so any game with Faith may deal them.
"""

from __future__ import annotations

from domain.sevenwonders.catalog_types import StageDef, WonderDef

WOOD, STONE, CLAY, ORE, GLASS, LOOM, PAPYRUS = range(7)


def _r(**n: int) -> tuple[int, ...]:
    order = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
    return tuple(n.get(k, 0) for k in order)


EXTRA_GOD = {2: "extra_god_2", 3: "extra_god_3"}
"""The stage ability "permet au joueur d'invoquer un Dieu supplémentaire à l'Âge II/III"."""
SYRACUSE_B = "shields_pay"
"""Syracuse B's stage: 1 coin per card shield when built, 1 VP per card shield at the end."""


def boards(first_id: int) -> tuple[WonderDef, WonderDef]:
    """Ithaque then Syracuse, numbered from `first_id` (the boards before them)."""
    ithaca = WonderDef(
        id=first_id, key="ithaca", name="Ithaca", city="Ithaque", resource=WOOD, sides=(
            (StageDef(cost=_r(clay=2), vp=3),
             StageDef(cost=_r(stone=3), abilities=(EXTRA_GOD[3],)),
             StageDef(cost=_r(ore=2, glass=1), vp=7)),
            (StageDef(cost=_r(stone=3), vp=3, abilities=(EXTRA_GOD[2],)),
             StageDef(cost=_r(clay=4), vp=4, abilities=(EXTRA_GOD[3],))),
        ))
    syracuse = WonderDef(
        id=first_id + 1, key="syracuse", name="Syracuse", city="Syracuse", resource=ORE,
        sides=(
            (StageDef(cost=_r(stone=2), vp=3),
             StageDef(cost=_r(wood=3), vp=6),
             StageDef(cost=_r(clay=4), shields=3)),
            (StageDef(cost=_r(wood=2, loom=1), vp=2, abilities=(SYRACUSE_B,)),),
        ))
    return ithaca, syracuse


WONDER_NOTES: dict[str, str] = {
    "ithaca": "resource wood (provisional: the island's timber; every base resource but wood "
              "and ore is some base board's, Syracuse takes ore). A: 2 clay (3 VP, as Rhodes A "
              "I's 2 wood), 3 stone (one more god in Age III, as Babylon A II's 3 wood for a "
              "science wild), 2 ore 1 glass (7 VP, Olympia A III's 2 ore); B: 3 stone (3 VP "
              "and one more god in Age II) and 4 clay (4 VP and one more god in Age III), "
              "Rhodes B's two stages (3 stone, 4 ore)",
    "syracuse": "resource ore (\"une alternative intéressante à Rhodes\", which makes ore). A: "
                "2 stone (3 VP), 3 wood (6 VP), 4 clay (3 shields), Rhodes A's shape (its "
                "shields stage 3 clay for 2 shields, one more of each); B: its only stage "
                "2 wood 1 loom (2 VP and coins per shield, Halikarnassus-like mixed cost)",
}
