"""The `polis` command line: simulations and audits of the engine, and the service's tasks."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from importlib import metadata


def version() -> str:
    """The installed distribution's version (a source tree that was never installed has none)."""
    try:
        return metadata.version("polis")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="polis", description="Polis game service and tools")
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {version()}",
        help="print the installed version and exit",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    from api.cli import engine

    engine.add_commands(sub)
    try:
        server = importlib.import_module("api.cli.server")
    except ModuleNotFoundError as exc:  # an engine-only install has no service commands
        if exc.name != "api.cli.server":
            raise
    else:
        server.add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from infra.embedded import EmbeddedUnavailable
    from infra.engine_build import StaleBuild, check_fresh

    args = build_parser().parse_args(argv)
    try:
        check_fresh()  # compiled rules older than their source would play other rules
    except StaleBuild as exc:
        print(f"polis: {exc}", file=sys.stderr)
        return 2
    try:
        result: int = args.func(args)
    except EmbeddedUnavailable as exc:  # a production install with a URL left unset
        print(f"polis: {exc}", file=sys.stderr)
        return 2
    return result
