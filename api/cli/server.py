"""Service subcommands of `polis`: serve, migrate, rebuild-projections, export-openapi."""

from __future__ import annotations

import argparse
import asyncio
import copy
import signal
import socket
import sys
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncpg
import msgspec

from api.cli.audit import add_audit_commands
from api.cli.settings import database_url, settings_from_env
from infra.settings import Settings, SettingsError, mask_url

if TYPE_CHECKING:
    import uvicorn

OPENAPI_PATH = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


def add_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    serve = sub.add_parser("serve", help="run the API (embedded servers when no URL is set)")
    serve.add_argument("--host", default=None, help="listen address (POLIS_HOST)")
    serve.add_argument("--port", type=int, default=None, help="listen port (POLIS_PORT)")
    serve.add_argument("--workers", type=int, default=None,
                       help="API processes sharing the port (POLIS_WORKERS; one per core)")
    serve.set_defaults(func=_serve)

    migrate = sub.add_parser("migrate", help="apply pending database migrations")
    migrate.set_defaults(func=_migrate)

    rebuild = sub.add_parser("rebuild-projections",
                             help="rebuild stored views and ratings from events")
    rebuild.add_argument("--game", type=uuid.UUID, default=None, help="only this game id")
    rebuild.set_defaults(func=_rebuild)

    export = sub.add_parser("export-openapi", help="write the OpenAPI document of the API")
    export.add_argument("--output", type=Path, default=OPENAPI_PATH)
    export.add_argument("--check", action="store_true", help="fail if the file differs")
    export.set_defaults(func=_export_openapi)

    add_audit_commands(sub)

    export_ws = sub.add_parser("export-asyncapi",
                               help="write the AsyncAPI document of the WebSocket protocol")
    export_ws.add_argument("--check", action="store_true", help="fail if the file differs")
    export_ws.set_defaults(func=_export_asyncapi)

    bots = sub.add_parser("bots", help="run a worker that only plays bot seats")
    bots.add_argument("--alive-file", type=Path, default=None,
                      help="a file touched every 5 s while the worker runs (health checks)")
    bots.set_defaults(func=_bots)


def _serve(args: argparse.Namespace) -> int:
    import os

    import uvicorn

    from api.runtime import resolve_servers

    settings = settings_from_env()
    try:
        if args.host:
            settings = msgspec.structs.replace(settings, host=args.host)
        if args.port is not None:
            settings = msgspec.structs.replace(settings, port=args.port)
        if args.workers is not None:
            if not 1 <= args.workers <= 64:
                raise SettingsError(f"--workers={args.workers} is not valid: 1 to 64")
            settings = msgspec.structs.replace(settings, workers=args.workers)
    except SettingsError as exc:
        print(f"polis: {exc}", file=sys.stderr)
        return 2
    settings, owned_redis = resolve_servers(settings)
    assert settings.database_url and settings.redis_url
    # every worker builds its app from the environment: hand it the servers resolved here
    os.environ["DATABASE_URL"] = settings.database_url
    os.environ["REDIS_URL"] = settings.redis_url
    # uvicorn re-raises SIGTERM after its graceful shutdown; turn it into SystemExit so the
    # `finally` below and the embedded PostgreSQL's atexit hook still run.
    signal.signal(signal.SIGTERM, _exit_on_signal)
    try:
        config = uvicorn.Config(
            "api.app:create_app", factory=True, host=settings.host, port=settings.port,
            workers=settings.workers, ws_max_size=settings.max_body_bytes, log_level="info",
            # a compressor per socket costs about 46 KB of memory; views are small
            ws_per_message_deflate=settings.ws_compression,
            # the app reads X-Forwarded-For itself (`api/http/forwarded.py`): right-most
            # untrusted hop
            proxy_headers=False,
            # headers must come within POLIS_HEADER_TIMEOUT_SECONDS (`api/http/header_timeout.py`)
            http="api.http.header_timeout:HeaderTimeoutProtocol",
            timeout_keep_alive=int(max(1, settings.keep_alive_seconds)),
            log_config=_log_config(settings.log_format == "json"),
        )
        try:
            sock = _bind(settings.host, settings.port)
        except OSError as exc:
            print(f"polis: cannot listen on {settings.host}:{settings.port}: "
                  f"{exc.strerror or exc}", file=sys.stderr)
            return 1
        _print_banner(settings)
        return _run(config, sock)
    finally:
        if owned_redis is not None:
            owned_redis.stop()


