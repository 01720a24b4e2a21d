"""The course of Leaders: the leader draft before Age I, the recruitment at the start of each
age, Rome B's leaders, the Courtesan token and Nero's coins. Rule choices are explicit here
and in `openapi/traces-7wonders.md` (each with its rulebook passage).

- Draft ("Phase de Leaders"): 4 leaders each; keep one, pass the rest to the right
  neighbour ("donnés à son voisin de droite"), three times; the last card received is kept.
  Two players: the hands are swapped ("Règles pour 2 joueurs"); the Free City gets none.
  Picks are simultaneous, hidden, and each depends only on the seat's own hand.
- Recruitment ("Phase de Recrutement"), before each age's first turn: every seat with a
  leader in hand secretly chooses one and recruits it (pays its cost), builds its next wonder
  stage with it (pays the stage's cost) or discards it for 3 coins; all revealed and resolved
  together, each choice checked against the coins held at the start of the step (as in a
  base step). Before Age III the leader not played goes back to the box ("Cas
  particulier"); Rome B keeps its hand then (its extra leaders are played from it).
- What the recruitment reveals is resolved in seat order, payments and gains at once; then
  the discard builds it owes (Halicarnassus first, then Solomon: FAQ), then Age turn 1.
"""

from __future__ import annotations

from typing import Any

from domain.kernel.errors import DomainError
from domain.sevenwonders import flow
from domain.sevenwonders.events import ConflictsResolved, StepResolved
from domain.sevenwonders.hooks import Tx
from domain.sevenwonders.play import _affordable, settle, stage_cost
from domain.sevenwonders.state import DISCARD, STAGE, SWState, controller, left_of, right_of
from domain.sevenwonders_leaders import events as lev
from domain.sevenwonders_leaders.catalog import COURTESANS, LEADERS, ROME
from domain.sevenwonders_leaders.commands import (
    DeclineLeader,
    PickLeader,
    PlaceCourtesan,
    PlayLeader,
)
from domain.sevenwonders_leaders.effects import CROESUS, hatshepsut, leader_cost, nero_coins
from domain.sevenwonders_leaders.state import (
    DISCARD_ACTION,
    LEADER_ACTIONS,
    RECRUIT_ACTION,
    STAGE_ACTION,
    LeaderChoice,
)

DRAFT_ROUNDS = 3
DISCARD_COINS = 3


def _refuse(code: str, reason: str) -> DomainError:
    return DomainError(code, reason)


# -- the draft --------------------------------------------------------------------------
def opening(tx: Tx) -> None:
    deal = tx.state.deal
    leaders = getattr(deal, "leaders", ())
    box = getattr(deal, "box", ())
    tx.emit(lev.LeadersDealt(hands=tuple(leaders), box=tuple(box)))


def draft_moves(rules: Any, st: SWState, seat: int) -> list[PickLeader]:
    if st.ext.picks[seat] >= 0:
        return []
    return [PickLeader(seat=seat, leader=x) for x in dict.fromkeys(st.ext.hands[seat])]


def decide_pick(tx: Tx, command: PickLeader) -> None:
    x = tx.state.ext
    if x.picks[command.seat] >= 0:
        raise _refuse("already_chosen", "this seat has already kept a leader this round")
    if command.leader not in x.hands[command.seat]:
        raise _refuse("leader_not_in_hand",
                      f"leader {command.leader} is not in seat {command.seat}'s hand")
    tx.emit(lev.LeaderKept(seat=command.seat, leader=command.leader))
    if min(tx.state.ext.picks) >= 0:
        rnd = tx.state.ext.draft_round
        tx.emit(lev.LeadersPassed(round=rnd))
        if rnd >= DRAFT_ROUNDS:
            flow.begin_age(tx, 1)


# -- recruitment ------------------------------------------------------------------------
def age_start(tx: Tx, age: int) -> bool:
    if not any(tx.state.ext.hands):
        return False
    tx.emit(lev.RecruitmentBegan(age=age))
    return True


