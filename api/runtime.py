"""The composition root: wires settings, the pool, the store, the broker and the services."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import asyncpg
from litestar import Litestar
from litestar.connection import ASGIConnection

from api.game_service import GameService
from api.live import Hub
from infra.broker import Broker
from infra.db import create_pool
from infra.embedded import EmbeddedRedis, start_postgres, start_redis
from infra.event_store import EventStore
from infra.migrate import migrate
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


class Runtime:
    """Everything one API process holds; built at start-up, closed at shutdown."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.pool: asyncpg.Pool | None = None
        self.broker: Broker | None = None
        self.hub = Hub()
        self._service: GameService | None = None
        self._owned_redis: EmbeddedRedis | None = None

    @property
    def service(self) -> GameService:
        assert self._service is not None, "runtime not started"
        return self._service

    async def start(self) -> None:
        if self.settings.database_url is None or self.settings.redis_url is None:
            self.settings, self._owned_redis = resolve_servers(self.settings)
        assert self.settings.database_url and self.settings.redis_url
        self.pool = await create_pool(
            self.settings.database_url, self.settings.pool_min, self.settings.pool_max
        )
        async with self.pool.acquire() as conn:
            applied = await migrate(conn)
        if applied:
            _log.info("applied migrations %s", applied)
        self.broker = Broker(
            self.settings.redis_url, self.settings.channel, self.hub.wake, self.hub.wake_all
        )
        self.broker.start()
        self._service = GameService(EventStore(self.pool), self.broker.publish)

    async def stop(self) -> None:
        self.hub.close_all()
        if self.broker is not None:
            await self.broker.stop()
        if self.pool is not None:
            await self.pool.close()
        if self._owned_redis is not None:
            self._owned_redis.stop()


def runtime_of(connection: ASGIConnection[Any, Any, Any, Any] | Litestar) -> Runtime:
    app = connection if isinstance(connection, Litestar) else connection.app
    runtime: Runtime = app.state.runtime
    return runtime
