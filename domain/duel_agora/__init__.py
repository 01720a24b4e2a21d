"""Agora, the 7 Wonders Duel expansion: the Senate, senators, conspiracies and decrees,
attached to a Duel ruleset through `DuelRules` (`rules.attach`). It declares itself to Duel
here; Duel names it nowhere."""

from typing import Any

from domain.duel.rules import DuelRules
from domain.duel_agora.error_codes import CODES
from domain.duel_agora.rules import attach
from domain.duel_agora.trace import (
    FORMAT,
    import_agora_trace,
    replay_agora_trace,
    write_agora_trace,
)
from domain.duel_agora.views import AgoraView
from domain.kernel.description_types import ExpansionDescription
from domain.kernel.expansions import Expansion, register_expansion


def _attach(rules: DuelRules, options: dict[str, Any]) -> DuelRules:
    return attach(rules)  # Agora takes no option


register_expansion(Expansion(
    kind="duel",
    package=__name__,
    description=ExpansionDescription(
        "agora", "Agora",
        "The Senate: politicians and conspirators, decrees and conspiracies.",
    ),
    attach=_attach,
    rule_codes=lambda: CODES,
    trace_formats={FORMAT: replay_agora_trace},
    trace_importers={FORMAT: import_agora_trace},
    trace_writer=write_agora_trace,
    view_part=lambda: ("ext", AgoraView),
))

__all__ = ["attach"]
