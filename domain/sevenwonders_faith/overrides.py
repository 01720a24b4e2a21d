"""Faith's provisional wonder-stage and guild costs, overridable per game like the gods'.

The stage costs of Ithaque and Syracuse and the costs of Faith's guilds were printed only as
icons and are lost (`faith.yaml`: `unknown`); the catalog carries provisional values
(`wonders.WONDER_NOTES`, `guilds.GUILD_NOTES`). A game replaces any of them with the options
`board_costs` (`{"ithaca": {"A2": {"stone": 2}}}`: board key, side and stage number, the
resources) and `guild_costs` (`{"plunderers_guild": {"ore": 3}}`). The replaced cost is the
printed one: every discount (the gods', the leaders') applies to it afterwards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel.errors import DomainError
from domain.sevenwonders.catalog_types import CardDef, WonderDef
from domain.sevenwonders.state import SWState
from domain.sevenwonders_faith.model import FaithExt

RESOURCE_NAMES = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
FAITH_BOARDS = ("ithaca", "syracuse")
FAITH_GUILDS = ("illuminati_guild", "emperor_guild", "plunderers_guild")

StageCost = tuple[int, int, int, tuple[int, ...]]
"""(board id, side, stage index, resources)."""
GuildCost = tuple[int, tuple[int, ...]]
"""(card id, resources)."""


def _resources(raw: Any, where: str) -> tuple[int, ...]:
    if not isinstance(raw, Mapping) or not set(raw) <= set(RESOURCE_NAMES):
        raise DomainError("invalid_option", f"{where}: a map of resource names "
                          f"{RESOURCE_NAMES} to counts")
    try:
        out = tuple(int(raw.get(r, 0)) for r in RESOURCE_NAMES)
    except (TypeError, ValueError):
        raise DomainError("invalid_option", f"{where}: counts are integers") from None
    if any(x < 0 for x in out):
        raise DomainError("invalid_option", f"{where}: counts are not negative")
    return out


def parse_board_costs(raw: Any, wonders: tuple[WonderDef, ...]) -> tuple[StageCost, ...]:
    """The `board_costs` option, checked against Faith's boards and their stages."""
    if raw is None:
        return ()
    if not isinstance(raw, Mapping):
        raise DomainError("invalid_option", "board_costs maps a Faith board key to "
                          "{side and stage ('A1'): {resource: count}}")
    by_key = {w.key: w for w in wonders}
    out: list[StageCost] = []
    for key, stages in raw.items():
        w = by_key.get(key)
        if key not in FAITH_BOARDS or w is None or not isinstance(stages, Mapping):
            raise DomainError("invalid_option", f"board_costs: {key!r} is not one of "
                              f"Faith's boards {FAITH_BOARDS}")
        for where, res in stages.items():
            side = "AB".find(str(where)[:1])
            number = str(where)[1:]
            if side < 0 or not number.isdigit() or not 1 <= int(number) <= len(w.sides[side]):
                raise DomainError("invalid_option", f"board_costs[{key}]: {where!r} is not a "
                                  "stage of the board ('A1'..'A3', 'B1'..)")
            out.append((w.id, side, int(number) - 1,
                        _resources(res, f"board_costs[{key}][{where}]")))
    return tuple(out)


def parse_guild_costs(raw: Any, cards: tuple[CardDef, ...]) -> tuple[GuildCost, ...]:
    """The `guild_costs` option, checked against Faith's guilds."""
    if raw is None:
        return ()
    if not isinstance(raw, Mapping):
        raise DomainError("invalid_option", "guild_costs maps a Faith guild key to "
                          "{resource: count}")
    by_key = {c.key: c for c in cards}
    out: list[GuildCost] = []
    for key, res in raw.items():
        if key not in FAITH_GUILDS or key not in by_key:
            raise DomainError("invalid_option", f"guild_costs: {key!r} is not one of "
                              f"Faith's guilds {FAITH_GUILDS}")
        out.append((by_key[key].id, _resources(res, f"guild_costs[{key}]")))
    return tuple(out)


def stage_resources(wonders: tuple[WonderDef, ...], st: SWState, city: int
                    ) -> tuple[int, ...] | None:
    """The printed resources of the city's next stage in this game (None: all built)."""
    c = st.cities[city]
    side = wonders[c.board].sides[c.side]
    if c.stages >= len(side):
        return None
    ext = st.ext2
    if isinstance(ext, FaithExt):
        for board, s, k, res in ext.stage_costs:
            if (board, s, k) == (c.board, c.side, c.stages):
                return res
    return side[c.stages].cost


def override_hook(st: SWState, city: int, kind: str, index: int,
                  cost: tuple[int, int, tuple[int, ...]]) -> tuple[int, int, tuple[int, ...]]:
    """A cost hook run before every other: the game's printed cost of a Faith guild or
    stage."""
    ext = st.ext2
    if not isinstance(ext, FaithExt) or not (ext.stage_costs or ext.guild_costs):
        return cost
    if kind == "card":
        for card, res in ext.guild_costs:
            if card == index:
                return (cost[0], cost[1], res)
        return cost
    c = st.cities[city]
    for board, side, k, res in ext.stage_costs:
        if (board, side, k) == (c.board, c.side, index):
            return (cost[0], cost[1], res)
    return cost
