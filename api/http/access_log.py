"""Access logs without query strings: nothing secret a client put in a URL gets written.

Seat tokens never belong in URLs (the WebSocket takes them in a header or its first
message), but a client may still send one there; uvicorn logs the path with its query, so a
filter on its loggers cuts every query string from the record before it is formatted.
"""

from __future__ import annotations

import logging
import re

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
