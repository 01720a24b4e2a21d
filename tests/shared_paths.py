"""Where the shared rulebooks, reference facts and traces are for the tests.

A copy lives in the repository (`tests/data/shared/`, see its PROVENANCE.md) so that a fresh
clone runs every test; `POLIS_SHARED` points the tests at another copy (e.g. `../shared`).
"""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("POLIS_SHARED") or REPO / "tests" / "data" / "shared")
DUEL_TRACES = SHARED / "traces" / "duel-fromi.jsonl.gz"
DUEL_REFERENCE = SHARED / "reference" / "duel" / "duel_base.yaml"
