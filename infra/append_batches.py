"""Group commit: appends to different games that arrive together share one transaction.

Why: under load most of an append's cost, on both sides, is per transaction rather than per
game (a round trip of the socket, a commit and its WAL flush); sixteen games' moves arriving
within the same millisecond paid it sixteen times. Appends queue; at most `flushers`
transactions are in flight, and each takes every append queued when it starts (up to
`max_batch`), each still its own `UPDATE ... WHERE version = expected` statement, pipelined
(asyncpg's `fetchmany`: one implicit transaction, one commit). An append that finds a flusher
free and nothing queued goes at once, alone, in its own task, as without batching; appends
that queue while the flushers are busy go together in the next transaction: at low load
batching adds nothing, under load it takes the place of waiting for a connection.

Outcomes stay apart. A game whose expected version no longer matches writes nothing and
returns 0 rows, as alone; the others of its batch commit. A statement that fails (a row lock
held past the lock timeout, a twin command's unique key) rolls its whole batch back: every
append of that batch is then made again alone by its caller (`BatchFailed`), so a failure is
only ever its own game's. A lost connection is reported as such: the caller looks its append
up by command id, as after any lost reply. Batches take their games' row locks in `game_id`
order, so two processes' batches never deadlock on each other.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import Sequence
from typing import Any

import asyncpg


class BatchFailed(Exception):
    """The batch this append rode in was rolled back by `cause`; append again alone."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.cause = cause


class _Waiting:
    __slots__ = ("args", "future", "game_id")

    def __init__(self, game_id: uuid.UUID, args: Sequence[Any],
                 future: asyncio.Future[Any]) -> None:
        self.game_id = game_id
        self.args = args
        self.future = future


class AppendBatches:
    """Runs append statements on `pool`, at most `flushers` transactions at a time."""

    def __init__(self, pool: asyncpg.Pool, max_batch: int = 32, flushers: int = 2) -> None:
        self.pool = pool
        self.max_batch = max_batch
        self.flushers = flushers
        self._waiting: dict[str, list[_Waiting]] = {}
        self._running = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self.transactions = 0
        """Transactions run (figures for benchmarks and tests)."""
        self.appends = 0
        """Appends they carried."""

    async def fetchrow(self, statement: str, game_id: uuid.UUID, args: Sequence[Any]) -> Any:
        """The statement's row, run alone or in a batch; BatchFailed if its batch failed."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        waiting = _Waiting(game_id, args, future)
        if self._running < self.flushers and not self._waiting:
            self._running += 1  # nothing waits and a flusher is free: go at once, alone
            try:
                await self._run(statement, [waiting])
            finally:
                self._running -= 1
                self._start_flusher()  # for what queued meanwhile
            return future.result()
        self._waiting.setdefault(statement, []).append(waiting)
        self._start_flusher()
        return await future

    def _start_flusher(self) -> None:
        if self._waiting and self._running < self.flushers:
            self._running += 1
            task = asyncio.create_task(self._flush())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _flush(self) -> None:
        try:
            while self._waiting:
                statement, queue = next(iter(self._waiting.items()))
                batch, rest = queue[:self.max_batch], queue[self.max_batch:]
                if rest:
                    self._waiting[statement] = rest
                else:
                    del self._waiting[statement]
                await self._run(statement, batch)
        finally:
            self._running -= 1

    async def _run(self, statement: str, batch: list[_Waiting]) -> None:
        batch.sort(key=lambda w: w.game_id)  # one lock order for every process's batches
        self.transactions += 1
        self.appends += len(batch)
        try:
            conn = await self.pool.acquire()
        except BaseException as exc:
            _settle(batch, exc)
            raise
        try:
            if len(batch) == 1:
                rows = [await conn.fetchrow(statement, *batch[0].args)]
            else:
                rows = await conn.fetchmany(statement, [w.args for w in batch])
        except BaseException as exc:
            _settle(batch, exc)
            if not isinstance(exc, Exception):
                raise
        else:
            for waiting, row in zip(batch, rows, strict=True):
                if not waiting.future.done():
                    waiting.future.set_result(row)
        finally:
            try:
                await self.pool.release(conn)
            except Exception:  # the outcome stands; the pool replaces a broken connection
                with contextlib.suppress(Exception):
                    conn.terminate()

    async def close(self) -> None:
        """Let the transactions in flight finish."""
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)


def _settle(batch: list[_Waiting], exc: BaseException) -> None:
    """Every append of a failed batch learns why; alone, it raises as before. A batch cut
    short (its task cancelled) may have committed: its appends learn it as a lost connection,
    so that each looks its outcome up by command id."""
    cause = exc if isinstance(exc, Exception) else ConnectionError(
        f"the append transaction was interrupted ({type(exc).__name__})")
    for waiting in batch:
        if waiting.future.done():
            continue
        waiting.future.set_exception(cause if len(batch) == 1 else BatchFailed(cause))
