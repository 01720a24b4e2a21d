"""`openapi/openapi.json` is the app's document: this fails when the code drifts from it."""

from __future__ import annotations

import json

from api.cli.server import OPENAPI_PATH, openapi_document


def test_exported_openapi_matches_the_app() -> None:
    assert OPENAPI_PATH.read_bytes() == openapi_document(), (
        "openapi/openapi.json is stale: run `polis export-openapi`"
    )


def test_every_operation_has_an_id_and_the_error_shape() -> None:
    document = json.loads(OPENAPI_PATH.read_text())
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            assert operation.get("operationId"), (method, path)
            for status, response in operation["responses"].items():
                if status.startswith("4"):
                    schema = response["content"]["application/problem+json"]["schema"]
                    assert schema == {"$ref": "#/components/schemas/ErrorBody"}, (path, status)