def leader_moves(rules: Any, st: SWState, seat: int, extra: bool = False) -> list[Any]:
    """Every leader of the hand recruited (when affordable), built as a stage with every
    way to pay, or discarded; Rome B's extra leader: recruit or decline."""
    x = st.ext
    if not extra and x.chosen[seat] is not None:
        return []
    city = seat
    coins = st.cities[city].coins
    out: list[Any] = []
    stage_pays: list[Any] = []
    if not extra:
        scost = stage_cost(rules, st, city)
        if scost is not None:
            stage_pays = _affordable(rules, st, city, scost, False, None, "stage",
                                     st.cities[city].stages)
    for leader in dict.fromkeys(x.hands[seat]):
        if leader_cost(st, city, leader) <= coins:
            out.append(PlayLeader(seat=seat, leader=leader, action=RECRUIT_ACTION))
        if extra:
            continue
        for _, (lc, rc, bl, br) in stage_pays:
            out.append(PlayLeader(seat=seat, leader=leader, action=STAGE_ACTION, left=lc,
                                  right=rc, buy_left=bl, buy_right=br))
        out.append(PlayLeader(seat=seat, leader=leader, action=DISCARD_ACTION))
    if extra:
        out.append(DeclineLeader(seat=seat))
    return out


def recruit_moves(rules: Any, st: SWState, seat: int) -> list[Any]:
    return leader_moves(rules, st, seat)


def extra_moves(rules: Any, st: SWState, seat: int) -> list[Any]:
    return leader_moves(rules, st, seat, extra=True)


def check_choice(rules: Any, st: SWState, command: PlayLeader, extra: bool) -> LeaderChoice:
    seat = command.seat
    city = st.ext.special if extra else seat
    if command.leader not in st.ext.hands[seat]:
        raise _refuse("leader_not_in_hand", f"leader {command.leader} is not in your hand")
    action = command.action
    if action not in LEADER_ACTIONS:
        raise _refuse("unknown_action", f"action {action!r}: recruit, stage or discard")
    if extra and action != RECRUIT_ACTION:
        raise _refuse("recruit_only",
                      "Rome B's extra leader is recruited (mis en jeu), or declined")
    paid = command.left or command.right or any(command.buy_left or ()) or any(
        command.buy_right or ())
    if action == DISCARD_ACTION:
        if paid:
            raise _refuse("wrong_payment", "discarding a leader costs nothing")
        return LeaderChoice(leader=command.leader, action=action)
    if action == RECRUIT_ACTION:
        if paid:
            raise _refuse("wrong_payment", "a leader is paid in coins to the bank only")
        cost = leader_cost(st, city, command.leader)
        if cost > st.cities[city].coins:
            raise _refuse("cannot_afford",
                          f"recruiting costs {cost} coins; the city has {st.cities[city].coins}")
        return LeaderChoice(leader=command.leader, action=action, bank=cost)
    scost = stage_cost(rules, st, city)
    if scost is None:
        raise _refuse("wonder_complete", "every stage of this wonder is built")
    c = settle(rules, st, city, command.leader, STAGE, st.cities[city].stages, scost, command)
    return LeaderChoice(leader=command.leader, action=action, bank=c.bank, left=c.left,
                        right=c.right, bought_left=c.bought_left, bought_right=c.bought_right)


def decide_play_leader(tx: Tx, command: PlayLeader) -> None:
    st = tx.state
    if st.ext.chosen[command.seat] is not None:
        raise _refuse("already_chosen", "this seat has already chosen its leader")
    choice = check_choice(tx.rules, st, command, extra=False)
    tx.emit(lev.LeaderChosen(seat=command.seat, choice=choice))
    if not tx.state.acting:
        resolve_recruitment(tx)


def _action(rules: Any, st: SWState, city: int, seat: int, ch: LeaderChoice) -> lev.LeaderAction:
    gained = 0
    stage = 0
    if ch.action == DISCARD_ACTION:
        gained = DISCARD_COINS
    elif ch.action == STAGE_ACTION:
        c = st.cities[city]
        stage = c.stages + 1
        gained = rules.wonders[c.board].sides[c.side][c.stages].coins
        gained += hatshepsut(st, city, ch.left, ch.right)
    elif ch.leader == CROESUS:
        gained = LEADERS[CROESUS].args[0]
    return lev.LeaderAction(city=city, seat=seat, kind=ch.action, leader=ch.leader,
                            stage=stage, bank=ch.bank, left=ch.left, right=ch.right,
                            bought_left=ch.bought_left, bought_right=ch.bought_right,
                            gained=gained)


