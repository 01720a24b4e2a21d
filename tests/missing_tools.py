"""A system program a test needs (Chromium, nginx) is missing: skip here, fail under CI."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def missing(message: str) -> NoReturn:
    """Skip with `message`; under CI (`CI` set, where `.ci/run` installs it) fail instead."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)
