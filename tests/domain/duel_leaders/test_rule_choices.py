"""Rule choices of Duel Leaders where the rules text leaves a reading open
(`openapi/traces-duel.md`, "Rule choices in Duel Leaders games", numbers in the names):
each test pins the reading Polis documents."""

from __future__ import annotations

from msgspec.structs import replace

from domain.duel import commands as cmd
from domain.duel import events as ev
from domain.duel.state import CHOOSE_START, OWE_TOKEN
from domain.duel.transaction import Transaction
from domain.duel_leaders import commands as lcmd
from domain.duel_leaders import events as lev
from domain.duel_leaders.catalog import CROESUS, RAMESSES
from domain.duel_leaders.effects import OWE_BURY, OWE_OFFER, apply_recruited
from domain.duel_leaders.recruit import open_recruitment
from tests.domain.duel_leaders.support import (
    CARD,
    RULES,
    TOKEN,
    WONDER,
    G,
    L,
    at_recruitment,
    deal,
    error,
    fold,
    of_type,
    run,
    with_leaders_state,
)
from tests.domain.duel_leaders.test_leaders import DRAFT, age_one, give, put, with_player


def test_rule_10_the_chooser_named_at_the_end_of_the_age_stays_through_the_step() -> None:
    """The seat that applies its effect first must be known before any effect applies, so
    a pawn moved in the step (Caesar) does not change who chooses the Age's first player."""
    state = with_leaders_state(age_one(), hands=((L["caesar"],), (L["plato"],)))
    state = replace(state, pawn=-1, current=0)  # seat 0 is behind: seat 0 chooses
    tx = Transaction(RULES, state)
    open_recruitment(tx, 2)
    state = tx.state
    assert state.leaders.chooser == 0
    events, state = run(state, lcmd.ChooseLeader(seat=0, leader=L["caesar"]),
                        lcmd.ChooseLeader(seat=1, leader=L["plato"]),
                        lcmd.DeclareRecruitment(seat=0, recruit=True),
                        lcmd.DeclareRecruitment(seat=1, recruit=False))
    assert state.pawn == 1  # seat 1 is behind now, yet seat 0 still chooses
    (ended,) = of_type(events, lev.RecruitmentEnded)
    assert ended.chooser == 0
    assert state.phase == CHOOSE_START and G.acting_seats(state) == (0,)


def test_rule_14_darius_and_diocletian_take_no_more_than_the_opponent_has() -> None:
    """'Il n'y a pas de pénalité si vous devez perdre plus de pièces que vous n'en
    possédez'."""
    for key, coins in (("darius", 1), ("diocletian", 3)):
        state = with_player(age_one(), 1, coins=coins)
        tx = Transaction(RULES, state)
        apply_recruited(tx, 0, L[key])
        (lost,) = of_type(tx.events, ev.CoinsLost)
        assert lost.amount == coins and tx.state.players[1].coins == 0


def test_rule_21_croesus_recruited_during_an_age_builds_at_once() -> None:
    """Recruited through Rome or Maecenas, the Age's structure is there already."""
    state = give(age_one(), 0, "croesus")
    tx = Transaction(RULES, state)
    apply_recruited(tx, 0, CROESUS)
    (offered,) = of_type(tx.events, lev.CardsOffered)
    d = state.deal
    assert d is not None
    assert set(offered.cards) == set(d.removed[0]) and tx.state.pending[0][:2] == (OWE_OFFER, 0)


def test_rule_21_ramesses_recruited_after_the_age_three_layout_never_acts() -> None:
    """'Tant qu'il a été recruté quand la structure de l'Âge III est créée': later, never."""
    state = replace(give(age_one(), 0, "ramesses"), age=3)
    tx = Transaction(RULES, state)
    apply_recruited(tx, 0, RAMESSES)
    assert not tx.events and not tx.state.pending


def test_rule_28_abu_simbel_burial_is_compulsory() -> None:
    """'Enterrez un leader que vous avez déjà recruté': no choice to bury none."""
    state = with_player(give(age_one(), 0, "cleopatra"), 0, wonders=(WONDER["Abu Simbel"],),
                        coins=40)
    move = next(m for m in G.legal_moves(state, 0)
                if type(m) is cmd.ConstructWonder and m.wonder == WONDER["Abu Simbel"])
    _, state = run(state, move)
    assert state.pending[0][0] == OWE_BURY
    assert G.legal_moves(state, 0) == [lcmd.BuryLeader(seat=0, leader=L["cleopatra"])]
    assert error(state, lcmd.DeclineLeaderOffer(seat=0)).code == "wrong_action"


