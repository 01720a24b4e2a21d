"""The operator's routes' guard: the bearer token of `POLIS_ADMIN_TOKEN`, compared in
constant time; no token configured, no admin route."""

from __future__ import annotations

import secrets
from typing import Annotated, Any

from litestar import Request
from litestar.params import HeaderParameter

from api.runtime import runtime_of
from api.service.refusals import Forbidden, Unauthorized

AdminAuthorization = Annotated[str | None, HeaderParameter(
    name="Authorization", description="`Bearer <POLIS_ADMIN_TOKEN>`")]


def require_admin(request: Request[Any, Any, Any], authorization: str | None) -> None:
    token = runtime_of(request).notify.admin_token
    if token is None:
        raise Forbidden("admin_disabled", "no admin token is configured (POLIS_ADMIN_TOKEN)")
    given = (authorization or "").removeprefix("Bearer ").strip()
    if not given or not secrets.compare_digest(given.encode(), token.encode()):
        raise Unauthorized("admin_token_required", "send the admin token as a bearer token")
