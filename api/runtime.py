"""The composition root: wires settings, the pool, the store, the broker and the services."""

from __future__ import annotations

import functools
import logging
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import asyncpg
from litestar import Litestar
from litestar.connection import ASGIConnection

from api.runners.bots import BotRunner, BotSettings
from api.runners.chat_feed import ChatFeed, chat_topic
from api.runners.deliveries import Deliveries
from api.runners.fanout import Hub, MovesOf, encoded_moves
from api.runners.lobby_feed import LOBBY_TOPIC, LobbyFeed
from api.runners.matchmaker import Matchmaker, match_settings
from api.runners.periodic import Periodic
from api.runners.player_feed import PlayerFeed, invited_of, player_topic
from api.runners.ratings import RatingRunner, RatingSettings
from api.runners.table_expiry import TableExpiry
from api.runners.ticket_pushes import TicketPushes
from api.runners.timeouts import ClockSettings, TimeoutRunner
from api.service.bot_seats import playing_levels
from api.service.chat import Chat, ChatLimits
from api.service.clocks import ClocksAt, served_clocks
from api.service.commands import Committed
from api.service.game_service import GameService
from api.service.identity import Identities, JwtSettings
from api.service.import_worker import ImportPool
from api.service.matchmaking import Matchmaking
from api.service.metrics import Metrics
from api.service.notifications import Notifier, NotifySettings
from api.service.rate_limits import RateLimits, client_of
from api.service.tables import TABLE_CHANGES, Tables
from domain.kernel import Game
from infra import service_clock
from infra.append_batches import AppendBatches
from infra.broker import Broker
from infra.counters import SharedCounters
from infra.db import create_pool
from infra.embedded import EmbeddedRedis, start_postgres, start_redis
from infra.event_store import EventStore, GameRecord
from infra.migrate import migrate
from infra.service_clock import REFRESH_SECONDS
from infra.settings import Settings

_log = logging.getLogger(__name__)


def resolve_servers(settings: Settings) -> tuple[Settings, EmbeddedRedis | None]:
    """Settings with both URLs set, starting embedded servers for those that are not."""
    database_url = settings.database_url or start_postgres(Path(settings.data_dir) / "pg")
    owned = None
    redis_url = settings.redis_url
    if redis_url is None:
        redis_url, owned = start_redis(Path(settings.data_dir) / "redis")
    return settings.with_urls(database_url, redis_url), owned


def jwt_settings(settings: Settings) -> JwtSettings | None:
    """How to check the application's JWTs; None when none are accepted."""
    if not (settings.jwt_jwks_url or settings.jwt_public_key):
        return None
    assert settings.jwt_issuer and settings.jwt_audience  # Settings.checked
    return JwtSettings(settings.jwt_issuer, settings.jwt_audience, settings.jwt_jwks_url,
                       settings.jwt_public_key, settings.jwt_algorithms)