def resolve_recruitment(tx: Tx) -> None:
    st = tx.state
    actions = tuple(_action(tx.rules, st, seat, seat, ch)
                    for seat, ch in enumerate(st.ext.chosen) if ch is not None)
    tx.emit(lev.LeadersPlayed(actions=actions))
    st = tx.state
    if st.age == 3:
        # "lors de la phase de Recrutement précédant l'Âge III ... la deuxième est remise
        # dans la boîte". Rome B keeps its hand for the extra leaders of its stages.
        cards = tuple(() if _rome_b(st, seat) else h for seat, h in enumerate(st.ext.hands))
        if any(cards):
            tx.emit(lev.LeadersBoxed(cards=cards))
    flow.continue_age(tx)


def _rome_b(st: SWState, city: int) -> bool:
    c = st.cities[city]
    return c.board == ROME and c.side == 1


# -- Rome B and the Courtesan: steps at the end of a step ---------------------------------
def rome_step(tx: Tx) -> bool:
    """Rome B's stages, once each, as soon as built: the first draws 4 leaders from the box
    into the hand, the second and third let the city recruit one more leader at once."""
    st = tx.state
    for c, city in enumerate(st.cities):
        if city.board != ROME or city.side != 1:
            continue
        seated = c < len(st.ext.hands)
        while tx.state.ext.rome_done[c] < city.stages:
            done = tx.state.ext.rome_done[c]
            if done == 0:
                box = tx.state.ext.box
                tx.emit(lev.LeadersDrawn(city=c, leaders=box[:4] if seated else ()))
            elif seated and tx.state.ext.hands[c]:
                tx.emit(lev.ExtraLeaderBegan(city=c, seat=c))
                return True
            else:
                tx.emit(lev.ExtraLeaderSkipped(city=c, declined=False))
    return False


def decide_extra(tx: Tx, command: PlayLeader) -> None:
    st = tx.state
    choice = check_choice(tx.rules, st, command, extra=True)
    city = st.ext.special
    tx.emit(lev.LeadersPlayed(actions=(_action(tx.rules, st, city, command.seat, choice),),
                              extra=True))
    flow.continue_age(tx)


def decide_decline(tx: Tx, command: DeclineLeader) -> None:
    tx.emit(lev.ExtraLeaderSkipped(city=tx.state.ext.special, declined=True))
    flow.continue_age(tx)


def courtesan_targets(st: SWState, city: int) -> list[tuple[int, int]]:
    """(neighbouring city, leader) for each leader recruited next door."""
    out = []
    for n in dict.fromkeys((left_of(st, city), right_of(st, city))):
        out += [(n, x) for x in st.cities[n].beside]
    return out


def courtesan_step(tx: Tx) -> bool:
    """The Courtesans Guild, when built: place the token at once ("doit immédiatement
    placer"); with no leader next door it is not placed."""
    st = tx.state
    if st.ext.courtesan_done:
        return False
    for c, city in enumerate(st.cities):
        if COURTESANS in city.built:
            if courtesan_targets(st, c):
                tx.emit(lev.CourtesanBegan(city=c, seat=_builder(tx, c)))
                return True
            tx.emit(lev.CourtesanLapsed(city=c))
    return False


def _builder(tx: Tx, city: int) -> int:
    """The seat that built the Courtesans Guild in this decision (for the Free City, the seat
    that played its card, though the Free City card may have changed hands since)."""
    for e in reversed(tx.events):
        if isinstance(e, StepResolved):
            for a in e.actions:
                if a.city == city and a.card == COURTESANS and a.kind not in (STAGE, DISCARD):
                    return a.seat
    return controller(tx.state, city)


def courtesan_moves(rules: Any, st: SWState, seat: int) -> list[PlaceCourtesan]:
    return [PlaceCourtesan(seat=seat, city=n, leader=x)
            for n, x in courtesan_targets(st, st.ext.special)]


def decide_courtesan(tx: Tx, command: PlaceCourtesan) -> None:
    st = tx.state
    city = st.ext.special
    options = courtesan_targets(st, city)
    if (command.city, command.leader) not in options:
        raise _refuse("not_a_neighbour_leader",
                      f"leaders recruited next door (city, leader): {options}")
    tx.emit(lev.CourtesanPlaced(city=city, target=command.city, leader=command.leader))
    flow.continue_age(tx)


# -- Nero -------------------------------------------------------------------------------
def nero(tx: Tx, age: int) -> None:
    resolved = next(e for e in reversed(tx.events) if isinstance(e, ConflictsResolved))
    coins = nero_coins(tx.state, resolved.tokens)
    if any(coins):
        tx.emit(lev.VictoryCoins(coins=coins))



