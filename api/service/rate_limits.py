"""Per-client limits: rates of creating games and of commands (429 with Retry-After), and
open WebSockets.

The client is the peer address (behind a trusted proxy, the address it forwards: see
`api/http/forwarded.py`). Rate counts are shared across processes and replicas through Redis
without ever waiting for it (`infra/counters.py`); open sockets are counted in each process
(a socket lives in one process, and a count in Redis would outlive a process that died).
"""

from __future__ import annotations

from typing import Any

from api.service.refusals import Throttled
from infra.counters import SharedCounters
from infra.settings import Rate


class RateLimits:
    def __init__(self, counters: SharedCounters, create: Rate, commands: Rate) -> None:
        self.counters = counters
        self.create = create
        self.commands = commands

    def _check(self, name: str, client: str, rate: Rate, what: str) -> None:
        wait = self.counters.hit(name, client, rate.count, rate.seconds)
        if wait:
            raise Throttled(
                "rate_limited",
                f"at most {rate.count} {what} per {rate.seconds} s from one client; "
                f"retry in {wait} s",
                wait, {"limit": rate.count, "seconds": rate.seconds},
            )

    def check_create(self, client: str) -> None:
        self._check("create", client, self.create, "games created")

    def check_command(self, client: str) -> None:
        self._check("commands", client, self.commands, "commands")


def player_key(player_id: object) -> str:
    """A player's own rate-limit key, beside its address's: one player acting from many
    addresses is held to the same rates as one address."""
    return f"player:{player_id}"


class OpenSockets:
    """The WebSockets each client holds open in this process, at most `limit` each."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}

    def open(self, client: str) -> bool:
        """Count one more socket of `client`; False (nothing counted) when it has `limit`."""
        held = self._open.get(client, 0)
        if held >= self.limit:
            return False
        self._open[client] = held + 1
        return True

    def close(self, client: str) -> None:
        held = self._open.pop(client) - 1
        if held:
            self._open[client] = held


def client_of(connection: Any) -> str:
    """The client's address as the server sees it (forwarded by trusted proxies)."""
    client = getattr(connection, "client", None)
    return client.host if client is not None and client.host else "unknown"
