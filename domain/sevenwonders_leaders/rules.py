"""Leaders attached to a 7 Wonders ruleset through its hooks (`attach`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.kernel.errors import DomainError
from domain.sevenwonders.hooks import PhaseRules, SevenWondersRules, Tx
from domain.sevenwonders_leaders import flow
from domain.sevenwonders_leaders.catalog import BY_KEY, GUILDS, LEADERS, ROME_BOARD
from domain.sevenwonders_leaders.commands import (
    COMMANDS,
    DeclineLeader,
    PickLeader,
    PlaceCourtesan,
    PlayLeader,
)
from domain.sevenwonders_leaders.deal import LeadersDeal, check_deal, make_deal
from domain.sevenwonders_leaders.effects import (
    GUILD_VP,
    leaders_line,
    make_gains,
    make_hooks,
    tomyris,
    touched_costs,
)
from domain.sevenwonders_leaders.events import EVENTS, LeaderCostsSet, VictoryCoins
from domain.sevenwonders_leaders.evolve import (
    MUTATORS,
    draft_acting,
    recruit_acting,
    special_acting,
)
from domain.sevenwonders_leaders.state import COURTESAN, DRAFT, EXTRA_LEADER, RECRUIT
from domain.sevenwonders_leaders.trace import write_trace
from domain.sevenwonders_leaders.views import REDACTORS, view_ext

STARTING_COINS = 6
"""Préparation: "Chaque joueur reçoit 6 pièces (au lieu de 3 dans le jeu de base)"."""


def _writer(game: Any, played: Any) -> dict[str, Any]:
    record: dict[str, Any] = write_trace(game, played)
    return record


def parse_leader_costs(raw: Any) -> tuple[tuple[int, int], ...]:
    """The `leader_costs` option, checked: {leader key: coins >= 0} (a provisional cost such
    as Faith's Héraclès', or a house rule)."""
    if raw is None:
        return ()
    if not isinstance(raw, Mapping):
        raise DomainError("invalid_option", "leader_costs maps leader keys to coins")
    out = []
    for key, coins in raw.items():
        if key not in BY_KEY:
            raise DomainError("invalid_option", f"leader_costs: unknown leader {key!r}")
        if not isinstance(coins, int) or isinstance(coins, bool) or coins < 0:
            raise DomainError("invalid_option", f"leader_costs[{key}]: coins >= 0")
        out.append((BY_KEY[key], coins))
    return tuple(sorted(out))


def _start(tx: Tx, options: Mapping[str, Any]) -> None:
    costs = parse_leader_costs(options.get("leader_costs"))
    if costs:
        tx.emit(LeaderCostsSet(costs=costs))


def attach_powers(rules: SevenWondersRules) -> SevenWondersRules:
    """`rules` with the leaders' powers only (their hooks and score line), without the
    draft, the recruitment, the guilds, Rome or the 6 coins: for a game that puts leaders in
    play by other means (Faith's Pégase, "Si vous possédez l'extension Leaders mais que
    vous ne l'utilisez pas"); a city's leaders live in `SWState.ext` as with Leaders."""
    producers, free_guilds = make_hooks(rules.cards)
    return rules.extend(
        score_categories=(*rules.score_categories, ("leaders", leaders_line)),
        cost_hooks=(*rules.cost_hooks, free_guilds),
        producers=(*rules.producers, producers),
        touched_costs=(*rules.touched_costs, (touched_costs, (free_guilds, producers))),
        action_gains=(*rules.action_gains, make_gains(rules.cards)),
        conflict_hooks=(*rules.conflict_hooks, tomyris),
        age_end=(*rules.age_end, flow.nero),
        mutators={**rules.mutators, VictoryCoins: MUTATORS[VictoryCoins]},
        event_types=(*rules.event_types, VictoryCoins),
    )


def attach(rules: SevenWondersRules) -> SevenWondersRules:
    """`rules` with Leaders: the 4 guilds after its cards, Rome after its boards, 6 coins,
    the draft, the recruitment, the leaders' effects and score line."""
    cards = (*rules.cards, *GUILDS)
    producers, free_guilds = make_hooks(cards)
    return rules.extend(
        name=f"{rules.name}+leaders",
        cards=cards,
        wonders=(*rules.wonders, ROME_BOARD),
        end_vp={**rules.end_vp, **GUILD_VP},
        score_categories=(*rules.score_categories, ("leaders", leaders_line)),
        starting_coins=STARTING_COINS,
        opening=(*rules.opening, flow.opening),
        age_start=(*rules.age_start, flow.age_start),
        phases={
            **rules.phases,
            DRAFT: PhaseRules(flow.draft_moves, {PickLeader: flow.decide_pick}, draft_acting,
                              "leader_draft"),
            RECRUIT: PhaseRules(flow.recruit_moves, {PlayLeader: flow.decide_play_leader},
                                recruit_acting, "recruitment"),
            EXTRA_LEADER: PhaseRules(
                flow.extra_moves,
                {PlayLeader: flow.decide_extra, DeclineLeader: flow.decide_decline},
                special_acting, "extra_leader"),
            COURTESAN: PhaseRules(flow.courtesan_moves,
                                  {PlaceCourtesan: flow.decide_courtesan}, special_acting,
                                  "courtesan"),
        },
        cost_hooks=(*rules.cost_hooks, free_guilds),
        producers=(*rules.producers, producers),
        touched_costs=(*rules.touched_costs, (touched_costs, (free_guilds, producers))),
        action_gains=(*rules.action_gains, make_gains(cards)),
        step_end=(*rules.step_end, flow.rome_step, flow.courtesan_step),
        conflict_hooks=(*rules.conflict_hooks, tomyris),
        age_end=(*rules.age_end, flow.nero),
        mutators={**rules.mutators, **MUTATORS},
        command_types=(*rules.command_types, *COMMANDS),
        event_types=(*rules.event_types, *EVENTS),
        deal_type=LeadersDeal,
        make_deal=make_deal,
        check_deal=check_deal,
        view_ext=view_ext,
        redactors={**rules.redactors, **REDACTORS},
        catalog_extra={**rules.catalog_extra,
                       "leaders": [msgspec.to_builtins(d) for d in LEADERS]},
        trace_writer=_writer,
        option_names=(*rules.option_names, "leader_costs"),
        start_hooks=(*rules.start_hooks, _start),
        expansions=(*rules.expansions, "leaders"),
    )
