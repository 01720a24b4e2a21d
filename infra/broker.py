"""Redis pub/sub as a wake-up after commit: "game G reached version V", on G's own channel.

Redis is never the source of truth. A publish happens only after the append committed, from
a background queue (`publish_soon`): a command's reply never waits for Redis, even a hung
one; a failed publish is logged and dropped, so commands succeed while Redis is down.
Subscribers re-read what changed from PostgreSQL; after a lost connection they reconnect
with backoff and then ask every listener to catch up from PostgreSQL, so a lost message
costs latency, never data.

**One channel per game** (`<prefix>:<game id>`), not one per hash slot. A process
subscribes to the games it serves: those it follows live (`follow`/`unfollow`, as sockets
come and go) and, for a minute after it last read or commanded one, those it serves over
HTTP (`lease`: its kept copy then answers reads naming a version from memory). It
receives the wake-ups of those games only: with P processes and M moves a second, each
process decodes the moves of its own games rather than all M, and Redis delivers each
wake-up to the processes that follow its game rather than to all P. Per-slot channels
would bound the number of subscriptions (16384 at most) but not the traffic: a process
following g games out of G spread over S slots hears about min(1, g/S) of every slot's
games, most of which it does not serve, and by a few thousand followed games it hears
nearly everything again. Per-game channels are exact; their cost is one subscription per
followed game (about a hundred bytes in Redis, one `SUBSCRIBE` when the first socket of a
game joins, one `UNSUBSCRIBE` when its last one leaves).

A second, low-traffic channel (`<prefix>:bots`) carries the wake-ups of games with bot
seats only, for `polis bots` workers (`listen_bots`), which play the bots of games
commanded elsewhere at once.

**Topics** (`<prefix>:topic:<name>`, `listen`/`publish_topic_soon`) carry wake-ups that
are not for a game's own followers: the lobby's (a public table changed) and a player's (a
table seated that player). Their messages are the same "game G reached version V", handed
to `on_topic` with the topic's name; when a topic's subscription is confirmed (or comes
back) `on_topic` is told with no game, so its listener reads once what it may have missed.

On a single Redis these are plain channels (`PUBLISH`/`SUBSCRIBE`). On a Redis Cluster
(`cluster=True`) they are sharded channels (`SPUBLISH`/`SSUBSCRIBE`,
`infra/wake_shards.py`): each lives on the master owning its slot, and this process holds
one publishing and one subscribing connection per master, each with its own queue and its
own reconnection, so a node that is down costs only the wake-ups of its own games (their
followers catch up from PostgreSQL when it is back, or at the next periodic check) and
the other nodes' games flow on.

Each connection also holds a subscription to an anchor channel nobody publishes to: a
connection with no subscription at all would have its replies read by redis-py as
health checks, which must not race with the reader. A game's subscription is live once
Redis confirmed it (`since`); then `on_live` lets the listeners read once what they may
have missed between their own read and that moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Callable

import redis.asyncio as aioredis
from redis.asyncio.client import PubSub
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import RedisError

from infra.wake_shards import ClusterShards, Node, OneServer, quick

_log = logging.getLogger(__name__)

WakeHandler = Callable[[uuid.UUID, int], None]
CatchUpHandler = Callable[[], None]
LiveHandler = Callable[[list[uuid.UUID]], None]
TopicHandler = Callable[[str, uuid.UUID | None, int], None]
"""(topic, game, version); game None: the topic's subscription is (again) live."""

OUTBOX = 10_000
"""Games with a wake-up waiting to be published, per node, before the oldest is dropped."""
LEASE_SECONDS = 60.0
"""How long a process keeps hearing a game after its own last append to it (`lease`)."""
PING_SECONDS = 5.0
"""A subscribing connection silent this long is pinged; silent three times that, dropped."""


def encode_wake(game_id: uuid.UUID, version: int) -> str:
    return f"{game_id}:{version}"


def decode_wakes(message: str | bytes) -> list[tuple[uuid.UUID, int]]:
    """The wake-ups of one message: one per line (a publisher sends what it has queued
    in one message), malformed lines left out."""
    text = message.decode() if isinstance(message, bytes) else message
    return [wake for line in text.split("\n") if (wake := decode_wake(line)) is not None]


