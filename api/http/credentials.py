"""The caller's token on an HTTP request: the `Authorization` bearer, else the player cookie.

A guest's token is also set as the HttpOnly, SameSite=Strict cookie `polis_player`
(`api/http/players.py`), so the browser client never handles it in script or URL; every
route that takes a bearer token takes the cookie when no header is sent. Bodies must be
JSON (415 otherwise), so no form posted from another site reaches a route with it.
"""

from __future__ import annotations

from typing import Any

from litestar import Request

from api.service.tokens import bearer

COOKIE = "polis_player"


def credential(request: Request[Any, Any, Any], authorization: str | None) -> str | None:
    """The caller's token: the `Authorization` bearer, else the player cookie."""
    return bearer(authorization) or request.cookies.get(COOKIE) or None
