"""Service configuration from the environment, so one build runs on a laptop or in compose.

Unset `DATABASE_URL` / `REDIS_URL` mean "start embedded servers under `data_dir`"; set, they
name real servers and nothing is started. Every value is checked at start: a bad one raises
`SettingsError` naming the variable, which `polis serve` prints as one line.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit, urlunsplit

import msgspec

from infra.embedded import default_data_dir

T = TypeVar("T")


class SettingsError(ValueError):
    """A setting with a value the service cannot run with; the message names it."""


class Rate(msgspec.Struct, frozen=True):
    """At most `count` requests per `seconds` from one client."""

    count: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> Rate:
        count, _, seconds = text.partition("/")
        rate = cls(int(count), int(seconds or "1"))
        if rate.count < 1 or rate.seconds < 1:
            raise ValueError("both parts must be at least 1")
        return rate

    def __str__(self) -> str:
        return f"{self.count}/{self.seconds}"


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    database_url: str | None = None
    """PostgreSQL DSN; None starts the embedded server."""
    redis_url: str | None = None
    """Redis URL; None starts the embedded server."""
    redis_cluster: bool = False
    """`REDIS_URL` names any node of a Redis Cluster: wake-ups go on sharded channels."""
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    """API processes `polis serve` runs on one port (one Python process uses one core)."""
    data_dir: Path = msgspec.field(default_factory=default_data_dir)
    """Where the embedded servers keep their data (`infra.embedded.default_data_dir`)."""
    channel: str = "polis:versions"
    """The Redis pub/sub channel of wake-ups (distinct per deployment or test run)."""
    max_body_bytes: int = 64 * 1024
    """Largest accepted HTTP body and WebSocket message."""
    max_json_depth: int = 32
    """Deepest nesting of arrays and objects accepted in a body or message."""
    max_trace_bytes: int = 4 * 2**20
    """Largest trace record accepted by `importGame` (a whole game: larger than a command)."""
    import_workers: int = 1
    """Worker processes that replay imported traces, off the event loop (started with the
    first import); up to 4 imports per worker wait, more are refused (503)."""
    import_seconds: float = 30.0
    """Time budget of one import's replay; past it the import is refused (422)."""
    heartbeat_seconds: float = 15.0
    """Interval of WebSocket heartbeats (and of one check for lost wake-ups per process)."""
    pool_min: int = 1
    pool_max: int = 10
    rate_create: Rate = Rate(60, 60)
    """Games one client may create per window (`count/seconds`)."""
    rate_commands: Rate = Rate(6000, 60)
    """Commands one client may submit per window (`count/seconds`)."""
    game_cache: int = 5_000
    """Games each process keeps folded in memory (a finished Duel game: about 21 KiB)."""
    read_trust_seconds: float = 1.0
    """How long a kept game, last confirmed by a read or an append, may answer a read that
    names a version it must reach (`min_version`) without reading again, while wake-ups
    flow: the most such an answer can lag if they stop unnoticed (0: always read)."""
    version_wait_seconds: float = 1.0
    """How long a read naming a version the game has not reached (`min_version`) waits for
    it before it is refused (409 `version_not_reached`)."""
    busy_seconds: float = 5.0
    """How long a command waits for its game (a slow transaction) before a 503."""
    lock_timeout_ms: int = 3000
    """How long a statement waits for a game's row lock before giving up."""
    append_batch: int = 32
    """Most appends to different games one transaction carries when they arrive while
    `append_flushers` transactions are in flight (`infra/append_batches.py`); 0: every
    append is a transaction of its own."""
    append_flushers: int = 2
    """Append transactions in flight at once when batching (at least 1)."""
    log_format: str = "text"
    """`text` or `json` (one object per line, with the request id)."""
    ws_compression: bool = False
    """permessage-deflate on WebSockets: less bandwidth, about 46 KB more memory a socket."""
    forwarded_allow_ips: str = "127.0.0.1"
    """Proxies (addresses, networks, `*` for any peer) whose X-Forwarded-For names the
    client, as its right-most hop that is not a trusted proxy (`api/http/forwarded.py`): rate
    and socket limits are per client."""
    header_timeout_seconds: float = 10.0
    """How long a client has to send a request's headers, from its first byte (or from
    connecting): a connection whose headers never finish is then closed (408)."""
    max_sockets_per_client: int = 100
    """WebSockets one client may hold open in one process; more are refused (4429)."""
    keep_alive_seconds: float = 75.0
    """How long an idle HTTP connection stays open. Longer than clients keep theirs (httpx
    and browsers: 5 s or more), so a client never reuses a connection the server is closing
    at that moment (a request lost with a reset); nginx's default is 75 s too."""
    jwt_issuer: str | None = None
    """Players from the application's identity provider: the `iss` its JWTs must name (with
    `jwt_audience` and a key; unset: JWTs are not accepted)."""
    jwt_audience: str | None = None
    jwt_jwks_url: str | None = None
    """Where the provider publishes its signing keys (JWKS)."""
    jwt_public_key: str | None = None
    """Or one PEM public key (instead of a JWKS URL)."""
    jwt_algorithms: tuple[str, ...] = ("RS256", "ES256")
    table_expiry_seconds: float = 3600.0
    """How long a table waits for its seats to fill before it expires."""
    time_injection: bool = False
    """`POST /admin/clock` may move the service's clock forward (`infra/service_clock.py`):
    for simulations and tests, never for a deployment that hosts real games."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read `POLIS_*`, `DATABASE_URL` and `REDIS_URL`; unset values keep their defaults."""
        env = os.environ if env is None else env
        d = cls()

        def get(name: str, parse: Callable[[str], T], default: T,
                valid: Callable[[T], bool] = lambda _: True, rule: str = "") -> T:
            raw = env.get(name)
            if raw is None or raw == "":
                return default
            try:
                value = parse(raw)
            except ValueError as exc:
                raise SettingsError(f"{name}={raw!r} is not valid: {exc}") from None
            if not valid(value):
                raise SettingsError(f"{name}={raw!r} is not valid: {rule}")
            return value

        def positive(value: float) -> bool:
            return value > 0

        return cls(
            database_url=env.get("DATABASE_URL") or None,
            redis_url=env.get("REDIS_URL") or None,
            redis_cluster=get("POLIS_REDIS_CLUSTER", _boolean, d.redis_cluster),
            host=env.get("POLIS_HOST", d.host),
            port=get("POLIS_PORT", int, d.port, lambda p: 0 < p < 65536, "a port 1-65535"),
            workers=get("POLIS_WORKERS", int, d.workers, lambda w: 1 <= w <= 64, "1 to 64"),
            data_dir=Path(env.get("POLIS_DATA_DIR", str(d.data_dir))),
            channel=env.get("POLIS_CHANNEL", d.channel),
            max_body_bytes=get("POLIS_MAX_BODY_BYTES", int, d.max_body_bytes,
                               lambda b: 1024 <= b <= 16 * 2**20, "1024 to 16 MiB"),
            max_json_depth=get("POLIS_MAX_JSON_DEPTH", int, d.max_json_depth,
                               lambda n: 4 <= n <= 256, "4 to 256"),
            max_trace_bytes=get("POLIS_MAX_TRACE_BYTES", int, d.max_trace_bytes,
                                lambda b: 1024 <= b <= 64 * 2**20, "1024 to 64 MiB"),
            import_workers=get("POLIS_IMPORT_WORKERS", int, d.import_workers,
                               lambda n: 1 <= n <= 64, "1 to 64"),
            import_seconds=get("POLIS_IMPORT_SECONDS", float, d.import_seconds, positive,
                               "more than 0"),
            heartbeat_seconds=get("POLIS_HEARTBEAT_SECONDS", float, d.heartbeat_seconds,
                                  lambda s: 0.1 <= s <= 3600, "0.1 to 3600 seconds"),
            pool_min=get("POLIS_POOL_MIN", int, d.pool_min, lambda n: n >= 0, "at least 0"),
            pool_max=get("POLIS_POOL_MAX", int, d.pool_max, lambda n: n >= 1, "at least 1"),
            rate_create=get("POLIS_RATE_CREATE", Rate.parse, d.rate_create),
            rate_commands=get("POLIS_RATE_COMMANDS", Rate.parse, d.rate_commands),
            game_cache=get("POLIS_GAME_CACHE", int, d.game_cache, positive, "at least 1"),
            read_trust_seconds=get("POLIS_READ_TRUST_SECONDS", float, d.read_trust_seconds,
                                   lambda s: 0 <= s <= 60, "0 to 60 seconds"),
            version_wait_seconds=get("POLIS_VERSION_WAIT_SECONDS", float,
                                     d.version_wait_seconds, lambda s: 0 <= s <= 30,
                                     "0 to 30 seconds"),
            busy_seconds=get("POLIS_BUSY_SECONDS", float, d.busy_seconds, positive,
                             "more than 0"),
            lock_timeout_ms=get("POLIS_LOCK_TIMEOUT_MS", int, d.lock_timeout_ms,
                                lambda n: n >= 0, "at least 0 (0: no limit)"),
            append_batch=get("POLIS_APPEND_BATCH", int, d.append_batch,
                             lambda n: 0 <= n <= 1000, "0 to 1000 (0: off)"),
            append_flushers=get("POLIS_APPEND_FLUSHERS", int, d.append_flushers,
                                lambda n: 1 <= n <= 64, "1 to 64"),
            log_format=get("POLIS_LOG_FORMAT", str.lower, d.log_format,
                           lambda f: f in ("text", "json"), "text or json"),
            ws_compression=get("POLIS_WS_COMPRESSION", _boolean, d.ws_compression),
            forwarded_allow_ips=env.get("POLIS_FORWARDED_ALLOW_IPS", d.forwarded_allow_ips),
            header_timeout_seconds=get("POLIS_HEADER_TIMEOUT_SECONDS", float,
                                       d.header_timeout_seconds, lambda s: 0.1 <= s <= 3600,
                                       "0.1 to 3600 seconds"),
            max_sockets_per_client=get("POLIS_MAX_SOCKETS_PER_CLIENT", int,
                                       d.max_sockets_per_client, lambda n: n >= 1,
                                       "at least 1"),
            keep_alive_seconds=get("POLIS_KEEP_ALIVE_SECONDS", float, d.keep_alive_seconds,
                                   positive, "more than 0"),
            jwt_issuer=env.get("POLIS_JWT_ISSUER") or None,
            jwt_audience=env.get("POLIS_JWT_AUDIENCE") or None,
            jwt_jwks_url=env.get("POLIS_JWT_JWKS_URL") or None,
            jwt_public_key=env.get("POLIS_JWT_PUBLIC_KEY") or None,
            jwt_algorithms=get("POLIS_JWT_ALGORITHMS", _names, d.jwt_algorithms,
                               lambda names: len(names) > 0, "one algorithm name or more"),
            table_expiry_seconds=get("POLIS_TABLE_EXPIRY_SECONDS", float,
                                     d.table_expiry_seconds, positive, "more than 0"),
            time_injection=get("POLIS_TIME_INJECTION", _boolean, d.time_injection),
        ).checked()

    def checked(self) -> Settings:
        if (self.jwt_jwks_url or self.jwt_public_key) and not (
                self.jwt_issuer and self.jwt_audience):
            raise SettingsError("POLIS_JWT_ISSUER and POLIS_JWT_AUDIENCE are required with "
                                "POLIS_JWT_JWKS_URL or POLIS_JWT_PUBLIC_KEY")
        if self.pool_min > self.pool_max:
            raise SettingsError(
                f"POLIS_POOL_MIN={self.pool_min} is not valid: more than POLIS_POOL_MAX"
            )
        if self.redis_cluster and self.redis_url is None:
            raise SettingsError("POLIS_REDIS_CLUSTER=1 is not valid: REDIS_URL must name a node "
                                "of the cluster (the embedded server is a single one)")
        for name, url in (("DATABASE_URL", self.database_url), ("REDIS_URL", self.redis_url)):
            if url is not None and "://" not in url:
                raise SettingsError(f"{name}={mask_url(url)!r} is not valid: not a URL")
        return self

    def with_urls(self, database_url: str, redis_url: str) -> Settings:
        return msgspec.structs.replace(self, database_url=database_url, redis_url=redis_url)


def _names(text: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in text.split(",") if n.strip())


def _boolean(text: str) -> bool:
    value = text.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ValueError("expected true or false")


def mask_url(url: str | None) -> str:
    """`url` with any password replaced by `***` (for everything printed or logged)."""
    if not url:
        return str(url)
    try:
        parts = urlsplit(url)
    except ValueError:
        return "***"
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}{port}"))
