"""Access logs without query strings, written in batches.

Seat tokens never belong in URLs (the WebSocket takes them in a header or its first
message), but a client may still send one there; uvicorn logs the path with its query, so a
filter on its loggers cuts every query string from the record before it is formatted.

An access line is a system call when its handler flushes it at once, on the event loop,
for every request: the hot routes paid it on every move. `BufferedStreamHandler` leaves the
lines in the stream's buffer and flushes it from a thread of its own every `interval`
seconds (and when closed): a line reaches the log at most that late, whatever the load.
"""

from __future__ import annotations

import logging
import re
import threading
from typing import IO, Any

_QUERY = re.compile(r"\?[^\s\"']*")


class DropQueryStrings(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and record.args:
            record.args = tuple(
                _QUERY.sub("", a) if isinstance(a, str) and "?" in a else a
                for a in record.args
            )
        if isinstance(record.msg, str) and "?" in record.msg and not record.args:
            record.msg = _QUERY.sub("", record.msg)
        return True


_FILTER = DropQueryStrings()


def drop_query_strings() -> None:
    """Install the filter on uvicorn's loggers (idempotent)."""
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn"):
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)


class BufferedStreamHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """A stream handler that flushes at most every `interval` seconds, off the event loop."""

    def __init__(self, stream: IO[str] | None = None, interval: float = 0.25) -> None:
        super().__init__(stream)
        self.interval = interval
        self._pending = False
        self._stopping = threading.Event()
        threading.Thread(target=self._flush_now_and_then, name="polis-access-log",
                         daemon=True).start()

    def flush(self) -> None:
        """Called after every record: only noted here."""
        self._pending = True

    def flush_now(self) -> None:
        self._pending = False
        super().flush()

    def _flush_now_and_then(self) -> None:
        while not self._stopping.wait(self.interval):
            if self._pending:
                self.flush_now()

    def close(self) -> None:
        self._stopping.set()
        self.flush_now()
        super().close()


def buffered_access_handler(config: dict[str, Any]) -> None:
    """Make uvicorn's `access` handler of a logging configuration a `BufferedStreamHandler`."""
    handler = config["handlers"]["access"]
    handler["class"] = f"{__name__}.BufferedStreamHandler"
