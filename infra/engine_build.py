"""Which build of the rules runs: the pure-Python modules, or the optional compiled ones.

`make engines-compiled` compiles the hot modules of `domain/` with Cython, in place: Python
imports an extension module before a source file of the same name, so the compiled build
needs no switch, and `make engines-pure` (deleting them) returns to the reference. The
danger of that is a stale extension: a source edited after the build would be ignored
silently, so the service and the tests refuse to run one (`stale_extensions`).
"""

from __future__ import annotations

import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

DOMAIN = Path(__file__).resolve().parent.parent / "domain"


def _extensions(root: Path) -> list[Path]:
    """Every extension module under `root` this interpreter could import: its own suffix,
    `.abi3.so` and the plain `.so`, which matches every interpreter's build (so a build for
    another Python is held to its source as well)."""
    found: list[Path] = []
    for suffix in EXTENSION_SUFFIXES:
        found.extend(root.rglob(f"*{suffix}"))
    return sorted(set(found))


def _source_of(extension: Path) -> Path:
    """`play.cpython-311-x86_64-linux-gnu.so` -> `play.py` beside it."""
    return extension.with_name(extension.name.split(".", 1)[0] + ".py")


def stale_extensions(root: Path = DOMAIN) -> list[str]:
    """Compiled modules whose source is newer than they are or gone: they would run other
    rules than the source says."""
    stale: list[str] = []
    for extension in _extensions(root):
        source = _source_of(extension)
        if not source.exists() or source.stat().st_mtime > extension.stat().st_mtime:
            stale.append(extension.relative_to(root.parent).as_posix())
    return stale


def compiled_modules() -> list[str]:
    """The modules of `domain` imported so far from an extension module (compiled)."""
    names = []
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None) or ""
        if name.startswith("domain.") and path.endswith(tuple(EXTENSION_SUFFIXES)):
            names.append(name)
    return sorted(names)


def describe() -> str:
    """'compiled (N modules)' or 'pure': what a report or a benchmark prints."""
    names = compiled_modules()
    return f"compiled ({len(names)} modules)" if names else "pure"


class StaleBuild(RuntimeError):
    """Compiled rules older than their source: rebuild or remove them."""


def check_fresh(root: Path = DOMAIN) -> None:
    """StaleBuild if a source tree holds compiled rules older than their sources. An
    installed package is not checked: an installer writes its files in any order."""
    if not (root.parent / "pyproject.toml").exists():
        return
    stale = stale_extensions(root)
    if stale:
        shown = ", ".join(stale[:3]) + (f" and {len(stale) - 3} more" if len(stale) > 3 else "")
        raise StaleBuild(
            f"compiled rules older than their source ({shown}): run `make engines-compiled` "
            "to rebuild them or `make engines-pure` to remove them"
        )
