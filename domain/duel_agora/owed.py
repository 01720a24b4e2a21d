"""Agora's owed actions: the choices a senator, a conspiracy, a wonder or a military token
asks for, each resolved by its own command before the game goes on.

Each kind lists its legal moves; when none is possible (no cube left, no such card) the
only move is `Decline`, so an owed action never blocks a game. Optional ones (a
politician's further actions, the 'you may move a cube' of eight conspiracies and of
Knossos and the large military token, Turn of Events' second discard, Curia Julia's
trigger, a senator's action: "vous pouvez") always accept `Decline`.

Choices (agora-rules-fr): a military token's action is resolved at once, before the rest
of the sequence that reached it (a politician's further actions, a conspiracy's other
steps): a token applies when the pawn enters its zone. (The licensed implementation does
so after a single action but lets a politician finish its actions first.) Other owed
actions are resolved in the order they arose. A token reached because a seat lost the
shield decree is taken by the other seat (it lies on the loser's side), which acts first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from domain.duel import events as ev
from domain.duel.catalog_types import BLUE, BROWN, GREEN, GREY
from domain.duel.owed import token_effects
from domain.duel.play import apply_card_effects, reveal_uncovered
from domain.duel.rules import PhaseRules
from domain.duel.state import DuelState
from domain.duel_agora import commands as acmd
from domain.duel_agora import events as aev
from domain.duel_agora import senate
from domain.duel_agora.catalog import (
    N_CHAMBERS,
    SECTION_CHAMBERS,
    SENATOR,
)
from domain.duel_agora.conspiracies import conspire, trigger
from domain.duel_agora.owing import (
    OPTIONAL,
    OWE_COERCE,
    OWE_CONSPIRATOR,
    OWE_CURIA,
    OWE_EXTORT,
    OWE_FORECLOSE,
    OWE_FRAUD,
    OWE_INSIDER,
    OWE_KEEP,
    OWE_MOVE,
    OWE_OBSCURE,
    OWE_PLACE,
    OWE_REMOVE,
    OWE_SABOTAGE,
    OWE_SENATE,
    OWE_SPY,
    OWE_TREASON,
    OWE_TURN_OF_EVENTS,
    OWED_NAMES,
    SENATE_SECTION_SHIFT,
    done,
    step,
)
from domain.kernel.errors import DomainError

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules, Tx

# -- what each kind allows ---------------------------------------------------------------


def _senate_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    ext = senate.agora(state)
    section = arg // SENATE_SECTION_SHIFT
    moves: list[Any] = [
        acmd.PlaceInfluence(seat=seat, chamber=c)
        for c in senate.place_targets(ext, seat, SECTION_CHAMBERS[section])
    ]
    moves += [acmd.MoveInfluence(seat=seat, source=a, target=b)
              for a, b in senate.move_options(ext, seat)]
    return moves


def _place_any(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    ext = senate.agora(state)
    return [acmd.PlaceInfluence(seat=seat, chamber=c)
            for c in senate.place_targets(ext, seat, tuple(range(N_CHAMBERS)))]


def _conspirator_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    moves = _place_any(rules, state, seat, arg)
    if senate.agora(state).deck:
        moves.append(acmd.Conspire(seat=seat))
    return moves


def _keep_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    drawn = senate.agora(state).drawn
    return [acmd.KeepConspiracy(seat=seat, keep=c, on_top=top) for c in drawn
            for top in (True, False)]


def _remove_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    cubes = senate.agora(state).cubes[1 - seat]
    return [acmd.RemoveInfluence(seat=seat, chamber=c) for c in range(N_CHAMBERS) if cubes[c]]


def _move_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    return [acmd.MoveInfluence(seat=seat, source=a, target=b)
            for a, b in senate.move_options(senate.agora(state), seat)]


def _accessible(rules: DuelRules, state: DuelState) -> tuple[int, ...]:
    return rules.layouts[state.age - 1].accessible_slots(state.taken)


def _toe_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    return [acmd.DiscardFromStructure(seat=seat, slot=s) for s in _accessible(rules, state)]


def _unbuilt_wonders(state: DuelState, owner: int) -> tuple[int, ...]:
    p = state.players[owner]
    return tuple(w for w in p.wonders
                 if w not in p.built_wonders and w not in state.retired_wonders)


def _extort_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    return [acmd.TakeWonder(seat=seat, wonder=w) for w in _unbuilt_wonders(state, 1 - seat)]


def obscurable(state: DuelState, seat: int) -> list[tuple[int, str]]:
    """Tokens Obscurantism may take: on the board, the opponent's, out of the game."""
    return ([(t, "board") for t in state.board_tokens]
            + [(t, "opponent") for t in state.players[1 - seat].tokens]
            + [(t, "aside") for t in state.aside_tokens])


