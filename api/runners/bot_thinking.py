"""Where a bot thinks: in a small pool of processes of its own, never on the event loop.

A `strong` bot searches for up to `POLIS_BOT_SECONDS` of pure Python. Run in a thread of an
API process (as it once was) it held the interpreter lock the event loop needs: three games
of seven strong bots took another game's command from 9 ms to a median of 45 ms
(`tests/benchmarks/bench_bot_load.py`). Here every API process and `polis bots` worker
thinks in a `ProcessPoolExecutor` of at most `POLIS_BOT_PROCESSES` processes (2), started
with `spawn` when the first bot thinks (a process that never meets a bot starts none), each
importing the game packages once and running at a lower CPU priority, so that on a busy
machine requests come before thoughts.

This keeps one deployment shape for every size: `make serve` and a lone `polis serve` still
play bots with nothing else to start, and a deployment that wants bots on machines of
their own runs `polis bots` workers with `POLIS_BOTS=off` on the API (`compose.yaml`), whose
thoughts go to their own pools in the same way. A process only ever hands a thought to a
pool of its own, so nothing is shared between replicas.

What crosses to a thinking process is what the bot may know and nothing more: the seat's
`SeatInput` (its view and legal moves, pickled), the ruleset's kind, expansions and options
(the process builds the ruleset once and keeps it), the level, the turn's seed and the
budget. The move comes back as plain data. The budget's deadline is kept inside the
thinking process (its clock), so a thought ends within `seconds` of starting. The seed makes
a turn think the same thoughts wherever it runs. A `random` bot, and any bot with one legal
move, costs nothing to decide and is decided in place. `POLIS_BOT_PROCESSES=0` thinks in a
thread of the process as before: for measuring the difference only.

A thinking process ends with its pool, and on its own when the process that started it is
gone (a replica killed outright): no thinker outlives its service.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import os
import random
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, NamedTuple

import msgspec

from domain.bots import Budget, SeatInput, choose
from domain.kernel.game import Game
from domain.kernel.registry import get_ruleset

_log = logging.getLogger("polis.bots")

NICENESS = 10
"""How much lower a thinking process's CPU priority is than its service's."""


class Ruleset(NamedTuple):
    """What rebuilds a game's ruleset in another process (`domain.kernel.registry`)."""

    kind: str
    expansions: tuple[str, ...]
    options: dict[str, Any]


class Thought(NamedTuple):
    """One bot's turn to think about: everything it is given, and its budget."""

    level: str
    inp: SeatInput
    seed: int
    playouts: int
    seconds: float


def decide(game: Game, thought: Thought) -> Any:
    """The move, as plain data, that `thought`'s bot plays (run wherever the bot thinks)."""
    deadline = time.monotonic() + thought.seconds
    budget = Budget(thought.playouts, lambda: time.monotonic() >= deadline)
    move = choose(thought.level, game, thought.inp, random.Random(thought.seed), budget)
    return msgspec.to_builtins(move)


def trivial(thought: Thought) -> bool:
    """Whether deciding costs nothing (a random pick, or one move to play)."""
    return thought.level == "random" or len(thought.inp.moves) == 1


@functools.lru_cache(maxsize=64)
def _ruleset(kind: str, expansions: tuple[str, ...], options: bytes) -> Game:
    return get_ruleset(kind, expansions, msgspec.json.decode(options))


def _think(ruleset: Ruleset, thought: Thought) -> Any:
    """A thinking process's task."""
    options = msgspec.json.encode(ruleset.options, order="sorted")
    return decide(_ruleset(ruleset.kind, ruleset.expansions, options), thought)


def _start_thinker(parent: int) -> None:
    """A thinking process's start: lower priority, no Ctrl-C of its own (its service stops
    it), the game packages imported once, and an end when its service is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    from domain.bots import greedy, strong  # noqa: F401  (imported once, not per move)
    from domain.kernel.registry import kinds

    kinds()  # imports every game package

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class BotThinking:
    """Decides bots' moves off the event loop (see the module docstring)."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None

    async def decide(self, game: Game, ruleset: Ruleset, thought: Thought) -> Any:
        """The move `thought`'s bot plays in `game` (whose ruleset `ruleset` rebuilds)."""
        if trivial(thought):
            return decide(game, thought)
        if self.processes <= 0:
            return await asyncio.to_thread(decide, game, thought)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._started(), _think, ruleset, thought)
        except BrokenProcessPool:  # a thinking process died (killed, out of memory): once more
            _log.warning("a bot's thinking process died; starting a new pool")
            self._drop()
            return await loop.run_in_executor(self._started(), _think, ruleset, thought)

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.processes, multiprocessing.get_context("spawn"),
                initializer=_start_thinker, initargs=(os.getpid(),),
            )
        return self._pool

    def _drop(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop the thinking processes (a thought under way ends within its budget)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)
