"""The TypeScript client (clients/typescript) against real API processes: its generated types
match the documents, it compiles (with checks that misspelt commands do not), and it plays
one complete game of every ruleset, resuming dropped sockets with no version gap, and again
with a bot asking each command's reply for what comes next (`include`) over both transports.

`make test` installs its npm packages first (`npm ci` from package-lock.json)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

from tests.api.servers import ApiProcess
from tests.clients.conftest import CLIENTS

PACKAGE = CLIENTS / "typescript"


def test_typescript_client_plays_every_ruleset(apis: list[ApiProcess]) -> None:
    npm = shutil.which("npm")
    assert npm, "Node.js 20 and npm are needed for the TypeScript client's tests"
    assert (PACKAGE / "node_modules").is_dir(), (
        "the TypeScript client's packages are not installed: run `make clients-install` "
        "(npm ci in clients/typescript)"
    )
    env = {**os.environ, "POLIS_URL": apis[0].url, "POLIS_URL_B": apis[1].url}
    result = subprocess.run([npm, "test", "--silent"], cwd=PACKAGE, env=env,
                            capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert "# fail 0" in result.stdout and "# pass 0" not in result.stdout, result.stdout[-4000:]
    assert re.search(r"^ok \d+ - a bot plays every ruleset with include", result.stdout,
                     re.MULTILINE), result.stdout[-4000:]
