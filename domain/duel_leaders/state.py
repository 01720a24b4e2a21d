"""Duel Leaders' part of a game: its deal (the leaders' shuffle) and its state.

The state lives in `DuelState.leaders` (not `ext`, which Agora uses), so both expansions
compose. Leader ids are positions in `catalog.LEADERS`.
"""

from __future__ import annotations

import msgspec

from domain.duel.deal import Deal
from domain.duel_agora.state import AgoraDeal

# Steps of the leaders' own flow (`LeadersState.step`).
NO_STEP, CHOOSING, DECLARING, RESOLVING, AFTER_LAYOUT = range(5)
"""Choosing a leader in secret, declaring in secret recruit or discard, applying the
recruited leaders' effects, and the effects due once the Age structure is laid out
(Croesus, Ramesses)."""

UNSET = -1
EMPTY_HAND = -2
"""`chosen` of a seat with no leader left in hand: it sits the recruitment out."""


class LeadersDeal(Deal, frozen=True):
    """A Duel deal with the leaders' shuffle: the 8 drafted leaders in reveal order (4 per
    round), then the leaders set aside in the order Maecenas and Rome draw them."""

    leaders: tuple[int, ...]


class AgoraLeadersDeal(AgoraDeal, frozen=True):
    """An Agora deal with the leaders' shuffle (see `LeadersDeal`)."""

    leaders: tuple[int, ...]


class LeadersState(msgspec.Struct, frozen=True):
    pool: tuple[int, ...] = ()
    """The leaders shuffled for this game (all 43 or a variant panel)."""
    costs: tuple[int, ...] = ()
    """The coin cost of every leader of the catalog in this game (options may override)."""
    drafted: tuple[int, ...] = ()
    """The 8 leaders of the draft in reveal order (from `LeadersDealt`, the event every
    state is folded from: a seat's copy of `GameStarted` has no deal)."""
    offer: tuple[int, ...] = ()
    """Leaders revealed in the draft and not yet taken."""
    picks: int = 0
    aside: tuple[int, ...] = ()
    """Leaders set aside, in draw order (hidden from both seats)."""
    hands: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """Leaders of each seat not yet recruited nor discarded, face up for both seats (those
    Rome drew included: "Les leaders choisis doivent être placés face visible")."""
    recruited: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    buried: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """Leaders under Abu Simbel: no ability any more, 2 x cost VP."""
    step: int = NO_STEP
    age: int = 0
    """The Age being opened while a recruitment step runs."""
    chooser: int = 0
    """The seat that plays first or chooses who does in the coming Age (acts first)."""
    chosen: tuple[int, int] = (UNSET, UNSET)
    declared: tuple[int, int] = (UNSET, UNSET)
    """1 recruit, 0 discard."""
    queue: tuple[int, ...] = ()
    """Seats whose recruited leader's effect is still to apply, first first."""
    drawn: tuple[int, ...] = ()
    """Leaders drawn by Maecenas, one of which may be recruited for free (drawer only)."""
    offered: tuple[int, ...] = ()
    """Cards offered to build for free (Croesus: the Age's removed cards; Ramesses: 2
    unused guilds), drawer only."""
    used: tuple[int, int] = (0, 0)
    """Bitmask per seat of once-per-game leaders used (Euclid, Ptolemy, Pythagoras)."""
    aspasia: bool = False
    """Aspasia waits to cancel the next pawn move."""
    symbols: tuple[tuple[int, int], ...] = ()
    """(card, science symbol) of cards whose symbol Euclid or Ptolemy changed, whichever
    city holds the card now (the change follows the card)."""

    def symbol(self, printed: int, card: int) -> int:
        """A card's science symbol as it stands (`printed`: the catalog's)."""
        for changed, symbol in self.symbols:
            if changed == card:
                return symbol
        return printed
    under: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """Cards put under Pythagoras (no benefit)."""
    removed_built: tuple[int, ...] = ()
    """Removed cards or unused guilds built through Croesus or Ramesses."""

    def active(self, seat: int, leader: int) -> bool:
        """Recruited and not buried: its abilities apply."""
        return leader in self.recruited[seat] and leader not in self.buried[seat]
