"""The composition root of a `polis bots` worker: the runtime of an API process minus HTTP.

Beside `api/app.py` (an API process), this is the other process the service runs: it only
plays bot seats and fires their clocks' wake-ups (`api/runners/bots.py`,
`api/runners/timeouts.py`), so no bot's thinking competes with the replicas' requests.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path
from typing import Any

from api.runtime import Runtime

_log = logging.getLogger("polis.bots")

ALIVE_SECONDS = 5.0
"""How often a `polis bots` worker touches its `--alive-file` (its health check's proof that
its event loop turns)."""


async def run_worker(settings: Any, stop: asyncio.Event, alive: Path | None = None) -> int:
    """`polis bots`: a process that only plays bot seats (and fires their wake-ups), with the
    same runtime as an API process minus HTTP; runs until `stop` is set, touching `alive`
    every `ALIVE_SECONDS` if given."""
    runtime = Runtime(settings)
    runtime.bots_on_wakeups = True
    await runtime.start()
    _log.info("bot worker started")
    try:
        while not stop.is_set():
            if alive is not None:
                alive.touch()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), ALIVE_SECONDS)
    finally:
        moves = runtime.bots.moves if runtime.bots is not None else 0
        await runtime.stop()
        _log.info("bot worker stopped after %d moves", moves)
    return 0
