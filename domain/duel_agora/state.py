"""Agora's part of a game: its deal (the secrets drawn at set-up) and its state in `ext`."""

from __future__ import annotations

import msgspec

from domain.duel.deal import Deal


class AgoraDeal(Deal, frozen=True):
    """A Duel deal with Agora's draws: the age structures hold the senators too."""

    decrees: tuple[int, ...]
    """The decree dealt to each chamber 1-6."""
    decrees_unused: tuple[int, ...]
    """The 10 decrees left in the box, unseen."""
    conspiracies: tuple[int, ...]
    """The conspiracy deck, top first."""


class AgoraSecrets(msgspec.Struct, frozen=True):
    """What `AgoraDealt` records of the deal (hidden from every seat)."""

    decrees: tuple[int, ...]
    decrees_unused: tuple[int, ...]
    conspiracies: tuple[int, ...]


class AgoraState(msgspec.Struct, frozen=True):
    cubes: tuple[tuple[int, ...], tuple[int, ...]] = ((0,) * 6, (0,) * 6)
    """Influence cubes of each seat in chambers 1-6."""
    decrees: tuple[tuple[int, ...], ...] = ((),) * 6
    """Decrees in each chamber (Insider Influence may leave one empty and another with 2)."""
    revealed: int = 0
    """Bitmask of the decree ids lying face up."""
    unused_decrees: tuple[int, ...] = ()
    deck: tuple[int, ...] = ()
    """The conspiracy deck, top first."""
    held: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """Conspiracies of each seat in the order it got them (a position never changes)."""
    prepared: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """Parallel to `held`: the Age card under it, -1 while unprepared."""
    triggered: tuple[tuple[bool, ...], tuple[bool, ...]] = ((), ())
    senators: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """Senator cards recruited by each seat, in order."""
    drawn: tuple[int, ...] = ()
    """The conspiracies drawn and not yet kept or returned (the drawer is `current`)."""
    spied: tuple[int, ...] = ()
    """The tokens Espionage shows its player (the tokens kept aside)."""
    acted: bool = False
    """A conspiracy was triggered before this turn's action (one per turn)."""
    in_trigger: bool = False
    """A conspiracy triggered at the start of the turn is being resolved."""
    obscured: tuple[tuple[int, int, bool], ...] = ()
    """Progress tokens put face down on Obscurantism (out of the game), as (token, seat
    that took it, taken from the tokens kept aside)."""
    sabotaged: tuple[int, ...] = ()
    """Wonders returned to the box by Sabotage."""
    removed_built: tuple[int, ...] = ()
    """Cards removed at set-up and built through Treason."""

    def cubes_left(self, seat: int) -> int:
        from domain.duel_agora.catalog import CUBES_PER_SEAT

        return CUBES_PER_SEAT - sum(self.cubes[seat])

    def controller(self, chamber: int) -> int:
        """0 or 1 with a strict majority in the chamber, else -1."""
        a, b = self.cubes[0][chamber], self.cubes[1][chamber]
        return 0 if a > b else 1 if b > a else -1

    def decree_holder(self, decree: int) -> int:
        """The seat a decree benefits (the controller of its chamber, if face up), or -1."""
        if not (self.revealed >> decree) & 1:
            return -1
        for chamber, decrees in enumerate(self.decrees):
            if decree in decrees:
                return self.controller(chamber)
        return -1
