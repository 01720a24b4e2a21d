"""What a bot is given: a seat's input (view and legal moves) and a thinking budget."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SeatInput:
    """Everything a bot is given: exactly what its seat may see."""

    seat: int
    view: Any
    """`Game.view(state, seat)`: the seat's redacted view."""
    moves: Sequence[Any]
    """`Game.legal_moves(state, seat)`: what the seat may submit now."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much thinking a move may take; the caller owns the clock."""

    playouts: int = 200
    """Games played out per move by the strong bot (its main budget)."""
    expired: Callable[[], bool] | None = None
    """Asked between playouts: True stops the search (a deadline set by the service)."""
