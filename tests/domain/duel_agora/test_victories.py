"""Each victory in an Agora game (agora-rules-fr, "Fin de la partie"): political supremacy
(in test_senate), military supremacy reached through a conspiracy or the shield decree,
scientific supremacy through a card taken by Coercion, and the civilian count with the
Senate's line and the tie-break unchanged."""

from __future__ import annotations

from domain.duel import commands as cmd
from domain.duel import events as ev
from domain.duel.state import OVER, DuelState
from domain.duel_agora import commands as acmd
from tests.domain.duel_agora.support import (
    CARD,
    POLITICIAN_LEFT,
    G,
    cubes,
    deal,
    drafted,
    give,
    hold,
    of_type,
    put,
    recruit_at,
    run,
    turn,
)

DECREES = ("D09", "D02", "D03", "D04", "D05", "D06")


def _game() -> DuelState:
    return turn(drafted(deal(decrees=DECREES)), 0)


def test_military_supremacy_through_coup() -> None:
    state = hold(_game(), 0, "Coup", prepared=True)
    state = G.evolve(state, ev.ConflictPawnMoved(seat=0, shields=0, position=7))
    events, state = run(state, acmd.TriggerConspiracy(seat=0, conspiracy=0))
    (ended,) = of_type(events, ev.GameEnded)
    assert (ended.winner, ended.victory, state.phase) == (0, "military", OVER)


def test_military_supremacy_through_the_shield_decree() -> None:
    """Taking control of D09's chamber moves the pawn 1 space: from 8 it reaches the capital."""
    state = G.evolve(_game(), ev.ConflictPawnMoved(seat=0, shields=0, position=8))
    state = put(state, "r5x1", POLITICIAN_LEFT)
    recruit = recruit_at(state, 0, "r5x1")
    events, state = run(state, recruit, acmd.PlaceInfluence(seat=0, chamber=0))
    (ended,) = of_type(events, ev.GameEnded)
    assert (ended.winner, ended.victory) == (0, "military")


def test_scientific_supremacy_through_coercion() -> None:
    """Five different symbols (and a duplicate given away): Coercion takes a sixth, and
    supremacy is won at once ('dès que')."""
    state = give(_game(), 0, "Workshop", "Apothecary", "Scriptorium", "Pharmacist", "Academy",
                 "Library")
    state = give(state, 1, "University")
    state = hold(state, 0, "Coercion", prepared=True)
    _, state = run(state, acmd.TriggerConspiracy(seat=0, conspiracy=0))
    events, state = run(state, acmd.ExchangeCards(seat=0, take=CARD["University"],
                                                  give=CARD["Library"]))
    (ended,) = of_type(events, ev.GameEnded)
    assert (ended.winner, ended.victory) == (0, "scientific")


def test_civilian_victory_counts_the_senate_line() -> None:
    """At the end of Age III each controlled chamber scores; the most VP wins."""
    state = cubes(_game(), (0, 0, 1, 1, 0, 0), (0, 0, 0, 0, 0, 1))
    state = G.evolve(state, ev.AgeBegan(age=3, cards=tuple(-1 for _ in range(23))))
    layout = G.rules.layouts[2]
    last = layout.by_name["r7x6"]
    from msgspec.structs import replace

    state = replace(state, taken=layout.full & ~(1 << last), revealed=layout.full)
    state = turn(state, 0)
    events, state = run(state, cmd.DiscardCard(seat=0, slot=last))
    (ended,) = of_type(events, ev.GameEnded)
    names = G.catalog()["score_categories"]
    senate = names.index("senate")
    assert (ended.scores[0][senate], ended.scores[1][senate]) == (6, 1)
    assert ended.victory == "civilian"
    blue = names.index("blue")
    keys = [(sheet[-1], sheet[blue]) for sheet in ended.scores]
    expected = 0 if keys[0] > keys[1] else 1 if keys[1] > keys[0] else None
    assert ended.winner == expected
