"""Loading the packages of `domain.packages`, once, before a kind, a trace format, a rule
code or a description is looked up: importing a package is what registers it."""

from __future__ import annotations

import importlib

from domain.packages import PACKAGES

_LOADED: list[bool] = []
"""Set once the packages are imported (not inferred from a non-empty table: a kind
registered first, a test's, must not hide them)."""


def load_packages() -> None:
    if _LOADED:
        return
    _LOADED.append(True)  # first: a package that looks kinds up while importing must not recurse
    for package in PACKAGES:
        importlib.import_module(package)
