"""The access log's handler (`api/http/access_log.py`): lines are written in batches, off the
request path, yet none is lost or held back long."""

from __future__ import annotations

import io
import logging
import time

from api.http.access_log import BufferedStreamHandler, DropQueryStrings


class CountingStream(io.StringIO):
    """A stream that counts its flushes (each is a system call on a real file)."""

    def __init__(self) -> None:
        super().__init__()
        self.flushes = 0
        self.flushed = ""

    def flush(self) -> None:
        self.flushes += 1
        self.flushed = self.getvalue()


def _logger(handler: logging.Handler) -> logging.Logger:
    logger = logging.getLogger(f"test.access.{id(handler)}")
    logger.propagate = False
    logger.setLevel(logging.INFO)
    logger.addHandler(handler)
    return logger


def test_a_burst_of_lines_is_flushed_once_and_soon() -> None:
    stream = CountingStream()
    handler = BufferedStreamHandler(stream, interval=0.05)
    logger = _logger(handler)
    try:
        for i in range(500):
            logger.info("GET /games/%d/legal-moves 200", i)
        assert stream.flushes == 0  # written to the buffer, not flushed per line
        deadline = time.monotonic() + 5
        while stream.flushes == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert stream.flushes == 1
        assert stream.flushed.count("\n") == 500
        time.sleep(0.2)
        assert stream.flushes == 1  # nothing new: no flush
    finally:
        handler.close()


def test_closing_flushes_what_is_left() -> None:
    stream = CountingStream()
    handler = BufferedStreamHandler(stream, interval=60)
    logger = _logger(handler)
    logger.info("POST /games/x/commands 201")
    assert stream.flushed == ""
    handler.close()
    assert stream.flushed.endswith("POST /games/x/commands 201\n")


def test_query_strings_never_reach_the_line() -> None:
    stream = CountingStream()
    handler = BufferedStreamHandler(stream, interval=60)
    logger = _logger(handler)
    logger.addFilter(DropQueryStrings())
    logger.info('%s - "%s %s HTTP/1.1" %d', "127.0.0.1", "GET",
                "/games/x/view?token=secret-seat-token", 200)
    handler.close()
    assert "secret-seat-token" not in stream.getvalue()
    assert '"GET /games/x/view HTTP/1.1" 200' in stream.getvalue()
