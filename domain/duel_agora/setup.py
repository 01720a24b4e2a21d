"""Agora's set-up: the deal (senators mixed into the Ages 5/5/3, 6 of 16 decrees in the
chambers, the conspiracy deck), its check for explicit deals, the opening and the draft
picks of Curia Julia and Knossos.

Rules (agora-rules-fr, "Mise en place"): each Age deck is prepared as in the base game (3
cards removed; 3 guilds in Age III), then gets its senators; decrees lie face up in
chambers 1, 3, 5 and face down in 2, 4, 6; the 10 other decrees go to the box unseen.
All 14 wonders and 12 progress tokens are shuffled as in the base game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from domain.duel import events as ev
from domain.duel.catalog_types import PURPLE
from domain.duel.commands import PickWonder
from domain.duel.deal import Deal
from domain.duel.draft import continue_draft, start_first_phase
from domain.duel_agora import events as aev
from domain.duel_agora import owing
from domain.duel_agora.catalog import (
    CHAMBERS,
    CONSPIRACIES,
    DECREES,
    DECREES_DEALT,
    PICK_EFFECTS,
    SENATOR_CARDS,
    SENATORS_PER_AGE,
)
from domain.duel_agora.state import AgoraDeal, AgoraSecrets
from domain.kernel.errors import DomainError

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules, Tx

REMOVED_PER_AGE = 3
GUILDS_IN_PLAY = 3
BOARD_TOKENS = 5
WONDERS_OFFERED = 8


def _pools(rules: DuelRules) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    ages = tuple(
        tuple(c.id for c in rules.cards if c.age == a and c.colour != PURPLE) for a in (1, 2, 3)
    )
    guilds = tuple(c.id for c in rules.cards if c.colour == PURPLE and c.age == 3)
    return ages, guilds


def make_deal(rules: DuelRules, rng: random.Random) -> AgoraDeal:
    ages_pool, guilds_pool = _pools(rules)
    wonders = list(range(len(rules.wonders)))
    rng.shuffle(wonders)
    tokens = list(range(len(rules.tokens)))
    rng.shuffle(tokens)
    guilds = list(guilds_pool)
    rng.shuffle(guilds)
    senators = [c.id for c in SENATOR_CARDS]
    rng.shuffle(senators)
    ages: list[tuple[int, ...]] = []
    removed: list[tuple[int, ...]] = []
    start = 0
    for age, pool in enumerate(ages_pool):
        deck = list(pool)
        rng.shuffle(deck)
        kept = deck[:len(deck) - REMOVED_PER_AGE]
        removed.append(tuple(deck[len(deck) - REMOVED_PER_AGE:]))
        if age == 2:
            kept += guilds[:GUILDS_IN_PLAY]
        n = SENATORS_PER_AGE[age]
        kept += senators[start:start + n]
        start += n
        rng.shuffle(kept)
        ages.append(tuple(kept))
    removed.append(tuple(guilds[GUILDS_IN_PLAY:]))
    decrees = list(range(len(DECREES)))
    rng.shuffle(decrees)
    conspiracies = list(range(len(CONSPIRACIES)))
    rng.shuffle(conspiracies)
    return AgoraDeal(
        first_player=rng.randrange(2),
        wonders=tuple(wonders[:WONDERS_OFFERED]),
        wonders_unused=tuple(wonders[WONDERS_OFFERED:]),
        board_tokens=tuple(tokens[:BOARD_TOKENS]),
        aside_tokens=tuple(tokens[BOARD_TOKENS:]),
        ages=tuple(ages),
        removed=tuple(removed),
        decrees=tuple(decrees[:DECREES_DEALT]),
        decrees_unused=tuple(decrees[DECREES_DEALT:]),
        conspiracies=tuple(conspiracies),
    )


def check_deal(rules: DuelRules, deal: Deal) -> None:
    """Raise DomainError unless every card, senator, wonder, token, decree and conspiracy
    is placed exactly once where Agora's set-up puts it."""

    def fail(reason: str) -> None:
        raise DomainError("invalid_deal", reason)

    if not isinstance(deal, AgoraDeal):
        fail("an Agora game needs decrees, decrees_unused and conspiracies in its deal")
    assert isinstance(deal, AgoraDeal)
    if deal.first_player not in (0, 1):
        fail("first_player must be 0 or 1")
    if sorted(deal.wonders + deal.wonders_unused) != list(range(len(rules.wonders))):
        fail(f"wonders and wonders_unused must hold each of the {len(rules.wonders)} once")
    if len(deal.wonders) != WONDERS_OFFERED:
        fail("exactly 8 wonders are offered in the draft")
    if sorted(deal.board_tokens + deal.aside_tokens) != list(range(len(rules.tokens))):
        fail(f"board and aside tokens must hold each of the {len(rules.tokens)} once")
    if len(deal.board_tokens) != BOARD_TOKENS:
        fail("exactly 5 progress tokens start on the board")
    if sorted(deal.decrees + deal.decrees_unused) != list(range(len(DECREES))):
        fail("decrees and decrees_unused must hold each of the 16 decrees once")
    if len(deal.decrees) != DECREES_DEALT:
        fail("one decree per chamber (6)")
    if sorted(deal.conspiracies) != list(range(len(CONSPIRACIES))):
        fail("the conspiracy deck must hold each of the 16 conspiracies once")
    if len(deal.ages) != 3 or len(deal.removed) != 4:
        fail("ages needs 3 structures and removed needs 4 lists (3 ages, unused guilds)")
    ages_pool, guilds = _pools(rules)
    senator_ids = {c.id for c in SENATOR_CARDS}
    seen_senators: list[int] = []
    for age in range(3):
        structure = deal.ages[age]
        if len(structure) != len(rules.layouts[age].slots):
            fail(f"Age {age + 1} structure needs {len(rules.layouts[age].slots)} cards")
        senators = [c for c in structure if c in senator_ids]
        if len(senators) != SENATORS_PER_AGE[age]:
            fail(f"Age {age + 1} holds {SENATORS_PER_AGE[age]} senators")
        seen_senators += senators
        placed = [c for c in structure if c not in senator_ids] + list(deal.removed[age])
        pool = set(ages_pool[age])
        if age == 2:
            placed += list(deal.removed[3])
            pool |= set(guilds)
        if sorted(placed) != sorted(pool):
            fail(f"Age {age + 1} cards (structure and removed) must be that Age's deck once each")
        if len(deal.removed[age]) != REMOVED_PER_AGE or set(deal.removed[age]) & set(guilds):
            fail(f"3 Age {age + 1} cards (not guilds) are removed")
    if sorted(seen_senators) != sorted(senator_ids):
        fail("each of the 13 senators is in one structure")
    if len(deal.removed[3]) != len(guilds) - GUILDS_IN_PLAY or not set(deal.removed[3]) <= set(
        guilds
    ):
        fail(f"the {len(guilds) - GUILDS_IN_PLAY} guilds left out are listed apart")


