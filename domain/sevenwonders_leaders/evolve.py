"""How Leaders' events change the state: one small mutator per event, no rule decisions."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.sevenwonders.city import add_stage
from domain.sevenwonders.state import FREE_CITY, City, SWState, controller
from domain.sevenwonders_leaders import events as lev
from domain.sevenwonders_leaders.catalog import LEADERS
from domain.sevenwonders_leaders.state import (
    COURTESAN,
    DISCARD_ACTION,
    DRAFT,
    EXTRA_LEADER,
    LEADER_TUCK,
    RECRUIT,
    RECRUIT_ACTION,
    STAGE_ACTION,
    LeadersState,
)


def _remove(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _dealt(rules: Any, s: SWState, e: lev.LeadersDealt) -> SWState:
    seats = len(e.hands)
    n = len(s.cities)
    costs = s.ext.costs if isinstance(s.ext, LeadersState) else ()
    ext = LeadersState(hands=e.hands, kept=((),) * seats, picks=(-1,) * seats, draft_round=1,
                       box=e.box, chosen=(None,) * seats, powers=(0,) * n,
                       rome_done=(0,) * n, costs=costs)
    return replace(s, phase=DRAFT, ext=ext)


def _costs_set(rules: Any, s: SWState, e: lev.LeaderCostsSet) -> SWState:
    """Before the deal's event: kept by `_dealt`."""
    return replace(s, ext=LeadersState(hands=(), costs=e.costs))


def _kept(rules: Any, s: SWState, e: lev.LeaderKept) -> SWState:
    picks = list(s.ext.picks)
    picks[e.seat] = e.leader
    return replace(s, ext=replace(s.ext, picks=tuple(picks)), steps=s.steps + 1)


def _passed(rules: Any, s: SWState, e: lev.LeadersPassed) -> SWState:
    x = s.ext
    seats = len(x.hands)
    kept = tuple((*k, p) for k, p in zip(x.kept, x.picks, strict=True))
    rest = tuple(_remove(h, p) for h, p in zip(x.hands, x.picks, strict=True))
    # Passed to the right: each seat receives the hand of its left neighbour (seat - 1);
    # with two seats, the opponent's.
    received = tuple(rest[(i - 1) % seats] for i in range(seats))
    if e.round >= 3:
        hands = tuple((*k, *r) for k, r in zip(kept, received, strict=True))
        return replace(s, ext=replace(x, hands=hands, kept=((),) * seats,
                                      picks=(-1,) * seats, draft_round=0))
    return replace(s, ext=replace(x, hands=received, kept=kept, picks=(-1,) * seats,
                                  draft_round=e.round + 1))


def _recruitment(rules: Any, s: SWState, e: lev.RecruitmentBegan) -> SWState:
    return replace(s, phase=RECRUIT, ext=replace(s.ext, chosen=(None,) * len(s.ext.hands)))


def _chosen(rules: Any, s: SWState, e: lev.LeaderChosen) -> SWState:
    chosen = list(s.ext.chosen)
    chosen[e.seat] = e.choice
    return replace(s, ext=replace(s.ext, chosen=tuple(chosen)), steps=s.steps + 1)


def gain_leader(city: City, leader: int) -> City:
    """A leader's effect placed in a city: its shields and science symbol (Hannibal,
    Caesar; Euclid, Ptolemy, Pythagoras), counted with the city's own."""
    d = LEADERS[leader]
    if d.effect == "shields":
        return replace(city, shields=city.shields + d.args[0])
    if d.effect == "science":
        science = list(city.science)
        science[d.args[0]] += 1
        return replace(city, science=tuple(science))
    return city


def _played(rules: Any, s: SWState, e: lev.LeadersPlayed) -> SWState:
    x = s.ext
    cities = list(s.cities)
    hands = list(x.hands)
    powers = list(x.powers)
    box = x.box
    n = len(cities)
    hali: list[tuple[int, int]] = []
    solomon: list[tuple[int, int]] = []
    for a in e.actions:
        c = a.city
        city = cities[c]
        hands[a.seat] = _remove(hands[a.seat], a.leader)
        if a.kind == RECRUIT_ACTION:
            city = gain_leader(replace(city, beside=(*city.beside, a.leader)), a.leader)
            powers[c] |= 1 << a.leader
            if LEADERS[a.leader].effect == "build_from_discard":
                solomon.append((c, a.seat))
        elif a.kind == STAGE_ACTION:
            stage = rules.wonders[city.board].sides[city.side][city.stages]
            city = add_stage(city, stage, LEADER_TUCK + a.leader)
            if "build_from_discard" in stage.abilities:
                hali.append((c, a.seat))
        elif a.kind == DISCARD_ACTION:
            box = (*box, a.leader)
        cities[c] = replace(city, coins=city.coins - a.bank - a.left - a.right + a.gained)
        if a.left:
            ln = (c - 1) % n
            cities[ln] = replace(cities[ln], coins=cities[ln].coins + a.left)
        if a.right:
            rn = (c + 1) % n
            cities[rn] = replace(cities[rn], coins=cities[rn].coins + a.right)
    # FAQ (Salomon): Halicarnassus takes its card from the discard pile before Solomon.
    queue = (*s.halikarnassus, *hali, *solomon)
    ext = replace(x, hands=tuple(hands), powers=tuple(powers), box=box,
                  chosen=(None,) * len(hands), special=-1, special_seat=-1)
    return replace(s, cities=tuple(cities), halikarnassus=queue, ext=ext)


