"""The `polis` command line: simulations and audits of the engine, and the service's tasks."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="polis", description="Polis game service and tools")
    sub = parser.add_subparsers(dest="command", required=True)
    from api import cli_engine

    cli_engine.add_commands(sub)
    try:
        from api import cli_service
    except ImportError:  # the service commands are optional while they are being built
        cli_service = None  # type: ignore[assignment]
    if cli_service is not None:
        cli_service.add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
