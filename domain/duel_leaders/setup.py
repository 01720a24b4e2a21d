"""Duel Leaders' set-up: the deal (the leaders' shuffle after the base or Agora deal), its
check, the leader draft before the wonder draft.

Rules (duel-leaders-rules-fr, "Modifications de la préparation", "Ajout de la Phase
Leaders"): 10 coins each (7 + 3); the first player is designated here; 4 leaders revealed,
picked by the second player (1), the first (2), the second (the last); 4 more picked by
the first (1), the second (2), the first (the last). Leaders not drafted are set aside
(Maecenas and Rome draw from them, in the deal's order). Then the wonder draft, Rome and
Abu Simbel shuffled with the other wonders (they are in the ruleset's wonder table).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import msgspec

from domain.duel.deal import Deal
from domain.duel.draft import open_draft
from domain.duel_agora.state import AgoraDeal
from domain.duel_leaders import events as lev
from domain.duel_leaders.commands import PickLeader
from domain.duel_leaders.evolve import leaders
from domain.duel_leaders.options import options_of
from domain.duel_leaders.state import AgoraLeadersDeal, LeadersDeal
from domain.kernel.errors import DomainError

if TYPE_CHECKING:
    from domain.duel.rules import DealFn, DuelRules, Tx
    from domain.duel.state import DuelState

DRAFTED = 8
ROUND_SIZE = 4
PICK_ORDER: tuple[int, ...] = (1, 0, 0, 1, 0, 1, 1, 0)
"""Picker of each leader pick: 0 the first player, 1 the second (the second player picks
first in the first round, unlike the wonder draft)."""


def leaders_of(deal: Deal) -> tuple[int, ...]:
    order: tuple[int, ...] = getattr(deal, "leaders", ())
    return order


def with_leaders(deal: Deal, order: tuple[int, ...]) -> Deal:
    fields: dict[str, Any] = msgspec.structs.asdict(deal)
    fields.pop("leaders", None)
    if isinstance(deal, AgoraDeal):
        return AgoraLeadersDeal(**fields, leaders=order)
    return LeadersDeal(**fields, leaders=order)


_BASE_DEALERS: dict[int, tuple[DuelRules, Any]] = {}
"""Per ruleset (by identity, kept alive with it), the game that deals and checks the
base game's part of its deals (the ruleset without its deal functions), made once."""


def _base_dealer(rules: DuelRules) -> Any:
    from domain.duel.game import DuelGame

    entry = _BASE_DEALERS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_BASE_DEALERS) > 64:
            _BASE_DEALERS.clear()
        entry = (rules, DuelGame(rules.extend(check_deal=None, make_deal=None)))
        _BASE_DEALERS[id(rules)] = entry
    return entry[1]


def make_deal_fn(inner: DealFn | None, pool: tuple[int, ...]) -> DealFn:
    def make_deal(rules: DuelRules, rng: random.Random) -> Deal:
        deal = inner(rules, rng) if inner is not None else _base_dealer(rules).deal(rng)
        order = list(pool)
        rng.shuffle(order)
        return with_leaders(deal, tuple(order))

    return make_deal


def check_deal_fn(inner: Any, pool: tuple[int, ...]) -> Any:
    def check_deal(rules: DuelRules, deal: Deal) -> None:
        if inner is not None:
            inner(rules, deal)
        else:
            game = _base_dealer(rules)
            from domain.duel.deal import check_deal as base_check

            base_check(deal, game._ages, game._guilds, len(rules.wonders), len(rules.tokens),
                       game._slots)
        order = leaders_of(deal)
        if sorted(order) != sorted(pool):
            raise DomainError(
                "invalid_deal", f"leaders must hold each of the game's {len(pool)} leaders once "
                "(8 drafted in reveal order, then the set-aside ones in draw order)")

    return check_deal


def open_leader_draft(tx: Tx) -> None:
    """The leaders' shuffle is recorded (hidden), then the first 4 leaders are revealed."""
    deal = tx.state.deal
    assert deal is not None
    opts = options_of(tx.rules)
    tx.emit(lev.LeadersDealt(pool=opts.pool, costs=opts.costs, leaders=leaders_of(deal)))
    tx.emit(lev.LeadersRevealed(round=1, leaders=leaders_of(deal)[:ROUND_SIZE]))


def picker(state: DuelState) -> int:
    return state.first_player ^ PICK_ORDER[leaders(state).picks]


def draft_acting(state: DuelState) -> tuple[int, ...]:
    return (picker(state),) if leaders(state).offer else ()


def pick_leader(tx: Tx, cmd: PickLeader) -> None:
    if cmd.leader not in leaders(tx.state).offer:
        raise DomainError("leader_not_offered", f"leader {cmd.leader} is not on offer")
    tx.emit(lev.LeaderPicked(seat=cmd.seat, leader=cmd.leader))
    x = leaders(tx.state)
    if x.picks == ROUND_SIZE:
        tx.emit(lev.LeadersRevealed(round=2, leaders=x.drafted[ROUND_SIZE:DRAFTED]))
    elif x.picks == DRAFTED:
        open_draft(tx)


def draft_moves(rules: DuelRules, state: DuelState, seat: int) -> list[Any]:
    if seat not in draft_acting(state):
        return []
    return [PickLeader(seat=seat, leader=x) for x in leaders(state).offer]