def _boxed(rules: Any, s: SWState, e: lev.LeadersBoxed) -> SWState:
    x = s.ext
    hands = tuple(tuple(c for c in h if c not in gone) for h, gone in
                  zip(x.hands, e.cards, strict=True))
    box = (*x.box, *(c for gone in e.cards for c in gone))
    return replace(s, ext=replace(x, hands=hands, box=box))


def _rome_done(x: LeadersState, city: int) -> tuple[int, ...]:
    done = list(x.rome_done)
    done[city] += 1
    return tuple(done)


def _drawn(rules: Any, s: SWState, e: lev.LeadersDrawn) -> SWState:
    x = s.ext
    hands = list(x.hands)
    if e.leaders:
        hands[e.city] = (*hands[e.city], *e.leaders)
    return replace(s, ext=replace(x, hands=tuple(hands), box=x.box[len(e.leaders):],
                                  rome_done=_rome_done(x, e.city)))


def _extra(rules: Any, s: SWState, e: lev.ExtraLeaderBegan) -> SWState:
    return replace(s, phase=EXTRA_LEADER, ext=replace(
        s.ext, special=e.city, special_seat=e.seat, rome_done=_rome_done(s.ext, e.city)))


def _skipped(rules: Any, s: SWState, e: lev.ExtraLeaderSkipped) -> SWState:
    if e.declined:
        return replace(s, ext=replace(s.ext, special=-1, special_seat=-1), steps=s.steps + 1)
    return replace(s, ext=replace(s.ext, rome_done=_rome_done(s.ext, e.city)))


def _courtesan(rules: Any, s: SWState, e: lev.CourtesanBegan) -> SWState:
    return replace(s, phase=COURTESAN, ext=replace(s.ext, special=e.city,
                                                    special_seat=e.seat))


def _placed(rules: Any, s: SWState, e: lev.CourtesanPlaced) -> SWState:
    x = s.ext
    powers = list(x.powers)
    powers[e.city] |= 1 << e.leader
    cities = list(s.cities)
    cities[e.city] = gain_leader(cities[e.city], e.leader)
    return replace(s, cities=tuple(cities), steps=s.steps + 1, ext=replace(
        x, powers=tuple(powers), courtesan=(e.city, e.target, e.leader), courtesan_done=True,
        special=-1, special_seat=-1))


def _lapsed(rules: Any, s: SWState, e: lev.CourtesanLapsed) -> SWState:
    return replace(s, ext=replace(s.ext, courtesan_done=True))


def _coins(rules: Any, s: SWState, e: lev.VictoryCoins) -> SWState:
    return replace(s, cities=tuple(replace(c, coins=c.coins + g) if g else c
                                   for c, g in zip(s.cities, e.coins, strict=True)))


MUTATORS: dict[type, Any] = {
    lev.LeadersDealt: _dealt,
    lev.LeaderCostsSet: _costs_set,
    lev.LeaderKept: _kept,
    lev.LeadersPassed: _passed,
    lev.RecruitmentBegan: _recruitment,
    lev.LeaderChosen: _chosen,
    lev.LeadersPlayed: _played,
    lev.LeadersBoxed: _boxed,
    lev.LeadersDrawn: _drawn,
    lev.ExtraLeaderBegan: _extra,
    lev.ExtraLeaderSkipped: _skipped,
    lev.CourtesanBegan: _courtesan,
    lev.CourtesanPlaced: _placed,
    lev.CourtesanLapsed: _lapsed,
    lev.VictoryCoins: _coins,
}


def draft_acting(s: SWState) -> tuple[int, ...]:
    return tuple(i for i, p in enumerate(s.ext.picks) if p < 0) if s.ext.draft_round else ()


def recruit_acting(s: SWState) -> tuple[int, ...]:
    x = s.ext
    return tuple(i for i, (h, c) in enumerate(zip(x.hands, x.chosen, strict=True))
                 if h and c is None)


def special_acting(s: SWState) -> tuple[int, ...]:
    return (s.ext.special_seat,) if s.ext.special >= 0 else ()


__all__ = ["FREE_CITY", "MUTATORS", "controller"]
