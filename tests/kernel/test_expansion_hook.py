"""An expansion is its own package plus one registration: one defined only here attaches to
7 Wonders Duel through the hook every base game offers (`domain.kernel.expansions`), takes
its option, plays, and is described, without a line of Duel naming it (README, "Layout")."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from domain.duel import events as ev
from domain.duel.rules import DuelRules
from domain.duel.scoring import category_names
from domain.duel.state import DuelState
from domain.kernel.describe import description, expansions, rulesets
from domain.kernel.description_types import ExpansionDescription, OptionDescription
from domain.kernel.errors import DomainError
from domain.kernel.expansions import Expansion, register_expansion, unregister_expansion
from domain.kernel.playout import random_playout
from domain.kernel.registry import get_game, get_ruleset
from tests.shared_paths import REPO

NAME = "tribute"


def _attach(rules: DuelRules, options: dict[str, Any]) -> DuelRules:
    """One harmless rule: a score line giving each seat `tribute_vp` victory points."""
    vp = options.get("tribute_vp", 1)
    if type(vp) is not int or vp < 0:
        raise DomainError("invalid_option", "tribute_vp is a whole number of points")

    def tribute(rules: DuelRules, state: DuelState, seat: int) -> int:
        return vp

    return rules.extend(score_categories=(*rules.score_categories, (NAME, tribute)),
                        expansions=(*rules.expansions, NAME))


TRIBUTE = Expansion(
    kind="duel",
    package=__name__,
    description=ExpansionDescription(
        NAME, "Tribute", "Each seat scores the same tribute at the end.",
        options=(OptionDescription("tribute_vp", "integer", "Points of the tribute.", 1),),
    ),
    attach=_attach,
)


@pytest.fixture
def tribute() -> Iterator[Expansion]:
    register_expansion(TRIBUTE)
    try:
        yield TRIBUTE
    finally:
        unregister_expansion("duel", NAME)


def _final_scores(game: Any, seed: int, options: dict[str, Any]) -> ev.GameEnded:
    played = random_playout(game, random.Random(seed), keep_events=True, options=options)
    ended = [e for e in played.events if isinstance(e, ev.GameEnded)]
    assert len(ended) == 1
    return ended[0]


def test_an_expansion_registered_by_a_test_attaches_and_plays(tribute: Expansion) -> None:
    game = get_game("duel", (NAME,), {"tribute_vp": 3})
    assert category_names(game.rules)[-2:] == (NAME, "total")  # type: ignore[attr-defined]
    ended = _final_scores(game, 5, {"tribute_vp": 3})
    assert all(line[-2] == 3 for line in ended.scores)
    both = get_game("duel", (NAME, "agora"))  # with Agora too
    assert all(line[-2] == 1 for line in _final_scores(both, 6, {}).scores)
    # as the service plays it
    assert get_ruleset("duel", (NAME,)).kind == "duel"


def test_the_registered_expansion_is_described_and_its_options_checked(
    tribute: Expansion,
) -> None:
    assert [e.name for e in expansions("duel")] == ["agora", "leaders", NAME]
    assert description("duel").expansions[-1] == tribute.description
    assert {"duel+tribute", "duel+agora+tribute"} <= {r.name for r in rulesets("duel")}
    with pytest.raises(DomainError) as refused:
        get_game("duel", (NAME,), {"tribute_vp": -1})
    assert refused.value.code == "invalid_option"
    with pytest.raises(DomainError) as unknown:
        get_game("duel", ("agora",), {"tribute_vp": 1})
    assert unknown.value.code == "unknown_option"
    assert "Duel Leaders or Tribute" in unknown.value.reason


def test_unregistered_it_is_gone_and_duel_never_named_it() -> None:
    with pytest.raises(DomainError) as unknown:
        get_game("duel", (NAME,))
    assert unknown.value.code == "unknown_expansion"
    assert NAME not in [e.name for e in expansions("duel")]
    duel_sources = (REPO / "domain" / "duel").glob("*.py")
    assert not [p.name for p in duel_sources if NAME in p.read_text(encoding="utf-8")]
