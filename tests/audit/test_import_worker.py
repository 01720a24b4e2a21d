"""Imports are replayed in worker processes (`api/service/import_worker.py`): a bound on imports in
flight, a time budget, and the same outcome as a replay in this process."""

from __future__ import annotations

import asyncio
import gzip
import json

import pytest

from api.service.import_worker import ImportPool, checked_import, prepare
from api.service.refusals import Busy, Invalid, RuleRefused
from tests.shared_paths import SHARED


def _trace() -> bytes:
    with gzip.open(SHARED / "traces" / "7wonders-joffrey-sw.jsonl.gz", "rb") as f:
        return f.readline().strip()


async def test_a_worker_prepares_what_this_process_would() -> None:
    body = _trace()
    pool = ImportPool(workers=1, budget_seconds=60)
    try:
        assert await pool.prepare(body) == prepare(checked_import(json.loads(body)))
        with pytest.raises(Invalid) as bad_json:
            await pool.prepare(b"{not json")
        assert bad_json.value.code == "invalid_body"
        with pytest.raises(Invalid) as deep:  # checked in the worker, not on the loop
            await pool.prepare(b"[" * 100 + b"]" * 100)
        assert deep.value.code == "too_deep"
        with pytest.raises(RuleRefused) as bad_trace:
            await pool.prepare(json.dumps({"format": "7w-trace/1", "turns": []}).encode())
        assert bad_trace.value.code == "invalid_trace"
    finally:
        await pool.close()


async def test_imports_past_the_bound_are_refused_at_once() -> None:
    pool = ImportPool(workers=1, budget_seconds=60)
    body = _trace()
    try:
        tasks = [asyncio.create_task(pool.prepare(body)) for _ in range(5)]
        results = await asyncio.gather(*tasks, return_exceptions=True)
        refused = [r for r in results if isinstance(r, Busy)]
        assert len(refused) == 1 and refused[0].code == "import_busy"
        assert refused[0].retry_after > 0
        assert sum(not isinstance(r, BaseException) for r in results) == 4
    finally:
        await pool.close()


async def test_a_replay_past_its_budget_is_refused_and_the_next_import_works() -> None:
    pool = ImportPool(workers=1, budget_seconds=0.05)
    body = _trace()
    try:
        with pytest.raises(RuleRefused) as slow:
            await pool.prepare(body)
        assert slow.value.code == "trace_too_slow"
        pool.budget_seconds = 60
        assert (await pool.prepare(body)).kind == "7wonders"
    finally:
        await pool.close()