def _obscure_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    return [acmd.ObscureToken(seat=seat, token=t) for t, _ in obscurable(state, seat)]


def last_row_slots(rules: DuelRules, state: DuelState) -> tuple[int, ...]:
    """Property Fraud: the structure's last row is the row taken last (row 1), whether or
    not its cards are accessible (agora.yaml, the licensed implementation's reading of
    'fin de structure'); senators may not be chosen."""
    layout = rules.layouts[state.age - 1]
    return tuple(
        i for i, slot in enumerate(layout.slots)
        if slot.row == 1 and not (state.taken >> i) & 1
        and rules.cards[state.slots[i]].colour != SENATOR
    )


def _fraud_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    return [acmd.BuildFromLastRow(seat=seat, slot=s) for s in last_row_slots(rules, state)]


def removed_cards(state: DuelState) -> tuple[int, ...]:
    """Treason: the cards removed at set-up from Ages I to the current one (3 per Age; the
    unused guilds are not 'cards removed from an Age'), less any already built: by an
    earlier Treason, or, with Duel Leaders, by Croesus (`DuelState.leaders.removed_built`:
    the card he built stands in a city; the two he left go back to the box, still removed
    cards Treason may take)."""
    deal = state.deal
    assert deal is not None
    built = (*senate.agora(state).removed_built,
             *getattr(state.leaders, "removed_built", ()))
    return tuple(c for age in range(max(1, state.age)) for c in deal.removed[age]
                 if c not in built)


def _treason_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    return [acmd.BuildRemovedCard(seat=seat, card=c) for c in removed_cards(state)]


def _spy_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    return [acmd.TakeAsideToken(seat=seat, token=t) for t in senate.agora(state).spied]


def _opponent_cards(rules: DuelRules, state: DuelState, seat: int, colours: int) -> list[int]:
    return [c for c in state.players[1 - seat].buildings
            if (colours >> rules.cards[c].colour) & 1]


def _foreclose_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    cards = _opponent_cards(rules, state, seat, (1 << BROWN) | (1 << GREY))
    return [acmd.TakeCard(seat=seat, card=c) for c in cards]


def _coerce_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    """Coercion is an exchange ("en échange"): a colour can be taken only by a seat that
    has a card of that colour to give (as the licensed implementation reads it)."""
    moves: list[Any] = []
    for take in _opponent_cards(rules, state, seat, (1 << BLUE) | (1 << GREEN)):
        colour = rules.cards[take].colour
        moves += [acmd.ExchangeCards(seat=seat, take=take, give=g)
                  for g in state.players[seat].buildings if rules.cards[g].colour == colour]
    return moves


def _insider_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    ext = senate.agora(state)
    return [acmd.MoveDecree(seat=seat, decree=d, chamber=target)
            for source, decrees in enumerate(ext.decrees) for d in decrees
            for target in range(N_CHAMBERS) if target != source]


def _sabotage_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    return [acmd.SabotageWonder(seat=seat, wonder=w)
            for w in state.players[1 - seat].built_wonders]


def curia_choices(state: DuelState, seat: int) -> list[int]:
    ext = senate.agora(state)
    return [i for i, _ in enumerate(ext.held[seat])
            if ext.prepared[seat][i] < 0 and not ext.triggered[seat][i]]


def _curia_moves(rules: DuelRules, state: DuelState, seat: int, arg: int) -> list[Any]:
    return [acmd.TriggerConspiracy(seat=seat, conspiracy=i) for i in curia_choices(state, seat)]


