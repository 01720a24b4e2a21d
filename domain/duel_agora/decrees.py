"""Decree effects as the Duel engine's hooks: each asks whether its decree benefits a seat
now (face up, in a chamber that seat controls), so control changes switch them on and off.

Choices (agora-rules-fr, "Décrets"):
- Coins per colour (D01-D04) and per wonder (D14) are taken on every construction, by
  either seat, whatever the means (a Mausoleum, Property Fraud or Treason build included),
  at the Age in progress (Age I during the wonder draft cannot happen: nothing is built).
- 'Ignore 1 symbol of the cost' (D05-D07: « Vous ignorez 1 symbole du coût (ressource ou
  Pièces, au choix) ») takes whichever is cheaper for the builder: one resource unit fewer
  to find, or the card's coin symbol, which is its whole coin cost (a Duel card prints its
  coin cost as one coin symbol with the number on it).
- The shield decree (D09) is applied in `senate` when its holder changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.duel import events as ev
from domain.duel.state import DuelState
from domain.duel_agora.catalog import BROWN_GROUP, DECREE_BY_KIND, DECREES, GREY_GROUP
from domain.duel_agora.senate import agora
from domain.duel_agora.state import AgoraState

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules, Tx

_COINS_PER_COLOUR = {
    colour: decree for (kind, colour), decree in DECREE_BY_KIND.items()
    if kind == "coins_per_colour"
}
_WAIVER = {
    colour: decree for (kind, colour), decree in DECREE_BY_KIND.items()
    if kind == "ignore_cost_symbol"
}
WONDER_DISCOUNT = DECREE_BY_KIND[("wonder_discount", 0)]
BROWN_DISCOUNT = DECREE_BY_KIND[("resource_discount", BROWN_GROUP)]
GREY_DISCOUNT = DECREE_BY_KIND[("resource_discount", GREY_GROUP)]
PLUS_TWO_BLUE = DECREE_BY_KIND[("plus_two_blue", 0)]
DISCARD_BONUS = DECREE_BY_KIND[("discard_bonus", 0)]
WONDER_COINS = DECREE_BY_KIND[("wonder_coins", 0)]
OPPONENT_CHAINS = DECREE_BY_KIND[("opponent_chains", 0)]
CONSPIRATOR_REPLAY = DECREE_BY_KIND[("conspirator_replay", 0)]

_PRICE_DECREES: tuple[int, ...] = (
    BROWN_DISCOUNT, GREY_DISCOUNT, WONDER_DISCOUNT, *sorted(set(_WAIVER.values())))
"""The decrees that change a seat's prices (`price_context`)."""

DISCARD_BONUS_COINS = 2
BLUE_BONUS = 2


_last_holders: tuple[AgoraState, tuple[int, ...]] = (AgoraState(), ())
"""(Agora state, `holders` of it) of the last Agora state asked (at first a state of no
game, never matched): a state's decree holders change only with Agora's own events, and
are read several times per move. Replaced as a whole tuple (threads never see a mixed
entry); it keeps its state alive, so the identity cannot be reused while cached."""


def holders(state: DuelState) -> tuple[int, ...]:
    """The seat each decree benefits (`AgoraState.decree_holder`), by decree id."""
    global _last_holders
    ext = agora(state)
    last = _last_holders
    if last[0] is ext:
        return last[1]
    # `decree_holder` of every decree in one pass over the chambers (a face-up decree
    # benefits the controller of the first chamber holding it).
    holding = [-1] * len(DECREES)
    placed = 0
    revealed = ext.revealed
    for chamber, decrees in enumerate(ext.decrees):
        for d in decrees:
            if (revealed >> d) & 1 and not (placed >> d) & 1:
                placed |= 1 << d
                holding[d] = ext.controller(chamber)
    table = tuple(holding)
    _last_holders = (ext, table)
    return table


def holder(state: DuelState, decree: int) -> int:
    last = _last_holders
    if last[0] is state.ext:  # `holders`, its usual case inlined
        return last[1][decree]
    return holders(state)[decree]


def price_context(state: DuelState, seat: int) -> int:
    """What the price hooks below (`resource_prices`, `wonder_discount`, `waives_symbol`)
    read of a state for a seat (`DuelRules.price_context`): which of their decrees it
    holds, as a bitmask over `_PRICE_DECREES`."""
    table = holders(state)
    mask = 0
    for i, decree in enumerate(_PRICE_DECREES):
        if table[decree] == seat:
            mask |= 1 << i
    return mask


def coins_on_build(tx: Tx, seat: int, card: int) -> None:
    decree = _COINS_PER_COLOUR.get(tx.rules.cards[card].colour)
    if decree is not None:
        _age_coins(tx, decree)


def coins_on_wonder(tx: Tx, seat: int, wonder: int) -> None:
    _age_coins(tx, WONDER_COINS)


def _age_coins(tx: Tx, decree: int) -> None:
    who = holder(tx.state, decree)
    if who >= 0:
        tx.emit(ev.CoinsGained(seat=who, amount=tx.state.age, reason="decree"))


def waives_symbol(state: DuelState, seat: int, colour: int) -> bool:
    decree = _WAIVER.get(colour)
    return decree is not None and holder(state, decree) == seat


def wonder_discount(state: DuelState, seat: int, kind: str, colour: int) -> int:
    return 1 if kind == "wonder" and holder(state, WONDER_DISCOUNT) == seat else 0


def resource_prices(state: DuelState, seat: int, up: tuple[int, ...]) -> tuple[int, ...]:
    """D10: wood, clay, stone 1 coin cheaper; D11: glass, papyrus (never below 1)."""
    brown = holder(state, BROWN_DISCOUNT) == seat
    grey = holder(state, GREY_DISCOUNT) == seat
    if not brown and not grey:
        return up
    return tuple(
        max(1, p - 1) if (brown if r < 3 else grey) else p for r, p in enumerate(up)
    )


def discard_bonus(state: DuelState, seat: int) -> int:
    return DISCARD_BONUS_COINS if holder(state, DISCARD_BONUS) == seat else 0


def opponent_chains(state: DuelState, seat: int) -> int:
    return state.players[1 - seat].chains if holder(state, OPPONENT_CHAINS) == seat else 0


def blue_count(rules: DuelRules, state: DuelState, seat: int) -> int:
    """Blue cards counted for a politician's Senate actions (D12 adds 2)."""
    from domain.duel.catalog_types import BLUE

    bonus = BLUE_BONUS if holder(state, PLUS_TWO_BLUE) == seat else 0
    return state.players[seat].colours[BLUE] + bonus
