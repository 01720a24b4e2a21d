"""A deal: every random outcome of a game, drawn once at the start or given explicitly.

Recording the whole deal in the first event means a replay never calls an RNG, and a
scenario, a tutorial or a reported game can be set up card for card.
"""

from __future__ import annotations

import random

import msgspec

from domain.kernel.errors import DomainError


class Deal(msgspec.Struct, frozen=True):
    first_player: int
    wonders: tuple[int, ...]
    """The 8 wonders offered in the draft, in reveal order (4 per round)."""
    wonders_unused: tuple[int, ...]
    board_tokens: tuple[int, ...]
    aside_tokens: tuple[int, ...]
    """Tokens kept aside, in the order the Great Library would draw them."""
    ages: tuple[tuple[int, ...], ...]
    """Card ids of each Age's structure, in slot order."""
    removed: tuple[tuple[int, ...], ...]
    """Cards left out of each Age (3, 3, 3), then the unused guilds (4)."""


def random_deal(
    rng: random.Random,
    cards_by_age: tuple[tuple[int, ...], ...],
    guilds: tuple[int, ...],
    n_wonders: int,
    n_tokens: int,
    slots_per_age: tuple[int, ...],
    guilds_in_play: int = 3,
) -> Deal:
    wonders = list(range(n_wonders))
    rng.shuffle(wonders)
    tokens = list(range(n_tokens))
    rng.shuffle(tokens)
    guild_pool = list(guilds)
    rng.shuffle(guild_pool)
    ages: list[tuple[int, ...]] = []
    removed: list[tuple[int, ...]] = []
    for age, pool in enumerate(cards_by_age):
        deck = list(pool)
        rng.shuffle(deck)
        size = slots_per_age[age]
        if age == 2:
            size -= guilds_in_play
            kept = deck[:size] + guild_pool[:guilds_in_play]
            rng.shuffle(kept)
        else:
            kept = deck[:size]
        ages.append(tuple(kept))
        removed.append(tuple(deck[size:]))
    removed.append(tuple(guild_pool[guilds_in_play:]))
    half = n_tokens // 2
    return Deal(
        first_player=rng.randrange(2),
        wonders=tuple(wonders[:8]),
        wonders_unused=tuple(wonders[8:]),
        board_tokens=tuple(tokens[:half]),
        aside_tokens=tuple(tokens[half:]),
        ages=tuple(ages),
        removed=tuple(removed),
    )


def check_deal(
    deal: Deal,
    cards_by_age: tuple[tuple[int, ...], ...],
    guilds: tuple[int, ...],
    n_wonders: int,
    n_tokens: int,
    slots_per_age: tuple[int, ...],
) -> None:
    """Raise DomainError unless every card, wonder and token is placed exactly once."""

    def fail(reason: str) -> None:
        raise DomainError("invalid_deal", reason)

    if deal.first_player not in (0, 1):
        fail("first_player must be 0 or 1")
    if sorted(deal.wonders + deal.wonders_unused) != list(range(n_wonders)):
        fail(f"wonders and wonders_unused must hold each of the {n_wonders} wonders once")
    if len(deal.wonders) != 8:
        fail("exactly 8 wonders are offered in the draft")
    if sorted(deal.board_tokens + deal.aside_tokens) != list(range(n_tokens)):
        fail(f"board and aside tokens must hold each of the {n_tokens} tokens once")
    if len(deal.board_tokens) != 5:
        fail("exactly 5 progress tokens start on the board")
    if len(deal.ages) != 3 or len(deal.removed) != 4:
        fail("ages needs 3 structures and removed needs 4 lists (3 ages, unused guilds)")
    for age in range(3):
        if len(deal.ages[age]) != slots_per_age[age]:
            fail(f"Age {age + 1} structure needs {slots_per_age[age]} cards")
        pool = set(cards_by_age[age]) | (set(guilds) if age == 2 else set())
        placed = deal.ages[age] + deal.removed[age]
        if age == 2:
            placed = placed + deal.removed[3]
        if sorted(placed) != sorted(pool) or len(set(placed)) != len(placed):
            fail(f"Age {age + 1} cards (structure and removed) must be that Age's deck once each")
    guild_set = set(guilds)
    if len(deal.removed[2]) != 3 or guild_set & set(deal.removed[2]):
        fail("3 Age III cards (not guilds) are removed")
    if len(deal.removed[3]) != len(guilds) - 3 or not set(deal.removed[3]) <= guild_set:
        fail(f"the {len(guilds) - 3} guilds left out are listed apart")
