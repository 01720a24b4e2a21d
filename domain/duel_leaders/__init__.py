"""Duel Leaders, the fan expansion of 7 Wonders Duel, attached through `DuelRules`
(`rules.attach`). It declares itself to Duel here; Duel names it nowhere."""

from domain.duel_leaders.error_codes import CODES
from domain.duel_leaders.rules import attach
from domain.duel_leaders.trace import (
    FORMAT,
    import_leaders_trace,
    replay_leaders_trace,
    write_leaders_trace,
)
from domain.duel_leaders.views import LeadersView
from domain.kernel.description_types import ExpansionDescription, OptionDescription
from domain.kernel.expansions import Expansion, register_expansion

register_expansion(Expansion(
    kind="duel",
    package=__name__,
    description=ExpansionDescription(
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
    attach=attach,
    rule_codes=lambda: CODES,
    trace_formats={FORMAT: replay_leaders_trace},
    trace_importers={FORMAT: import_leaders_trace},
    trace_writer=write_leaders_trace,
    view_part=lambda: ("leaders", LeadersView),
))

__all__ = ["attach"]
