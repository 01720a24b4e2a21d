"""How 7 Wonders presents itself to clients: its expansions and options (`/kinds`)."""

from domain.kernel.describe import KindDescription, register_description
from domain.kernel.error_codes import register_rule_codes

DESCRIPTION = KindDescription(title="7 Wonders")
"""3 to 7 seats, or 2 with the Free City variant; no expansions attached yet, no options."""

register_description("7wonders", DESCRIPTION)


def _rule_codes() -> dict[str, str]:
    from domain.sevenwonders.error_codes import CODES

    return CODES


register_rule_codes("7wonders", _rule_codes)
