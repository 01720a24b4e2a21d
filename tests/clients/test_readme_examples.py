"""The clients' README examples run as written against a real server, the first several
games over.

Each example is taken from its README's code blocks, unchanged: the TypeScript ones are
compiled against the built package (as `import ... from "@polis/client"` resolves for a
user) and run with Node, the Python ones with this interpreter. `POLIS_URL` names the
server, as the examples read it. Every game is dealt with a new random seed, so the seat that
opens differs from run to run; runs of the first example (a game) go on until both Duel
seats have opened (an example that plays the wrong seat fails as soon as the other one
opens). The others (players, tables and their sockets) run once each.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from infra.settings import Settings
from tests.api.servers import ApiProcess
from tests.clients.conftest import CLIENTS

TYPESCRIPT = CLIENTS / "typescript"
RUNS = 4
"""Runs of an example at least (more until both seats have opened, at most `MAX_RUNS`)."""
MAX_RUNS = 16


def examples(readme: Path, language: str) -> list[str]:
    """The README's code blocks in `language`, in order."""
    blocks = re.findall(rf"^```{language}\n(.*?)^```$", readme.read_text(encoding="utf-8"),
                        re.MULTILINE | re.DOTALL)
    assert blocks, f"{readme} has a {language} example"
    return [str(b) for b in blocks]


def example(readme: Path, language: str) -> str:
    """The README's first code block in `language`: the game example."""
    return examples(readme, language)[0]


async def _openers(settings: Settings, since_games: set[str]) -> list[int]:
    """The seat that made the first command of each Duel game with Agora created since
    (games not in `since_games`), the examples' games."""
    assert settings.database_url
    conn = await asyncpg.connect(settings.database_url)
    try:
        rows = await conn.fetch(
            """SELECT g.game_id::text AS game_id, (SELECT seat FROM commands c
                   WHERE c.game_id = g.game_id AND seat IS NOT NULL
                   ORDER BY first_version LIMIT 1) AS seat
               FROM games g WHERE kind = 'duel' AND expansions = '{agora}'
               AND seat_names = '{Ada,Brutus}'""")
    finally:
        await conn.close()
    return [r["seat"] for r in rows if r["game_id"] not in since_games and r["seat"] is not None]


async def _games(settings: Settings) -> set[str]:
    assert settings.database_url
    conn = await asyncpg.connect(settings.database_url)
    try:
        rows = await conn.fetch("SELECT game_id::text FROM games")
    finally:
        await conn.close()
    return {r["game_id"] for r in rows}


async def _run_until_both_seats_opened(
    command: list[str], cwd: Path, env: dict[str, str], settings: Settings
) -> list[int]:
    before = await _games(settings)
    openers: list[int] = []
    for run in range(MAX_RUNS):
        result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                                timeout=120, check=False)
        assert result.returncode == 0, f"run {run + 1}:\n{result.stdout[-3000:]}\n" \
                                       f"{result.stderr[-3000:]}"
        openers = await _openers(settings, before)
        assert len(openers) == run + 1, "each run played its game's first move"
        if run + 1 >= RUNS and {0, 1} <= set(openers):
            break
    assert {0, 1} <= set(openers), f"both seats opened in {len(openers)} runs: {openers}"
    return openers


async def test_the_typescript_readme_example_runs_as_written(
    apis: list[ApiProcess], settings: Settings, tmp_path: Path
) -> None:
    npm = shutil.which("npm")
    node = shutil.which("node")
    assert npm and node, "Node.js 20 and npm are needed for the TypeScript client's tests"
    tsc = TYPESCRIPT / "node_modules" / ".bin" / "tsc"
    assert tsc.exists(), "run `make clients-install` (npm ci in clients/typescript)"
    build = subprocess.run([npm, "run", "build", "--silent"], cwd=TYPESCRIPT,
                           capture_output=True, text=True, timeout=300, check=False)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    # a project of a user's: the package installed under its name, the examples as written
    (tmp_path / "node_modules" / "@polis").mkdir(parents=True)
    (tmp_path / "node_modules" / "@polis" / "client").symlink_to(TYPESCRIPT)
    (tmp_path / "package.json").write_text('{"type": "module"}\n')
    sources = examples(TYPESCRIPT / "README.md", "ts")
    names = [f"example{i or ''}" for i in range(len(sources))]
    for name, source in zip(names, sources, strict=True):
        (tmp_path / f"{name}.ts").write_text(source)
    (tmp_path / "tsconfig.json").write_text(f'''{{
  "compilerOptions": {{
    "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext",
    "strict": true, "noUncheckedIndexedAccess": true, "skipLibCheck": true,
    "typeRoots": ["{TYPESCRIPT / "node_modules" / "@types"}"], "types": ["node"]
  }},
  "files": {json.dumps([f"{n}.ts" for n in names])}
}}
''')
    compiled = subprocess.run([str(tsc), "-p", "."], cwd=tmp_path, capture_output=True,
                              text=True, timeout=300, check=False)
    assert compiled.returncode == 0, compiled.stdout[-3000:] + compiled.stderr[-3000:]
    env = {**os.environ, "POLIS_URL": apis[0].url}
    await _run_until_both_seats_opened([node, "example.js"], tmp_path, env, settings)
    for name in names[1:]:
        _run_once([node, f"{name}.js"], tmp_path, env)


async def test_the_python_readme_example_runs_as_written(
    apis: list[ApiProcess], settings: Settings, tmp_path: Path
) -> None:
    scripts = []
    for i, source in enumerate(examples(CLIENTS / "python" / "README.md", "python")):
        scripts.append(tmp_path / f"example{i or ''}.py")
        scripts[-1].write_text(source)
    env = {**os.environ, "POLIS_URL": apis[0].url,
           "PYTHONPATH": os.pathsep.join([str(CLIENTS / "python"), os.environ.get(
               "PYTHONPATH", "")])}
    await _run_until_both_seats_opened([sys.executable, str(scripts[0])], tmp_path, env,
                                       settings)
    for script in scripts[1:]:
        _run_once([sys.executable, str(script)], tmp_path, env)


def _run_once(command: list[str], cwd: Path, env: dict[str, str]) -> None:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, f"{command}:\n{result.stdout[-3000:]}\n" \
                                   f"{result.stderr[-3000:]}"


@pytest.mark.parametrize("readme", ["typescript/README.md", "python/README.md"])
def test_the_examples_name_no_fixed_server(readme: str) -> None:
    """The examples read `POLIS_URL`, so that they run against any server as written."""
    text = (CLIENTS / readme).read_text(encoding="utf-8")
    assert "POLIS_URL" in text
