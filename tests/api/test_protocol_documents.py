"""The typed protocol in `openapi.json`: every ruleset's game layer, bearer security, and one
catalogue holding every error code the source can raise."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from api.cli.server import OPENAPI_PATH
from api.service.error_codes import catalogue
from domain.kernel.describe import rulesets

ROOT = Path(__file__).resolve().parents[2]
_RAISES = re.compile(
    r"\b(?:DomainError|_refuse|Invalid|Unauthorized|Forbidden|NotFound|Conflict|RuleRefused"
    r"|Throttled|Busy|ErrorBody|ApiError)\(\s*(?:\d+,\s*)?\"([a-z_]+)\""
)


def _document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(OPENAPI_PATH.read_text())
    return document


def test_every_ruleset_has_its_typed_game_layer() -> None:
    document = _document()
    schemas = document["components"]["schemas"]
    names = {r.name for r in rulesets()}
    assert {"duel", "duel+agora", "7wonders"} <= names
    assert set(document["x-rulesets"]) == names
    for roles in document["x-rulesets"].values():
        assert set(roles) == {"Command", "Event", "Deal", "View"}
        for role in ("Command", "Event"):
            union = schemas[roles[role]["$ref"].rsplit("/", 1)[1]]
            assert union["discriminator"]["propertyName"] == "type", union
            for ref in union["discriminator"]["mapping"].values():
                variant = schemas[ref.rsplit("/", 1)[1]]
                assert "type" in variant["required"], variant
    command = schemas["SubmitCommand"]["properties"]["command"]
    assert {"$ref": "#/components/schemas/duel.Command"} in command["anyOf"]
    moves = schemas["MovesOut"]["properties"]["moves"]
    assert moves["items"]["anyOf"] == command["anyOf"]


def test_operations_with_a_token_use_the_bearer_scheme() -> None:
    document = _document()
    secured = set()
    for path, methods in document["paths"].items():
        for operation in methods.values():
            for param in operation.get("parameters", []):
                assert param["name"].lower() != "authorization", (path, param)
            if "security" in operation:
                secured.add(operation["operationId"])
                assert {"seatToken": []} in operation["security"]
    assert {"getMyView", "getViewAtVersion", "getMyLegalMoves", "submitCommand",
            "listEvents"} <= secured
    assert document["paths"]["/games/{game_id}/commands"]["post"]["security"] == [
        {"seatToken": []}
    ]


def test_every_raised_code_is_in_the_catalogue() -> None:
    listed = {c.code for c in catalogue()}
    assert {c["code"] for c in _document()["x-error-codes"]} == listed
    raised: set[str] = set()
    for folder in ("api", "domain", "infra"):
        for path in (ROOT / folder).rglob("*.py"):
            raised.update(_RAISES.findall(path.read_text()))
    assert {"game_over", "price_mismatch", "card_not_accessible"} <= raised
    assert raised - listed == set(), "codes raised but not catalogued"


def test_exported_asyncapi_matches_the_protocol() -> None:
    from api.ws.asyncapi import ASYNCAPI_PATH, asyncapi_document

    assert ASYNCAPI_PATH.read_bytes() == asyncapi_document(), (
        "openapi/asyncapi.yaml is stale: run `polis export-asyncapi`"
    )


def test_asyncapi_types_every_message_in_both_directions() -> None:
    from api.ws.asyncapi import ASYNCAPI_PATH

    document = json.loads(ASYNCAPI_PATH.read_text())  # JSON is YAML 1.2
    assert document["asyncapi"].startswith("3.")
    sent = {m["$ref"].rsplit("/", 1)[1]
            for m in document["operations"]["sendToServer"]["messages"]}
    received = {m["$ref"].rsplit("/", 1)[1]
                for m in document["operations"]["receiveFromServer"]["messages"]}
    assert sent == {"follow", "command", "ping", "chat"}
    assert received == {"hello", "snapshot", "update", "heartbeat", "pong",
                        "command_accepted", "command_rejected", "error", "chat_pushed",
                        "chat_accepted"}
    schemas = document["components"]["schemas"]
    command = schemas["CommandMessage"]["properties"]["command"]
    assert {"$ref": "#/components/schemas/duel_agora.Command"} in command["anyOf"]
    for name in (*sent, *received):
        message = document["components"]["messages"][name]
        payload = message["payload"]["$ref"]
        schema = schemas[payload.rsplit("/", 1)[1]]
        # the server's `chat` is keyed `chat_pushed`: the client sends a `chat` too
        assert schema["properties"]["type"] == {"enum": [message["name"]]}, (name, schema)
