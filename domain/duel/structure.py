"""The card structures of the three Ages: layout data and accessibility as bitmasks.

A layout is data, so an expansion with larger structures (Agora) supplies its own rows.
Slot i is bit ``1 << i``; a slot is accessible when every slot covering it has been taken.
"""

from __future__ import annotations

import msgspec


class SlotDef(msgspec.Struct, frozen=True):
    name: str
    row: int
    x: int
    face_up: bool
    covered_by: int
    """Bitmask of the slots that partially cover this one."""
    covers: tuple[int, ...]
    """Slots that this one partially covers (checked for reveal when it is taken)."""


class Layout(msgspec.Struct, frozen=True):
    slots: tuple[SlotDef, ...]
    full: int
    """Bitmask with every slot set: the structure is empty when all are taken."""
    face_up: int
    by_name: dict[str, int]

    def accessible(self, taken: int) -> int:
        """Bitmask of slots still present and not covered by any card."""
        key = (id(self), taken)
        hit = _ACCESSIBLE.get(key)
        if hit is not None:
            return hit
        mask = self._accessible(taken)
        if len(_ACCESSIBLE) > 500_000:
            _ACCESSIBLE.clear()
        _ACCESSIBLE[key] = mask
        return mask

    def accessible_slots(self, taken: int) -> tuple[int, ...]:
        """The accessible slots in order (memoised like `accessible`)."""
        key = (id(self), taken)
        hit = _ACCESSIBLE_SLOTS.get(key)
        if hit is None:
            mask = self.accessible(taken)
            hit = tuple([i for i in range(mask.bit_length()) if (mask >> i) & 1])
            if len(_ACCESSIBLE_SLOTS) > 500_000:
                _ACCESSIBLE_SLOTS.clear()
            _ACCESSIBLE_SLOTS[key] = hit
        return hit

    def _accessible(self, taken: int) -> int:
        mask = 0
        bit = 1
        for covered_by in _covered_by(self):
            if not taken & bit and covered_by & taken == covered_by:
                mask |= bit
            bit <<= 1
        return mask


_ACCESSIBLE: dict[tuple[int, int], int] = {}
_ACCESSIBLE_SLOTS: dict[tuple[int, int], tuple[int, ...]] = {}
"""Memo of accessible masks; layouts live as long as the process (module constants)."""
_COVERED_BY: dict[int, tuple[Layout, tuple[int, ...]]] = {}
"""Per layout (by identity, the layout kept alive with it), each slot's `covered_by`."""


def _covered_by(layout: Layout) -> tuple[int, ...]:
    entry = _COVERED_BY.get(id(layout))
    if entry is None or entry[0] is not layout:
        entry = _COVERED_BY[id(layout)] = (layout, tuple(s.covered_by for s in layout.slots))
    return entry[1]


def make_layout(rows: tuple[tuple[int, ...], ...]) -> Layout:
    """A layout from the x positions (in half-card units) of each row, far row first.

    Odd rows are dealt face up, even rows face down; a card at (r, x) is covered by the
    cards at (r+1, x-1) and (r+1, x+1).
    """
    coords = [(r + 1, x) for r, xs in enumerate(rows) for x in xs]
    index = {c: i for i, c in enumerate(coords)}
    slots = []
    for row, x in coords:
        covered = 0
        for dx in (-1, 1):
            j = index.get((row + 1, x + dx))
            if j is not None:
                covered |= 1 << j
        covers = tuple(
            index[(row - 1, x + dx)] for dx in (-1, 1) if (row - 1, x + dx) in index
        )
        slots.append(SlotDef(f"r{row}x{x}", row, x, row % 2 == 1, covered, covers))
    face_up = 0
    for i, s in enumerate(slots):
        if s.face_up:
            face_up |= 1 << i
    return Layout(
        tuple(slots), (1 << len(slots)) - 1, face_up, {s.name: i for i, s in enumerate(slots)}
    )


BASE_LAYOUTS: tuple[Layout, Layout, Layout] = (
    make_layout(((5, 7), (4, 6, 8), (3, 5, 7, 9), (2, 4, 6, 8, 10), (1, 3, 5, 7, 9, 11))),
    make_layout(((1, 3, 5, 7, 9, 11), (2, 4, 6, 8, 10), (3, 5, 7, 9), (4, 6, 8), (5, 7))),
    make_layout(((5, 7), (4, 6, 8), (3, 5, 7, 9), (4, 8), (3, 5, 7, 9), (4, 6, 8), (5, 7))),
)
"""Ages I, II and III of the base game (reference: age_card_structures)."""


def newly_uncovered(layout: Layout, slot: int, taken: int) -> tuple[int, ...]:
    """Slots that `slot`'s removal (already in `taken`) leaves with no covering card."""
    return tuple(
        j
        for j in layout.slots[slot].covers
        if not (taken >> j) & 1
        and layout.slots[j].covered_by & taken == layout.slots[j].covered_by
    )
