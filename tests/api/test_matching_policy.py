"""The matching policy alone (`api/service/matching.py`, README "Ratings and matchmaking"):
close ratings first, a window that widens with waiting, the largest acceptable table,
bots only after `bots_after`, never a player or a ticket twice."""

from __future__ import annotations

import random

from api.service.matching import Policy, Waiting, match

POLICY = Policy(window=2.0, widen_per_second=0.5, window_max=50.0)


def _t(name: str, rating: float, since: float = 0.0, seats: tuple[int, int] = (2, 2),
       bots_after: float | None = None, player: str | None = None) -> Waiting:
    return Waiting(name, player or f"p-{name}", rating, since, seats[0], seats[1], bots_after)


def test_close_ratings_are_matched_together() -> None:
    groups = match([_t("a", 10), _t("b", 30), _t("c", 11), _t("d", 31)], 0.0, POLICY)
    assert sorted(sorted(g.tickets) for g in groups) == [["a", "c"], ["b", "d"]]


def test_the_window_widens_with_waiting() -> None:
    far = [_t("a", 10), _t("b", 20)]
    assert match(far, 0.0, POLICY) == []
    assert match(far, 10.0, POLICY) == []  # 2 + 5 < 10
    [group] = match(far, 20.0, POLICY)  # 2 + 10 >= 10 for both
    assert sorted(group.tickets) == ["a", "b"]


def test_a_new_ticket_far_off_does_not_join_an_old_one() -> None:
    # the old ticket's window is wide, the new one's is not: both must accept
    assert match([_t("old", 10, since=0), _t("new", 20, since=99)], 100.0, POLICY) == []


def test_the_largest_acceptable_table_is_filled() -> None:
    tickets = [_t(str(i), 25 + i * 0.1, seats=(3, 5)) for i in range(7)]
    groups = match(tickets, 0.0, POLICY)
    assert [len(g.tickets) for g in groups] == [5]  # the 2 left wait for a third
    narrow = [*tickets[:4], _t("four", 25.2, seats=(3, 4))]
    [group] = match(narrow, 0.0, POLICY)
    assert len(group.tickets) == 4 and group.bots == 0


def test_bots_fill_only_after_every_members_bots_after() -> None:
    lone = [_t("a", 25, seats=(3, 5), bots_after=30)]
    assert match(lone, 10.0, POLICY) == []
    [group] = match(lone, 30.0, POLICY)
    assert group.bots == 2 and group.tickets == ("a",)
    pair = [_t("a", 25, seats=(3, 5), bots_after=0), _t("b", 25, seats=(3, 5))]
    assert match(pair, 100.0, POLICY) == []  # b allows no bots


def test_no_player_or_ticket_twice() -> None:
    rng = random.Random(7)
    tickets = [_t(str(i), rng.gauss(25, 4), rng.uniform(0, 60), (2, rng.choice((2, 3, 4))),
                  player=f"p{rng.randrange(300)}") for i in range(1000)]
    groups = match(tickets, 60.0, POLICY)
    ids = [t for g in groups for t in g.tickets]
    assert len(ids) == len(set(ids)) and groups
    for group in groups:
        assert len(set(group.players)) == len(group.players)
        members = [t for t in tickets if t.ticket_id in group.tickets]
        assert max(t.seats_min for t in members) <= len(members) <= min(
            t.seats_max for t in members)
