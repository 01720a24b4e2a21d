"""Generated from openapi/openapi.json by clients/python/generate.py: do not edit."""

from __future__ import annotations

from types import ModuleType

from polis_client.rulesets import ruleset_7wonders

from polis_client.rulesets import ruleset_7wonders_leaders

from polis_client.rulesets import ruleset_duel

from polis_client.rulesets import ruleset_duel_agora

from polis_client.rulesets import ruleset_duel_agora_leaders

from polis_client.rulesets import ruleset_duel_leaders


RULESETS: dict[str, ModuleType] = {
    '7wonders': ruleset_7wonders,
    '7wonders+leaders': ruleset_7wonders_leaders,
    'duel': ruleset_duel,
    'duel+agora': ruleset_duel_agora,
    'duel+agora+leaders': ruleset_duel_agora_leaders,
    'duel+leaders': ruleset_duel_leaders,
}

"""Each ruleset's module of types, by its name (kind, then "+expansion")."""
