"""What the framework cannot say in `openapi.json`: the typed game layer, the bearer scheme
on the operations that take a token, and the catalogue of error codes.

`polis export-openapi` passes the framework's document through `complete`; the drift test
regenerates it and compares, so the document follows the registry and the routes.
"""

from __future__ import annotations

import copy
import inspect
from typing import Any

import msgspec

from api.http.errors import PROBLEM_JSON
from api.http.game_schemas import any_of, game_components
from api.service.error_codes import catalogue

REF = "#/components/schemas/"
TOKEN_REQUIRED = frozenset({"getMyLegalMoves", "submitCommand"})
"""Operations a spectator cannot call; the other token-taking ones also serve spectators."""

_GAME_FIELDS = {
    # (component, property): (role, is a list of it, may be null)
    ("ViewOut", "view"): ("View", False, False),
    ("MovesOut", "moves"): ("Command", True, False),
    ("SubmitCommand", "command"): ("Command", False, False),
    ("EventOut", "event"): ("Event", False, False),
    ("CreateGame", "deal"): ("Deal", False, True),
    ("NextOut", "view"): ("View", False, False),
    ("NextOut", "moves"): ("Command", True, False),
}


def complete(document: dict[str, Any]) -> dict[str, Any]:
    """The framework's document with the game layer typed, security and the error catalogue."""
    doc = copy.deepcopy(document)
    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    games, index = game_components(REF)
    schemas.update(games)
    for (component, prop), (role, many, nullable) in _GAME_FIELDS.items():
        target = schemas.get(component, {}).get("properties", {})
        if prop not in target:
            continue
        typed = any_of(REF, index, role)
        if nullable:
            typed = {"anyOf": [*typed["anyOf"], {"type": "null"}]}
        described = {k: v for k, v in target[prop].items() if k == "description"}
        target[prop] = {**described, **({"type": "array", "items": typed} if many else typed)}
    doc["x-rulesets"] = {
        name: {role: {"$ref": REF + schema} for role, schema in roles.items()}
        for name, roles in index.items()
    }
    doc["x-error-codes"] = [msgspec.to_builtins(c) for c in catalogue()]
    for operations in doc.get("paths", {}).values():
        for operation_id, operation in _operations(operations):
            _use_bearer(operation, operation_id in TOKEN_REQUIRED)
            _problems(operation)
    cleaned: dict[str, Any] = cleaned_descriptions(doc)
    return cleaned


def cleaned_descriptions(node: Any) -> Any:
    """`node` with every `description` dedented as `inspect.cleandoc` does. Descriptions
    come from docstrings, which Python 3.13 dedents when compiling and 3.11 does not: so
    the documents are the same bytes whichever Python writes them."""
    if isinstance(node, dict):
        return {key: inspect.cleandoc(value) if key == "description" and isinstance(value, str)
                else cleaned_descriptions(value) for key, value in node.items()}
    if isinstance(node, list):
        return [cleaned_descriptions(item) for item in node]
    return node


def _problems(operation: dict[str, Any]) -> None:
    """Every error answer is a problem details object (the framework documents the 400 of
    its own parameter validation as plain JSON of another shape)."""
    for status, response in operation.get("responses", {}).items():
        if status[0] in "45":
            response["content"] = {PROBLEM_JSON: {"schema": {"$ref": REF + "ErrorBody"}}}


def _operations(operations: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(op.get("operationId", ""), op) for op in operations.values() if isinstance(op, dict)]


def _use_bearer(operation: dict[str, Any], required: bool) -> None:
    """Replace an `Authorization` header parameter (OpenAPI tools ignore it) by the bearer
    security scheme; optional (`{}`) where a spectator may call without a token."""
    params = operation.get("parameters", [])
    kept = [p for p in params if not (p.get("in") == "header" and p.get("name") == "Authorization")]
    if len(kept) == len(params):
        return
    if kept:
        operation["parameters"] = kept
    else:
        operation.pop("parameters", None)
    operation["security"] = [{"seatToken": []}] if required else [{"seatToken": []}, {}]


def serve_complete_document(app: Any) -> None:
    """Make the app's own `/schema/openapi.json` (and its renderers) serve the completed
    document, the same as the exported file (a startup hook: every route is known then)."""
    from litestar._openapi.plugin import OpenAPIPlugin

    plugin = app.plugins.get(OpenAPIPlugin)
    plugin._openapi_schema = complete(plugin.provide_openapi_schema())