def test_rule_28_abu_simbel_without_a_recruited_leader_only_plays_again() -> None:
    state = with_player(age_one(), 0, wonders=(WONDER["Abu Simbel"],), coins=40)
    move = next(m for m in G.legal_moves(state, 0)
                if type(m) is cmd.ConstructWonder and m.wonder == WONDER["Abu Simbel"])
    _, state = run(state, move)
    assert not state.pending and G.acting_seats(state) == (0,)


def test_rule_13_a_buried_aspasia_cancels_nothing_any_more() -> None:
    """Abu Simbel: 'Si les capacités de ces leaders n'ont pas été utilisées, elles ne
    pourront plus l'être' (Aspasia's waiting cancellation included)."""
    state = with_leaders_state(give(age_one(), 0, "aspasia"), aspasia=True)
    state = with_player(state, 0, wonders=(WONDER["Abu Simbel"],), coins=40)
    move = next(m for m in G.legal_moves(state, 0)
                if type(m) is cmd.ConstructWonder and m.wonder == WONDER["Abu Simbel"])
    _, state = run(state, move, lcmd.BuryLeader(seat=0, leader=L["aspasia"]))
    assert not state.leaders.aspasia


def test_rule_29_maecenas_draw_stays_hidden_and_the_one_left_is_never_drawn_again() -> None:
    """The opponent sees the leader Maecenas recruits (recruited leaders lie face up),
    never the other, which stays out of the game: Rome draws past it."""
    d = deal(drafted=DRAFT, aside=["cleopatra", "sappho", "zenobia", "hiram"])
    state = give(age_one(d), 0, "maecenas")
    tx = Transaction(RULES, state)
    apply_recruited(tx, 0, L["maecenas"])
    (drawn,) = of_type(tx.events, lev.LeadersDrawn)
    assert G.redact(drawn, 1).leaders == () and G.redact(drawn, 0).leaders == drawn.leaders
    state = fold(tx.events, state)
    assert G.view(state, 1).leaders.drawn == ()
    _, state = run(state, lcmd.RecruitFree(seat=0, leader=L["cleopatra"]))
    assert L["cleopatra"] in G.view(state, 1).leaders.seats[0].recruited
    assert state.leaders.aside[:2] == (L["zenobia"], L["hiram"])  # Sappho is gone


def test_rule_11_a_scientific_supremacy_in_the_step_ends_the_game() -> None:
    """'Si une victoire militaire ou scientifique est atteinte à ce moment, la partie prend
    fin': Solomon builds from the discard the sixth symbol; no structure is laid out."""
    state = at_recruitment(deal(drafted=DRAFT))
    five = ("Workshop", "Apothecary", "Scriptorium", "Pharmacist", "Academy")
    science = [0] * 7
    for name in five:
        science[RULES.cards[CARD[name]].science] += 1
    state = with_player(state, 0, buildings=tuple(CARD[n] for n in five),
                        science=tuple(science))
    state = replace(state, discard=(CARD["University"],))
    state = with_leaders_state(state, hands=((L["solomon"],), (L["plato"],)))
    _, state = run(state, lcmd.ChooseLeader(seat=0, leader=L["solomon"]),
                   lcmd.ChooseLeader(seat=1, leader=L["plato"]),
                   lcmd.DeclareRecruitment(seat=0, recruit=True),
                   lcmd.DeclareRecruitment(seat=1, recruit=False))
    events, state = run(state, cmd.ConstructFromDiscard(seat=0, card=CARD["University"]))
    assert state.victory == "scientific" and state.winner == 0 and G.is_over(state)
    assert not of_type(events, ev.AgeBegan)


def test_rule_18_euclid_with_the_law_token_makes_a_law_pair_and_earns_a_token() -> None:
    """Euclid: 'Si vous avez un symbole Loi et utilisez cette capacité, vous pouvez prendre
    un jeton Progrès grâce à votre paire de symboles Loi'."""
    state, slot = put(give(age_one(), 0, "euclid"), "Scriptorium")
    quill = RULES.cards[CARD["Scriptorium"]].science
    law = RULES.tokens[TOKEN["Law"]].science
    science = tuple(int(i in (quill, law)) for i in range(7))
    state = with_player(state, 0, science=science, tokens=(TOKEN["Law"],), coins=30)
    move = next(m for m in G.legal_moves(state, 0)
                if type(m) is lcmd.ConstructWithLeader and m.slot == slot)
    assert move.symbol == law
    _, state = run(state, move)
    assert state.players[0].science[law] == 2 and state.players[0].science[quill] == 1
    assert any(k == OWE_TOKEN for k, _, _ in state.pending)  # the Law pair's token
