"""Duel Leaders' owed actions (Maecenas' and Rome's free recruit, Croesus' and Ramesses'
free build, Abu Simbel's burial) and its play-phase commands (Euclid, Ptolemy,
Pythagoras), each resolved by its own command before the game goes on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.duel import events as ev
from domain.duel.catalog_types import GREEN
from domain.duel.commands import ConstructBuilding
from domain.duel.military import move_pawn
from domain.duel.play import (
    _check_payment,
    card_price,
    check_slot,
    finish_action,
    reveal_uncovered,
)
from domain.duel.rules import PhaseRules
from domain.duel.science import symbol_gained
from domain.duel.state import OWE_DISCARD_BUILD
from domain.duel.tokens import STRATEGY, URBANISM, URBANISM_CHAIN_COINS
from domain.duel_leaders import catalog as lc
from domain.duel_leaders import commands as lcmd
from domain.duel_leaders import events as lev
from domain.duel_leaders.effects import (
    OWE_BURY,
    OWE_MAECENAS,
    OWE_OFFER,
    OWE_ROME,
    OWE_SYMBOL,
    OWE_TAKEN_SYMBOL,
    SOLOMON_MAY_DECLINE,
    apply_recruited,
)
from domain.duel_leaders.evolve import EUCLID_USED, PTOLEMY_USED, PYTHAGORAS_USED, leaders
from domain.duel_leaders.state import CHOOSING, DECLARING, RESOLVING
from domain.kernel.errors import DomainError

if TYPE_CHECKING:
    from domain.duel.rules import DecideFn, DuelRules, MoveFn, Tx
    from domain.duel.state import DuelState

LAW = 6
"""The Law symbol ('scales'), which Euclid gives instead of a card's own."""


def _free_choices(state: DuelState, seat: int, kind: int) -> tuple[int, ...]:
    x = leaders(state)
    return x.drawn if kind == OWE_MAECENAS else x.hands[seat]


def recruit_free(tx: Tx, cmd: lcmd.RecruitFree) -> None:
    kind = tx.state.pending[0][0]
    if cmd.leader not in _free_choices(tx.state, cmd.seat, kind):
        raise DomainError("leader_not_offered", f"leader {cmd.leader} may not be recruited now")
    tx.emit(lev.LeaderRecruited(seat=cmd.seat, leader=cmd.leader, cost=0, free=True))
    if kind == OWE_MAECENAS and leaders(tx.state).drawn:
        tx.emit(lev.DrawnLeadersReturned(seat=cmd.seat))
    apply_recruited(tx, cmd.seat, cmd.leader)
    finish_action(tx)


def decline(tx: Tx, cmd: lcmd.DeclineLeaderOffer) -> None:
    kind, arg, _ = tx.state.pending[0]
    if kind == OWE_OFFER and not arg:
        raise DomainError("must_build", "Croesus builds one of the cards offered")
    if kind == OWE_DISCARD_BUILD and arg != SOLOMON_MAY_DECLINE:
        raise DomainError("must_build", "the Mausoleum builds one of the discarded cards")
    tx.emit(lev.OfferLapsed(seat=cmd.seat))
    if kind in (OWE_SYMBOL, OWE_TAKEN_SYMBOL):  # the card keeps its printed symbol
        symbol_gained(tx, cmd.seat, tx.rules.cards[arg].science)
    finish_action(tx)


def build_offered(tx: Tx, cmd: lcmd.BuildOffered) -> None:
    if cmd.card not in leaders(tx.state).offered:
        raise DomainError("card_not_offered", f"card {cmd.card} is not offered")
    tx.emit(lev.OfferedCardBuilt(seat=cmd.seat, card=cmd.card))
    from domain.duel.play import apply_card_effects

    apply_card_effects(tx, cmd.seat, cmd.card)
    finish_action(tx)


def bury(tx: Tx, cmd: lcmd.BuryLeader) -> None:
    if not leaders(tx.state).active(cmd.seat, cmd.leader):
        raise DomainError("leader_not_recruited", f"leader {cmd.leader} is not an active "
                          f"recruited leader of seat {cmd.seat}")
    tx.emit(lev.LeaderBuried(seat=cmd.seat, leader=cmd.leader))
    finish_action(tx)


def _free_moves(kind: int) -> MoveFn:
    def moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
        return [lcmd.RecruitFree(seat=seat, leader=x)
                for x in _free_choices(state, seat, kind)] + [lcmd.DeclineLeaderOffer(seat=seat)]

    return moves


def _offer_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    moves: list[Any] = [lcmd.BuildOffered(seat=seat, card=c) for c in leaders(state).offered]
    if state.pending[0][1]:
        moves.append(lcmd.DeclineLeaderOffer(seat=seat))
    return moves


