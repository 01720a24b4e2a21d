"""Where a wake-up channel lives: the one Redis server, or the master owning its slot.

`OneServer` is a single Redis (plain `PUBLISH`/`SUBSCRIBE`). `ClusterShards` is a Redis
Cluster with sharded pub/sub (`SPUBLISH`/`SSUBSCRIBE`): a channel lives on the master that
owns its hash slot, so a wake-up crosses one node only and a node carries only the channels
of its slots. Its map of slots to masters comes from `CLUSTER SLOTS` on any node it knows
(the URL's first), read again when a node fails or a reply says the slot moved. The map is
the only cluster logic here: the broker keeps one connection per master of its own, so a
node that is down slows down nothing but its own channels.
"""

from __future__ import annotations

import contextlib
import logging
import time
from typing import Any, NamedTuple
from urllib.parse import urlsplit, urlunsplit

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.backoff import NoBackoff
from redis.crc import REDIS_CLUSTER_HASH_SLOTS, key_slot
from redis.exceptions import RedisError
from redis.retry import Retry

_log = logging.getLogger(__name__)

REFRESH_SECONDS = 0.5
"""The shortest time between two reads of the cluster's slot map."""


class Node(NamedTuple):
    host: str
    port: int


def _node_of_url(url: str) -> Node:
    parts = urlsplit(url)
    return Node(parts.hostname or "127.0.0.1", parts.port or 6379)


def quick(**extra: Any) -> dict[str, Any]:
    """Options of a connection that fails fast and never retries on its own (the broker
    decides when to try again)."""
    return {"socket_connect_timeout": 0.5, "retry": Retry(NoBackoff(), 0),
            "retry_on_timeout": False, **extra}


class OneServer:
    """A single Redis: every channel on it, plain pub/sub."""

    sharded = False
    subscribe, unsubscribe, publish = "SUBSCRIBE", "UNSUBSCRIBE", "PUBLISH"

    def __init__(self, url: str) -> None:
        self.url = url
        self.seed = _node_of_url(url)

    def nodes(self) -> list[Node]:
        return [self.seed]

    def node_of(self, channel: str) -> Node | None:
        return self.seed

    async def refresh(self) -> bool:
        """Read the map again; True when it changed (never, for one server)."""
        return False

    def client(self, node: Node, **options: Any) -> aioredis.Redis:
        return aioredis.Redis.from_url(self.url, **options)

    def shared(self) -> aioredis.Redis | RedisCluster:
        """A client for other small shared state (keys, each routed to its node)."""
        return self.client(self.seed, **quick(socket_timeout=0.5))


class ClusterShards(OneServer):
    """A Redis Cluster: a channel on the master of its slot, sharded pub/sub."""

    sharded = True
    subscribe, unsubscribe, publish = "SSUBSCRIBE", "SUNSUBSCRIBE", "SPUBLISH"

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self._slots: list[Node | None] = [None] * REDIS_CLUSTER_HASH_SLOTS
        self._masters: list[Node] = []
        self._known: list[Node] = [self.seed]
        self._read_at = float("-inf")

    def nodes(self) -> list[Node]:
        return list(self._masters)

    def node_of(self, channel: str) -> Node | None:
        """The master of the channel's slot; None while no master owns it (as far as the
        last map read knows)."""
        return self._slots[key_slot(channel.encode())]

    async def refresh(self) -> bool:
        if time.monotonic() - self._read_at < REFRESH_SECONDS:
            return False
        self._read_at = time.monotonic()
        for node in list(self._known):
            client = self.client(node, **quick(socket_timeout=1.0))
            try:
                reply = await client.execute_command(  # type: ignore[no-untyped-call]
                    "CLUSTER", "SLOTS")
            except (RedisError, OSError) as exc:
                _log.debug("no slot map from %s:%d: %s", *node, exc)
                continue
            finally:
                with contextlib.suppress(Exception):
                    await client.aclose()
            return self._read(reply, node)
        _log.warning("no node of the cluster answered CLUSTER SLOTS")
        return False

    def _read(self, reply: list[Any], asked: Node) -> bool:
        slots: list[Node | None] = [None] * REDIS_CLUSTER_HASH_SLOTS
        masters: list[Node] = []
        for entry in reply:
            start, end, master = int(entry[0]), int(entry[1]), entry[2]
            host = master[0].decode() if isinstance(master[0], bytes) else str(master[0])
            node = Node(host if host and host != "?" else asked.host, int(master[1]))
            if node not in masters:
                masters.append(node)
            slots[start:end + 1] = [node] * (end - start + 1)
        changed = slots != self._slots
        self._slots, self._masters = slots, masters
        self._known = [*masters, *(n for n in self._known if n not in masters)]
        return changed

    def client(self, node: Node, **options: Any) -> aioredis.Redis:
        parts = urlsplit(self.url)
        auth = parts.netloc.rpartition("@")[0]
        netloc = f"{auth}@{node.host}:{node.port}" if auth else f"{node.host}:{node.port}"
        return aioredis.Redis.from_url(urlunsplit(parts._replace(netloc=netloc, path="")),
                                       **options)

    def shared(self) -> aioredis.Redis | RedisCluster:
        return RedisCluster.from_url(self.url, socket_connect_timeout=0.5, socket_timeout=0.5)
