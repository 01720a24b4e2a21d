"""The prayer at the start of each age: 3 gods dealt, one kept and two passed, one kept and
one passed, the last one received ("Phase de Prière").

Gods pass against the coming age's direction (the card backs show it): to the right in Ages I
and III (age cards go left), to the left in Age II. Two players: no god for the Free City, the
two seats swap ("Règles pour 2 joueurs"). Every seat picks at once, in secret.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders import flow
from domain.sevenwonders.hooks import SevenWondersRules, Tx
from domain.sevenwonders.state import ZERO7, SWState
from domain.sevenwonders_faith.model import (
    PRAYER,
    Cost,
    FaithExt,
    GodIncome,
    GodKept,
    GodsPassed,
    GodsRetired,
    KeepGod,
    PrayerBegan,
)
from domain.sevenwonders_faith.powers import masks_without_gods, stage_abilities
from domain.sevenwonders_faith.wonders import EXTRA_GOD

GOD_DIRECTION = {1: 1, 2: -1, 3: 1}
"""+1: to the right neighbour; the age cards go the other way (`flow.PASS_DIRECTION`)."""


def seats_of(st: SWState) -> int:
    return 2 if st.variant else len(st.cities)


def age_start(tx: Tx, age: int) -> bool:
    """Open the age's prayer when the age opens, before its cards are dealt (after Leaders'
    recruitment, whose end reaches `after_step` at turn 0: "Les phases de Leaders et de
    Recrutement s'effectuent toujours avant la phase de Prière des Dieux")."""
    ext = tx.state.ext2
    assert isinstance(ext, FaithExt)
    if ext.prayed >= age:
        return False
    tx.emit(PrayerBegan(age=age, hands=ext.deal[age - 1]))
    return True


def after_step(tx: Tx) -> bool:
    """A `step_end` hook: at turn 0 (another expansion's step before the first turn), the
    prayer if it has not begun."""
    st = tx.state
    if st.turn != 0 or not 1 <= st.age <= 3:
        return False
    return age_start(tx, st.age)


def age_end(tx: Tx, age: int) -> None:
    """"Après la résolution des conflits des Âges I et II, tous les Dieux ayant été invoqués
    durant l'Âge en question sont défaussés"; Age III's stay for their points."""
    ext = tx.state.ext2
    if isinstance(ext, FaithExt) and any(ext.horus):
        # Horus' marker coins left ("S'il reste 1 ou 2 pièces à la fin de l'Âge, le joueur
        # les récupère").
        tx.emit(GodIncome(coins=ext.horus))
    if age < 3:
        tx.emit(GodsRetired(age=age))


def prayer_acting(st: SWState) -> tuple[int, ...]:
    ext = st.ext2
    if not isinstance(ext, FaithExt):
        return ()
    picked = ext.picked
    hands = ext.hands
    return tuple([c for c in range(seats_of(st)) if picked[c] < 0 and hands[c]])


def prayer_moves(rules: SevenWondersRules, st: SWState, seat: int) -> list[KeepGod]:
    ext = st.ext2
    assert isinstance(ext, FaithExt)
    return [KeepGod(seat=seat, god=g) for g in dict.fromkeys(ext.hands[seat])]


def decide_keep(tx: Tx, command: KeepGod) -> None:
    ext = tx.state.ext2
    assert isinstance(ext, FaithExt)
    if command.god not in ext.hands[command.seat]:
        raise DomainError("god_not_in_hand", f"god {command.god} is not in seat "
                          f"{command.seat}'s hand of gods")
    tx.emit(GodKept(seat=command.seat, god=command.god))
    if prayer_acting(tx.state):
        return
    st = tx.state
    ext = st.ext2
    assert isinstance(ext, FaithExt)
    seats = seats_of(st)
    direction = GOD_DIRECTION[st.age]
    rest = [tuple(g for g in ext.hands[c]) for c in range(seats)]
    received = tuple(rest[(c - direction) % seats] for c in range(seats)) + tuple(
        () for _ in range(len(st.cities) - seats))
    tx.emit(GodsPassed(direction=direction, hands=received))
    if ext.round >= 1:
        flow.continue_age(tx)