def opening(tx: Tx) -> None:
    """The Senate is set up (its secrets recorded), then the base game's draft opens."""
    deal = tx.state.deal
    if not isinstance(deal, AgoraDeal):
        raise DomainError("invalid_deal", "an Agora game needs an Agora deal")
    face_up = tuple(d if c.face_up else -1 for c, d in zip(CHAMBERS, deal.decrees, strict=True))
    tx.emit(aev.AgoraDealt(face_up=face_up, deal=AgoraSecrets(
        decrees=deal.decrees, decrees_unused=deal.decrees_unused,
        conspiracies=deal.conspiracies)))
    start_first_phase(tx)


def pick_wonder(tx: Tx, cmd: PickWonder) -> None:
    """A pick; Curia Julia's and Knossos' pick effects are resolved before the draft goes on."""
    from domain.duel_agora.conspiracies import conspire

    if cmd.wonder not in tx.state.draft_offer:
        raise DomainError("wonder_not_offered", f"wonder {cmd.wonder} is not on offer")
    tx.emit(ev.WonderPicked(seat=cmd.seat, wonder=cmd.wonder))
    effect = PICK_EFFECTS.get(cmd.wonder)
    if effect == "conspire":
        conspire(tx, cmd.seat)
    elif effect == "place_cube":
        owing.owe(tx, cmd.seat, owing.OWE_PLACE)
    if not tx.state.pending:
        continue_draft(tx)
