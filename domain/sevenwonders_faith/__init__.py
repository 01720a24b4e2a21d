"""Faith, the fan expansion of gods for 7 Wonders (rules: Shima, 2012), attached to the
7 Wonders engine through its hooks (`rules.attach`). It declares itself to 7 Wonders
here; 7 Wonders names it nowhere."""

from typing import Any

from domain.kernel.description_types import ExpansionDescription
from domain.kernel.expansions import Expansion, register_expansion
from domain.sevenwonders.hooks import SevenWondersRules
from domain.sevenwonders_faith.error_codes import CODES
from domain.sevenwonders_faith.rules import FaithSevenWondersView, attach
from domain.sevenwonders_faith.trace import FORMAT, import_trace, replay


def _attach(rules: SevenWondersRules, options: dict[str, Any]) -> SevenWondersRules:
    return attach(rules)  # its options (costs) are read by the deal


register_expansion(Expansion(
    kind="7wonders",
    package=__name__,
    description=ExpansionDescription(
        "faith", "Faith",
        "Gods prayed for at each Age's start and invoked beside a card (fan expansion; "
        "costs provisional, overridable by the options god_costs, board_costs for "
        "Ithaque's and Syracuse's stages and guild_costs for Faith's guilds; with Leaders, "
        "Héraclès joins the leaders, his provisional cost overridable by leader_costs).",
    ),
    attach=_attach,
    rule_codes=lambda: CODES,
    trace_formats={FORMAT: replay},
    trace_importers={FORMAT: import_trace},
    view_part=lambda: FaithSevenWondersView,
))

__all__ = ["attach"]
