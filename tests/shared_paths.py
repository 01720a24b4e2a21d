"""Where the shared rulebooks, reference and traces live (beside the repository)."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("POLIS_SHARED", REPO.parent / "shared"))
DUEL_TRACES = SHARED / "traces" / "duel-fromi.jsonl.gz"
DUEL_REFERENCE = SHARED / "reference" / "duel" / "duel_base.yaml"
