"""Agora's set-up (agora-rules-fr, "Mise en place"): drawn from the seed or given as an
explicit deal, and checked; its secrets recorded in the first events."""

from __future__ import annotations

import random

import msgspec
import pytest
from msgspec.structs import replace

from domain.duel.deal import Deal
from domain.duel_agora import events as aev
from domain.duel_agora.catalog import SENATOR_BY_CARD
from domain.kernel import DomainError
from tests.domain.duel_agora.support import G, deal, ext, of_type, started


def test_a_random_deal_follows_the_setup() -> None:
    d = G.deal(random.Random(4))
    assert [len(a) for a in d.ages] == [25, 25, 23]
    assert [sum(c in SENATOR_BY_CARD for c in a) for a in d.ages] == [5, 5, 3]
    assert [len(r) for r in d.removed] == [3, 3, 3, 4]
    assert len(d.decrees) == 6 and len(d.decrees_unused) == 10
    assert sorted(d.conspiracies) == list(range(16))
    assert len(d.wonders) == 8 and len(d.wonders + d.wonders_unused) == 14
    assert len(d.board_tokens) == 5 and len(d.board_tokens + d.aside_tokens) == 12


def test_an_explicit_deal_as_json_sets_the_game_up() -> None:
    d = deal(seed=7, decrees=("D09", "D10", "D11", "D12", "D13", "D14"))
    sent = msgspec.json.decode(msgspec.json.encode(d))
    received = msgspec.convert(sent, G.deal_type)
    events = G.start(2, {}, random.Random(0), received)
    (dealt,) = of_type(events, aev.AgoraDealt)
    assert dealt.face_up == (8, -1, 10, -1, 12, -1)
    assert G.redact(dealt, 0).deal is None
    state = started(received)
    assert [ds[0] for ds in ext(state).decrees] == [8, 9, 10, 11, 12, 13]
    assert state.explicit_deal


@pytest.mark.parametrize("change", [
    {"decrees": (0, 1, 2, 3, 4, 4)},
    {"conspiracies": (0,) * 16},
    {"first_player": 2},
])
def test_a_wrong_explicit_deal_is_refused(change: dict[str, object]) -> None:
    with pytest.raises(DomainError) as err:
        G.start(2, {}, random.Random(0), replace(deal(), **change))
    assert err.value.code == "invalid_deal"


def test_a_senator_moved_between_ages_or_a_base_deal_is_refused() -> None:
    d = deal()
    ages = [list(a) for a in d.ages]
    i = next(j for j, c in enumerate(ages[0]) if c in SENATOR_BY_CARD)
    k = next(j for j, c in enumerate(ages[1]) if c not in SENATOR_BY_CARD)
    ages[0][i], ages[1][k] = ages[1][k], ages[0][i]
    with pytest.raises(DomainError, match=r"senators|deck"):
        G.start(2, {}, random.Random(0), replace(d, ages=tuple(map(tuple, ages))))
    base = Deal(d.first_player, d.wonders, d.wonders_unused, d.board_tokens, d.aside_tokens,
                d.ages, d.removed)
    with pytest.raises(DomainError, match="decrees"):
        G.start(2, {}, random.Random(0), base)
