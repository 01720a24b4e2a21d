"""Leaders (first edition) for 7 Wonders: the leader draft, the recruitment, 36 leaders,
Rome and 4 guilds, attached to the 7 Wonders engine through its hooks (`rules.attach`)."""

from domain.sevenwonders_leaders.rules import attach

__all__ = ["attach"]
