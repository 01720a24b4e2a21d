"""How 7 Wonders Duel presents itself to clients: its expansions and options (`/kinds`)."""

from domain.kernel.describe import (
    ExpansionDescription,
    KindDescription,
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
    ),
)
"""Duel takes no options; each expansion is listed once it attaches through `DuelRules`."""

register_description("duel", DESCRIPTION)


def _rule_codes() -> dict[str, str]:
    from domain.duel.error_codes import CODES

    return CODES


def _agora_codes() -> dict[str, str]:
    from domain.duel_agora.error_codes import CODES

    return CODES


register_rule_codes("duel", _rule_codes)
register_rule_codes("duel+agora", _agora_codes)


def _agora_view() -> type:
    from domain.duel_agora.view_type import AgoraDuelView

    return AgoraDuelView


register_view_type("duel", ("agora",), _agora_view)
