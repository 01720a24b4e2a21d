"""Duel Leaders attached to a Duel ruleset through `DuelRules`: its tables, hooks, phases
and options.

`attach(rules, options)` works on the base game or on Agora's ruleset (its wonders are
appended after the ruleset's, its state lives in `DuelState.leaders`), so `("agora",
"leaders")` composes. Options (validated here, DomainError `invalid_option`):
- `leader_panel`: "all" (default, the 43 leaders), "victory_points" or "abilities" (the
  rules' two 16-leader variants; the leaders set aside are then the panel's 8 undrafted).
- `leader_costs`: {leader key: coins >= 0}, overriding the catalog's provisional costs
  (keys in any case, "Da Vinci" for "da_vinci").
The options are read in `options.py`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.duel import draft
from domain.duel import events as ev
from domain.duel.rules import DuelRules, PhaseRules
from domain.duel.state import EXPANSION_PHASES, OWE_DISCARD_BUILD, PLAY
from domain.duel_agora import events as aev
from domain.duel_agora.state import AgoraDeal
from domain.duel_leaders import catalog as lc
from domain.duel_leaders import commands as lcmd
from domain.duel_leaders import effects, owed, recruit, setup
from domain.duel_leaders.events import LEADERS_EVENTS
from domain.duel_leaders.evolve import (
    LEADER_DRAFT,
    LEADERS_MUTATORS,
    RECRUITMENT,
    keeping_symbols,
)
from domain.duel_leaders.options import LeadersOptions, parse_options
from domain.duel_leaders.state import AgoraLeadersDeal, LeadersDeal
from domain.duel_leaders.views import REDACTORS, leaders_view

STARTING_COINS = 10
"""7 + 3 ("Chaque joueur prend 3 pièces supplémentaires de la banque")."""
SCORE_CATEGORY = "leaders"

EXPANSION_PHASES[LEADER_DRAFT] = ("leader_draft", setup.draft_acting)
EXPANSION_PHASES[RECRUITMENT] = ("recruitment", recruit.recruitment_acting)


RECOUNTING_EVENTS: tuple[type, ...] = (
    ev.CardDestroyed, aev.CardTaken, aev.TokenObscured, aev.WonderSabotaged)
"""Events whose mutators recount a city's science from printed symbols (`rebuild_caches`,
`with_card`): wrapped to count Euclid's and Ptolemy's changes again."""


def _catalog(inner: Any, opts: LeadersOptions) -> Any:
    def catalog() -> dict[str, Any]:
        extra = inner() if inner is not None else {}
        leaders = [msgspec.to_builtins(x) | {"cost": opts.costs[x.id]} for x in lc.LEADERS]
        return extra | {
            "leaders": leaders,
            "leader_pool": list(opts.pool),
            "leader_panel": opts.panel,
            "leader_owed_actions": dict(sorted((v, k) for k, v in effects.OWED_NAMES.items())),
            "provisional": dict(lc.PROVISIONAL),
        }

    return catalog


def attach(rules: DuelRules, options: dict[str, Any] | None = None) -> DuelRules:
    """Duel Leaders on `rules` (the base game or Agora's ruleset)."""
    opts = parse_options(options or {})
    play = rules.phases[PLAY]
    opening = draft.start_first_phase if rules.opening is draft.open_draft else rules.opening
    deal_type = AgoraLeadersDeal if rules.deal_type is AgoraDeal else LeadersDeal
    return rules.extend(
        name=f"{rules.name}+leaders",
        expansions=(*rules.expansions, "leaders"),
        options={**rules.options, "leaders": opts},
        wonders=(*rules.wonders, *lc.new_wonders(len(rules.wonders))),
        starting_coins=STARTING_COINS,
        effects={**rules.effects, **effects.EFFECTS},
        phases={
            **rules.phases,
            LEADER_DRAFT: PhaseRules(setup.draft_moves, {lcmd.PickLeader: setup.pick_leader}),
            RECRUITMENT: PhaseRules(recruit.recruitment_moves, {
                lcmd.ChooseLeader: recruit.choose_leader,
                lcmd.DeclareRecruitment: recruit.declare,
            }),
            PLAY: PhaseRules(owed.play_moves(play.moves), {
                **play.commands,
                lcmd.ConstructWithLeader: owed.construct_with_leader,
                lcmd.PutUnderPythagoras: owed.put_under_pythagoras,
            }),
        },
        owed={**rules.owed, **owed.owed_rules(),
              OWE_DISCARD_BUILD: owed.discard_build_rules(rules.owed[OWE_DISCARD_BUILD])},
        owed_names={**rules.owed_names, **effects.OWED_NAMES},
        opening=opening,
        first_phase=setup.open_leader_draft,
        age_opening=recruit.open_recruitment,
        score_categories=(*rules.score_categories, (SCORE_CATEGORY, effects.leaders_score)),
        pawn_hooks=(*rules.pawn_hooks, effects.aspasia),
        card_price_hooks=(*rules.card_price_hooks, effects.bilkis),
        price_context=(*rules.price_context, effects.bilkis_context),
        price_context_covers=(*rules.price_context_covers, effects.bilkis),
        wonder_access_hooks=(*rules.wonder_access_hooks, effects.imhotep),
        chain_hooks=(*rules.chain_hooks, effects.chains),
        discard_hooks=(*rules.discard_hooks, effects.berenice),
        build_hooks=(*rules.build_hooks, effects.on_build),
        wonder_hooks=(*rules.wonder_hooks, effects.on_wonder),
        turn_hooks=(*rules.turn_hooks, recruit.resume),
        mutators={**rules.mutators, **LEADERS_MUTATORS,
                  **{t: keeping_symbols(rules.table[t]) for t in RECOUNTING_EVENTS
                     if t in rules.table}},
        symbol_hooks=(*rules.symbol_hooks, owed.symbol_hook),
        redactors={**rules.redactors, **REDACTORS},
        leaders_view=leaders_view,
        catalog_ext=_catalog(rules.catalog_ext, opts),
        make_deal=setup.make_deal_fn(rules.make_deal, opts.pool),
        check_deal=setup.check_deal_fn(rules.check_deal, opts.pool),
        deal_type=deal_type,
        command_types=(*rules.command_types, *lcmd.LEADERS_COMMANDS),
        event_types=(*rules.event_types, *LEADERS_EVENTS),
    )