MoveLister = Callable[["DuelRules", DuelState, int, int], list[Any]]
LISTERS: dict[int, MoveLister] = {
    OWE_SENATE: _senate_moves,
    OWE_CONSPIRATOR: _conspirator_moves,
    OWE_KEEP: _keep_moves,
    OWE_PLACE: _place_any,
    OWE_REMOVE: _remove_moves,
    OWE_MOVE: _move_moves,
    OWE_TURN_OF_EVENTS: _toe_moves,
    OWE_EXTORT: _extort_moves,
    OWE_OBSCURE: _obscure_moves,
    OWE_FRAUD: _fraud_moves,
    OWE_TREASON: _treason_moves,
    OWE_SPY: _spy_moves,
    OWE_FORECLOSE: _foreclose_moves,
    OWE_COERCE: _coerce_moves,
    OWE_INSIDER: _insider_moves,
    OWE_SABOTAGE: _sabotage_moves,
    OWE_CURIA: _curia_moves,
}


def _declinable(kind: int, arg: int) -> bool:
    return kind in OPTIONAL or (kind == OWE_TURN_OF_EVENTS and arg == 1)


def owed_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    kind, arg, _ = state.pending[0]
    moves = LISTERS[kind](rules, state, seat, arg)
    if not moves or _declinable(kind, arg):
        moves.append(acmd.Decline(seat=seat))
    return moves


def _require(rules: DuelRules, state: DuelState, command: Any) -> tuple[int, int]:
    """Refuse a command that is not among the owed action's legal moves."""
    kind, arg, _ = state.pending[0]
    legal = LISTERS[kind](rules, state, command.seat, arg)
    if isinstance(command, acmd.Decline):
        if legal and not _declinable(kind, arg):
            raise DomainError("not_optional", f"{OWED_NAMES[kind]} may not be declined")
    elif command not in legal:
        raise DomainError("illegal_choice", f"{type(command).__name__} is not possible for "
                          f"{OWED_NAMES[kind]}; legal: {len(legal)} choices")
    return kind, arg


# -- resolving --------------------------------------------------------------------------


def decline(tx: Tx, cmd: acmd.Decline) -> None:
    _require(tx.rules, tx.state, cmd)
    step(tx, cmd.seat)
    done(tx)


def place_influence(tx: Tx, cmd: acmd.PlaceInfluence) -> None:
    kind, arg = _require(tx.rules, tx.state, cmd)
    step(tx, cmd.seat, arg - 1 if kind == OWE_SENATE and arg % SENATE_SECTION_SHIFT > 1
          else 0)
    senate.place(tx, cmd.seat, cmd.chamber)
    done(tx)


def move_influence(tx: Tx, cmd: acmd.MoveInfluence) -> None:
    kind, arg = _require(tx.rules, tx.state, cmd)
    step(tx, cmd.seat, arg - 1 if kind == OWE_SENATE and arg % SENATE_SECTION_SHIFT > 1
          else 0)
    senate.move(tx, cmd.seat, cmd.source, cmd.target)
    done(tx)


def remove_influence(tx: Tx, cmd: acmd.RemoveInfluence) -> None:
    _require(tx.rules, tx.state, cmd)
    step(tx, cmd.seat)
    senate.remove(tx, cmd.seat, cmd.chamber)
    done(tx)


def conspire_command(tx: Tx, cmd: acmd.Conspire) -> None:
    _require(tx.rules, tx.state, cmd)
    step(tx, cmd.seat)
    conspire(tx, cmd.seat)
    done(tx)


def keep_conspiracy(tx: Tx, cmd: acmd.KeepConspiracy) -> None:
    _require(tx.rules, tx.state, cmd)
    drawn = senate.agora(tx.state).drawn
    other = next((c for c in drawn if c != cmd.keep), -1)
    step(tx, cmd.seat)
    tx.emit(aev.ConspiracyKept(seat=cmd.seat, kept=(cmd.keep,), returned=other,
                               on_top=cmd.on_top))
    done(tx)


def discard_from_structure(tx: Tx, cmd: acmd.DiscardFromStructure) -> None:
    _, arg = _require(tx.rules, tx.state, cmd)
    step(tx, cmd.seat, arg - 1)
    tx.emit(aev.StructureCardDiscarded(seat=cmd.seat, slot=cmd.slot,
                                       card=tx.state.slots[cmd.slot]))
    reveal_uncovered(tx, cmd.slot)
    if arg == 2 and tx.state.taken == tx.rules.layouts[tx.state.age - 1].full:
        step(tx, cmd.seat)  # nothing left to discard a second time
    done(tx)


