"""Faith, the fan expansion of gods for 7 Wonders (rules: Shima, 2012), attached to the
7 Wonders engine through its hooks (`rules.attach`)."""

from domain.sevenwonders_faith.rules import attach

__all__ = ["attach"]
