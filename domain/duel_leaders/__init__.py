"""Duel Leaders, the fan expansion of 7 Wonders Duel, attached through `DuelRules`."""

from domain.duel_leaders.rules import attach

__all__ = ["attach"]