def _bind(host: str, port: int) -> socket.socket:
    """The listening address, bound here (as uvicorn binds it) so that a busy port is one
    line before anything claims to listen."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)  # the worker processes serve it
    return sock


def _print_banner(settings: Settings) -> None:
    banner = [
        f"Polis listening on http://{settings.host}:{settings.port} "
        f"({settings.workers} worker{'s' if settings.workers > 1 else ''})",
        f"  database: {mask_url(settings.database_url)}",
        f"  redis:    {mask_url(settings.redis_url)}",
    ]
    for line in banner:
        if settings.log_format == "json":
            line = msgspec.json.encode({"level": "info", "logger": "polis",
                                        "message": line.strip(), "request_id": None}).decode()
        print(line, flush=True)


def _run(config: uvicorn.Config, sock: socket.socket) -> int:
    """What `uvicorn.run` does, on the socket bound already: 1 if the server never started."""
    from uvicorn import Server
    from uvicorn.supervisors import Multiprocess

    server = Server(config)
    try:
        if config.workers > 1:
            Multiprocess(config, sockets=[sock]).run()
        else:
            server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    return 1 if config.workers == 1 and not server.started else 0


def _log_config(json_lines: bool) -> dict[str, object]:
    """uvicorn's logging, with a request id on every record (and JSON lines if asked)."""
    from uvicorn.config import LOGGING_CONFIG

    from api.http.access_log import buffered_access_handler

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    buffered_access_handler(config)
    config["filters"] = {"request_id": {"()": "api.http.request_ids.RequestIdFilter"}}
    for handler in config["handlers"].values():
        handler["filters"] = ["request_id"]
    if json_lines:
        for formatter in config["formatters"].values():
            formatter.clear()
            formatter["()"] = "api.http.request_ids.JsonFormatter"
    else:
        config["formatters"]["access"]["fmt"] = (
            '%(levelprefix)s %(client_addr)s - "%(request_line)s" %(status_code)s '
            "[%(request_id)s]"
        )
    return config


def _exit_on_signal(signum: int, frame: object) -> None:
    raise SystemExit(0)


def _migrate(args: argparse.Namespace) -> int:
    from infra.migrate import migrate

    async def run() -> list[str]:
        conn = await asyncpg.connect(database_url(settings_from_env()))
        try:
            return await migrate(conn)
        finally:
            await conn.close()

    applied = asyncio.run(run())
    print("applied: " + ", ".join(applied) if applied else "nothing to apply")
    return 0


def _rebuild(args: argparse.Namespace) -> int:
    from api.runners.ratings import RatingSettings
    from infra.db import create_pool
    from infra.event_store import EventStore, GameRecord
    from infra.migrate import migrate
    from projections.ratings import rebuild_ratings
    from projections.rebuild import rebuild, text_progress
    from projections.seating import rebuild_seating

    async def run() -> int:
        pool = await create_pool(database_url(settings_from_env()))
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
            store = EventStore(pool)
            if args.game is not None and await store.get_game(args.game) is None:
                print(f"no game {args.game}", file=sys.stderr)
                return -1
            ids = None if args.game is None else [args.game]
            skipped: list[GameRecord] = []
            written = await rebuild(store, ids, progress=text_progress(), skipped=skipped)
            if skipped:
                kinds = sorted({f"{r.kind} {list(r.expansions)}" for r in skipped})
                print(f"skipped {len(skipped)} games of rules this build does not know: "
                      f"{', '.join(kinds)}", file=sys.stderr)
            seats = await rebuild_seating(store, ids)
            print(f"rebuilt {seats} seats held")
            if args.game is None:  # ratings follow every game in order: all or none
                rated = await rebuild_ratings(store, RatingSettings.from_env().pools)
                print(f"rebuilt the ratings from {rated} finished rated games")
            return written
        finally:
            await pool.close()

    written = asyncio.run(run())
    if written < 0:
        return 1
    print(f"rebuilt {written} views")
    return 0


def openapi_document() -> bytes:
    """The OpenAPI document of the app, as stable pretty JSON."""
    from api.app import create_app
    from api.http.openapi_doc import complete

    schema = complete(create_app(Settings()).openapi_schema.to_schema())
    return msgspec.json.format(msgspec.json.encode(schema, order="sorted"), indent=2) + b"\n"


def _export_openapi(args: argparse.Namespace) -> int:
    document = openapi_document()
    if args.check:
        current = args.output.read_bytes() if args.output.exists() else b""
        if current != document:
            print(f"{args.output} is out of date: run `polis export-openapi`", file=sys.stderr)
            return 1
        return 0
    args.output.write_bytes(document)
    print(f"wrote {args.output}")
    return 0


def _export_asyncapi(args: argparse.Namespace) -> int:
    from api.ws.asyncapi import ASYNCAPI_PATH, asyncapi_document

    document = asyncapi_document()
    current = ASYNCAPI_PATH.read_bytes() if ASYNCAPI_PATH.exists() else b""
    if args.check:
        if current != document:
            print(f"{ASYNCAPI_PATH} is out of date: run `polis export-asyncapi`", file=sys.stderr)
            return 1
        return 0
    ASYNCAPI_PATH.write_bytes(document)
    print(f"wrote {ASYNCAPI_PATH}")
    return 0


def _bots(args: argparse.Namespace) -> int:
    """A bot worker until SIGINT or SIGTERM (`api/bot_worker.py`; POLIS_BOT_* settings)."""
    import logging

    from api.bot_worker import run_worker

    logging.basicConfig(level=logging.INFO)
    settings = settings_from_env()

    async def run() -> int:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: loop.call_soon_threadsafe(stop.set))
        return await run_worker(settings, stop, args.alive_file)

    return asyncio.run(run())