def _bury_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    x = leaders(state)
    return [lcmd.BuryLeader(seat=seat, leader=leader) for leader in x.recruited[seat]
            if x.active(seat, leader)]


def _solomon_moves(inner: MoveFn) -> MoveFn:
    def moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
        found = inner(rules, state, seat)
        if state.pending[0][1] == SOLOMON_MAY_DECLINE:
            found.append(lcmd.DeclineLeaderOffer(seat=seat))
        return found

    return moves


def discard_build_rules(base: PhaseRules) -> PhaseRules:
    """The discard build owed by the Mausoleum (must build) or by Solomon (may decline)."""
    return PhaseRules(_solomon_moves(base.moves),
                      {**base.commands, lcmd.DeclineLeaderOffer: decline})


def owed_rules() -> dict[int, PhaseRules]:
    free: dict[type, DecideFn] = {lcmd.RecruitFree: recruit_free,
                                  lcmd.DeclineLeaderOffer: decline}
    return {
        OWE_MAECENAS: PhaseRules(_free_moves(OWE_MAECENAS), free),
        OWE_ROME: PhaseRules(_free_moves(OWE_ROME), free),
        OWE_OFFER: PhaseRules(_offer_moves, {lcmd.BuildOffered: build_offered,
                                             lcmd.DeclineLeaderOffer: decline}),
        OWE_BURY: PhaseRules(_bury_moves, {lcmd.BuryLeader: bury}),
        **dict.fromkeys((OWE_SYMBOL, OWE_TAKEN_SYMBOL), PhaseRules(_symbol_moves, {
            lcmd.ChangeSymbol: change_symbol, lcmd.DeclineLeaderOffer: decline})),
    }


# -- play phase: Euclid, Ptolemy, Pythagoras ---------------------------------------------


def _own_green_symbols(rules: DuelRules, state: DuelState, seat: int, but: int) -> set[int]:
    x = leaders(state)
    return {x.symbol(rules.cards[c].science, c) for c in state.players[seat].buildings
            if rules.cards[c].colour == GREEN and rules.cards[c].science >= 0 and c != but}


def _age(state: DuelState) -> int:
    """The Age being played, or opened by the recruitment step running (its Solomon)."""
    x = leaders(state)
    return x.age if x.step in (CHOOSING, DECLARING, RESOLVING) else state.age


def symbol_options(rules: DuelRules, state: DuelState, seat: int, card_id: int,
                   in_city: bool = False, constructed: bool = True
                   ) -> list[tuple[int, int]]:
    """(leader, symbol) ways the card's science symbol may change as it joins the city
    (`in_city`: the state already counts it).

    Euclid (once): "si vous obtenez une carte vous offrant une paire de symboles
    scientifiques", however it is obtained: a card whose symbol its owner held once
    before gives Law instead. Ptolemy (once, Age II or III): "lorsque vous construisez une
    carte verte", a constructed green card copies the symbol of another own green card.
    A card whose symbol was changed already (by its former owner) changes no more. Ptolemy
    copies any other green card of the city as it stands, one Agora's Coercion brought
    included (a city's cards count as built, as for Justinian and Plato)."""
    card = rules.cards[card_id]
    x = leaders(state)
    if card.science < 0 or any(c == card_id for c, _ in x.symbols):
        return []
    options: list[tuple[int, int]] = []
    held = state.players[seat].science[card.science] - (1 if in_city else 0)
    if x.active(seat, lc.EUCLID) and not x.used[seat] & EUCLID_USED and held == 1:
        options.append((lc.EUCLID, LAW))
    if (constructed and x.active(seat, lc.PTOLEMY) and not x.used[seat] & PTOLEMY_USED
            and _age(state) >= 2 and card.colour == GREEN):
        options += [(lc.PTOLEMY, s)
                    for s in sorted(_own_green_symbols(rules, state, seat, card_id))
                    if s != card.science]
    return options


def symbol_hook(tx: Tx, seat: int, card: int, constructed: bool) -> bool:
    """`DuelRules.symbol_hooks`: a science card joined `seat`'s city otherwise than by a
    plain construction. A changed symbol counts as changed; where Euclid or Ptolemy may
    change it, its owner chooses first (an owed action, resolved before anything else)."""
    x = tx.state.leaders
    if x is None:
        return False
    printed = tx.rules.cards[card].science
    symbol = x.symbol(printed, card)
    if symbol != printed:
        symbol_gained(tx, seat, symbol)
        return True
    if not symbol_options(tx.rules, tx.state, seat, card, True, constructed):
        return False
    position = 0
    while (position < len(tx.state.pending)
           and tx.state.pending[position][0] in (OWE_SYMBOL, OWE_TAKEN_SYMBOL)):
        position += 1
    kind = OWE_SYMBOL if constructed else OWE_TAKEN_SYMBOL
    tx.emit(ev.ActionOwed(seat=seat, action=kind, arg=card, position=position))
    return True


