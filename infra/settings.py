"""Service configuration from the environment, so one build runs on a laptop or in compose.

Unset `DATABASE_URL` / `REDIS_URL` mean "start embedded servers under `data_dir`"; set, they
name real servers and nothing is started.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import msgspec

from infra.embedded import default_data_dir


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    database_url: str | None = None
    """PostgreSQL DSN; None starts the embedded server."""
    redis_url: str | None = None
    """Redis URL; None starts the embedded server."""
    host: str = "127.0.0.1"
    port: int = 8000
    data_dir: Path = msgspec.field(default_factory=default_data_dir)
    """Where the embedded servers keep their data (`infra.embedded.default_data_dir`)."""
    channel: str = "polis:versions"
    """The Redis pub/sub channel of wake-ups (distinct per deployment or test run)."""
    max_body_bytes: int = 64 * 1024
    """Largest accepted HTTP body and WebSocket message."""
    heartbeat_seconds: float = 15.0
    """Interval of WebSocket heartbeats; each one also re-checks PostgreSQL for new versions."""
    pool_min: int = 1
    pool_max: int = 10

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read `POLIS_*`, `DATABASE_URL` and `REDIS_URL`; unset values keep their defaults."""
        env = os.environ if env is None else env
        defaults = cls()
        return cls(
            database_url=env.get("DATABASE_URL") or None,
            redis_url=env.get("REDIS_URL") or None,
            host=env.get("POLIS_HOST", defaults.host),
            port=int(env.get("POLIS_PORT", defaults.port)),
            data_dir=Path(env.get("POLIS_DATA_DIR", str(defaults.data_dir))),
            channel=env.get("POLIS_CHANNEL", defaults.channel),
            max_body_bytes=int(env.get("POLIS_MAX_BODY_BYTES", defaults.max_body_bytes)),
            heartbeat_seconds=float(
                env.get("POLIS_HEARTBEAT_SECONDS", defaults.heartbeat_seconds)
            ),
            pool_min=int(env.get("POLIS_POOL_MIN", defaults.pool_min)),
            pool_max=int(env.get("POLIS_POOL_MAX", defaults.pool_max)),
        )

    def with_urls(self, database_url: str, redis_url: str) -> Settings:
        return msgspec.structs.replace(self, database_url=database_url, redis_url=redis_url)
