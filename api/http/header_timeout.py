"""A bound on how long a client may take to send a request's headers.

uvicorn times out idle keep-alive connections only after a response: a connection that
never sends anything, or sends half a request and stops, was held for ever (350 from one
client were). `polis serve` uses this HTTP protocol instead: from connecting, and from the
first byte of each request, the headers must be complete within
`POLIS_HEADER_TIMEOUT_SECONDS`; otherwise a started request is answered 408 and the
connection is closed (one that sent nothing is just closed, as nginx does).
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from infra.settings import Settings

_MESSAGE = b"request headers took too long\n"
_TIMED_OUT = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(_MESSAGE), _MESSAGE)
)


@functools.cache
def header_timeout() -> float:
    """The bound, from the environment `polis serve` hands every worker process."""
    return Settings.from_env().header_timeout_seconds


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, with a deadline on every request's headers."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._headers_deadline: asyncio.TimerHandle | None = None
        self._request_started = False

    def _arm(self) -> None:
        self._disarm()
        self._headers_deadline = self.loop.call_later(header_timeout(), self._headers_late)

    def _disarm(self) -> None:
        if self._headers_deadline is not None:
            self._headers_deadline.cancel()
            self._headers_deadline = None

    def _headers_late(self) -> None:
        self._headers_deadline = None
        if self.transport.is_closing():
            return
        # a response still being written (a pipelined request before this one) is not cut
        if self._request_started and (self.cycle is None or self.cycle.response_complete):
            self.transport.write(_TIMED_OUT)
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._request_started = True
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        self._request_started = False
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)
