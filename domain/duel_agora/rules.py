"""Agora attached to a Duel ruleset through `DuelRules`: its tables, hooks and phases.

`attach(rules)` works on any Duel ruleset (the base game, or one another expansion already
extended), so expansions compose: each adds its own cards, hooks and owed actions and
wraps, never replaces, what it changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from domain.duel import catalog as base
from domain.duel import commands as cmd
from domain.duel.rules import DuelRules, PhaseRules
from domain.duel.state import DRAFT, OWE_TOKEN, PLAY
from domain.duel_agora import catalog, decrees, owed, owing
from domain.duel_agora import commands as acmd
from domain.duel_agora.commands import AGORA_COMMANDS
from domain.duel_agora.conspiracies import end_of_trigger, prepare, trigger_at_start
from domain.duel_agora.events import AGORA_EVENTS
from domain.duel_agora.evolve import AGORA_MUTATORS
from domain.duel_agora.play import agora_play_moves, construct_building
from domain.duel_agora.senate import POLITICAL, agora, chamber_points
from domain.duel_agora.senators import recruit
from domain.duel_agora.setup import check_deal, make_deal, opening, pick_wonder
from domain.duel_agora.state import AgoraDeal
from domain.duel_agora.views import REDACTORS, agora_view

if TYPE_CHECKING:
    from domain.duel.rules import Tx
    from domain.duel.state import DuelState

SENATE_CATEGORY = "senate"


def _curia_julia(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    """Curia Julia built: trigger 1 unprepared conspiracy of one's own (optional)."""
    if owed.curia_choices(tx.state, seat):
        owing.owe(tx, seat, owing.OWE_CURIA)


def _knossos(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    """Knossos built: place 1 cube anywhere, then you may move 1 to an adjacent chamber."""
    owing.owe(tx, seat, owing.OWE_PLACE)
    owing.owe(tx, seat, owing.OWE_MOVE)


def _place_cube(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    """Small Agora military token: place 1 cube in any chamber (at once: first owed)."""
    if agora(tx.state).cubes_left(seat):
        owing.owe(tx, seat, owing.OWE_PLACE, position=0)


def _remove_cube(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    """Large Agora military token: remove 1 opponent cube, then you may move 1 of yours
    (at once: first owed, in that order)."""
    first = 0
    if any(agora(tx.state).cubes[1 - seat]):
        owing.owe(tx, seat, owing.OWE_REMOVE, position=0)
        first = 1
    owing.owe(tx, seat, owing.OWE_MOVE, position=first)


def _catalog() -> dict[str, Any]:
    """Agora's part of the published catalog: what its views and commands refer to."""
    return {
        "chambers": [msgspec.to_builtins(c) for c in catalog.CHAMBERS],
        "decrees": [msgspec.to_builtins(d) for d in catalog.DECREES],
        "conspiracies": [msgspec.to_builtins(c) for c in catalog.CONSPIRACIES],
        "senators": [msgspec.to_builtins(s) for s in catalog.SENATORS],
        "owed_actions": dict(sorted((v, k) for k, v in owing.OWED_NAMES.items())),
    }


def _senate_score(rules: DuelRules, state: DuelState, seat: int) -> int:
    return chamber_points(state, seat)


def attach(rules: DuelRules) -> DuelRules:
    """Agora on `rules`. Its ids follow the base game's tables, so Agora attaches first
    (expansions attach in the order of `domain.packages`, which lists Agora first);
    a later expansion appends its own cards, wonders and tokens after Agora's."""
    if (len(rules.cards), len(rules.wonders), len(rules.tokens)) != (
        len(base.CARDS), len(base.WONDERS), len(base.TOKENS)
    ):
        raise ValueError("Agora attaches to the base game's tables, before other expansions")
    play = rules.phases[PLAY]
    draft = rules.phases[DRAFT]
    return rules.extend(
        name=f"{rules.name}+agora",
        expansions=(*rules.expansions, "agora"),
        cards=catalog.CARDS,
        wonders=catalog.WONDERS,
        tokens=catalog.TOKENS,
        layouts=catalog.LAYOUTS,
        military_tokens=catalog.MILITARY_TOKENS,
        effects={**rules.effects, "curia_julia": _curia_julia, "knossos": _knossos,
                 "agora_place_cube": _place_cube, "agora_remove_cube": _remove_cube},
        phases={
            **rules.phases,
            DRAFT: PhaseRules(draft.moves, {**draft.commands, cmd.PickWonder: pick_wonder}),
            PLAY: PhaseRules(agora_play_moves, {
                **play.commands,
                cmd.ConstructBuilding: construct_building,
                acmd.RecruitSenator: recruit,
                acmd.PrepareConspiracy: prepare,
                acmd.TriggerConspiracy: trigger_at_start,
            }),
        },
        owed={**rules.owed, **owed.owed_rules(),
              OWE_TOKEN: owed.token_rules(rules.owed[OWE_TOKEN])},
        owed_names={**rules.owed_names, **owing.OWED_NAMES},
        opening=opening,
        score_categories=(*rules.score_categories, (SENATE_CATEGORY, _senate_score)),
        price_hooks=(*rules.price_hooks, decrees.resource_prices),
        discount_hooks=(*rules.discount_hooks, decrees.wonder_discount),
        waiver_hooks=(*rules.waiver_hooks, decrees.waives_symbol),
        chain_hooks=(*rules.chain_hooks, decrees.opponent_chains),
        price_context=(*rules.price_context, decrees.price_context),
        price_context_covers=(*rules.price_context_covers, decrees.resource_prices,
                              decrees.wonder_discount, decrees.waives_symbol),
        discard_hooks=(*rules.discard_hooks, decrees.discard_bonus),
        build_hooks=(*rules.build_hooks, decrees.coins_on_build),
        wonder_hooks=(*rules.wonder_hooks, decrees.coins_on_wonder),
        turn_hooks=(*rules.turn_hooks, end_of_trigger),
        mutators={**rules.mutators, **AGORA_MUTATORS},
        redactors={**rules.redactors, **REDACTORS},
        view_ext=agora_view,
        catalog_ext=_catalog,
        make_deal=make_deal,
        check_deal=check_deal,
        deal_type=AgoraDeal,
        command_types=(*rules.command_types, *AGORA_COMMANDS),
        event_types=(*rules.event_types, *AGORA_EVENTS),
        victory_types=(*rules.victory_types, POLITICAL),
    )
