"""Seth: "Seth doit être invoqué par le joueur qui le possède immédiatement après qu'un
adversaire a révélé un Dieu gênant pour le joueur. L'adversaire doit alors se défausser de
ce Dieu sans bénéficier de son pouvoir mais sans toutefois payer son coût d'invocation. Il
ne pourra pas jouer de carte Dieu à cet Âge (exception faite s'il possède le marqueur de
Wonderwoman ou Ithaque)."

When every card of a step is chosen and an opponent of the city holding Seth invokes a god
with it, the step's invoked gods are shown (`GodsShown`) and that city answers (phase
`answer`, command `answer`): it cancels one of them or lets them be. Seth is never invoked
with a card. A god revealed before its card ("god first") is not answered: its coins may
already pay the card. Seth is paid from the coins the city holds less what its own card and
god cost this step; only a cost of coins (or free) can be paid so (the Egyptian gods' costs
are coins; a `god_costs` override of another kind makes him unable to answer). The
cancelled city loses one god of its allowance (Wonderwoman's marker or Ithaque keep the
other); Seth stays in play like any invoked god until his age's conflicts. A city that sells
a god in the step cannot answer: « Les 2 cartes Dieux restantes sont alors immédiatement
défaussées », Seth with them, whatever its allowance.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders import flow
from domain.sevenwonders.hooks import SevenWondersRules, Tx
from domain.sevenwonders.state import PLAY, SWState
from domain.sevenwonders_faith.catalog import BY_KEY, COINS, FREE
from domain.sevenwonders_faith.model import (
    ANSWER,
    INVOKE,
    SELL,
    Answer,
    FaithExt,
    GodsShown,
    SethAnswered,
    chosen_gods,
)
from domain.sevenwonders_faith.outlay import card_outlay, god_cost

SETH = BY_KEY["seth"].id


def _holder(ext: FaithExt) -> int:
    return next((c for c, k in enumerate(ext.kept) if SETH in k), -1)


def _price(rules: SevenWondersRules, st: SWState, city: int) -> int | None:
    """Seth's coins now (None: he cannot be paid so)."""
    ext = st.ext2
    assert isinstance(ext, FaithExt)
    kind, n, _ = god_cost(st, SETH, st.age)
    if kind not in (COINS, FREE):
        return None
    price = n if kind == COINS else 0
    budget = st.cities[city].coins
    choice = st.chosen[city]
    if choice is not None:
        budget -= card_outlay(rules, st, city, choice)
    for own in chosen_gods(ext, city):  # its own god, or two with Wonderwoman's marker
        budget -= own.bank + own.left + own.right + sum(f[1] for f in own.far)
    return price if price <= budget else None


def targets(st: SWState) -> tuple[int, ...]:
    """The gods Seth may cancel now, as the cities invoking them."""
    ext = st.ext2
    if not isinstance(ext, FaithExt):
        return ()
    h = _holder(ext)
    return tuple(c for c, p in enumerate(ext.pending)
                 if c != h and p is not None and p.use == INVOKE and not p.god_first)


def answerer(rules: SevenWondersRules, st: SWState) -> int:
    """The city that may answer with Seth this step (-1: none)."""
    ext = st.ext2
    if not isinstance(ext, FaithExt) or st.phase != PLAY:
        return -1
    h = _holder(ext)
    if h < 0 or h >= (2 if st.variant else len(st.cities)):
        return -1
    own = ext.pending[h]
    if own is not None and (own.use == SELL or own.god == SETH):
        return -1  # selling a god discards the others, Seth too, at once (rule 11)
    if ext.allow[h] - len(chosen_gods(ext, h)) <= 0:
        return -1
    if not targets(st) or _price(rules, st, h) is None:
        return -1
    return h


def close_step(tx: Tx) -> None:
    """Every card of the step is chosen: Seth's answer first when it is owed, then the
    step."""
    st = tx.state
    h = answerer(tx.rules, st)
    if h < 0:
        flow.resolve_step(tx)
        return
    ext = st.ext2
    assert isinstance(ext, FaithExt)
    tx.emit(GodsShown(city=h, gods=shown(st)))


def shown(st: SWState) -> tuple[int, ...]:
    """Per city, the god Seth may cancel (-1: none): what `GodsShown` makes public."""
    ext = st.ext2
    assert isinstance(ext, FaithExt)
    answerable = set(targets(st))
    return tuple(p.god if c in answerable and p is not None else -1
                 for c, p in enumerate(ext.pending))


def answer_moves(rules: SevenWondersRules, st: SWState, seat: int) -> list[Answer]:
    return [Answer(seat=seat), *(Answer(seat=seat, target=t) for t in targets(st))]


def decide_answer(tx: Tx, command: Answer) -> None:
    st = tx.state
    ext = st.ext2
    assert isinstance(ext, FaithExt)
    city = st.special
    if command.target < 0:
        tx.emit(SethAnswered(city=city, target=-1, god=-1, bank=0))
    else:
        if command.target not in targets(st):
            raise DomainError("bad_targets", "Seth cancels a god an opponent invokes with "
                              f"this step's card: {list(targets(st))}")
        price = _price(tx.rules, st, city)
        pending = ext.pending[command.target]
        assert price is not None and pending is not None
        tx.emit(SethAnswered(city=city, target=command.target, god=pending.god, bank=price))
    flow.resolve_step(tx)


def m_shown(rules: SevenWondersRules, s: SWState, e: GodsShown) -> SWState:
    return replace(s, phase=ANSWER, special=e.city, special_seat=e.city)


def m_answered(rules: SevenWondersRules, s: SWState, e: SethAnswered) -> SWState:
    ext = s.ext2
    assert isinstance(ext, FaithExt)
    new = replace(s, phase=PLAY, special=-1, special_seat=-1, steps=s.steps + 1)
    if e.target < 0:
        return new
    kept = list(ext.kept)
    allow = list(ext.allow)
    pending = list(ext.pending)
    active = list(ext.active)
    for c, god in ((e.target, e.god), (e.city, SETH)):
        k = list(kept[c])
        k.remove(god)
        allow[c] -= 1
        kept[c] = tuple(k) if allow[c] > 0 or (pending[c] is not None and c == e.city) else ()
    seconds = list(ext.seconds)
    pending[e.target] = None
    if seconds and seconds[e.target] is not None:  # a second god stays, revealed alone
        pending[e.target], seconds[e.target] = seconds[e.target], None
    active[e.city] = (*active[e.city], (SETH, s.age))
    payer = new.cities[e.city]
    cities = (*new.cities[:e.city], replace(payer, coins=payer.coins - e.bank),
              *new.cities[e.city + 1:])
    return replace(new, cities=cities, ext2=replace(
        ext, kept=tuple(kept), allow=tuple(allow), pending=tuple(pending),
        seconds=tuple(seconds),
        active=tuple(active)))
