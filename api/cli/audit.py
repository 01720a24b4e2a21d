"""`polis verify` and `polis export`: the audit of games and their export, from the shell."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from api.cli.settings import database_url, settings_from_env
from infra.event_store import EventStore

T = TypeVar("T")


def add_audit_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    verify = sub.add_parser("verify", help="recompute the hash chain of games")
    verify.add_argument("--game", type=uuid.UUID, default=None, help="only this game id")
    verify.add_argument("--json", action="store_true", help="one JSON report on stdout")
    verify.set_defaults(func=_verify)

    export = sub.add_parser("export", help="write a finished game in its trace format")
    export.add_argument("--game", type=uuid.UUID, required=True, help="the game id")
    export.add_argument("--output", type=Path, default=None,
                        help="the file to write (one JSON line); stdout when absent")
    export.set_defaults(func=_export)


def _with_store(work: Callable[[EventStore], Awaitable[T]]) -> T:
    from infra.db import create_pool
    from infra.migrate import migrate

    async def run() -> T:
        pool = await create_pool(database_url(settings_from_env()))
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
            return await work(EventStore(pool))
        finally:
            await pool.close()

    return asyncio.run(run())


def _verify(args: argparse.Namespace) -> int:
    from api.service.audit import AuditReport, audit_game
    from api.service.refusals import NotFound

    async def work(store: EventStore) -> list[AuditReport] | None:
        ids = [args.game] if args.game is not None else await store.game_ids()
        reports = []
        for game_id in ids:
            try:
                reports.append(await audit_game(store, game_id))
            except NotFound:
                return None
        return reports

    reports = _with_store(work)
    if reports is None:
        print(f"no game {args.game}", file=sys.stderr)
        return 1
    broken = [r for r in reports if not r.intact]
    if args.json:
        import msgspec

        print(json.dumps({"games": len(reports), "intact": len(reports) - len(broken),
                          "broken": msgspec.to_builtins(broken)}))
    else:
        for r in broken:
            assert r.first_mismatch is not None
            m = r.first_mismatch
            print(f"game {r.game_id}: version {m.version}: {m.reason}: {m.detail}")
        for r in reports if args.game is not None and not broken else ():
            print(f"game {r.game_id}: {r.events} events, head {r.head_hash}: intact")
        print(f"{len(reports)} games verified: {len(reports) - len(broken)} intact, "
              f"{len(broken)} broken")
    return 1 if broken else 0


def _export(args: argparse.Namespace) -> int:
    from api.service.exports import export_record
    from api.service.refusals import Refusal

    try:
        record = _with_store(lambda store: export_record(store, args.game))
    except Refusal as exc:
        print(f"{exc.code}: {exc.message}", file=sys.stderr)
        return 1
    line = json.dumps(record, ensure_ascii=False) + "\n"
    if args.output is None:
        sys.stdout.write(line)
        return 0
    try:
        args.output.write_text(line, encoding="utf-8")
    except OSError as exc:
        print(f"cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"wrote game {args.game} to {args.output}", file=sys.stderr)
    return 0
