"""The structure keeps itself: no import circles and no upward imports (README, "Layout").

The imports are read by maintained libraries, not by a walker of our own: grimp builds the
graph of every top-level package, and import-linter checks the layers and forbidden imports
written in pyproject.toml's `[tool.importlinter]` (api above projections above infra and
domain; inside api: cli, the composition roots, ws, http, runtime, runners, service; the
rules free of I/O; a base game naming none of its expansions).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

from tests.shared_paths import REPO

PACKAGES = ("api", "projections", "infra", "domain")

def circles(graph: grimp.ImportGraph) -> set[frozenset[str]]:
    """Each set of modules that import each other, directly or through others: a module
    with the modules that both import it and are imported by it (grimp's chains)."""
    found = set()
    for module in graph.modules:
        around = (graph.find_upstream_modules(module)
                  & graph.find_downstream_modules(module))
        if around:
            found.add(frozenset(around | {module}))
    return found


def test_the_circle_finder_sees_a_circle_through_a_third_module() -> None:
    graph = grimp.ImportGraph()
    for importer, imported in (("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d")):
        graph.add_import(importer=importer, imported=imported)
    assert circles(graph) == {frozenset({"p.a", "p.b", "p.c"})}


def test_no_import_circle() -> None:
    """Every import goes one way: at the top of a module, inside a function, or under
    `if TYPE_CHECKING:` (a ruleset types the transaction its hooks receive as a Protocol
    beside it, `rules.Tx`, so the rules and the transaction never name each other)."""
    graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    assert sorted(sorted(c) for c in circles(graph)) == []


def test_imports_follow_the_layers_of_pyproject() -> None:
    lint = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run([str(lint), "--no-cache"], cwd=REPO, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout
