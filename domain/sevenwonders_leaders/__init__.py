"""Leaders (first edition) for 7 Wonders: the leader draft, the recruitment, 36 leaders,
Rome and 4 guilds, attached to the 7 Wonders engine through its hooks (`rules.attach`).
It declares itself to 7 Wonders here; 7 Wonders names it nowhere."""

from typing import Any

from domain.kernel.description_types import ExpansionDescription
from domain.kernel.expansions import Expansion, register_expansion
from domain.sevenwonders.hooks import SevenWondersRules
from domain.sevenwonders_leaders.error_codes import CODES
from domain.sevenwonders_leaders.rules import attach
from domain.sevenwonders_leaders.trace import FORMAT, import_trace, replay
from domain.sevenwonders_leaders.views import LeadersSevenWondersView


def _attach(rules: SevenWondersRules, options: dict[str, Any]) -> SevenWondersRules:
    return attach(rules)  # its option (leader_costs) is read by the deal


register_expansion(Expansion(
    kind="7wonders",
    package=__name__,
    description=ExpansionDescription(
        "leaders", "Leaders",
        "Leaders drafted before the first Age and recruited like cards, each Age (option "
        "leader_costs: {leader key: coins} replaces a leader's cost).",
    ),
    attach=_attach,
    rule_codes=lambda: CODES,
    trace_formats={FORMAT: replay},
    trace_importers={FORMAT: import_trace},
    view_part=lambda: LeadersSevenWondersView,
))

__all__ = ["attach"]
