"""How 7 Wonders presents itself to clients: its expansions and options (`/kinds`)."""

from domain.kernel.describe import KindDescription, OptionDescription, register_description
from domain.kernel.error_codes import register_rule_codes

DESCRIPTION = KindDescription(
    title="7 Wonders",
    options=(
        OptionDescription(
            "sides", "string",
            "Which side of the wonder boards every city plays: 'A', 'B' or 'random' (each "
            "city's side drawn).", "random",
        ),
        OptionDescription(
            "boards", "array",
            "Each city's board chosen instead of dealt: a list of [wonder id, side] pairs, "
            "one per city (side 0 = A, 1 = B), wonders distinct (ids from the catalog).",
        ),
    ),
)
"""3 to 7 seats, or 2 with the Free City variant; no expansions attached yet."""

register_description("7wonders", DESCRIPTION)


def _rule_codes() -> dict[str, str]:
    from domain.sevenwonders.error_codes import CODES

    return CODES


register_rule_codes("7wonders", _rule_codes)