def decode_wake(message: str | bytes) -> tuple[uuid.UUID, int] | None:
    """The (game, version) of a wake-up, or None for anything malformed."""
    text = message.decode() if isinstance(message, bytes) else message
    game, _, version = text.partition(":")
    try:
        return uuid.UUID(game), int(version)
    except ValueError:
        return None


class Broker:
    """Publishes wake-ups and keeps this process subscribed to the games it follows."""

    def __init__(
        self,
        url: str,
        channel: str,
        on_wake: WakeHandler,
        on_catch_up: CatchUpHandler,
        max_backoff: float = 2.0,
        *,
        cluster: bool = False,
        on_live: LiveHandler | None = None,
        on_topic: TopicHandler | None = None,
    ) -> None:
        self.url = url
        self.channel = channel
        """The prefix of every channel of this deployment."""
        self.on_wake = on_wake
        self.on_catch_up = on_catch_up
        self.on_live = on_live or (lambda games: None)
        self.on_topic = on_topic or (lambda topic, game, version: None)
        self.max_backoff = max_backoff
        self.shards = ClusterShards(url) if cluster else OneServer(url)
        self.dropped = 0
        """Wake-ups dropped because Redis could not take them (followers catch up anyway)."""
        self.received = 0
        """Wake-ups received (each a game and a version), every channel together."""
        self._wanted: dict[str, int] = {}
        """Channels this process wants, with how many asked for each."""
        self._live: dict[str, float] = {}
        """Channels whose subscription Redis confirmed, since when (monotonic)."""
        self._fresh: list[uuid.UUID] = []
        self._leases: dict[uuid.UUID, float] = {}
        """Games heard until a time (monotonic) whatever their followers (`lease`)."""
        self._sweeper: asyncio.Task[None] | None = None
        self._links: dict[Node, _Link] = {}
        self._outlets: dict[Node, _Outlet] = {}
        self._shared: aioredis.Redis | RedisCluster | None = None
        self._started = False
        self._boot: asyncio.Task[None] | None = None
        self._refresher: asyncio.Task[None] | None = None

    # -- channels ----------------------------------------------------------------------------

    def game_channel(self, game_id: uuid.UUID) -> str:
        return f"{self.channel}:{game_id}"

    @property
    def bots_channel(self) -> str:
        return f"{self.channel}:bots"

    def topic_channel(self, topic: str) -> str:
        return f"{self.channel}:topic:{topic}"

    def _topic_of(self, channel: str | None) -> str | None:
        head = f"{self.channel}:topic:"
        return channel[len(head):] if channel and channel.startswith(head) else None

    def listen(self, topic: str) -> None:
        """Hear `topic`'s wake-ups (until as many `unlisten`)."""
        self._want(self.topic_channel(topic), 1)

    def unlisten(self, topic: str) -> None:
        self._want(self.topic_channel(topic), -1)

    @property
    def anchor(self) -> str:
        return f"{self.channel}:anchor"

    def follow(self, game_id: uuid.UUID) -> None:
        """Hear `game_id`'s wake-ups (until as many `unfollow`)."""
        self._want(self.game_channel(game_id), 1)

    def unfollow(self, game_id: uuid.UUID) -> None:
        self._want(self.game_channel(game_id), -1)

    def lease(self, game_id: uuid.UUID, seconds: float = LEASE_SECONDS) -> None:
        """Hear `game_id`'s wake-ups for `seconds` more (a game this process serves: its
        kept copy then answers reads naming a version without reading again)."""
        if game_id not in self._leases:
            self.follow(game_id)
        self._leases[game_id] = time.monotonic() + seconds

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            for game_id in [g for g, until in self._leases.items() if until < now]:
                del self._leases[game_id]
                self.unfollow(game_id)

    def listen_bots(self) -> None:
        """Hear the wake-ups of every game with bot seats (a `polis bots` worker)."""
        self._want(self.bots_channel, 1)

    def _want(self, channel: str, delta: int) -> None:
        count = self._wanted.get(channel, 0) + delta
        if count > 0:
            self._wanted[channel] = count
            if count == delta:  # new
                self._place(channel, True)
        elif channel in self._wanted:
            del self._wanted[channel]
            self._place(channel, False)

    def _place(self, channel: str, wanted: bool) -> None:
        node = self.shards.node_of(channel)
        link = None if node is None else self._links.get(node)
        if link is not None:
            link.want(channel, wanted)
        elif wanted and self._started:
            self._spawn_refresh()  # no master known for it yet

    def since(self, game_id: uuid.UUID) -> float | None:
        """When this process began to hear `game_id`'s wake-ups (monotonic), or None."""
        return self._live.get(self.game_channel(game_id))

    def subscriptions(self) -> int:
        """Channels subscribed and confirmed (the anchors not counted)."""
        return len(self._live)

    @property
    def subscribed(self) -> bool:
        """Whether every connection to Redis is subscribed (wake-ups of any game arrive)."""
        return bool(self._links) and all(link.up for link in self._links.values())

    # -- publishing --------------------------------------------------------------------------

    def publish_soon(self, game_id: uuid.UUID, version: int, *, bots: bool = False) -> None:
        """Queue a wake-up; never blocks (the node's oldest waiting game is dropped when its
        queue is full). `bots`: the game has bot seats (also on the bots channel)."""
        for channel in (self.game_channel(game_id), *((self.bots_channel,) if bots else ())):
            self._put(channel, game_id, version)

    def publish_topic_soon(self, topic: str, game_id: uuid.UUID, version: int) -> None:
        """Queue a wake-up of `game_id` on `topic` (as `publish_soon`: never blocks)."""
        self._put(self.topic_channel(topic), game_id, version)

    def _put(self, channel: str, game_id: uuid.UUID, version: int) -> None:
        node = self.shards.node_of(channel)
        if node is None:
            self.dropped += 1
            self._spawn_refresh()
            return
        self._outlet(node).put(channel, game_id, version)

    async def publish(self, game_id: uuid.UUID, version: int) -> bool:
        """Publish one wake-up now; False (logged, not raised) when Redis did not take it."""
        channel = self.game_channel(game_id)
        node = self.shards.node_of(channel)
        if node is None:
            return False
        return await self._outlet(node).send({channel: {game_id: version}})

    def _outlet(self, node: Node) -> _Outlet:
        """The node's publishing side, made (and started, once this broker is) at first use."""
        outlet = self._outlets.get(node)
        if outlet is None:
            outlet = self._outlets[node] = _Outlet(self, node)
        if self._started:
            outlet.start()
        return outlet

    async def ping(self) -> bool:
        """Whether every master answers PING."""
        nodes = self.shards.nodes()
        if not nodes:
            return False
        answers = await asyncio.gather(*(self._ping(node) for node in nodes))
        return all(answers)

    async def _ping(self, node: Node) -> bool:
        try:
            return bool(await self._outlet(node).client.ping())
        except (RedisError, OSError):
            return False

    @property
    def client(self) -> aioredis.Redis | RedisCluster:
        """A client with short time-outs for other small shared state (rate counters)."""
        if self._shared is None:
            self._shared = self.shards.shared()
        return self._shared

    # -- running -----------------------------------------------------------------------------

    def start(self) -> None:
        if self._started:
            return
        self._started = True
        self._boot = asyncio.create_task(self._begin(), name="broker")
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="broker-leases")

    async def _begin(self) -> None:
        """Read the cluster's map (until some node answers), then connect to each master."""
        delay = 0.05
        while not self.shards.nodes():
            await self.shards.refresh()
            if not self.shards.nodes():
                await asyncio.sleep(delay)
                delay = min(delay * 2, self.max_backoff)
        self._arrange()

    def _arrange(self) -> None:
        """Links to exactly the current masters, each wanting the channels of its slots."""
        masters = set(self.shards.nodes())
        for node in list(self._links):
            if node not in masters:
                self._links.pop(node).stop_soon()
        wants: dict[Node, set[str]] = {node: set() for node in masters}
        for channel in self._wanted:
            owner = self.shards.node_of(channel)
            if owner is not None and owner in wants:
                wants[owner].add(channel)
        for node in masters:
            link = self._links.get(node)
            if link is None:
                link = self._links[node] = _Link(self, node)
                link.start()
            link.reset(wants[node])
        for outlet in self._outlets.values():
            outlet.start()

    def _spawn_refresh(self) -> None:
        if self._started and (self._refresher is None or self._refresher.done()):
            self._refresher = asyncio.create_task(self.refresh(), name="broker-map")

    async def refresh(self) -> None:
        """Read the slot map again; on a change, move each channel to its new master."""
        if await self.shards.refresh():
            _log.info("the cluster's slot map changed; placing the channels again")
            self._arrange()

    async def stop(self) -> None:
        for task in (self._boot, self._refresher, self._sweeper):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._boot = self._refresher = self._sweeper = None
        for link in self._links.values():
            await link.stop()
        for outlet in self._outlets.values():
            await outlet.stop()
        self._links.clear()
        self._started = False
        if self._shared is not None:
            with contextlib.suppress(Exception):
                await self._shared.aclose()
            self._shared = None

    async def wait_subscribed(self, timeout: float = 10.0) -> None:
        """Wait until every connection is subscribed and every wanted channel confirmed."""
        async with asyncio.timeout(timeout):
            while not (self.subscribed and len(self._live) >= len(self._wanted)):
                await asyncio.sleep(0.02)

    # -- what the links tell -----------------------------------------------------------------

    def _heard(self, data: bytes | str, channel: str | None = None) -> None:
        wakes = decode_wakes(data)
        self.received += len(wakes)
        topic = self._topic_of(channel)
        for wake in wakes:
            if topic is None:
                self.on_wake(*wake)
            else:
                self.on_topic(topic, *wake)

    def _confirmed(self, channel: str) -> None:
        self._live[channel] = time.monotonic()
        topic = self._topic_of(channel)
        if topic is not None:
            asyncio.get_running_loop().call_soon(self.on_topic, topic, None, 0)
            return
        game = _game_of(channel, self.channel)
        if game is not None:
            if not self._fresh:
                asyncio.get_running_loop().call_soon(self._tell_live)
            self._fresh.append(game)

    def _tell_live(self) -> None:
        games, self._fresh = self._fresh, []
        if games:
            self.on_live(games)

    def _gone(self, channel: str) -> None:
        self._live.pop(channel, None)


