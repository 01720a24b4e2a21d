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

TYPE_ONLY_CIRCLES: list[frozenset[str]] = [frozenset(c) for c in (
    ("domain.duel.evolve", "domain.duel.military", "domain.duel.play", "domain.duel.rules",
     "domain.duel.science", "domain.duel.scoring", "domain.duel.transaction"),
    ("domain.sevenwonders.evolve", "domain.sevenwonders.hooks", "domain.sevenwonders.scoring",
     "domain.sevenwonders.transaction"),
)]
"""Circles closed only by imports under `if TYPE_CHECKING:` (none runs): a base game's
rules type their hooks with its transaction (`Tx`), which carries the rules. No import
runs in a circle (`test_no_import_circle_runs`); these may not grow."""


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


def test_no_import_circle_runs() -> None:
    """Every import that runs, at the top of a module or inside a function, goes one way."""
    graph = grimp.build_graph(*PACKAGES, cache_dir=None, exclude_type_checking_imports=True)
    assert sorted(sorted(c) for c in circles(graph)) == []


def test_no_circle_of_type_imports_but_the_rules_and_their_transaction() -> None:
    graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    new = [sorted(c) for c in circles(graph)
           if not any(c <= known for known in TYPE_ONLY_CIRCLES)]
    assert new == [], f"import circles: {new}"


def test_imports_follow_the_layers_of_pyproject() -> None:
    lint = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run([str(lint), "--no-cache"], cwd=REPO, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout
