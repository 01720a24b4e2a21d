"""Trace formats by name: recorded games are replayed and written without the CLI naming a game.

A trace is one JSON object per game (one line of a file) whose ``format`` field names how to
read it (``duel-trace/1``, ``7w-trace/1``, an expansion's extension of them). Each game package
registers the replayer of the formats it reads, keyed by that name, and the writer of its own
games, keyed by game kind; the CLI and the service only look them up here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec

from domain.kernel.game import Game
from domain.kernel.loading import load_packages


class Disagreement(msgspec.Struct, frozen=True):
    """One place where a recorded game and Polis differ."""

    seed: Any
    move_index: int
    """0-based index into `moves`, or -1 for the set-up and the final result."""
    move: Any
    field: str
    recorded: Any
    polis: Any
    known_exception: str | None = None
    """The rule (and rulebook section) by which Polis knowingly differs from the record."""


class TraceResult(msgspec.Struct):
    """The outcome of replaying one recorded game."""

    seed: Any
    moves: int
    disagreements: list[Disagreement]

    @property
    def agreed(self) -> bool:
        return not any(d.known_exception is None for d in self.disagreements)


class TraceError(Exception):
    """A record that is not well formed in the format it names."""


class NoRandom(random.Random):
    """A stand-in RNG that proves an explicit deal never draws (replays set games up from
    the recorded deal)."""

    def random(self) -> float:
        raise AssertionError("an explicit deal must not use the RNG")

    def getrandbits(self, k: int, /) -> int:
        raise AssertionError("an explicit deal must not use the RNG")


class PlayedGame(msgspec.Struct):
    """A game as played by Polis: what a trace writer turns into a record."""

    kind: str
    expansions: tuple[str, ...]
    seats: int
    options: dict[str, Any]
    seed: Any
    """A label of where the game came from (for example ``"7/12"``: run seed 7, game 12)."""
    opening: list[Any]
    """The events of `Game.start`."""
    steps: list[tuple[Any, list[Any]]]
    """Each command in order with the events it produced."""


Replayer = Callable[[dict[str, Any]], TraceResult]
Writer = Callable[[Game, PlayedGame], dict[str, Any]]

_REPLAYERS: dict[str, Replayer] = {}
_WRITERS: dict[str, Writer] = {}


def register_trace_format(name: str, replayer: Replayer) -> None:
    _REPLAYERS[name] = replayer


def register_trace_writer(kind: str, writer: Writer) -> None:
    _WRITERS[kind] = writer


def trace_formats() -> tuple[str, ...]:
    load_packages()  # each game and expansion package registers its formats
    return tuple(sorted(_REPLAYERS))


def replay_record(record: Any) -> TraceResult:
    """Replay one record by the format it names; TraceError when none reads it."""
    load_packages()  # each game and expansion package registers its formats
    name = record.get("format") if isinstance(record, dict) else None
    replayer = _REPLAYERS.get(name) if isinstance(name, str) else None
    if replayer is None:
        raise TraceError(f"unknown trace format {name!r}; known: {sorted(_REPLAYERS)}")
    return replayer(record)


def write_record(game: Game, played: PlayedGame) -> dict[str, Any]:
    """The trace record of a game played by Polis; TraceError when its kind has no writer."""
    load_packages()  # each game and expansion package registers its formats
    writer = _WRITERS.get(played.kind)
    if writer is None:
        raise TraceError(f"game kind {played.kind!r} writes no traces")
    return writer(game, played)


Importer = Callable[[dict[str, Any]], PlayedGame]
"""Plays a record through the engine and returns the game it holds (TraceError: why not)."""

_IMPORTERS: dict[str, Importer] = {}


def register_trace_importer(name: str, importer: Importer) -> None:
    _IMPORTERS[name] = importer


def unregister_trace_format(name: str) -> None:
    """Forget a format's replayer and importer (a format a test defines for itself)."""
    _REPLAYERS.pop(name, None)
    _IMPORTERS.pop(name, None)


def import_record(record: Any) -> PlayedGame:
    """The finished game a record holds, checked move by move by its format's importer;
    TraceError names the first problem (nothing is returned for a record in doubt)."""
    load_packages()  # each game and expansion package registers its formats
    name = _format_name(record)
    if name not in _IMPORTERS:
        raise TraceError(f"no importer reads trace format {name!r}; known: {sorted(_IMPORTERS)}")
    return _IMPORTERS[name](record)


def _format_name(record: Any) -> str:
    name = record.get("format") if isinstance(record, dict) else None
    return name if isinstance(name, str) else repr(name)