def _game_of(channel: str, prefix: str) -> uuid.UUID | None:
    head, _, tail = channel.rpartition(":")
    if head != prefix:
        return None
    try:
        return uuid.UUID(tail)
    except ValueError:
        return None


class _Outlet:
    """The publishing side for one node: its own queue, connection and task."""

    def __init__(self, broker: Broker, node: Node) -> None:
        self.broker = broker
        self.node = node
        self.client = broker.shards.client(node, **quick(socket_timeout=0.5))
        self._box: dict[str, dict[uuid.UUID, int]] = {}
        self._waiting = 0
        self._ready = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._send_forever(), name=f"publish-{self.node}")

    def put(self, channel: str, game_id: uuid.UUID, version: int) -> None:
        games = self._box.setdefault(channel, {})
        if game_id not in games:
            if self._waiting >= OUTBOX:
                self._drop_oldest()
            self._waiting += 1
        games[game_id] = max(version, games.get(game_id, 0))
        self._ready.set()

    def _drop_oldest(self) -> None:
        channel = next(iter(self._box))
        games = self._box[channel]
        games.pop(next(iter(games)))
        if not games:
            del self._box[channel]
        self._waiting -= 1
        self.broker.dropped += 1

    async def _send_forever(self) -> None:
        """Publish what is queued, one message per channel (a game's newest version only;
        the bots channel's games together) and one round trip per batch."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            batch, self._box, self._waiting = self._box, {}, 0
            if batch:
                await self.send(batch)

    async def send(self, batch: dict[str, dict[uuid.UUID, int]]) -> bool:
        command = self.broker.shards.publish
        try:
            async with self.client.pipeline(transaction=False) as pipe:
                for channel, games in batch.items():
                    pipe.execute_command(command, channel, "\n".join(
                        encode_wake(game, version) for game, version in games.items()))
                replies = await pipe.execute(raise_on_error=False)
        except (RedisError, OSError) as exc:
            self.broker.dropped += sum(len(g) for g in batch.values())
            _log.warning("%d wake-ups not published to %s:%d: %s",
                         sum(len(g) for g in batch.values()), *self.node, exc)
            self.broker._spawn_refresh()
            return False
        failed = [r for r in replies if isinstance(r, Exception)]
        if failed:
            self.broker.dropped += len(failed)
            _log.warning("%d wake-ups refused by %s:%d: %s", len(failed), *self.node, failed[0])
            self.broker._spawn_refresh()  # MOVED: the slot map changed
        return not failed

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        with contextlib.suppress(Exception):
            await self.client.aclose()


class _Link:
    """The subscribing side for one node: one connection, re-made with backoff, holding the
    channels of that node this process wants."""

    def __init__(self, broker: Broker, node: Node) -> None:
        self.broker = broker
        self.node = node
        self.up = False
        self._wanted: set[str] = set()
        self._have: set[str] = set()
        """Channels asked of the server on the current connection (and not dropped)."""
        self._leaving: dict[str, int] = {}
        """Unsubscriptions sent and not confirmed yet, by channel."""
        self._dirty = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run_forever(), name=f"subscribe-{self.node}")

    def want(self, channel: str, wanted: bool) -> None:
        (self._wanted.add if wanted else self._wanted.discard)(channel)
        self._dirty.set()

    def reset(self, channels: set[str]) -> None:
        self._wanted = set(channels)
        self._dirty.set()

    def stop_soon(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._forget()

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def _forget(self) -> None:
        for channel in self._have:
            self.broker._gone(channel)
        self._have, self._leaving = set(), {}
        self.up = False

    async def _run_forever(self) -> None:
        delay = 0.05
        while True:
            client = self.broker.shards.client(self.node, **quick())
            try:
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(self.broker.anchor)
                    async with asyncio.timeout(2.0):
                        while (await pubsub.get_message(timeout=1.0) or {}).get(
                                "type") != "subscribe":
                            pass
                    self.up, delay = True, 0.05
                    self._dirty.set()
                    self.broker.on_catch_up()  # anything published while we were away
                    async with asyncio.TaskGroup() as group:
                        group.create_task(self._read(pubsub))
                        group.create_task(self._sync(pubsub))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # any failure: reconnect, never die
                if self.up:
                    _log.warning("redis subscription to %s:%d lost: %s", *self.node, exc)
            finally:
                self._forget()
                with contextlib.suppress(Exception):
                    await client.aclose()
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.broker.max_backoff)
            await self.broker.refresh()

    async def _sync(self, pubsub: PubSub) -> None:
        """Bring the connection's subscriptions to the wanted ones, whenever they change."""
        shards = self.broker.shards
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            add = sorted(self._wanted - self._have)
            remove = sorted(self._have - self._wanted)
            for channel in add:
                self._have.add(channel)
                await pubsub.execute_command(shards.subscribe, channel)
            for channel in remove:
                self._have.discard(channel)
                self._leaving[channel] = self._leaving.get(channel, 0) + 1
                self.broker._gone(channel)
                await pubsub.execute_command(shards.unsubscribe, channel)

    async def _read(self, pubsub: PubSub) -> None:
        heard = time.monotonic()
        while True:
            message = await pubsub.get_message(timeout=PING_SECONDS)
            if message is None:
                if time.monotonic() - heard > 3 * PING_SECONDS:
                    raise TimeoutError("no answer to pings")
                await pubsub.ping()
                continue
            heard = time.monotonic()
            kind, channel = message["type"], message.get("channel")
            name = channel.decode() if isinstance(channel, bytes) else str(channel)
            if kind in ("message", "smessage"):
                self.broker._heard(message["data"], name)
            elif kind in ("subscribe", "ssubscribe"):
                if name in self._have:
                    self.broker._confirmed(name)
            elif kind in ("unsubscribe", "sunsubscribe"):
                self.broker._gone(name)  # a subscription sent since confirms it again
                left = self._leaving.get(name, 0)
                if left > 1:
                    self._leaving[name] = left - 1
                elif left == 1:
                    del self._leaving[name]
                elif name in self._have:
                    # the server dropped a channel we still hold: its slot moved elsewhere
                    raise RuntimeError(f"{name} unsubscribed by the server")
