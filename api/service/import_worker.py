"""Imports replayed off the event loop: a small pool of worker processes, a bound on how many
imports wait for it, and a time budget for each.

Why a process and not a thread: parsing a 4 MiB trace, replaying every move through the
engine and building every version's views is seconds of pure Python; in a thread it still
holds the interpreter lock, and every game and socket of the process stalls meanwhile. In a
worker process the event loop only sends the prepared rows to PostgreSQL.

A worker gets the request body as bytes and returns the prepared game as msgpack bytes (or
the refusal, code and message): nothing but bytes crosses the process boundary. A replay that
runs past its budget has its worker pool terminated (a fresh one starts with the next import)
and the import is refused with `trace_too_slow`; past `workers × QUEUE_FACTOR` imports in
flight, a new one is refused at once with `import_busy` (503, Retry-After).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.pool
from typing import Any

import msgspec

from api.service.commands import to_new_events
from api.service.limits import too_deep
from api.service.refusals import Busy, Invalid, Refusal, RuleRefused
from domain.kernel import DomainError, get_game
from domain.kernel.traces import PlayedGame, TraceError, import_record
from infra.event_store import NewEvent
from projections.views import build_views

QUEUE_FACTOR = 4
"""Imports in flight (running or waiting) per worker before a new one is refused."""

_MALFORMED = (TraceError, DomainError, KeyError, TypeError, ValueError, AttributeError,
              IndexError, RecursionError)
"""What a replayer may raise on a record that does not follow its format."""


class PreparedStep(msgspec.Struct, array_like=True):
    """One append of the imported game: its events and what the append stores with them."""

    seat: int | None
    events: list[NewEvent]
    summary: dict[str, Any]
    over: bool
    views: list[tuple[int, str]]


class PreparedImport(msgspec.Struct, array_like=True, tag="game"):
    """A checked trace, ready to store: the game's opening, then one step per command."""

    kind: str
    expansions: tuple[str, ...]
    options: dict[str, Any]
    seats: int
    opening: PreparedStep
    steps: list[PreparedStep]


class ImportRefusal(msgspec.Struct, array_like=True, tag="refusal"):
    """Why a worker refused a body: `invalid_body` or `too_deep` (400), `invalid_trace`
    (422)."""

    code: str
    message: str


_Outcome = PreparedImport | ImportRefusal


def checked_import(record: Any) -> PlayedGame:
    """The game a record holds, or a Refusal (`invalid_trace`) with its first problem."""
    if not isinstance(record, dict):
        raise Invalid("invalid_body", "a trace record is one JSON object")
    try:
        return import_record(record)
    except _MALFORMED as exc:
        raise RuleRefused("invalid_trace", str(exc) or type(exc).__name__) from None


def prepare(played: PlayedGame) -> PreparedImport:
    """Every append of a checked game with its summaries and every audience's views."""
    game = get_game(played.kind, played.expansions, played.options)
    state = game.initial_state()
    for event in played.opening:
        state = game.evolve(state, event)

    def step(seat: int | None, events: list[Any]) -> PreparedStep:
        return PreparedStep(seat, to_new_events(events), game.summary(state),
                            game.is_over(state), build_views(game, state, played.seats))

    opening = step(None, list(played.opening))
    steps = []
    for command, events in played.steps:
        for event in events:
            state = game.evolve(state, event)
        steps.append(step(game.command_seat(command), list(events)))
    return PreparedImport(played.kind, tuple(played.expansions), played.options, played.seats,
                          opening, steps)


def prepare_body(body: bytes, max_depth: int) -> bytes:
    """In a worker: the request body to a prepared game or a refusal, as msgpack. The body's
    nesting is checked here too (on the loop, a 4 MiB scan costs up to 0.2 s)."""
    outcome: _Outcome
    try:
        if too_deep(body, max_depth):
            raise Invalid("too_deep", f"JSON nested deeper than {max_depth} levels")
        try:
            record = msgspec.json.decode(body)
        except msgspec.DecodeError as exc:
            raise Invalid("invalid_body", f"the body is not JSON: {exc}") from None
        outcome = prepare(checked_import(record))
    except Refusal as exc:
        outcome = ImportRefusal(exc.code, exc.message)
    return msgspec.msgpack.encode(outcome)


_decode_outcome = msgspec.msgpack.Decoder(_Outcome).decode


class ImportPool:
    """The worker processes of one API process, started with the first import."""

    def __init__(self, workers: int, budget_seconds: float, max_depth: int = 32) -> None:
        self.workers = workers
        self.budget_seconds = budget_seconds
        self.max_depth = max_depth
        self._pool: multiprocessing.pool.Pool | None = None
        self._in_flight = 0

    def _started(self) -> multiprocessing.pool.Pool:
        if self._pool is None:
            self._pool = multiprocessing.get_context("spawn").Pool(self.workers)
        return self._pool

    async def prepare(self, body: bytes) -> PreparedImport:
        """The prepared game of a request body; a Refusal for a bad body or trace, a busy
        pool or a replay past its budget."""
        if self._in_flight >= self.workers * QUEUE_FACTOR:
            raise Busy("import_busy", f"{self._in_flight} imports are already in progress "
                       "here; retry later", retry_after=5)
        self._in_flight += 1
        try:
            outcome: _Outcome = _decode_outcome(await self._run(body))
        finally:
            self._in_flight -= 1
        if isinstance(outcome, ImportRefusal):
            if outcome.code in ("invalid_body", "too_deep"):
                raise Invalid(outcome.code, outcome.message)
            raise RuleRefused(outcome.code, outcome.message)
        return outcome

    async def _run(self, body: bytes) -> bytes:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[bytes] = loop.create_future()

        def finish(result: bytes) -> None:
            if not done.done():
                done.set_result(result)

        def fail(exc: BaseException) -> None:
            if not done.done():
                done.set_exception(exc)

        pool = self._started()
        pool.apply_async(prepare_body, (body, self.max_depth),
                         callback=lambda r: loop.call_soon_threadsafe(finish, r),
                         error_callback=lambda e: loop.call_soon_threadsafe(fail, e))
        try:
            return await asyncio.wait_for(done, self.budget_seconds)
        except TimeoutError:
            # the replay cannot be stopped inside its worker: end the pool (every import
            # still running in it is refused the same way) and start afresh next time
            if self._pool is pool:
                self._pool = None
            await asyncio.to_thread(pool.terminate)
            raise RuleRefused(
                "trace_too_slow", f"replaying the trace took more than {self.budget_seconds:g} s"
                " (POLIS_IMPORT_SECONDS); nothing was written") from None

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.terminate)