def take_wonder(tx: Tx, cmd: acmd.TakeWonder) -> None:
    _require(tx.rules, tx.state, cmd)
    step(tx, cmd.seat)
    tx.emit(aev.WonderTaken(seat=cmd.seat, owner=1 - cmd.seat, wonder=cmd.wonder))
    done(tx)


def obscure_token(tx: Tx, cmd: acmd.ObscureToken) -> None:
    _require(tx.rules, tx.state, cmd)
    source = next(src for t, src in obscurable(tx.state, cmd.seat) if t == cmd.token)
    step(tx, cmd.seat)
    tx.emit(aev.TokenObscured(seat=cmd.seat, token=cmd.token, source=source))
    done(tx)


def _build_free(tx: Tx, seat: int, card: int, slot: int) -> None:
    tx.emit(aev.FreeBuildingConstructed(seat=seat, card=card, slot=slot))
    if slot >= 0:
        reveal_uncovered(tx, slot)
    apply_card_effects(tx, seat, card)


def build_from_last_row(tx: Tx, cmd: acmd.BuildFromLastRow) -> None:
    _require(tx.rules, tx.state, cmd)
    step(tx, cmd.seat)
    _build_free(tx, cmd.seat, tx.state.slots[cmd.slot], cmd.slot)
    done(tx)


def build_removed_card(tx: Tx, cmd: acmd.BuildRemovedCard) -> None:
    _require(tx.rules, tx.state, cmd)
    step(tx, cmd.seat)
    _build_free(tx, cmd.seat, cmd.card, -1)
    done(tx)


def take_aside_token(tx: Tx, cmd: acmd.TakeAsideToken) -> None:
    """Espionage: the token chosen is played; the others stay out of the game, where a
    later Great Library may still draw them (the card says nothing of their fate)."""
    _require(tx.rules, tx.state, cmd)
    tx.emit(aev.AsideTokenTaken(seat=cmd.seat, token=cmd.token))
    tx.emit(ev.ProgressTokenTaken(seat=cmd.seat, token=cmd.token, from_library=False))
    token_effects(tx, cmd.seat, cmd.token)


def take_card(tx: Tx, cmd: acmd.TakeCard) -> None:
    """Foreclosure: the card changes city; it is not constructed (no effect applies)."""
    _require(tx.rules, tx.state, cmd)
    step(tx, cmd.seat)
    tx.emit(aev.CardTaken(seat=cmd.seat, owner=1 - cmd.seat, card=cmd.card))
    done(tx)


def exchange_cards(tx: Tx, cmd: acmd.ExchangeCards) -> None:
    """Coercion: cards change city without being constructed; a green card's symbol counts
    for its new owner at once, either seat (a new pair earns a progress token, six
    different symbols are scientific supremacy: 'dès que'). The symbol is the card's as
    it stands (an expansion may have changed it: Duel Leaders' Euclid, Ptolemy), and its
    new owner may be offered such a change (`card_symbol_gained`, not constructed)."""
    from domain.duel.science import card_symbol_gained

    _require(tx.rules, tx.state, cmd)
    seat = cmd.seat
    step(tx, seat)
    tx.emit(aev.CardTaken(seat=seat, owner=1 - seat, card=cmd.take))
    tx.emit(aev.CardTaken(seat=1 - seat, owner=seat, card=cmd.give))
    card_symbol_gained(tx, seat, cmd.take, constructed=False)
    card_symbol_gained(tx, 1 - seat, cmd.give, constructed=False)
    done(tx)


def move_decree(tx: Tx, cmd: acmd.MoveDecree) -> None:
    _require(tx.rules, tx.state, cmd)
    source = next(i for i, d in enumerate(senate.agora(tx.state).decrees) if cmd.decree in d)
    step(tx, cmd.seat)
    senate.move_decree(tx, cmd.seat, cmd.decree, source, cmd.chamber)
    done(tx)


