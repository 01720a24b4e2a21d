"""The optional compiled rules (`make engines-compiled`) play the very same games as the
pure-Python reference: identical traces, outcomes and bot choices (issue 35: a compiler only
if the pure path stays the tested reference and both give identical traces).

`make test-compiled` runs this file with `POLIS_REQUIRE_COMPILED=1`, beside the seeded
streams, the recorded traces, the kernel and the bots, all on the compiled modules: there a
tree without them fails. On a pure tree the comparison has nothing to compare and skips;
the staleness guard is checked everywhere.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

from infra import engine_build

ROOT = Path(__file__).resolve().parents[2]
HOT_MODULES = (
    "domain.kernel.playout",
    "domain.duel.play",
    "domain.duel.evolve",
    "domain.sevenwonders.play",
    "domain.sevenwonders.evolve",
    "domain.bots.strong",
)
"""Modules a random game and the strong bot spend their time in: a compiled build has them."""

PURE_ONLY = textwrap.dedent(f"""
    import sys
    from importlib.machinery import SOURCE_SUFFIXES, FileFinder, SourceFileLoader
    DOMAIN = {str(ROOT / "domain")!r}
    def _sources_only(path):
        if path == DOMAIN or path.startswith(DOMAIN + "/"):
            return FileFinder(path, (SourceFileLoader, SOURCE_SUFFIXES))
        raise ImportError(path)
    sys.path_hooks.insert(0, _sources_only)
    sys.path_importer_cache.clear()
""")
"""Imports `domain` from its sources only, extensions beside them ignored (the reference)."""

RUN_CLI = "from api.cli import main\nraise SystemExit(main(sys.argv[1:]))\n"

BOT_CHOICES = textwrap.dedent("""
    import json, random, sys
    from domain.bots import Budget, SeatInput, choose
    from domain.kernel import get_game
    from domain.kernel.game import fold
    from infra.engine_build import describe
    picks = []
    for kind, expansions, seats in (("duel", ("agora", "leaders"), 2), ("7wonders", (), 3)):
        game = get_game(kind, expansions)
        rng = random.Random(7)
        state = fold(game, game.start(seats, {}, rng, None))
        for _ in range(12):
            seat = game.acting_seats(state)[0]
            moves = game.legal_moves(state, seat)
            inp = SeatInput(seat, game.view(state, seat), moves)
            move = choose("strong", game, inp, rng, Budget(playouts=40))
            picks.append(moves.index(move))
            _, state = game.step(state, move)
    print(json.dumps({"engines": describe(), "picks": picks}))
""")

CASES = (
    ("duel", "--games", "12"),
    ("duel", "--expansions", "agora,leaders", "--games", "6"),
    ("7wonders", "--players", "7", "--expansions", "leaders", "--games", "2"),
    ("7wonders", "--players", "4", "--expansions", "leaders,faith", "--games", "2"),
    ("7wonders", "--players", "2", "--games", "2"),
)


def _python(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, check=False)


@pytest.fixture(scope="module")
def compiled() -> list[str]:
    import importlib

    for name in HOT_MODULES:
        importlib.import_module(name)
    found = [name for name in HOT_MODULES if name in engine_build.compiled_modules()]
    if os.environ.get("POLIS_REQUIRE_COMPILED"):
        assert found == list(HOT_MODULES), (
            f"POLIS_REQUIRE_COMPILED is set but only {found} of {HOT_MODULES} are compiled: "
            "run `make engines-compiled`"
        )
    elif not found:
        pytest.skip("pure build: `make test-compiled` compiles the rules and compares")
    return found


@pytest.mark.parametrize("case", CASES, ids=lambda case: "-".join(case[:4:2]))
def test_traces_of_both_builds_are_identical(
    compiled: list[str], tmp_path: Path, case: tuple[str, ...]
) -> None:
    reports: list[dict[str, Any]] = []
    traces: list[bytes] = []
    for prelude in (PURE_ONLY, "import sys\n"):
        out = tmp_path / f"trace-{len(traces)}.jsonl"
        run = _python(prelude + RUN_CLI, "simulate", *case, "--seed", "11",
                      "--trace-out", str(out), "--json")
        assert run.returncode == 0, run.stderr[-2000:]
        report = json.loads(run.stdout.strip().splitlines()[-1])
        reports.append(report)
        traces.append(out.read_bytes())
    pure, built = reports
    assert pure["engines"] == "pure"
    assert built["engines"].startswith("compiled")
    for varying in ("engines", "seconds", "games_per_second"):
        pure.pop(varying), built.pop(varying)
    assert pure == built
    assert traces[0] and traces[0] == traces[1]


def test_the_strong_bot_chooses_the_same_moves(compiled: list[str]) -> None:
    pure, built = (_python(prelude + BOT_CHOICES) for prelude in (PURE_ONLY, "import sys\n"))
    assert pure.returncode == 0 and built.returncode == 0, pure.stderr + built.stderr
    left, right = json.loads(pure.stdout), json.loads(built.stdout)
    assert left["engines"] == "pure" and right["engines"].startswith("compiled")
    assert left["picks"] == right["picks"]


def test_an_extension_older_than_its_source_is_refused(tmp_path: Path) -> None:
    """A source edited after `make engines-compiled` would be shadowed by its old extension:
    the service and the tests refuse to start on such a tree (`infra/engine_build.py`)."""
    suffix = EXTENSION_SUFFIXES[0]
    package = tmp_path / "domain" / "duel"
    package.mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text("")  # a source tree, as a checkout is
    source, extension = package / "play.py", package / f"play{suffix}"
    extension.write_bytes(b"")
    source.write_text("# edited after the build\n")
    os.utime(extension, (1_000_000, 1_000_000))
    os.utime(source, (2_000_000, 2_000_000))
    assert engine_build.stale_extensions(tmp_path / "domain") == ["domain/duel/" + extension.name]
    with pytest.raises(engine_build.StaleBuild, match="make engines-compiled"):
        engine_build.check_fresh(tmp_path / "domain")
    os.utime(extension, (3_000_000, 3_000_000))  # rebuilt: fresh again
    assert engine_build.stale_extensions(tmp_path / "domain") == []
    source.unlink()  # a module removed from the sources but still compiled
    assert engine_build.stale_extensions(tmp_path / "domain") == ["domain/duel/" + extension.name]
    (tmp_path / "pyproject.toml").unlink()  # an installed package: its files' times say nothing
    engine_build.check_fresh(tmp_path / "domain")
