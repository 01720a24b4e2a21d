"""Conspiracies: drawing them (conspiring), preparing one with a structure card, and the
16 effects, each a small named function applied when one is triggered.

Rules (agora-rules-fr, "B. Préparer un Complot", "C. Déclencher un Complot"): a prepared
conspiracy may be triggered at the start of its owner's turn, one per turn, before the
turn's normal action; its effect is resolved, then the turn goes on. Curia Julia triggers
an unprepared one after it is built. Effects needing a choice are owed actions
(`owed.py`); eight end with 'you may move 1 of your cubes to an adjacent chamber'.
Choice: when a trigger empties the structure (Turn of Events, Property Fraud), the turn
has no card left for its normal action and the Age ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from domain.duel import events as ev
from domain.duel.catalog_types import BLUE, YELLOW
from domain.duel.effects import destroy_card
from domain.duel.military import move_pawn
from domain.duel.play import check_slot, finish_action, reveal_uncovered
from domain.duel.state import OVER, DuelState
from domain.duel_agora import commands as acmd
from domain.duel_agora import events as aev
from domain.duel_agora import owing
from domain.duel_agora.catalog import CONSPIRACIES, ORGANIZED_CRIME
from domain.duel_agora.senate import agora
from domain.kernel.errors import DomainError

if TYPE_CHECKING:
    from domain.duel.rules import Tx

DRAW = 2
COUP_SHIELDS = 2


def conspire(tx: Tx, seat: int) -> None:
    """Draw 2 (fewer if the deck runs short); keep 1, the other on the top or the bottom
    of the deck; with Organized Crime keep both. A single card drawn is kept."""
    deck = agora(tx.state).deck
    n = min(DRAW, len(deck))
    if not n:
        return
    drawn = deck[:n]
    tx.emit(aev.ConspiraciesDrawn(seat=seat, cards=drawn, count=n))
    if n == 1 or ORGANIZED_CRIME in tx.state.players[seat].tokens:
        tx.emit(aev.ConspiracyKept(seat=seat, kept=drawn, returned=-1, on_top=False))
    else:
        owing.owe(tx, seat, owing.OWE_KEEP)


def prepare(tx: Tx, cmd: acmd.PrepareConspiracy) -> None:
    state, seat = tx.state, cmd.seat
    card = check_slot(tx.rules, state, cmd.slot)
    ext = agora(state)
    if not 0 <= cmd.conspiracy < len(ext.held[seat]) or ext.prepared[seat][cmd.conspiracy] >= 0:
        raise DomainError("conspiracy_not_preparable",
                          f"seat {seat} holds no unprepared conspiracy {cmd.conspiracy}")
    if ext.triggered[seat][cmd.conspiracy]:
        raise DomainError("conspiracy_not_preparable", "that conspiracy was triggered")
    tx.emit(aev.ConspiracyPrepared(seat=seat, slot=cmd.slot, card=card,
                                   conspiracy=cmd.conspiracy))
    reveal_uncovered(tx, cmd.slot)
    finish_action(tx)


def triggerable(state: DuelState, seat: int) -> list[int]:
    """Prepared, untriggered conspiracies of `seat` while no trigger was made this turn."""
    ext = agora(state)
    if ext.acted:
        return []
    return [i for i, card in enumerate(ext.prepared[seat])
            if card >= 0 and not ext.triggered[seat][i]]


def trigger_at_start(tx: Tx, cmd: acmd.TriggerConspiracy) -> None:
    if cmd.conspiracy not in triggerable(tx.state, cmd.seat):
        raise DomainError("conspiracy_not_triggerable",
                          "only a prepared conspiracy, once a turn, before the turn's action")
    trigger(tx, cmd.seat, cmd.conspiracy, before_action=True)
    owing.done(tx)


def trigger(tx: Tx, seat: int, position: int, before_action: bool) -> None:
    card = agora(tx.state).held[seat][position]
    tx.emit(aev.ConspiracyTriggered(seat=seat, conspiracy=position, card=card,
                                    before_action=before_action))
    conspiracy = CONSPIRACIES[card]
    EFFECTS[conspiracy.effect](tx, seat)
    if conspiracy.optional_move and tx.state.phase != OVER:
        owing.owe(tx, seat, owing.OWE_MOVE)


def end_of_trigger(tx: Tx) -> bool:
    """The turn hook: a conspiracy triggered before the action is resolved; the turn goes
    on unless the structure is empty."""
    ext = agora(tx.state)
    if not ext.in_trigger:
        return False
    tx.emit(aev.ConspiracyResolved(seat=tx.state.current))
    s = tx.state
    return s.taken != tx.rules.layouts[s.age - 1].full


# -- the 16 effects ------------------------------------------------------------------------


def extortion(tx: Tx, seat: int) -> None:
    owing.owe(tx, seat, owing.OWE_EXTORT)


def blackmail(tx: Tx, seat: int) -> None:
    """Half the opponent's coins, rounded up (in the taker's favour)."""
    amount = (tx.state.players[1 - seat].coins + 1) // 2
    if amount:
        tx.emit(ev.CoinsLost(seat=1 - seat, amount=amount, reason="blackmail"))
        tx.emit(ev.CoinsGained(seat=seat, amount=amount, reason="blackmail"))


def expropriation(tx: Tx, seat: int) -> None:
    destroy_card(tx, seat, (BLUE,))


def swindle(tx: Tx, seat: int) -> None:
    destroy_card(tx, seat, (YELLOW,))


def obscurantism(tx: Tx, seat: int) -> None:
    owing.owe(tx, seat, owing.OWE_OBSCURE)


def coup(tx: Tx, seat: int) -> None:
    """2 shields (a conspiracy, not a red card: Strategy adds nothing)."""
    move_pawn(tx, seat, COUP_SHIELDS)


def property_fraud(tx: Tx, seat: int) -> None:
    owing.owe(tx, seat, owing.OWE_FRAUD)


def treason(tx: Tx, seat: int) -> None:
    owing.owe(tx, seat, owing.OWE_TREASON)


def political_maneuver(tx: Tx, seat: int) -> None:
    owing.owe(tx, seat, owing.OWE_PLACE)
    owing.owe(tx, seat, owing.OWE_REMOVE)


def espionage(tx: Tx, seat: int) -> None:
    aside = tx.state.aside_tokens
    if aside:
        tx.emit(aev.AsideTokensSeen(seat=seat, tokens=aside, count=len(aside)))
        owing.owe(tx, seat, owing.OWE_SPY)


def turn_of_events(tx: Tx, seat: int) -> None:
    owing.owe(tx, seat, owing.OWE_TURN_OF_EVENTS, 2)


def embezzlement(tx: Tx, seat: int) -> None:
    """+1 coin per own cube in the Senate; the opponent loses 1 per theirs (what they have)."""
    ext = agora(tx.state)
    gain = sum(ext.cubes[seat])
    loss = min(sum(ext.cubes[1 - seat]), tx.state.players[1 - seat].coins)
    if gain:
        tx.emit(ev.CoinsGained(seat=seat, amount=gain, reason="embezzlement"))
    if loss:
        tx.emit(ev.CoinsLost(seat=1 - seat, amount=loss, reason="embezzlement"))


def foreclosure(tx: Tx, seat: int) -> None:
    owing.owe(tx, seat, owing.OWE_FORECLOSE)


def coercion(tx: Tx, seat: int) -> None:
    owing.owe(tx, seat, owing.OWE_COERCE)


def insider_influence(tx: Tx, seat: int) -> None:
    owing.owe(tx, seat, owing.OWE_INSIDER)


def sabotage(tx: Tx, seat: int) -> None:
    owing.owe(tx, seat, owing.OWE_SABOTAGE)


EFFECTS: dict[str, Callable[[Tx, int], None]] = {
    "extortion": extortion,
    "blackmail": blackmail,
    "expropriation": expropriation,
    "swindle": swindle,
    "obscurantism": obscurantism,
    "coup": coup,
    "property_fraud": property_fraud,
    "treason": treason,
    "political_maneuver": political_maneuver,
    "espionage": espionage,
    "turn_of_events": turn_of_events,
    "embezzlement": embezzlement,
    "foreclosure": foreclosure,
    "coercion": coercion,
    "insider_influence": insider_influence,
    "sabotage": sabotage,
}
