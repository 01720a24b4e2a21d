"""The game registry and random playouts: the service's only door into the games."""

from __future__ import annotations

import random

import pytest

from domain.kernel import DomainError, fold, get_game, kinds
from domain.kernel.playout import random_playout


def test_duel_is_registered() -> None:
    assert "duel" in kinds()
    assert get_game("duel").kind == "duel"


def test_unknown_kind_and_expansion_are_domain_errors() -> None:
    with pytest.raises(DomainError) as unknown:
        get_game("chess")
    assert unknown.value.code == "unknown_game_kind"
    with pytest.raises(DomainError) as expansion:
        get_game("duel", ("pantheon",))
    assert expansion.value.code == "unknown_expansion"
    with pytest.raises(DomainError) as option:
        get_game("duel", (), {"x": 1})
    assert option.value.code == "unknown_option"


def test_a_command_with_an_unknown_field_is_refused() -> None:
    import msgspec

    game = get_game("duel")
    with pytest.raises(msgspec.ValidationError, match="extra"):
        msgspec.convert(
            {"type": "PickWonder", "seat": 0, "wonder": 1, "extra": 1}, game.command_type
        )


def test_a_playout_is_reproducible_from_its_seed() -> None:
    game = get_game("duel")
    first = random_playout(game, random.Random(11), keep_events=True)
    second = random_playout(game, random.Random(11), keep_events=True)
    assert first.events == second.events
    assert first.state == second.state
    assert game.is_over(first.state)


def test_folding_a_playout_gives_its_final_state() -> None:
    game = get_game("duel")
    played = random_playout(game, random.Random(12), keep_events=True)
    assert fold(game, played.events) == played.state
