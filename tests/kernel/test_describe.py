"""What a kind offers, as documents and `/kinds` see it: the expansions its packages declare
(`domain.kernel.expansions`), every accepted combination as a ruleset, and each ruleset's
types found from the game."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel import get_game, kinds
from domain.kernel.describe import (
    description,
    expansions,
    ruleset_types,
    rulesets,
    view_type,
)
from domain.kernel.expansions import expansions_of
from domain.kernel.registry import get_ruleset


def test_every_declared_expansion_is_described_and_every_ruleset_builds() -> None:
    for kind in kinds():
        if not type(get_game(kind)).__module__.startswith("domain."):
            continue  # a kind a test registered in this process
        assert description(kind).expansions == expansions(kind)
        assert [e.name for e in expansions(kind)] == [x.name for x in expansions_of(kind)]
        for ruleset in rulesets(kind):
            game = get_ruleset(ruleset.kind, ruleset.expansions)  # as the service plays it
            types = ruleset_types(ruleset)
            assert types.command is game.command_type and types.event is game.event_type
            assert issubclass(types.view, msgspec.Struct)
            assert issubclass(types.view, view_type(game))  # the same view, or narrower
    assert [r.name for r in rulesets("duel")][:2] == ["duel", "duel+agora"]


def test_expansions_are_described_in_the_order_they_attach() -> None:
    """Agora attaches before Duel Leaders (its ids follow the base tables), Leaders before
    Faith (Faith wraps the Leaders hooks): the order of `domain.packages`."""
    assert [e.name for e in expansions("duel")] == ["agora", "leaders"]
    assert [e.name for e in expansions("7wonders")] == ["leaders", "faith"]
    both: Any = get_game("duel", ("leaders", "agora"))
    assert both.rules.expansions == ("agora", "leaders")
