"""How 7 Wonders presents itself to clients: its expansions and options (`/kinds`)."""

import functools

from domain.kernel.describe import (
    ExpansionDescription,
    KindDescription,
    OptionDescription,
    register_description,
    register_view_type,
)
from domain.kernel.error_codes import register_rule_codes

DESCRIPTION = KindDescription(
    title="7 Wonders",
    expansions=(
        ExpansionDescription(
            "leaders", "Leaders",
            "Leaders drafted before the first Age and recruited like cards, each Age (option "
            "leader_costs: {leader key: coins} replaces a leader's cost).",
        ),
        ExpansionDescription(
            "faith", "Faith",
            "Gods prayed for at each Age's start and invoked beside a card (fan expansion; "
            "costs provisional, overridable by the options god_costs, board_costs for "
            "Ithaque's and Syracuse's stages and guild_costs for Faith's guilds; with Leaders, "
            "Héraclès joins the leaders, his provisional cost overridable by leader_costs).",
        ),
    ),
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


def _rule_codes() -> dict[str, str]:
    from domain.sevenwonders.error_codes import CODES

    return CODES


register_rule_codes("7wonders", _rule_codes)


def _leaders_codes() -> dict[str, str]:
    from domain.sevenwonders_leaders.error_codes import CODES

    return CODES


@functools.cache
def _leaders_view() -> type:
    from domain.sevenwonders.views import SevenWondersView
    from domain.sevenwonders_leaders.views import LeadersView

    class LeadersSevenWondersView(SevenWondersView, frozen=True):
        """A 7 Wonders view with the Leaders part (`ext`)."""

        ext: LeadersView | None = None

    return LeadersSevenWondersView


register_rule_codes("7wonders+leaders", _leaders_codes)
register_view_type("7wonders", ("leaders",), _leaders_view)


def _faith_codes() -> dict[str, str]:
    from domain.sevenwonders_faith.error_codes import CODES

    return CODES


@functools.cache
def _faith_view() -> type:
    from domain.sevenwonders.views import SevenWondersView
    from domain.sevenwonders_faith.rules import FaithView

    class FaithSevenWondersView(SevenWondersView, frozen=True):
        """A 7 Wonders view with the Faith part (`ext`; with Leaders too, the Leaders part is
        Faith's `inner`)."""

        ext: FaithView | None = None

    return FaithSevenWondersView


register_rule_codes("7wonders+faith", _faith_codes)
register_view_type("7wonders", ("faith",), _faith_view)
register_view_type("7wonders", ("leaders", "faith"), _faith_view)