def change_symbol(tx: Tx, cmd: lcmd.ChangeSymbol) -> None:
    kind, card, _ = tx.state.pending[0]
    options = symbol_options(tx.rules, tx.state, cmd.seat, card, True, kind == OWE_SYMBOL)
    if cmd.card != card or (cmd.leader, cmd.symbol) not in options:
        raise DomainError("leader_not_usable", f"that leader cannot change card {cmd.card}'s "
                          f"symbol to {cmd.symbol} now")
    tx.emit(lev.SymbolChanged(seat=cmd.seat, card=card, old=tx.rules.cards[card].science,
                              new=cmd.symbol, leader=cmd.leader, owed=True))
    symbol_gained(tx, cmd.seat, cmd.symbol)
    finish_action(tx)


def _symbol_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    kind, card, _ = state.pending[0]
    options = symbol_options(rules, state, seat, card, True, kind == OWE_SYMBOL)
    moves: list[Any] = [lcmd.ChangeSymbol(seat=seat, card=card, leader=leader, symbol=symbol)
                        for leader, symbol in options]
    return [*moves, lcmd.DeclineLeaderOffer(seat=seat)]


def construct_with_leader(tx: Tx, cmd: lcmd.ConstructWithLeader) -> None:
    rules, state, seat = tx.rules, tx.state, cmd.seat
    card_id = check_slot(rules, state, cmd.slot)
    if (cmd.leader, cmd.symbol) not in symbol_options(rules, state, seat, card_id):
        raise DomainError("leader_not_usable", "that leader cannot change this card's symbol")
    price = card_price(rules, state, seat, card_id)
    _check_payment(rules, state, seat, rules.cards[card_id].cost, price, cmd.coins, None)
    card = rules.cards[card_id]
    tx.emit(ev.BuildingConstructed(seat=seat, slot=cmd.slot, card=card_id, cost=price.coins,
                                   to_opponent=price.to_opponent, chained=price.chained,
                                   bought=price.bought))
    reveal_uncovered(tx, cmd.slot)
    if price.chained and URBANISM in tx.state.players[seat].tokens:
        tx.emit(ev.CoinsGained(seat=seat, amount=URBANISM_CHAIN_COINS, reason="urbanism"))
    tx.emit(lev.SymbolChanged(seat=seat, card=card_id, old=card.science, new=cmd.symbol,
                              leader=cmd.leader))
    for hook in rules.build_hooks:  # the construction's own coins, before its effects
        hook(tx, seat, card_id)
    for name, args in card.on_build:
        rules.effects[name](tx, seat, args)
    if card.shields:
        bonus = 1 if STRATEGY in tx.state.players[seat].tokens else 0
        move_pawn(tx, seat, card.shields + bonus)
    symbol_gained(tx, seat, cmd.symbol)
    finish_action(tx)


def put_under_pythagoras(tx: Tx, cmd: lcmd.PutUnderPythagoras) -> None:
    x = leaders(tx.state)
    if not x.active(cmd.seat, lc.PYTHAGORAS) or x.used[cmd.seat] & PYTHAGORAS_USED:
        raise DomainError("leader_not_usable", "Pythagoras is not recruited or already used")
    card = check_slot(tx.rules, tx.state, cmd.slot)
    tx.emit(lev.CardPutUnder(seat=cmd.seat, slot=cmd.slot, card=card, leader=lc.PYTHAGORAS))
    reveal_uncovered(tx, cmd.slot)
    if not tx.state.replay:
        tx.emit(ev.PlayAgainGranted(seat=cmd.seat))
    finish_action(tx)


def play_moves(inner: MoveFn) -> MoveFn:
    """The play phase's moves with the leaders' own ways of taking a card."""

    def moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
        base = inner(rules, state, seat)
        x = state.leaders
        if not base or x is None or not x.recruited[seat]:
            return base
        extra: list[Any] = []
        used = x.used[seat]
        may_change = (
            (x.active(seat, lc.EUCLID) and not used & EUCLID_USED)
            or (x.active(seat, lc.PTOLEMY) and not used & PTOLEMY_USED)
        )  # else `symbol_options` offers nothing: the loop is skipped
        for m in base if may_change else ():
            if type(m) is ConstructBuilding:
                card = state.slots[m.slot]
                for leader, symbol in symbol_options(rules, state, seat, card):
                    extra.append(lcmd.ConstructWithLeader(
                        seat=seat, slot=m.slot, leader=leader, symbol=symbol, coins=m.coins))
        if x.active(seat, lc.PYTHAGORAS) and not x.used[seat] & PYTHAGORAS_USED:
            slots = rules.layouts[state.age - 1].accessible_slots(state.taken)
            extra += [lcmd.PutUnderPythagoras(seat=seat, slot=s) for s in slots]
        return base + extra

    return moves