def sabotage_wonder(tx: Tx, cmd: acmd.SabotageWonder) -> None:
    """Sabotage: the wonder goes to the box with its lasting effects (VP, production); its
    Age card goes to the discard pile and the pawn stays (agora.yaml, the licensed
    implementation; the rule text is silent on both)."""
    _require(tx.rules, tx.state, cmd)
    owner = tx.state.players[1 - cmd.seat]
    card = owner.tucked[owner.built_wonders.index(cmd.wonder)]
    step(tx, cmd.seat)
    tx.emit(aev.WonderSabotaged(seat=cmd.seat, owner=1 - cmd.seat, wonder=cmd.wonder,
                                card=card))
    done(tx)


def curia_trigger(tx: Tx, cmd: acmd.TriggerConspiracy) -> None:
    _require(tx.rules, tx.state, cmd)
    step(tx, cmd.seat)
    trigger(tx, cmd.seat, cmd.conspiracy, before_action=False)
    done(tx)


_HANDLERS: dict[type, Any] = {
    acmd.Decline: decline,
    acmd.PlaceInfluence: place_influence,
    acmd.MoveInfluence: move_influence,
    acmd.RemoveInfluence: remove_influence,
    acmd.Conspire: conspire_command,
    acmd.KeepConspiracy: keep_conspiracy,
    acmd.DiscardFromStructure: discard_from_structure,
    acmd.TakeWonder: take_wonder,
    acmd.ObscureToken: obscure_token,
    acmd.BuildFromLastRow: build_from_last_row,
    acmd.BuildRemovedCard: build_removed_card,
    acmd.TakeAsideToken: take_aside_token,
    acmd.TakeCard: take_card,
    acmd.ExchangeCards: exchange_cards,
    acmd.MoveDecree: move_decree,
    acmd.SabotageWonder: sabotage_wonder,
}
_COMMANDS_BY_KIND: dict[int, tuple[type, ...]] = {
    OWE_SENATE: (acmd.PlaceInfluence, acmd.MoveInfluence),
    OWE_CONSPIRATOR: (acmd.PlaceInfluence, acmd.Conspire),
    OWE_KEEP: (acmd.KeepConspiracy,),
    OWE_PLACE: (acmd.PlaceInfluence,),
    OWE_REMOVE: (acmd.RemoveInfluence,),
    OWE_MOVE: (acmd.MoveInfluence,),
    OWE_TURN_OF_EVENTS: (acmd.DiscardFromStructure,),
    OWE_EXTORT: (acmd.TakeWonder,),
    OWE_OBSCURE: (acmd.ObscureToken,),
    OWE_FRAUD: (acmd.BuildFromLastRow,),
    OWE_TREASON: (acmd.BuildRemovedCard,),
    OWE_SPY: (acmd.TakeAsideToken,),
    OWE_FORECLOSE: (acmd.TakeCard,),
    OWE_COERCE: (acmd.ExchangeCards,),
    OWE_INSIDER: (acmd.MoveDecree,),
    OWE_SABOTAGE: (acmd.SabotageWonder,),
}


def lapse_token(tx: Tx, cmd: acmd.Decline) -> None:
    if tx.state.board_tokens:
        raise DomainError("not_optional", "a pair earns one of the progress tokens on the "
                          "board while there is one")
    step(tx, cmd.seat)
    done(tx)


def token_rules(base: PhaseRules) -> PhaseRules:
    """The progress token a pair earns ("parmi ceux disponibles sur le plateau"). Each is
    owed only while the board holds one, but Coercion completes a pair in both cities in
    one action (the conspirator's owed first): with one token left (Obscurantism takes
    them off the board too) the second finds none when its choice comes. Such a pair
    earns nothing: `Decline` is then its only move, as for Agora's own owed actions, so
    the seat is never left without one."""

    def moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
        return base.moves(rules, state, seat) or [acmd.Decline(seat=seat)]

    return PhaseRules(moves, {**base.commands, acmd.Decline: lapse_token})


def owed_rules() -> dict[int, PhaseRules]:
    table: dict[int, PhaseRules] = {}
    for kind in OWED_NAMES:
        commands: dict[type, Any] = {acmd.Decline: decline}
        if kind == OWE_CURIA:
            commands[acmd.TriggerConspiracy] = curia_trigger
        for command in _COMMANDS_BY_KIND.get(kind, ()):
            commands[command] = _HANDLERS[command]
        table[kind] = PhaseRules(owed_moves, commands)
    return table
