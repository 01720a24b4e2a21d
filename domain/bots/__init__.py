"""Bots that play any game kind through what a seat may know: its view and legal moves.

A bot never receives a game's state. Levels: `random`, `greedy` (one move ahead, scored by
the kind's evaluator) and `strong` (a search over the seat's information set: states are
sampled from the view by the kind's determiniser and played out). Per-kind knowledge sits
behind `knowledge.Knowledge`; time is a budget passed in by the caller (no clock here).
"""

from domain.bots.base import LEVELS, Budget, SeatInput, choose

__all__ = ["LEVELS", "Budget", "SeatInput", "choose"]
