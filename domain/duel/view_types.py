"""The precise type of a Duel view for a set of expansions, for the API documents and
clients: Duel's view types the expansions' parts as `Any`; each expansion's `view_part`
loads (field of `DuelView`, type of its part), and each ruleset gets a view type naming
them."""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from domain.duel.views import DuelView
from domain.kernel.expansions import expansions_of


@functools.cache
def duel_view_type(expansions: tuple[str, ...]) -> Any:
    fields: list[tuple[str, Any, Any]] = []
    for expansion in expansions_of("duel"):
        if expansion.name in expansions and expansion.view_part is not None:
            name, part = expansion.view_part()
            fields.append((name, part | None, None))
    if not fields:
        return DuelView
    name = "".join(e.title() for e in expansions) + "DuelView"
    return msgspec.defstruct(name, fields, bases=(DuelView,), frozen=True,
                             module=__name__)
