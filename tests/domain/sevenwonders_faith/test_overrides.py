"""The options `board_costs` and `guild_costs`: a game replaces the provisional costs of
Faith's stages (Ithaque, Syracuse) and guilds (Illuminés, Empereur, Pillards), as
`god_costs` does for the gods (`faith.yaml`: these costs are lost icons)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders.catalog import WONDERS
from domain.sevenwonders.play import card_cost, stage_cost
from domain.sevenwonders.state import SWState
from domain.sevenwonders_faith.invoke import god_payments
from tests.domain.sevenwonders.support import card as base_card
from tests.domain.sevenwonders_faith.support import G, ext, god, start, with_gods

ITHACA, SYRACUSE = len(WONDERS), len(WONDERS) + 1
BOARDS = [("gizah", "A"), ("babylon", "A"), ("olympia", "A")]


def _guild(key: str) -> int:
    return next(c.id for c in G.rules.cards if c.key == key)


def _on(st: SWState, board: int, side: int) -> SWState:
    city = replace(st.cities[0], board=board, side=side)
    return replace(st, cities=(city, *st.cities[1:]))


def test_board_costs_replace_ithaca_and_syracuse_stages() -> None:
    st = start(BOARDS, options={"board_costs": {"ithaca": {"A1": {"wood": 1}},
                                                "syracuse": {"B1": {"papyrus": 2}}}})
    assert ext(st).stage_costs == ((ITHACA, 0, 0, (1, 0, 0, 0, 0, 0, 0)),
                                   (SYRACUSE, 1, 0, (0, 0, 0, 0, 0, 0, 2)))
    ithaca = _on(st, ITHACA, 0)
    assert stage_cost(G.rules, ithaca, 0) == (0, False, (1, 0, 0, 0, 0, 0, 0))
    syracuse = _on(st, SYRACUSE, 1)
    assert stage_cost(G.rules, syracuse, 0) == (0, False, (0, 0, 0, 0, 0, 0, 2))
    printed = start(BOARDS)
    assert stage_cost(G.rules, _on(printed, ITHACA, 0), 0) == (0, False, (0, 0, 2, 0, 0, 0, 0))


def test_board_costs_are_the_cost_zeus_and_chronos_pay() -> None:
    """Zeus's and Chronos' cost is the next stage's resources: the game's, not the
    catalog's."""
    st = start(BOARDS, options={"board_costs": {"ithaca": {"A1": {}}}})
    st = with_gods(_on(st, ITHACA, 0), 0, ["zeus", "chronos"])
    assert god_payments(G.rules, st, 0, god("zeus"))[0][:3] == (0, 0, 0)
    assert god_payments(G.rules, st, 0, god("chronos"))[0][:3] == (0, 0, 0)
    printed = with_gods(_on(start(BOARDS), ITHACA, 0), 0, ["zeus"])
    assert all(p[:3] != (0, 0, 0) for p in god_payments(G.rules, printed, 0, god("zeus")))


def test_guild_costs_replace_the_faith_guilds() -> None:
    st = start(BOARDS, options={"guild_costs": {"plunderers_guild": {"ore": 3},
                                                "emperor_guild": {"loom": 1}}})
    assert card_cost(G.rules, st, 0, _guild("plunderers_guild")) == (
        0, False, (0, 0, 0, 3, 0, 0, 0))
    assert card_cost(G.rules, st, 0, _guild("emperor_guild")) == (
        0, False, (0, 0, 0, 0, 0, 1, 0))
    assert card_cost(G.rules, st, 0, _guild("illuminati_guild")) == (
        0, False, (1, 1, 0, 0, 1, 0, 1))
    assert card_cost(G.rules, st, 0, base_card("Altar"))[2] == (0, 0, 0, 0, 0, 0, 0)


@pytest.mark.parametrize("options", [
    {"board_costs": {"gizah": {"A1": {"wood": 1}}}},
    {"board_costs": {"ithaca": {"A4": {"wood": 1}}}},
    {"board_costs": {"syracuse": {"B2": {"wood": 1}}}},
    {"board_costs": {"ithaca": {"C1": {"wood": 1}}}},
    {"board_costs": {"ithaca": {"A1": {"gold": 1}}}},
    {"board_costs": {"ithaca": {"A1": {"wood": -1}}}},
    {"board_costs": ["ithaca"]},
    {"guild_costs": {"scientists_guild": {"wood": 1}}},
    {"guild_costs": {"emperor_guild": {"ore": "x"}}},
])
def test_bad_board_and_guild_costs_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(DomainError) as refused:
        start(BOARDS, options=options)
    assert refused.value.code == "invalid_option"


def test_every_seat_sees_the_costs_the_game_replaces() -> None:
    """The costs in force are public, as the printed ones on the cards and boards are: every
    seat's view, and a spectator's, shows the `board_costs`, `guild_costs` and `god_costs`
    of the game, so that a player (or a bot, which knows only its view) pays what the game
    asks."""
    options = {"board_costs": {"ithaca": {"A1": {"wood": 1}}},
               "guild_costs": {"plunderers_guild": {"ore": 3}},
               "god_costs": {"apollon": {"1": ["coins", 2]}}}
    st = start(BOARDS, options=options)
    for seat in (0, 1, 2, None):
        fv = G.view(st, seat).ext
        assert fv.stage_costs == ((ITHACA, 0, 0, (1, 0, 0, 0, 0, 0, 0)),)
        assert fv.guild_costs == ((_guild("plunderers_guild"), (0, 0, 0, 3, 0, 0, 0)),)
        assert fv.god_costs[god("apollon")][0] == ("coins", 2, (0,) * 7)
    fv = G.view(start(BOARDS), 0).ext
    assert (fv.stage_costs, fv.guild_costs) == ((), ())
