"""Duel Leaders' options, validated (DomainError `invalid_option`, `unknown_option`) and
kept in `DuelRules.options["leaders"]`, where the set-up and the rules read them."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.duel.rules import DuelRules
from domain.duel_leaders import catalog as lc
from domain.kernel.errors import DomainError

MAX_COST = 99


class LeadersOptions(msgspec.Struct, frozen=True):
    panel: str
    pool: tuple[int, ...]
    costs: tuple[int, ...]


OPTION_NAMES = ("leader_panel", "leader_costs")


def _leader_key(key: Any) -> int | None:
    """A leader's id from its catalog key, in any case, spaces for underscores ("Nero",
    "Da Vinci" as well as "nero", "da_vinci")."""
    if not isinstance(key, str):
        return None
    return lc.BY_KEY.get(key.strip().lower().replace(" ", "_"))


def parse_options(options: dict[str, Any]) -> LeadersOptions:
    unknown = sorted(set(options) - set(OPTION_NAMES))
    if unknown:
        raise DomainError("unknown_option", f"Duel Leaders has no option {unknown}; "
                          f"known: {list(OPTION_NAMES)}")
    panel = options.get("leader_panel", "all")
    if panel not in lc.PANELS:
        raise DomainError("invalid_option", f"leader_panel must be one of {sorted(lc.PANELS)}")
    costs = [x.cost for x in lc.LEADERS]
    overrides = options.get("leader_costs", {})
    if not isinstance(overrides, dict):
        raise DomainError("invalid_option", "leader_costs maps leader keys to coin costs")
    seen: set[int] = set()
    for key, cost in overrides.items():
        leader = _leader_key(key)
        if leader is None:
            raise DomainError("invalid_option", f"leader_costs: no leader {key!r}; keys: "
                              f"{sorted(lc.BY_KEY)}")
        if leader in seen:
            raise DomainError("invalid_option", f"leader_costs names {key!r} twice")
        seen.add(leader)
        if type(cost) is not int or not 0 <= cost <= MAX_COST:
            raise DomainError("invalid_option", f"leader_costs[{key!r}] must be an integer "
                              f"from 0 to {MAX_COST}")
        costs[leader] = cost
    return LeadersOptions(panel=panel, pool=lc.PANELS[panel], costs=tuple(costs))


def options_of(rules: DuelRules) -> LeadersOptions:
    opts: LeadersOptions = rules.options["leaders"]
    return opts
