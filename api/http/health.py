"""Liveness and readiness for load balancers and orchestrators."""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, get

from api.http.schemas import Health, Readiness
from api.runtime import runtime_of
from infra.migrate import pending


@get("/health", operation_id="health", tags=["operations"])
async def health() -> Health:
    """The process is up (it checks nothing else)."""
    return Health("ok")


@get("/ready", operation_id="ready", tags=["operations"])
async def ready(request: Request[Any, Any, Any]) -> Response[Readiness]:
    """503 until PostgreSQL answers with every migration applied; Redis is reported only."""
    runtime = runtime_of(request)
    database, missing = False, ["unknown"]
    if runtime.pool is not None:
        try:
            async with runtime.pool.acquire(timeout=2) as conn:
                missing = await pending(conn)
                database = True
        except Exception:
            database = False
    redis = (
        runtime.broker is not None
        and runtime.broker.subscribed
        and await runtime.broker.ping()
    )
    ok = database and not missing
    body = Readiness("ready" if ok else "not_ready", database, redis, missing)
    return Response(body, status_code=200 if ok else 503)


@get("/metrics", operation_id="metrics", tags=["operations"], media_type="text/plain",
     include_in_schema=True)
async def metrics(request: Request[Any, Any, Any]) -> Response[str]:
    """Prometheus metrics of the process that answers (text exposition format)."""
    return Response(
        runtime_of(request).metrics.render(),
        # the framework adds `; charset=utf-8` to every text type (written here, it came twice)
        media_type="text/plain; version=0.0.4",
    )
