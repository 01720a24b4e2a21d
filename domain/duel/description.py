"""How 7 Wonders Duel presents itself to clients: its expansions and options (`/kinds`)."""

from collections.abc import Callable
from typing import Any

from domain.kernel.describe import (
    ExpansionDescription,
    KindDescription,
    OptionDescription,
    register_description,
    register_view_type,
)
from domain.kernel.error_codes import register_rule_codes

DESCRIPTION = KindDescription(
    title="7 Wonders Duel",
    expansions=(
        ExpansionDescription(
            "agora", "Agora",
            "The Senate: politicians and conspirators, decrees and conspiracies.",
        ),
        ExpansionDescription(
            "leaders", "Duel Leaders",
            "A fan expansion: leaders drafted, then recruited for coins before each Age; "
            "combinable with Agora.",
            options=(
                OptionDescription(
                    "leader_panel", "string",
                    "'all' (the 43 leaders), 'victory_points' or 'abilities' (the rules' two "
                    "16-leader variants).", "all",
                ),
                OptionDescription(
                    "leader_costs", "object",
                    "{leader key: coins >= 0}, overriding the catalog's provisional costs.",
                ),
            ),
        ),
    ),
)
"""Duel takes options only with Duel Leaders; each expansion attaches through `DuelRules`."""

register_description("duel", DESCRIPTION)


def _rule_codes() -> dict[str, str]:
    from domain.duel.error_codes import CODES

    return CODES


def _agora_codes() -> dict[str, str]:
    from domain.duel_agora.error_codes import CODES

    return CODES


register_rule_codes("duel", _rule_codes)
register_rule_codes("duel+agora", _agora_codes)


def _view_type(expansions: tuple[str, ...]) -> Callable[[], Any]:
    def load() -> Any:
        from domain.duel.view_types import duel_view_type

        return duel_view_type(expansions)

    return load


def _leaders_codes() -> dict[str, str]:
    from domain.duel_leaders.error_codes import CODES

    return CODES


register_rule_codes("duel+leaders", _leaders_codes)
for _expansions in (("agora",), ("leaders",), ("agora", "leaders")):
    register_view_type("duel", _expansions, _view_type(_expansions))
