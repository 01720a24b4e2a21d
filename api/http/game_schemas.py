"""The game layer as JSON Schema: each ruleset's commands, events, views and deals.

Generated from the msgspec types the registry's games declare (`domain.kernel.describe`), so
a new kind or expansion appears in `openapi.json` and `asyncapi.yaml` without code here
naming it. Each ruleset (``duel``, ``duel+agora``, ...) gets its own components, prefixed
with its identifier, so equal names in two games never clash; commands and events are
tagged unions with `type` as the discriminator.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.describe import Ruleset, ruleset_types, rulesets
from domain.kernel.table_game import TableView

ROLES = ("Command", "Event", "Deal", "View")
"""What each ruleset publishes; a legal move is a `Command`."""
KERNEL_VIEWS: tuple[type, ...] = (TableView,)
"""Views every ruleset may show besides its own: a table's, while its seats fill."""


def ident(ruleset: Ruleset) -> str:
    """The component prefix of a ruleset: ``duel``, ``duel_agora`` (OpenAPI names allow no +)."""
    return ruleset.name.replace("+", "_")


def game_components(ref_prefix: str) -> tuple[dict[str, Any], dict[str, dict[str, str]]]:
    """(schemas by name, then for each ruleset the name of its schema of each role)."""
    schemas: dict[str, Any] = {}
    index: dict[str, dict[str, str]] = {}
    for ruleset in rulesets():
        prefix = ident(ruleset)
        types = ruleset_types(ruleset)
        tops, parts = msgspec.json.schema_components(
            (types.command, types.event, types.deal, types.view),
            ref_template=ref_prefix + prefix + ".{name}",
        )
        _deal_members_typed(parts, types.deal, ref_prefix + prefix + ".")
        for name, schema in parts.items():
            schemas[f"{prefix}.{name}"] = schema
        roles: dict[str, str] = {}
        for role, top in zip(ROLES, tops, strict=True):
            name = f"{prefix}.{role}"
            if schemas.get(name) is None:  # no struct already carries this name
                schemas[name] = top
            roles[role] = name
        index[ruleset.name] = roles
    _, kernel = msgspec.json.schema_components(KERNEL_VIEWS, ref_template=ref_prefix + "{name}")
    schemas.update(kernel)
    return dict(sorted(schemas.items())), index


def _deal_members_typed(parts: dict[str, Any], deal: type, ref: str) -> None:
    """Type each event's `deal` member as the ruleset's deal. An expansion's deal extends
    its base game's (`LeadersDeal` is a `Deal` with the leaders), and the base game's event
    declares the base type, so its schema would not list the expansion's members."""
    bases = {ref + b.__name__ for b in deal.__mro__[1:] if issubclass(b, msgspec.Struct)
             and b is not msgspec.Struct}
    for schema in parts.values():
        member = schema.get("properties", {}).get("deal")
        if member is None:
            continue
        for option in member.get("anyOf", [member]):
            if option.get("$ref") in bases:
                option["$ref"] = ref + deal.__name__


def any_of(ref_prefix: str, index: dict[str, dict[str, str]], role: str) -> dict[str, Any]:
    """A schema accepting the `role` of any ruleset (each ruleset's own is documented); a
    view may also be a table's, before its game starts (`TableView`)."""
    refs = [{"$ref": ref_prefix + roles[role]} for roles in index.values()]
    if role == "View":
        refs += [{"$ref": ref_prefix + view.__name__} for view in KERNEL_VIEWS]
    return {"anyOf": refs}
