"""Expansions as they declare themselves: the hook every base game offers, naming none.

An expansion's own package calls `register_expansion` once, with an `Expansion`: the kind
it attaches to, its description (name, title, options), how it attaches to the base
game's rules, its rule codes, the trace formats it reads and writes, and its part of the
view. The base game reads its expansions here (`expansions_of`), in the order of
`domain.packages`; the documents, the trace registry and the
rule-code catalogue learn of them from the same declaration.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from domain.kernel.description_types import ExpansionDescription
from domain.kernel.error_codes import CodeLoader, register_rule_codes, unregister_rule_codes
from domain.kernel.loading import load_packages
from domain.kernel.registry import package_of
from domain.kernel.traces import (
    Importer,
    Replayer,
    Writer,
    register_trace_format,
    register_trace_importer,
    unregister_trace_format,
)
from domain.packages import PACKAGES

Attach = Callable[[Any, dict[str, Any]], Any]
"""(the base game's rules, the game's options) -> the rules with the expansion attached."""


@dataclass(frozen=True)
class Expansion:
    """What an expansion says of itself to its base game."""

    kind: str
    """The game kind it attaches to."""
    package: str
    """Its package (`__name__` in its `__init__`): where its names (`names_<lang>`) and its
    bot knowledge (`bot_knowledge`) are found."""
    description: ExpansionDescription
    attach: Attach
    rule_codes: CodeLoader | None = None
    """The codes its rules refuse with (owner ``<kind>+<name>`` in the catalogue)."""
    trace_formats: Mapping[str, Replayer] = field(default_factory=dict)
    """The trace formats it reads, by name (`domain.kernel.traces`)."""
    trace_importers: Mapping[str, Importer] = field(default_factory=dict)
    trace_writer: Writer | None = None
    """Writes a game it is attached to (the last such expansion's writer records a game)."""
    view_part: Callable[[], Any] | None = None
    """Loads its part of the base game's view, in the shape the base game documents."""

    @property
    def name(self) -> str:
        return self.description.name


_EXPANSIONS: dict[str, dict[str, Expansion]] = {}


def register_expansion(expansion: Expansion) -> None:
    """Attach `expansion` to its kind, and register its codes and trace formats."""
    _EXPANSIONS.setdefault(expansion.kind, {})[expansion.name] = expansion
    if expansion.rule_codes is not None:
        register_rule_codes(_owner(expansion), expansion.rule_codes)
    for name, replayer in expansion.trace_formats.items():
        register_trace_format(name, replayer)
    for name, importer in expansion.trace_importers.items():
        register_trace_importer(name, importer)


def unregister_expansion(kind: str, name: str) -> None:
    """Undo `register_expansion` (an expansion a test defines for itself)."""
    expansion = _EXPANSIONS.get(kind, {}).pop(name, None)
    if expansion is None:
        return
    unregister_rule_codes(_owner(expansion))
    for format_name in (*expansion.trace_formats, *expansion.trace_importers):
        unregister_trace_format(format_name)


def _owner(expansion: Expansion) -> str:
    return f"{expansion.kind}+{expansion.name}"


def expansions_of(kind: str) -> tuple[Expansion, ...]:
    """The expansions of `kind`, in the order they attach: that of `domain.packages`, then
    any registered from elsewhere (a test's) in the order they registered."""
    load_packages()
    return tuple(sorted(_EXPANSIONS.get(kind, {}).values(), key=_rank))


def _rank(expansion: Expansion) -> int:
    return PACKAGES.index(expansion.package) if expansion.package in PACKAGES else len(PACKAGES)


def packages_of(kind: str) -> tuple[str, ...]:
    """The kind's own package, then its expansions' packages (empty for an unknown kind)."""
    own = package_of(kind)
    if own is None:
        return ()
    return (own, *(e.package for e in expansions_of(kind)))


def package_module(package: str, name: str) -> ModuleType | None:
    """`<package>.<name>` imported, or None where the package holds no such module (the
    conventions by which a package offers its names and its bot knowledge)."""
    try:
        found = importlib.util.find_spec(f"{package}.{name}")
    except ModuleNotFoundError:  # `package` is a plain module (an expansion a test defines)
        return None
    return None if found is None else importlib.import_module(f"{package}.{name}")
