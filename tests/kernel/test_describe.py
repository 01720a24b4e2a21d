"""What a kind offers, as documents and `/kinds` see it: expansions from the description and
the package's `EXPANSIONS`, every accepted combination as a ruleset, and each ruleset's
types found from the game."""

from __future__ import annotations

import msgspec

from domain.kernel import get_game, kinds
from domain.kernel.describe import (
    description,
    expansions,
    register_description,
    ruleset_types,
    rulesets,
    view_type,
)
from domain.kernel.registry import declared_expansions, get_ruleset


def test_every_declared_expansion_is_described_and_every_ruleset_builds() -> None:
    for kind in kinds():
        if not type(get_game(kind)).__module__.startswith("domain."):
            continue  # a kind a test registered in this process
        described = {e.name for e in expansions(kind)}
        assert set(declared_expansions(kind)) <= described
        for ruleset in rulesets(kind):
            game = get_ruleset(ruleset.kind, ruleset.expansions)  # as the service plays it
            types = ruleset_types(ruleset)
            assert types.command is game.command_type and types.event is game.event_type
            assert issubclass(types.view, msgspec.Struct)
            assert issubclass(types.view, view_type(game))  # the same view, or narrower
    assert [r.name for r in rulesets("duel")][:2] == ["duel", "duel+agora"]


def test_a_package_expansion_without_a_description_is_still_listed() -> None:
    saved = description("duel")
    try:
        register_description("duel", msgspec.structs.replace(saved, expansions=()))
        assert [e.name for e in expansions("duel")] == list(declared_expansions("duel"))
        assert ("agora",) in [r.expansions for r in rulesets("duel")]
    finally:
        register_description("duel", saved)