class Runtime:
    """Everything one API process holds; built at start-up, closed at shutdown."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.pool: asyncpg.Pool | None = None
        self.broker: Broker | None = None
        self._hub: Hub | None = None
        self._players: PlayerFeed | None = None
        self._lobby: LobbyFeed | None = None
        self._service: GameService | None = None
        self._batches: AppendBatches | None = None
        self._identities: Identities | None = None
        self._tables: Tables | None = None
        self.expiry: TableExpiry | None = None
        self.table_counts: Counter[str] = Counter()
        """Tables opened, joined, left, started and expired by this process (metrics)."""
        self._limits: RateLimits | None = None
        self._counters: SharedCounters | None = None
        self._owned_redis: EmbeddedRedis | None = None
        self.client_of = client_of
        self.metrics = Metrics()
        self.imports = ImportPool(settings.import_workers, settings.import_seconds,
                                  settings.max_json_depth)
        self.bots: BotRunner | None = None
        self.clocks: TimeoutRunner | None = None
        self.notify = NotifySettings.from_env()
        """Webhooks, Web Push and the outbox's delivery (`api/service/notifications.py`)."""
        self.deliveries: Deliveries | None = None
        self._chat: Chat | None = None
        self.chat_feed: ChatFeed | None = None
        self.chat_limits = ChatLimits.from_env()
        self.ratings: RatingRunner | None = None
        self._matchmaking: Matchmaking | None = None
        self.matchmaker: Matchmaker | None = None
        self.tickets: TicketPushes | None = None
        self._time_follower: Periodic | None = None
        self.bots_on_wakeups = False
        """A `polis bots` worker: every wake-up (another process's append) pokes its bot
        runner, so bot turns of games commanded elsewhere are played at once rather than at
        its next (backed-off) scan. API processes play the bots of their own appends."""

    @property
    def service(self) -> GameService:
        assert self._service is not None, "runtime not started"
        return self._service

    @property
    def hub(self) -> Hub:
        assert self._hub is not None, "runtime not started"
        return self._hub

    @property
    def players(self) -> PlayerFeed:
        assert self._players is not None, "runtime not started"
        return self._players

    @property
    def lobby(self) -> LobbyFeed:
        assert self._lobby is not None, "runtime not started"
        return self._lobby

    @property
    def identities(self) -> Identities:
        assert self._identities is not None, "runtime not started"
        return self._identities

    @property
    def tables(self) -> Tables:
        assert self._tables is not None, "runtime not started"
        return self._tables

    def _table_changed(self, record: GameRecord, change: str) -> None:
        """A table changed here: metrics, then the pushes of its players (those on other
        processes through their topics) and, for a public table, of the lobby."""
        self.table_counts[change] += 1
        held = [uuid.UUID(p) for p in record.players if p] + list(invited_of(record))
        if self._players is not None:
            for player in held:
                self._players.seated(player, record.game_id)
        if self._lobby is not None and record.visibility == "public":
            self._lobby.wake()
        if self.broker is not None:
            for player in held:
                self.broker.publish_topic_soon(player_topic(player), record.game_id,
                                               record.version)
            if record.visibility == "public":
                self.broker.publish_topic_soon(LOBBY_TOPIC, record.game_id, record.version)

    def _topic_woken(self, topic: str, game_id: uuid.UUID | None, version: int) -> None:
        """A topic's wake-up: a table seated a player, or a public table changed."""
        if topic == LOBBY_TOPIC:
            if self._lobby is not None:
                self._lobby.wake()
        elif topic.startswith("chat:") and self.chat_feed is not None:
            self.chat_feed.topic_woken(topic, game_id, version)
        elif topic.startswith("player:") and self._players is not None:
            try:
                player = uuid.UUID(topic.partition(":")[2])
            except ValueError:
                return
            self._players.seated(player, game_id)
            if self.tickets is not None:
                self.tickets.changed(player)

    def _listen(self, topic: str, on: bool) -> None:
        if self.broker is not None:
            (self.broker.listen if on else self.broker.unlisten)(topic)

    def _live(self, games: list[uuid.UUID]) -> None:
        """Games' subscriptions were confirmed: read what their listeners may have missed."""
        self.hub.wake_all(games)
        self.players.check(games)

    @property
    def matchmaking(self) -> Matchmaking:
        assert self._matchmaking is not None, "runtime not started"
        return self._matchmaking

    def _ticket_changed(self, player: uuid.UUID, ticket: uuid.UUID) -> None:
        """A ticket changed here: its player's sockets here, and on other processes
        through the player's topic."""
        if self.tickets is not None:
            self.tickets.changed(player)
        if self.broker is not None:
            self.broker.publish_topic_soon(player_topic(player), ticket, 0)

    @property
    def limits(self) -> RateLimits:
        assert self._limits is not None, "runtime not started"
        return self._limits

    async def start(self) -> None:
        if self.settings.database_url is None or self.settings.redis_url is None:
            self.settings, self._owned_redis = resolve_servers(self.settings)
        settings = self.settings
        assert settings.database_url and settings.redis_url
        self.pool = await create_pool(
            settings.database_url, settings.pool_min, settings.pool_max,
            settings.lock_timeout_ms,
        )
        async with self.pool.acquire() as conn:
            applied = await migrate(conn)
        if applied:
            _log.info("applied migrations %s", applied)
        await service_clock.refresh(self.pool)  # ahead of the host's if time was injected
        self._batches = (AppendBatches(self.pool, settings.append_batch,
                                       settings.append_flushers)
                         if settings.append_batch else None)
        store = EventStore(self.pool, self._batches)
        if self._batches is not None:
            batches = self._batches
            self.metrics.gauge("polis_append_transactions_total",
                               "Transactions of batched appends this process ran.",
                               lambda: batches.transactions, "counter")
            self.metrics.gauge("polis_batched_appends_total",
                               "Appends those transactions carried.",
                               lambda: batches.appends, "counter")
        self._service = GameService(
            store, self._after_commit, settings.game_cache, settings.busy_seconds,
            self.metrics.command, settings.read_trust_seconds, settings.version_wait_seconds,
        )
        self._identities = Identities(self.pool, jwt_settings(settings))
        self._service.commands.identities = self._identities
        self._tables = Tables(self._service, self._identities, self._table_changed)
        if self.notify.enabled:
            self._service.commands.notifier = Notifier(self.notify)
        self._start_deliveries(self.pool)
        self.expiry = TableExpiry(self._tables, self.pool, settings.table_expiry_seconds)
        for change in TABLE_CHANGES:
            self.metrics.gauge(f"polis_tables_{change}_total", f"Tables {change} here.",
                               functools.partial(self.table_counts.__getitem__, change),
                               "counter")
        self._hub = Hub(store, self._ruleset, settings.heartbeat_seconds, self._clocks_at,
                        self._moves_at)
        self._players = PlayerFeed(store, settings.heartbeat_seconds)
        self._lobby = LobbyFeed(store, settings.heartbeat_seconds)
        self.broker = Broker(
            settings.redis_url, settings.channel, self._woken, self._woken_all,
            cluster=settings.redis_cluster, on_live=self._live, on_topic=self._topic_woken,
        )
        broker = self.broker
        self._start_chat(self.pool, broker)
        self._hub.interest = self._follow
        self._players.follow = self._follow
        self._players.listen = self._lobby.listen = self._listen
        self._service.games.listening = lambda: broker.subscribed
        self._service.games.listening_since = broker.since
        self._service.games.serving = broker.lease
        if self.bots_on_wakeups:
            broker.listen_bots()
        self._counters = SharedCounters(self.broker.client, f"{settings.channel}:rate")
        self._limits = RateLimits(self._counters, settings.rate_create, settings.rate_commands)
        self.broker.start()
        self._hub.start()
        self._players.start()
        self._lobby.start()
        self._counters.start()
        self._register_gauges()
        self.expiry.start()
        self.bots = bots = BotRunner(self._service, self.pool, BotSettings.from_env())
        bots.start()
        self.metrics.gauge("polis_bot_moves_total", "Moves this process's bots made.",
                           lambda: bots.moves, "counter")
        self.clocks = clocks = TimeoutRunner(self._service, self.pool, bots,
                                             ClockSettings.from_env())
        clocks.start()
        self.metrics.gauge("polis_clock_timeouts_total",
                           "Clock timeouts (and forfeits) this process appended.",
                           lambda: clocks.timeouts, "counter")
        self.metrics.gauge("polis_clock_bot_moves_total",
                           "Moves bots made here for timed-out or handed-over seats.",
                           lambda: clocks.bot_moves, "counter")
        self.ratings = ratings = RatingRunner(store, RatingSettings.from_env())
        ratings.start()
        self.metrics.gauge("polis_rated_games_total", "Rated games this process applied.",
                           lambda: ratings.applied, "counter")
        self._matchmaking = matchmaking = Matchmaking(
            self._service, ratings.settings.pools, match_settings(), self._ticket_changed,
            self._table_changed)
        self.tickets = TicketPushes(matchmaking, self._players)
        self.matchmaker = Matchmaker(matchmaking)
        self.matchmaker.start()
        if settings.time_injection:
            pool = self.pool
            self._time_follower = Periodic("service clock", lambda: REFRESH_SECONDS,
                                           lambda: self._follow_time(pool))
            self._time_follower.start()
        self.metrics.gauge("polis_tickets_matched_total", "Tickets this process matched.",
                           lambda: matchmaking.matched, "counter")

    @property
    def chat(self) -> Chat:
        assert self._chat is not None, "runtime not started"
        return self._chat

    def _start_chat(self, pool: asyncpg.Pool, broker: Broker) -> None:
        """Table chat: a message stored here wakes this process's feed and, through its
        game's chat topic, every other process's."""
        self._chat = Chat(pool, self.service, self.identities, self.chat_limits)
        self.chat_feed = feed = ChatFeed(pool)
        feed.listen = self._listen

        def posted(game_id: uuid.UUID, seq: int) -> None:
            feed.wake(game_id, seq)
            broker.publish_topic_soon(chat_topic(game_id), game_id, seq)

        self._chat.posted = posted

    def _start_deliveries(self, pool: asyncpg.Pool) -> None:
        self.deliveries = deliveries = Deliveries(pool, self.notify)
        deliveries.start()
        for outcome, text in (("delivered", "Notifications delivered by this process."),
                              ("failed", "Notification attempts that failed here (retried)."),
                              ("dead", "Notifications dead-lettered by this process."),
                              ("gone", "Push subscriptions found gone by this process."),
                              ("cancelled", "clock.low notifications dropped here: the "
                               "seat had moved.")):
            self.metrics.gauge(f"polis_notifications_{outcome}_total", text,
                               functools.partial(deliveries.counts.__getitem__, outcome),
                               "counter")

    def _register_gauges(self) -> None:
        hub, broker, pool, games = self.hub, self.broker, self.pool, self.service.games
        assert broker is not None and pool is not None
        gauge = self.metrics.gauge
        gauge("polis_live_sockets", "WebSocket clients following a game.", hub.sockets)
        gauge("polis_games_followed", "Games with live followers.", lambda: len(hub.channels))
        gauge("polis_fanout_reads_total", "Reads of new versions for live followers.",
              lambda: hub.reads, "counter")
        gauge("polis_games_kept", "Games kept folded in memory.", lambda: len(games))
        gauge("polis_game_reads_total", "Reads of a kept game's new events (loads, refreshes).",
              lambda: games.reads, "counter")
        service = self.service
        gauge("polis_memory_reads_total",
              "Reads at a known version (min_version) answered from memory.",
              lambda: service.memory_reads, "counter")
        gauge("polis_pool_size", "PostgreSQL connections open.", pool.get_size)
        gauge("polis_pool_in_use", "PostgreSQL connections in use.",
              lambda: pool.get_size() - pool.get_idle_size())
        gauge("polis_redis_subscribed", "1 while subscribed to wake-ups.",
              lambda: float(broker.subscribed))
        gauge("polis_wakeups_dropped_total", "Wake-ups Redis could not take.",
              lambda: broker.dropped, "counter")
        gauge("polis_wakeups_received_total",
              "Wake-ups this process received (of the games it follows, or with bots).",
              lambda: broker.received, "counter")
        gauge("polis_wakeup_subscriptions", "Wake-up channels this process is subscribed to.",
              broker.subscriptions)

    def _after_commit(self, committed: Committed) -> None:
        """An append committed here: local followers at once (from memory), the other
        processes through Redis."""
        if self._hub is not None:
            self._hub.committed(committed)
        if self._players is not None:
            self._players.wake(committed.game_id, committed.last_version)
        if self.broker is not None:
            self.broker.publish_soon(committed.game_id, committed.last_version,
                                     bots=self._has_bots(committed.game_id))
        if self.bots is not None:
            self.bots.poke(committed.game_id)
        if self.clocks is not None:
            self.clocks.committed(committed)
        if self.deliveries is not None and self.notify.enabled:
            self.deliveries.poke()
        if self.ratings is not None:
            kept = self.service.games.kept(committed.game_id)
            if kept is not None and kept.record.over:
                self.ratings.poke()

    def _follow(self, game_id: uuid.UUID, followed: bool) -> None:
        """A game got its first local follower (or lost its last): hear its wake-ups."""
        if self.broker is not None:
            (self.broker.follow if followed else self.broker.unfollow)(game_id)

    def _has_bots(self, game_id: uuid.UUID) -> bool:
        """Whether a bot plays a seat of the game now (its wake-ups also go to `polis bots`
        workers); True when the game is not kept here (a wake-up too many costs little)."""
        folded = self.service.games.kept(game_id)
        if folded is None:
            return True
        record = folded.record
        return any(playing_levels(record.options, len(record.seat_names), folded.game,
                                  folded.state))

    def _woken(self, game_id: uuid.UUID, version: int) -> None:
        """Another process appended to a game (a Redis wake-up)."""
        if self._service is not None:
            self._service.games.heard(game_id, version)
        if self._hub is not None:
            self._hub.wake(game_id, version)
        if self._players is not None:
            self._players.wake(game_id, version)
        if self.bots_on_wakeups and self.bots is not None:
            self.bots.poke(game_id)

    def _woken_all(self) -> None:
        """Wake-ups may have been lost (Redis reconnected)."""
        if self._service is not None:
            self._service.games.missed()
        if self._hub is not None:
            self._hub.wake_all()
        if self._players is not None:
            self._players.check()
            self._players.seated(None, None)
        if self._lobby is not None:
            self._lobby.wake()
        if self.bots_on_wakeups and self.bots is not None:
            self.bots.poke()

    async def _ruleset(self, game_id: uuid.UUID) -> Game:
        return (await self.service.folded(game_id)).game

    async def _moves_at(self, game_id: uuid.UUID, version: int) -> MovesOf | None:
        """Legal moves by seat at exactly `version`, from this process's folded game (one
        read of what is new when it is behind); None when it is already past `version`."""
        folded = await self.service.folded(game_id)
        async with folded.lock:
            if folded.version < version:
                await self.service.games.refresh(folded)
            if folded.version != version:
                return None
            game, state = folded.game, folded.state
        return lambda seat: encoded_moves(game, state, seat)

    async def _clocks_at(self, game_id: uuid.UUID, version: int, now: float | None) -> ClocksAt:
        """The clocks of a game at `version` for live pushes (as of its commit time unless
        `now` is given)."""
        folded = await self.service.folded(game_id)
        return await served_clocks(self.service.games, game_id, folded.record.options,
                                   version, at_commit=now is None)

    async def _follow_time(self, pool: asyncpg.Pool) -> None:
        """Time injection: read the service's clock again; moved, wake what waits on it."""
        before = service_clock.offset()
        if await service_clock.refresh(pool) != before:
            self.time_moved()

    def time_moved(self) -> None:
        """The service's clock moved forward: the clock runner looks for due deadlines now
        rather than at the end of its sleep."""
        if self.clocks is not None:
            self.clocks.poke()

    async def stop(self) -> None:
        if self._time_follower is not None:
            await self._time_follower.stop()
        if self.expiry is not None:
            await self.expiry.stop()
        if self.ratings is not None:
            await self.ratings.stop()
        if self.matchmaker is not None:
            await self.matchmaker.stop()
        await self.imports.close()
        if self.clocks is not None:
            await self.clocks.stop()
        if self.deliveries is not None:
            await self.deliveries.stop()
        if self.chat_feed is not None:
            await self.chat_feed.stop()
        if self.bots is not None:
            await self.bots.stop()
        if self._hub is not None:
            await self._hub.stop()
        for feed in (self._players, self._lobby):
            if feed is not None:
                await feed.stop()
        if self._counters is not None:
            await self._counters.stop()
        if self.broker is not None:
            await self.broker.stop()
        if self._batches is not None:
            await self._batches.close()
        if self.pool is not None:
            await self.pool.close()
        if self._owned_redis is not None:
            self._owned_redis.stop()


def runtime_of(connection: ASGIConnection[Any, Any, Any, Any] | Litestar) -> Runtime:
    app = connection if isinstance(connection, Litestar) else connection.app
    runtime: Runtime = app.state.runtime
    return runtime
