"""Agora, the 7 Wonders Duel expansion: the Senate, senators, conspiracies and decrees,
attached to a Duel ruleset through `DuelRules` (`rules.attach`)."""

from domain.duel_agora.rules import attach

__all__ = ["attach"]
