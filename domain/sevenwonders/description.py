"""How 7 Wonders presents itself to clients (`/kinds`): its title, options, rule codes and
the type of its views; each expansion declares its own description."""

from typing import Any

from domain.kernel.describe import (
    KindDescription,
    OptionDescription,
    register_description,
    register_view_type,
)
from domain.kernel.error_codes import register_rule_codes
from domain.kernel.expansions import expansions_of
from domain.sevenwonders.error_codes import CODES

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
"""3 to 7 seats, or 2 with the Free City variant."""

register_description("7wonders", DESCRIPTION)
register_rule_codes("7wonders", lambda: CODES)


def view_type_of(expansions: tuple[str, ...]) -> Any:
    """The view type of the last of `expansions` (in attach order) that declares one (its
    `view_part`: a `SevenWondersView` typing `ext`), or None: the base game's view. With
    Leaders and Faith, Faith's part holds the Leaders part (its `inner`)."""
    parts = [x.view_part for x in expansions_of("7wonders")
             if x.name in expansions and x.view_part is not None]
    return parts[-1]() if parts else None


register_view_type("7wonders", view_type_of)
