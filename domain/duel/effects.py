"""Small named effects of cards, wonders and progress tokens, looked up by the catalog's
effect names. An expansion adds its own names to the ruleset's tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.duel import events as ev
from domain.duel.state import OWE_DESTROY, OWE_DISCARD_BUILD, OWE_LIBRARY

if TYPE_CHECKING:
    from domain.duel.rules import EffectFn, EndVpFn, Tx
    from domain.duel.state import DuelState

LIBRARY_DRAW = 3


def gain_coins(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    tx.emit(ev.CoinsGained(seat=seat, amount=args[0], reason="effect"))


def _own_count(tx: Tx, seat: int, mask: int) -> int:
    colours = tx.state.players[seat].colours
    return sum(n for c, n in enumerate(colours) if (mask >> c) & 1)


def coins_per_own_colour(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    """Port, Armory, Chamber of Commerce, Lighthouse (which counts itself)."""
    amount = args[0] * _own_count(tx, seat, args[1])
    if amount:
        tx.emit(ev.CoinsGained(seat=seat, amount=amount, reason="effect"))


def coins_per_own_wonder(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    """Arena."""
    amount = args[0] * len(tx.state.players[seat].built_wonders)
    if amount:
        tx.emit(ev.CoinsGained(seat=seat, amount=amount, reason="effect"))


def coins_per_top_colour(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    """Guilds: coins for the cards of the colour(s) in the city that has the most."""
    amount = args[0] * max(_own_count(tx, 0, args[1]), _own_count(tx, 1, args[1]))
    if amount:
        tx.emit(ev.CoinsGained(seat=seat, amount=amount, reason="effect"))


def opponent_loses_coins(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    """The Appian Way."""
    lost = min(args[0], tx.state.players[1 - seat].coins)
    if lost:
        tx.emit(ev.CoinsLost(seat=1 - seat, amount=lost, reason="effect"))


def looting(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    """A looting token: the opponent loses coins (all they have if fewer)."""
    lost = min(args[0], tx.state.players[1 - seat].coins)
    tx.emit(ev.CoinsLost(seat=1 - seat, amount=lost, reason="looting"))


def destroy_card(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    """Statue of Zeus (brown), Circus Maximus (grey): owed only if there is such a card."""
    if tx.state.players[1 - seat].colours[args[0]]:
        tx.emit(ev.ActionOwed(seat=seat, action=OWE_DESTROY, arg=args[0]))


def mausoleum(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    from domain.duel.owed import buildable_discards

    if buildable_discards(tx.rules, tx.state):
        tx.emit(ev.ActionOwed(seat=seat, action=OWE_DISCARD_BUILD, arg=0))


def great_library(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    """Draw 3 of the tokens kept aside (the deal fixed their order) and owe a choice."""
    drawn = tx.state.aside_tokens[:LIBRARY_DRAW]
    if drawn:
        tx.emit(ev.GreatLibraryDrawn(seat=seat, tokens=drawn, count=len(drawn)))
        tx.emit(ev.ActionOwed(seat=seat, action=OWE_LIBRARY, arg=0))


def play_again(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    if not tx.state.replay:
        tx.emit(ev.PlayAgainGranted(seat=seat))


def _top_count(state: DuelState, mask: int) -> int:
    return max(
        sum(n for c, n in enumerate(p.colours) if (mask >> c) & 1) for p in state.players
    )


def vp_per_top_colour(state: DuelState, seat: int, args: tuple[int, ...]) -> int:
    return args[0] * _top_count(state, args[1])


def vp_per_top_wonders(state: DuelState, seat: int, args: tuple[int, ...]) -> int:
    """Builders Guild."""
    return args[0] * max(len(p.built_wonders) for p in state.players)


def vp_per_top_coin_sets(state: DuelState, seat: int, args: tuple[int, ...]) -> int:
    """Moneylenders Guild: sets of 3 coins in the richest city."""
    return args[0] * (max(p.coins for p in state.players) // 3)


def vp_per_token(state: DuelState, seat: int, args: tuple[int, ...]) -> int:
    """Mathematics: per progress token owned, itself included."""
    return args[0] * len(state.players[seat].tokens)


EFFECTS: dict[str, EffectFn] = {
    "gain_coins": gain_coins,
    "coins_per_own_colour": coins_per_own_colour,
    "coins_per_own_wonder": coins_per_own_wonder,
    "coins_per_top_colour": coins_per_top_colour,
    "opponent_loses_coins": opponent_loses_coins,
    "looting": looting,
    "destroy_card": destroy_card,
    "mausoleum": mausoleum,
    "great_library": great_library,
    "play_again": play_again,
}

END_EFFECTS: dict[str, EndVpFn] = {
    "vp_per_top_colour": vp_per_top_colour,
    "vp_per_top_wonders": vp_per_top_wonders,
    "vp_per_top_coin_sets": vp_per_top_coin_sets,
    "vp_per_token": vp_per_token,
}
