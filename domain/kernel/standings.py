"""Final standings with the seats that left a game ranked last, whatever their scores.

A seat that resigns or forfeits a game of more than two seats leaves it and its bot plays
the seat to the end (`domain/kernel/meta.py`); the game is scored by its own rules, then
the seats that left are moved behind every seat that stayed: the later a seat left, the
better its place among them (the first to leave is last). The seats that stayed keep the
game's order and its shared places (a tie stays a tie).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec


class Leaver(msgspec.Struct, frozen=True):
    """A seat that left a game that went on: how it left (`resigned` or `forfeited`)."""

    seat: int
    how: str


def own_places(ranking: Sequence[int], places: Sequence[int] | None) -> list[int]:
    """Each seat's place (1 = first) as the game gives it (`rank`, shared on a tie), or
    its position in the game's `ranking` when the game gives no places."""
    if places is not None and len(places) == len(ranking):
        return list(places)
    found = [0] * len(ranking)
    for position, seat in enumerate(ranking):
        found[seat] = position + 1
    return found


def standings(
    ranking: Sequence[int], places: Sequence[int], left: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ranking (best first) and each seat's place with the seats of `left` (in the
    order they left) behind every other seat: see the module docstring."""
    gone = set(left)
    stayed = [seat for seat in ranking if seat not in gone]
    behind = [seat for seat in reversed(left) if seat in ranking]
    placed = list(places)
    for seat in stayed:
        placed[seat] = 1 + sum(1 for other in stayed if places[other] < places[seat])
    for i, seat in enumerate(behind):
        placed[seat] = len(stayed) + 1 + i
    return (*stayed, *behind), tuple(placed)


def sole_first(ranking: Sequence[int], places: Sequence[int]) -> int | None:
    """The winner: the first of the ranking, unless it shares first place (None)."""
    firsts = [seat for seat in ranking if places[seat] == 1]
    return firsts[0] if len(firsts) == 1 else None
