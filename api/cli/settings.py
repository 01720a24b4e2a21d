"""The settings every service subcommand of `polis` starts from (server and audit alike)."""

from __future__ import annotations

import sys

from infra.embedded import start_postgres
from infra.settings import Settings, SettingsError


def settings_from_env() -> Settings:
    """The settings from the environment; a bad one exits with one line naming it."""
    try:
        return Settings.from_env()
    except SettingsError as exc:
        print(f"polis: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


def database_url(settings: Settings) -> str:
    """The database to use: the configured one, else an embedded PostgreSQL started now."""
    return settings.database_url or start_postgres(settings.data_dir / "pg")
