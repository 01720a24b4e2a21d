"""Owed actions: choices a seat must make before its turn ends (a progress token after a
science pair, the Great Library's pick, Zeus/Circus Maximus' destruction, the Mausoleum)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.duel import events as ev
from domain.duel.catalog_types import COLOURS
from domain.duel.commands import (
    ChooseProgressToken,
    ConstructFromDiscard,
    DestroyCard,
    TakeLibraryToken,
)
from domain.duel.play import apply_card_effects, finish_action
from domain.duel.science import symbol_gained
from domain.duel.state import DuelState
from domain.kernel.errors import DomainError

N_COLOURS = len(COLOURS)

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules, Tx


def token_effects(tx: Tx, seat: int, token: int) -> None:
    t = tx.rules.tokens[token]
    for name, args in t.on_build:
        tx.rules.effects[name](tx, seat, args)
    if t.science >= 0:
        symbol_gained(tx, seat, t.science)
    finish_action(tx)


def choose_progress_token(tx: Tx, cmd: ChooseProgressToken) -> None:
    if cmd.token not in tx.state.board_tokens:
        raise DomainError("token_not_available", f"token {cmd.token} is not on the board")
    tx.emit(ev.ProgressTokenTaken(seat=cmd.seat, token=cmd.token, from_library=False))
    token_effects(tx, cmd.seat, cmd.token)


def take_library_token(tx: Tx, cmd: TakeLibraryToken) -> None:
    if cmd.token not in tx.state.library_draw:
        raise DomainError("token_not_drawn", f"token {cmd.token} is not among those drawn")
    tx.emit(ev.ProgressTokenTaken(seat=cmd.seat, token=cmd.token, from_library=True))
    token_effects(tx, cmd.seat, cmd.token)


def _destroyable(rules: DuelRules, state: DuelState, seat: int, colour: int) -> tuple[int, ...]:
    return tuple(
        c for c in state.players[1 - seat].buildings if rules.cards[c].colour == colour
    )


def destroy_card(tx: Tx, cmd: DestroyCard) -> None:
    colour = tx.state.pending[0][1]
    if cmd.card not in _destroyable(tx.rules, tx.state, cmd.seat, colour):
        raise DomainError(
            "card_not_destroyable", f"card {cmd.card} is not an opponent's card of that colour"
        )
    tx.emit(ev.CardDestroyed(seat=cmd.seat, owner=1 - cmd.seat, card=cmd.card))
    finish_action(tx)


def buildable_discards(rules: DuelRules, state: DuelState) -> tuple[int, ...]:
    """Buildings in the discard pile (an expansion's other cards, as Agora's senators,
    are not buildings and may not be constructed from it)."""
    return tuple(c for c in state.discard if rules.cards[c].colour < N_COLOURS)


def construct_from_discard(tx: Tx, cmd: ConstructFromDiscard) -> None:
    if cmd.card not in buildable_discards(tx.rules, tx.state):
        raise DomainError("card_not_discarded", f"card {cmd.card} is not in the discard pile")
    tx.emit(ev.DiscardedCardConstructed(seat=cmd.seat, card=cmd.card))
    apply_card_effects(tx, cmd.seat, cmd.card)
    finish_action(tx)


def token_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    return [ChooseProgressToken(seat=seat, token=t) for t in state.board_tokens]


def library_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    return [TakeLibraryToken(seat=seat, token=t) for t in state.library_draw]


def destroy_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    colour = state.pending[0][1]
    return [DestroyCard(seat=seat, card=c) for c in _destroyable(rules, state, seat, colour)]


def discard_build_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    return [ConstructFromDiscard(seat=seat, card=c) for c in buildable_discards(rules, state)]
