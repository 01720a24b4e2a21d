"""Dionysos, Déméter and Héphaïstos change what a purchase needs, and the player chooses how
(faith-rules-fr.txt, "DIONYSOS", "DÉMÉTER", "HÉPHAÏSTOS"): every purchase their choice
allows is a legal move, and no other."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from domain.sevenwonders.state import SWState
from tests.domain.sevenwonders.support import card, give, hands
from tests.domain.sevenwonders_faith.support import G, prayed, turn, with_god, with_gods


def invoked(boards: Sequence[tuple[str, str]], key: str, *built: Sequence[str],
            age: int = 2) -> SWState:
    """City 0 has invoked `key` this age (with a discard), the cities have built `built`."""
    st = prayed(boards)
    st = replace(st, age=age)
    st = hands(st, ["Aqueduct", "Walls"], ["Sawmill", "Library"], ["Quarry", "Dispensary"],
               age=age)
    st = with_gods(st, 0, [key])
    for c, names in enumerate(built):
        st = give(st, c, names, coins=9)
    _, st = turn(st, with_god(0, "Aqueduct", "discard", key))
    return st


def buys(st: SWState, name: str, action: str = "build") -> list[tuple[int, int, tuple[int, ...],
                                                                       tuple[int, ...]]]:
    """City 0's listed purchases for `name` (a card, or a stage with that card)."""
    st = hands(st, [name, "Walls"], ["Sawmill", "Library"], ["Quarry", "Dispensary"],
               age=st.age)
    return [(m.left, m.right, m.buy_left, m.buy_right) for m in G.legal_moves(st, 0)
            if m.card == card(name, st.age) and m.action == action]


RING = [("gizah", "A"), ("babylon", "A"), ("olympia", "A")]
"""Gizah makes stone, Babylon (right of city 0) clay, Olympia (left) wood."""
ORE, GLASS = 3, 4


def test_dionysos_triples_the_resource_a_yellow_choice_card_makes() -> None:
    """« tripler une fois par tour n'importe laquelle de ses ressources produites à l'aide de
    cartes brunes, grises ou jaunes »: Caravansery's chosen stone, three times, with the
    board's stone pays the Aqueduct's 3 stone, nothing bought."""
    st = invoked(RING, "dionysos", ["Caravansery"])
    assert (0, 0, (0,) * 7, (0,) * 7) in buys(st, "Aqueduct")


def test_dionysos_tripled_choice_card_makes_nothing_else() -> None:
    """Caravansery tripled makes 3 of one resource: for the Archery Range (2 wood, 1 ore)
    it covers the wood or the ore, never both (the ore is bought from Babylon's Foundry)."""
    st = invoked(RING, "dionysos", ["Caravansery"], [], ["Foundry"])
    options = buys(st, "Archery Range")
    assert options and all(sum(bl) + sum(br) >= 1 for _, _, bl, br in options)
    assert any(bl[ORE] == 1 and sum(bl) + sum(br) == 1 for _, _, bl, br in options)


def test_dionysos_triples_a_brown_cards_fixed_resource_not_the_boards() -> None:
    st = invoked(RING, "dionysos", ["Stone Pit"])
    assert buys(st, "Aqueduct")[0][:2] == (0, 0)  # 3 from the Stone Pit, 1 from the board
    st = invoked(RING, "dionysos", [], ["Quarry"], ["Quarry"])
    assert all(sum(bl) + sum(br) >= 2 for _, _, bl, br in buys(st, "Aqueduct"))


def test_hephaistos_removed_resources_are_the_players_choice() -> None:
    """« les ressources retirées au coût sont laissées au choix du joueur »: with 2 removed
    from the Dispensary (2 ore, 1 glass), the player may remove the 2 ore and buy the glass
    at the Marketplace's 1 coin (Polis chose the glass and bought an ore at 2)."""
    st = invoked(RING, "hephaistos", ["Marketplace"], [], ["Foundry", "Glassworks"])
    options = buys(st, "Dispensary")
    assert options[0][0] + options[0][1] == 1
    assert options[0][2][GLASS] + options[0][3][GLASS] == 1
    assert all(sum(bl) + sum(br) == 1 for _, _, bl, br in options)  # 2 of 3 removed


def test_hephaistos_removes_nothing_from_other_colours() -> None:
    st = invoked(RING, "hephaistos", [], [], ["Quarry"])
    assert all(sum(bl) + sum(br) == 2 for _, _, bl, br in buys(st, "Aqueduct"))


def test_demeter_removed_stage_resources_are_the_players_choice() -> None:
    """Babylon B's second stage (2 wood, 1 glass) less 2 of the player's choice: the
    2 wood, the glass bought at the Marketplace's 1 coin."""
    boards = [("babylon", "B"), ("gizah", "A"), ("olympia", "A")]
    # (Déméter's cost is the next stage's: clay and loom)
    st = invoked(boards, "demeter", ["Marketplace", "Loom"], [], ["Sawmill", "Glassworks"])
    st = give(st, 0, stages=1)
    options = buys(st, "Walls", "stage")
    assert options[0][0] + options[0][1] == 1
    assert options[0][2][GLASS] == 1
    assert all(sum(bl) + sum(br) == 1 for _, _, bl, br in options)
