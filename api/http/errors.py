"""One error shape everywhere, over HTTP and WebSocket: an RFC 9457 problem details object
(`type`, `title`, `status`, `detail`) that keeps the machine-readable `code`, the
`message`, `details` and `request_id` clients read."""

from __future__ import annotations

import logging
import secrets
from typing import Any

import msgspec
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.openapi.datastructures import ResponseSpec

from api.http.request_ids import current as current_request_id
from api.service import error_codes, refusals
from api.service.limits import too_deep
from infra.db import lost_connection

_log = logging.getLogger(__name__)


class ErrorBody(msgspec.Struct, frozen=True):
    code: str
    """Stable machine-readable identifier (snake_case)."""
    message: str
    """A sentence for a person."""
    details: dict[str, Any] = {}
    request_id: str | None = None
    """The request's id (also in the `X-Request-Id` header and the server's log lines)."""
    type: str = "about:blank"
    """RFC 9457: a URI naming the problem, `urn:polis:error:<code>`."""
    title: str = ""
    """RFC 9457: the code's meaning from the catalogue (the same for every occurrence)."""
    status: int | None = None
    """RFC 9457: the HTTP status (the WebSocket sends the one the same refusal gets over HTTP)."""
    detail: str = ""
    """RFC 9457: this occurrence, for a person (the same text as `message`)."""


PROBLEM_JSON = "application/problem+json"


def error_responses(**described: str) -> dict[int, ResponseSpec]:
    """Error responses of an operation (`e404="..."`), all in the one error shape."""
    return {
        int(key[1:]): ResponseSpec(data_container=ErrorBody, description=text,
                                   generate_examples=False)
        for key, text in described.items()
    }


def as_problem(body: ErrorBody, status: int | None = None) -> ErrorBody:
    """`body` with the RFC 9457 members filled from its code and `status`."""
    catalogued = error_codes.status_of(body.code)
    return msgspec.structs.replace(
        body,
        type=error_codes.PROBLEM_TYPE_PREFIX + body.code,
        title=error_codes.title_of(body.code) or body.code.replace("_", " "),
        status=status if status is not None else catalogued,
        detail=body.message,
    )


class ApiError(Exception):
    """A refusal of the HTTP edge itself, with its status (the services raise Refusals)."""

    def __init__(
        self, status: int, code: str, message: str, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.body = ErrorBody(code, message, details or {})


STATUS_OF_REFUSAL: dict[type[refusals.Refusal], int] = {
    refusals.Invalid: 400,
    refusals.Unauthorized: 401,
    refusals.Forbidden: 403,
    refusals.NotFound: 404,
    refusals.Conflict: 409,
    refusals.RuleRefused: 422,
    refusals.Throttled: 429,
    refusals.Busy: 503,
}
"""The HTTP status of each kind of refusal (the WebSocket sends the same body)."""


_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
    429: "too_many_requests",
}


def error_of(exc: Exception) -> tuple[int, ErrorBody]:
    """The status and body of any exception (500 with no internals for the unexpected),
    with the current request's id."""
    status, body = _error_of(known(exc))
    return status, with_request_id(body, status)


def known(exc: Exception) -> Exception:
    """`exc`, or the refusal it stands for: a database connection lost outside a command's
    append (which answers `outcome_unknown` itself) changed nothing, so it is a retryable
    503 (`database_unavailable`), never a 500."""
    if lost_connection(exc) and not isinstance(exc, (refusals.Refusal, ApiError, HTTPException)):
        _log.warning("database connection lost: %r", exc)
        return refusals.database_unavailable()
    return exc


def with_request_id(body: ErrorBody, status: int | None = None) -> ErrorBody:
    """`body` as a problem, with the current request's id."""
    return msgspec.structs.replace(as_problem(body, status), request_id=current_request_id.get())


def _error_of(exc: Exception) -> tuple[int, ErrorBody]:
    if isinstance(exc, ApiError):
        return exc.status, exc.body
    if isinstance(exc, refusals.Refusal):
        # the catalogue is the one source of a code's status; the class is the fallback
        status = error_codes.status_of(exc.code) or STATUS_OF_REFUSAL.get(type(exc), 400)
        return status, ErrorBody(exc.code, exc.message, exc.details)
    if isinstance(exc, ValidationException):
        errors = exc.extra if isinstance(exc.extra, list) else []
        if errors and all(isinstance(e, dict) and e.get("source") == "query" for e in errors):
            return 400, ErrorBody("invalid_query_parameter", "a query parameter is not valid",
                                  {"errors": errors})
        return 400, ErrorBody(
            "invalid_body", "the request does not match its schema", {"errors": exc.extra}
        )
    if isinstance(exc, HTTPException):
        status = exc.status_code
        cause = type(exc.__cause__).__name__ if exc.__cause__ else ""
        if status == 400 and cause == "SerializationException":
            return 400, ErrorBody("malformed_json", f"the body is not valid JSON: {exc.detail}")
        code = _HTTP_CODES.get(status, "http_error" if status < 500 else "internal_error")
        return status, ErrorBody(code, str(exc.detail))
    _log.exception("unexpected error", exc_info=exc)
    return 500, ErrorBody("internal_error", "an unexpected error occurred")


_BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


def too_deep_error(max_depth: int) -> ApiError:
    return ApiError(
        400, "too_deep", f"JSON nested deeper than {max_depth} levels", {"max_depth": max_depth}
    )


def body_checker(max_depth: int) -> Any:
    async def require_json_body(request: Request[Any, Any, Any]) -> None:
        """Refuse bodies not sent as JSON (415): a plain form post from another site cannot
        then create games or submit commands on a server a browser can reach. Refuse
        bodies nested deeper than `max_depth` (400) before anything parses them."""
        if request.method not in _BODY_METHODS:
            return
        if request.route_handler.opt.get("bodiless") and not await request.body():
            return  # an action without a body (`leaveTable`, `startTable`): nothing to check
        media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if media != "application/json" and not media.endswith("+json"):
            raise ApiError(
                415, "unsupported_media_type", "send the body as application/json",
                {"content_type": media or None},
            )
        if request.route_handler.opt.get("depth_check", True) and too_deep(
                await request.body(), max_depth):
            raise too_deep_error(max_depth)

    return require_json_body


def handle_exception(request: Request[Any, Any, Any], exc: Exception) -> Response[ErrorBody]:
    exc = known(exc)
    status, body = error_of(exc)
    headers: dict[str, str] = {}
    if body.request_id is None:  # refused by the router, before the request-id middleware
        request_id = secrets.token_hex(8)
        body = msgspec.structs.replace(body, request_id=request_id)
        headers["X-Request-Id"] = request_id
    if status == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="polis"'
    retry = getattr(exc, "retry_after", None)
    if isinstance(retry, int):
        headers["Retry-After"] = str(retry)
    if isinstance(exc, HTTPException) and exc.headers:
        headers.update(exc.headers)
    return Response(body, status_code=status, headers=headers, media_type=PROBLEM_JSON)
