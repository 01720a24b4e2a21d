"""The precise type of a Duel view for a set of expansions, for the API documents and
clients: Duel's view types the expansions' parts (`ext` for Agora, `leaders` for Duel
Leaders) as `Any`; each ruleset gets a view type naming them."""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from domain.duel.views import DuelView


@functools.cache
def duel_view_type(expansions: tuple[str, ...]) -> Any:
    fields: list[tuple[str, Any, Any]] = []
    if "agora" in expansions:
        from domain.duel_agora.views import AgoraView

        fields.append(("ext", AgoraView | None, None))
    if "leaders" in expansions:
        from domain.duel_leaders.views import LeadersView

        fields.append(("leaders", LeadersView | None, None))
    if not fields:
        return DuelView
    name = "".join(e.title() for e in expansions) + "DuelView"
    return msgspec.defstruct(name, fields, bases=(DuelView,), frozen=True,
                             module=__name__)
