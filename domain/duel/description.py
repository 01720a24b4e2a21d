"""How 7 Wonders Duel presents itself to clients (`/kinds`): its title, its rule codes and
the type of its views; each expansion declares its own description (with its options)."""

from domain.duel.error_codes import CODES
from domain.duel.view_types import duel_view_type
from domain.kernel.describe import KindDescription, register_description, register_view_type
from domain.kernel.error_codes import register_rule_codes

DESCRIPTION = KindDescription(title="7 Wonders Duel")
"""Duel takes options only with an expansion that declares some; each expansion attaches
through `DuelRules`."""

register_description("duel", DESCRIPTION)
register_rule_codes("duel", lambda: CODES)
register_view_type("duel", duel_view_type)
