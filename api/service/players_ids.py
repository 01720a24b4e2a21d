"""Player ids as clients send them: a malformed one is a 400 naming the parameter."""

from __future__ import annotations

import uuid

from api.service.refusals import Invalid


def parse_player_id(text: str, parameter: str) -> uuid.UUID:
    try:
        return uuid.UUID(text)
    except ValueError:
        code = "invalid_path_parameter" if parameter == "player_id" else \
            "invalid_query_parameter"
        raise Invalid(code, f"{text!r} is not a player id", {"parameter": parameter}) from None