# -- mutators ------------------------------------------------------------------------------
def _prayer_began(rules: SevenWondersRules, s: SWState, e: PrayerBegan) -> SWState:
    ext = s.ext2
    assert isinstance(ext, FaithExt)
    n = len(s.cities)
    allow = tuple(
        (1 if c < seats_of(s) else 0)
        + min(1, (1 if ext.marker[c] == e.age else 0) + _ithaca(rules, s, c, e.age))
        for c in range(n))
    return replace(s, phase=PRAYER, ext2=replace(
        ext, hands=e.hands, kept=((),) * n, picked=(-1,) * n, round=0, allow=allow,
        pending=(None,) * n, prayed=e.age))


def _ithaca(rules: SevenWondersRules, s: SWState, city: int, age: int) -> int:
    """Ithaca's stages built before `age`'s prayer that allow one more god in `age` ("la
    seconde étape permet au joueur d'invoquer un Dieu supplémentaire à l'Âge III"); a
    stage built during its own age comes too late: the allowance is set at the prayer.
    Not cumulative with Wonderwoman's marker (F.A.Q. "Wonder Woman et Ithaque": "Non, jouer
    les deux à la fois n'apporte rien"): one more god an age at most."""
    c = s.cities[city]
    stages = rules.wonders[c.board].sides[c.side][: c.stages]
    return sum(EXTRA_GOD.get(age) in st.abilities for st in stages)


def _kept(rules: SevenWondersRules, s: SWState, e: GodKept) -> SWState:
    ext = s.ext2
    assert isinstance(ext, FaithExt)
    c = e.seat
    hands = list(ext.hands)
    i = hands[c].index(e.god)
    hands[c] = hands[c][:i] + hands[c][i + 1:]
    kept = list(ext.kept)
    kept[c] = (*kept[c], e.god)
    picked = list(ext.picked)
    picked[c] = e.god
    return replace(s, steps=s.steps + 1, ext2=replace(
        ext, hands=tuple(hands), kept=tuple(kept), picked=tuple(picked)))


def _passed(rules: SevenWondersRules, s: SWState, e: GodsPassed) -> SWState:
    ext = s.ext2
    assert isinstance(ext, FaithExt)
    n = len(s.cities)
    if ext.round >= 1:
        kept = tuple(k + e.hands[c] for c, k in enumerate(ext.kept))
        return replace(s, ext2=replace(ext, hands=((),) * n, kept=kept, picked=(-1,) * n,
                                      round=2))
    return replace(s, ext2=replace(ext, hands=e.hands, picked=(-1,) * n, round=ext.round + 1))


def _retired(rules: SevenWondersRules, s: SWState, e: GodsRetired) -> SWState:
    ext = s.ext2
    assert isinstance(ext, FaithExt)
    n = len(s.cities)
    cities = tuple(
        replace(c, own_masks=masks_without_gods(c),
                abilities=stage_abilities(c, rules.wonders))
        if ext.active[i] else c for i, c in enumerate(s.cities))
    return replace(s, cities=cities, ext2=replace(
        ext, active=((),) * n, extra=(0,) * n, peace=(False,) * n, kept=((),) * n,
        allow=(0,) * n, horus=(), peeked=()))


def new_ext(deal: tuple[tuple[tuple[int, ...], ...], ...], cities: int,
            costs: tuple[tuple[Cost, Cost, Cost], ...]) -> FaithExt:
    return FaithExt(deal=deal, costs=costs, hands=((),) * cities, kept=((),) * cities,
                    picked=(-1,) * cities, allow=(0,) * cities, marker=(0,) * cities,
                    pending=(None,) * cities, extra=(0,) * cities, peace=(False,) * cities,
                    active=((),) * cities)


__all__ = ["ZERO7"]
