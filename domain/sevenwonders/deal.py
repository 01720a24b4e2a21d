"""The deal of a game: boards and sides, the three ages' hands, the guilds, the Free City pile.

Drawn once from the seeded RNG at set-up (or given explicitly, for replays and tests) and
recorded in the first event, hidden from every seat by redaction.
"""

from __future__ import annotations

import random

import msgspec

from domain.kernel.errors import DomainError
from domain.sevenwonders.catalog_types import PURPLE, CardDef, WonderDef

HAND = 7


class Deal(msgspec.Struct, frozen=True):
    boards: tuple[tuple[int, int], ...]
    """(wonder id, side 0=A 1=B) per city."""
    hands: tuple[tuple[tuple[int, ...], ...], ...]
    """Per age, per city, the 7 cards dealt (the Free City none)."""
    guilds: tuple[int, ...]
    """The guilds shuffled into the Age III deck (sorted)."""
    piles: tuple[tuple[int, ...], ...] = ()
    """Two-player variant: per age, the Free City's draw pile, top first."""


def age_deck(cards: tuple[CardDef, ...], age: int, players: int) -> list[int]:
    """The age's non-guild cards for `players` (each copy from its minimum count)."""
    if 0 <= age <= 3 and 0 <= players <= 7:
        return list(_decks(cards)[0][age][players])
    return [c.id for c in cards if c.age == age and c.colour != PURPLE
            for m in c.copies if m <= players]


def _decks(cards: tuple[CardDef, ...]) -> tuple[tuple[tuple[tuple[int, ...], ...], ...],
                                                tuple[int, ...]]:
    """Per age (1-3) and player count (0-7), the age's non-guild cards, and the guilds:
    read at every deal, so made once per catalog."""
    found = _DECKS.get(id(cards))
    if found is None or found[0] is not cards:
        decks = tuple(tuple(tuple(c.id for c in cards if c.age == age and c.colour != PURPLE
                                  for m in c.copies if m <= players)
                            for players in range(8))
                      for age in range(4))
        guilds = tuple(c.id for c in cards if c.colour == PURPLE)
        if len(_DECKS) >= 64:
            _DECKS.clear()
        found = _DECKS[id(cards)] = (cards, (decks, guilds))
    return found[1]


_DECKS: dict[int, tuple[tuple[CardDef, ...], tuple[tuple[tuple[tuple[int, ...], ...], ...],
                                                   tuple[int, ...]]]] = {}


def random_deal(
    rng: random.Random,
    cards: tuple[CardDef, ...],
    wonders: tuple[WonderDef, ...],
    seats: int,
    variant: bool,
    boards: tuple[tuple[int, int], ...] | None,
    sides: str,
) -> Deal:
    cities = 3 if variant else seats
    deck_players = 3 if variant else seats
    if boards is None:
        ids = [w.id for w in wonders]
        rng.shuffle(ids)
        boards = tuple(
            (w, rng.randrange(2) if sides == "random" else "AB".index(sides))
            for w in ids[:cities]
        )
    decks, all_guilds = _decks(cards)
    guild_pool = list(all_guilds)
    rng.shuffle(guild_pool)
    guilds = tuple(sorted(guild_pool[: deck_players + 2]))
    hands = []
    piles = []
    seated = 2 if variant else cities
    for age in (1, 2, 3):
        deck = [*decks[age][deck_players], *(guilds if age == 3 else ())]
        rng.shuffle(deck)
        hands.append(tuple(tuple(deck[i * HAND:(i + 1) * HAND]) for i in range(seated))
                     + (((),) if variant else ()))
        piles.append(tuple(deck[seated * HAND:]))
    return Deal(boards=boards, hands=tuple(hands), guilds=guilds,
                piles=tuple(piles) if variant else ())


def check_deal(deal: Deal, cards: tuple[CardDef, ...], wonders: tuple[WonderDef, ...],
               seats: int, variant: bool) -> None:
    """Refuse an explicit deal that is not a deal of this game for `seats`."""
    cities = 3 if variant else seats
    deck_players = 3 if variant else seats

    def bad(reason: str) -> DomainError:
        return DomainError("invalid_deal", reason)

    if len(deal.boards) != cities:
        raise bad(f"{cities} boards expected, got {len(deal.boards)}")
    if len({w for w, _ in deal.boards}) != cities or any(
        not 0 <= w < len(wonders) or s not in (0, 1) for w, s in deal.boards
    ):
        raise bad("boards must be distinct wonders with side 0 (A) or 1 (B)")
    guild_ids = {c.id for c in cards if c.colour == PURPLE}
    if len(set(deal.guilds)) != deck_players + 2 or not set(deal.guilds) <= guild_ids:
        raise bad(f"{deck_players + 2} distinct guilds expected")
    if len(deal.hands) != 3:
        raise bad("hands for three ages expected")
    for age in (1, 2, 3):
        hands = deal.hands[age - 1]
        if len(hands) != cities:
            raise bad(f"age {age}: one hand per city expected")
        seated = hands[:2] if variant else hands
        if any(len(h) != HAND for h in seated) or (variant and hands[2]):
            raise bad(f"age {age}: hands of {HAND} cards expected (the Free City none)")
        dealt = [c for h in hands for c in h]
        if variant:
            if len(deal.piles) != 3:
                raise bad("the Free City's three draw piles expected")
            dealt += list(deal.piles[age - 1])
        deck = age_deck(cards, age, deck_players) + (list(deal.guilds) if age == 3 else [])
        if sorted(dealt) != sorted(deck):
            raise bad(f"age {age}: the cards dealt are not the age's deck")
