"""Pégase (mythological creature, "Faith et Leaders"): "Au moment où Pégase est invoqué, le
joueur peut piocher 2, 3 ou 4 Leaders et en poser un gratuitement. Les Leaders non-utilisés
sont défaussés. Si aucun Leader pioché ne convient au joueur, il peut tous les défausser afin
de recevoir 3 pièces. La carte choisie ne peut être servir à la construction de sa
Merveille."

His cost is the creature's sacrifice: the step's card goes to the discard pile without its
3 coins (`sacrifice`). Once the step is applied, after Osiris' choices, his city draws
age + 1 leaders from the top of Leaders' box (its unused leaders, shuffled in the deal: the
randomness is the deal's) and chooses in a step of its own; the leader is recruited for
free at once (never a stage marker), the others go to the bottom of the box. Dealt only
when Leaders is attached (rule choice 53).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders import flow
from domain.sevenwonders.hooks import SevenWondersRules, Tx
from domain.sevenwonders.play import DISCARD_COINS
from domain.sevenwonders.state import PLAY, SWState
from domain.sevenwonders.views import HIDDEN
from domain.sevenwonders_faith.model import (
    INVOKE,
    PEGASUS,
    PEGASUS_COINS,
    FaithExt,
    LeadersOffered,
    PegasusRode,
    TakeLeader,
    chosen_gods,
)
from domain.sevenwonders_faith.powers import KEY
from domain.sevenwonders_leaders.catalog import LEADERS
from domain.sevenwonders_leaders.evolve import gain_leader
from domain.sevenwonders_leaders.state import LeadersState

KEY_NAME = "pegase"


def drawn(age: int) -> int:
    """"piocher 2, 3 ou 4 Leaders": 2 in Age I, 3 in Age II, 4 in Age III."""
    return age + 1


def sacrifice(st: SWState, action: Any) -> int:
    """An `action_gains` hook: the card discarded with Pégase invoked is sacrificed, its 3
    coins not taken ("défausser une carte Âge (sans gagner les 3 pièces)")."""
    ext = st.ext2
    if not isinstance(ext, FaithExt) or action.kind != "discard" or action.city >= len(
            ext.pending):
        return 0
    for choice in chosen_gods(ext, action.city):  # Pégase may be a second god (Wonderwoman)
        if choice.use == INVOKE and KEY[choice.god] == KEY_NAME:
            return -DISCARD_COINS
    return 0


def pegasus_step(tx: Tx) -> bool:
    """A `step_end` hook: open Pégase's step for the next city owed one (idempotent: the
    queue is popped by the choice); an empty box makes him lapse."""
    ext = tx.state.ext2
    while isinstance(ext, FaithExt) and ext.mounting:
        city = ext.mounting[0]
        box = _box(tx.state)
        if box:
            tx.emit(LeadersOffered(city=city, seat=city,
                                   leaders=tuple(box[:drawn(tx.state.age)])))
            return True
        tx.emit(PegasusRode(city=city, seat=city, leader=-1, gained=0, returned=()))
        ext = tx.state.ext2
    return False


def _box(st: SWState) -> tuple[int, ...]:
    """The unused leaders in draw order: Leaders' box, or without Leaders the deal's
    shuffled leaders (`FaithExt.leader_box`) until Pégase first draws (then kept in `ext`
    as Leaders would)."""
    if isinstance(st.ext, LeadersState):
        return st.ext.box
    ext = st.ext2
    return ext.leader_box if isinstance(ext, FaithExt) else ()


def _leaders_state(st: SWState) -> LeadersState:
    if isinstance(st.ext, LeadersState):
        return st.ext
    n = len(st.cities)
    return LeadersState(hands=((),) * n, powers=(0,) * n, rome_done=(0,) * n, box=_box(st))


def take_moves(rules: SevenWondersRules, st: SWState, seat: int) -> list[TakeLeader]:
    ext = st.ext2
    assert isinstance(ext, FaithExt)
    return [*(TakeLeader(seat=seat, leader=x) for x in ext.offered),
            TakeLeader(seat=seat, leader=-1)]


def decide_take(tx: Tx, command: TakeLeader) -> None:
    st = tx.state
    ext = st.ext2
    assert isinstance(ext, FaithExt)
    if command.leader != -1 and command.leader not in ext.offered:
        raise DomainError("leader_not_drawn", f"leader {command.leader} is not among those "
                          f"drawn: {list(ext.offered)}")
    if command.leader == -1:
        gained, returned = PEGASUS_COINS, ext.offered
    else:
        d = LEADERS[command.leader]
        gained = d.args[0] if d.effect == "gain_coins" else 0
        returned = tuple(x for x in ext.offered if x != command.leader)
    tx.emit(PegasusRode(city=st.special, seat=command.seat, leader=command.leader,
                        gained=gained, returned=returned))
    flow.continue_age(tx)


def m_offered(rules: SevenWondersRules, s: SWState, e: LeadersOffered) -> SWState:
    ext = s.ext2
    assert isinstance(ext, FaithExt)
    leaders = _leaders_state(s)
    return replace(s, phase=PEGASUS, special=e.city, special_seat=e.seat,
                   ext=replace(leaders, box=leaders.box[len(e.leaders):]),
                   ext2=replace(ext, offered=e.leaders))


def m_rode(rules: SevenWondersRules, s: SWState, e: PegasusRode) -> SWState:
    ext = s.ext2
    assert isinstance(ext, FaithExt)
    c = e.city
    cities = list(s.cities)
    city = replace(cities[c], coins=cities[c].coins + e.gained)
    hali = s.halikarnassus
    leaders = s.ext
    if isinstance(leaders, LeadersState):
        powers = leaders.powers
        if e.leader >= 0:
            city = gain_leader(replace(city, beside=(*city.beside, e.leader)), e.leader)
            powers = (*powers[:c], powers[c] | 1 << e.leader, *powers[c + 1:])
            if LEADERS[e.leader].effect == "build_from_discard":
                hali = (*hali, (c, e.seat))
        leaders = replace(leaders, powers=powers, box=(*leaders.box, *_returned(ext, e)))
    cities[c] = city
    opened = bool(ext.offered) or e.leader >= 0
    return replace(s, cities=tuple(cities), phase=PLAY, special=-1, special_seat=-1,
                   steps=s.steps + (1 if opened else 0), halikarnassus=hali, ext=leaders,
                   ext2=replace(ext, mounting=ext.mounting[1:], offered=()))


def _returned(ext: FaithExt, e: PegasusRode) -> tuple[int, ...]:
    """The leaders back to the box: the true ones (the event's copy may be redacted)."""
    return tuple(x for x in ext.offered if x != e.leader)


def hide_offered(event: LeadersOffered, seat: int | None) -> LeadersOffered:
    if event.seat == seat:
        return event
    return replace(event, leaders=(HIDDEN,) * len(event.leaders))


def hide_rode(event: PegasusRode, seat: int | None) -> PegasusRode:
    if event.seat == seat:
        return event
    return replace(event, returned=(HIDDEN,) * len(event.returned))

