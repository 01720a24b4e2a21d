"""A request id on every log line and every error body, and logs as JSON lines on demand.

Each HTTP request and WebSocket connection gets an id: the client's `X-Request-Id` when it
is a short plain token, else a new one. It is returned in the `X-Request-Id` header, put in
every error body (`request_id`), and added to every log record written while the request is
handled (access log included). `POLIS_LOG_FORMAT=json` writes one JSON object per line.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import time
from typing import Any

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

current: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)

_CLIENT_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")


def request_id_middleware(app: ASGIApp) -> ASGIApp:
    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await app(scope, receive, send)
            return
        given = next((v.decode("latin-1") for k, v in scope["headers"]
                      if k == b"x-request-id"), "")
        request_id = given if _CLIENT_ID.match(given) else secrets.token_hex(8)
        token = current.set(request_id)

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"x-request-id", request_id.encode()))
                message = {**message, "headers": headers}
            await send(message)

        try:  # a socket's messages pass unwrapped: its header went out with the handshake
            await app(scope, receive, send_with_id if scope["type"] == ScopeType.HTTP else send)
        finally:
            current.reset(token)

    return middleware


class RequestIdFilter(logging.Filter):
    """Adds `request_id` (or "-") to every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = current.get() or "-"
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", None) or current.get(),
        }
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


_FILTER = RequestIdFilter()


def configure_logging(json_lines: bool) -> None:
    """Add request ids to every handler's records; JSON lines when asked."""
    loggers = [logging.getLogger(), *(logging.getLogger(n) for n in
                                      ("uvicorn", "uvicorn.error", "uvicorn.access"))]
    handlers: set[logging.Handler] = {h for logger in loggers for h in logger.handlers}
    if not handlers:
        handler: logging.Handler = logging.StreamHandler()
        logging.getLogger().addHandler(handler)
        logging.getLogger().setLevel(logging.INFO)
        handlers = {handler}
    for handler in handlers:
        if _FILTER not in handler.filters:
            handler.addFilter(_FILTER)
        if json_lines:
            handler.setFormatter(JsonFormatter())
