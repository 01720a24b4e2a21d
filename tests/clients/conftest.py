"""The client libraries against real API processes, started as the API tests start them."""

from __future__ import annotations

import sys
from pathlib import Path

CLIENTS = Path(__file__).resolve().parents[2] / "clients"
sys.path.insert(0, str(CLIENTS / "python"))  # the Python client is a package of its own

from tests.api.conftest import apis, http  # noqa: E402, F401  (the same servers' fixtures)
