"""Options of a Duel Leaders game: the variant panels and cost overrides, validated."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.duel_leaders.catalog import BY_KEY, PANELS
from domain.kernel import DomainError, get_game
from tests.domain.duel_leaders.support import fold


def _started(options: dict[str, Any]) -> Any:
    game: Any = get_game("duel", ("leaders",), options)
    return game, fold(game.start(2, options, random.Random(3), None))


@pytest.mark.parametrize("panel", ["victory_points", "abilities"])
def test_a_variant_panel_deals_only_its_16_leaders(panel: str) -> None:
    """Variantes: only the panel's leaders; those set aside are its 8 undrafted ones."""
    _, state = _started({"leader_panel": panel})
    x = state.leaders
    assert sorted(x.pool) == sorted(PANELS[panel]) and len(x.aside) == 8
    assert set(x.offer) | set(x.aside) <= set(PANELS[panel])


def test_a_cost_override_is_used_and_shown() -> None:
    game, state = _started({"leader_costs": {"plato": 9, "darius": 1}})
    assert state.leaders.costs[BY_KEY["plato"]] == 9
    view = game.view(state, 0).leaders
    assert view.costs[BY_KEY["plato"]] == 9 and view.costs[BY_KEY["darius"]] == 1
    plato = next(x for x in game.catalog()["leaders"] if x["key"] == "plato")
    assert plato["cost"] == 9


@pytest.mark.parametrize("options,code", [
    ({"colour": "red"}, "unknown_option"),
    ({"leader_panel": "heroes"}, "invalid_option"),
    ({"leader_costs": {"plato": -1}}, "invalid_option"),
    ({"leader_costs": {"plato": "3"}}, "invalid_option"),
    ({"leader_costs": {"napoleon": 3}}, "invalid_option"),
    ({"leader_costs": [3]}, "invalid_option"),
])
def test_bad_options_are_refused(options: dict[str, Any], code: str) -> None:
    with pytest.raises(DomainError) as exc:
        get_game("duel", ("leaders",), options)
    assert exc.value.code == code


def test_options_without_leaders_are_refused() -> None:
    with pytest.raises(DomainError) as exc:
        get_game("duel", ("agora",), {"leader_panel": "abilities"})
    assert exc.value.code == "unknown_option"


def test_an_explicit_deal_sets_the_leaders_and_a_wrong_one_is_refused() -> None:
    """A deal read as the API reads it (`deal_type`): the 8 drafted in reveal order, then
    the set-aside ones; every leader of the pool exactly once."""
    import msgspec

    game: Any = get_game("duel", ("leaders",))
    sent = msgspec.to_builtins(game.deal(random.Random(4)))
    order = list(range(43))
    sent["leaders"] = order
    deal = msgspec.convert(sent, game.deal_type)
    state = fold(game.start(2, {}, random.Random(0), deal))
    assert state.leaders.offer == (0, 1, 2, 3) and state.leaders.aside == tuple(range(8, 43))
    sent["leaders"] = [0, *order[:-1]]
    with pytest.raises(DomainError) as exc:
        game.start(2, {}, random.Random(0), msgspec.convert(sent, game.deal_type))
    assert exc.value.code == "invalid_deal"
