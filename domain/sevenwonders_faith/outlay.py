"""What a god and a card cost a city in this game: read by the invocation (`invoke`) and by
Seth's answer (`seth`), which weighs the coins a city has left."""

from __future__ import annotations

from domain.sevenwonders.hooks import SevenWondersRules
from domain.sevenwonders.play import DISCARD_COINS
from domain.sevenwonders.state import DISCARD, STAGE, Choice, SWState
from domain.sevenwonders_faith.catalog import GODS
from domain.sevenwonders_faith.model import Cost, FaithExt


def god_cost(st: SWState, god: int, age: int) -> Cost:
    """The god's cost in this game (set at the start: the catalog's or the option's)."""
    ext = st.ext2
    if isinstance(ext, FaithExt) and ext.costs:
        return ext.costs[god][age - 1]
    return GODS[god].costs[age - 1]


def card_outlay(rules: SevenWondersRules, st: SWState, city: int, choice: Choice) -> int:
    """Coins the card costs less the coins it surely gives (discard, fixed gains)."""
    paid = choice.bank + choice.left + choice.right + sum(f[1] for f in choice.far)
    if choice.action == DISCARD:
        return paid - DISCARD_COINS
    if choice.action == STAGE:
        c = st.cities[city]
        return paid - rules.wonders[c.board].sides[c.side][c.stages].coins
    fixed = sum(a[0] for name, a in rules.cards[choice.card].on_build if name == "gain_coins")
    return paid - fixed
