"""One socket write per turn of the event loop, however many pieces a response is sent in.

uvicorn writes an HTTP response's head and its body with two `transport.write` calls, and a
socket's updates as one call per frame; on a loopback or virtual network each call is a
system call that also runs the receiver's side of the stack, and it was the largest single
cost of a move's request (about a quarter of the server's CPU). `CoalescedTransport` keeps
what is written during one turn of the loop and hands it to the real transport in one
write when the turn ends, so a response's head and body, or the frames one commit sends on
one socket, leave together. Order is kept (every write goes through the buffer); closing
sends what is pending first; aborting drops it, as the real transport would.
"""

from __future__ import annotations

import asyncio
from typing import Any


class CoalescedTransport:
    """A transport's proxy that joins the writes of one event-loop turn."""

    __slots__ = ("_loop", "_pending", "_transport")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._pending: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        if not self._pending:
            self._loop.call_soon(self._flush)
        self._pending.append(bytes(data))

    def writelines(self, lines: Any) -> None:
        for data in lines:
            self.write(data)

    def _flush(self) -> None:
        pending, self._pending = self._pending, []
        if pending and not self._transport.is_closing():
            self._transport.write(pending[0] if len(pending) == 1 else b"".join(pending))

    def close(self) -> None:
        self._flush()
        self._transport.close()

    def write_eof(self) -> None:
        self._flush()
        self._transport.write_eof()

    def abort(self) -> None:
        self._pending = []
        self._transport.abort()

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size() + sum(map(len, self._pending))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)
