"""The matching policy: which waiting tickets of one queue make a game now. Pure (no I/O,
no clock: `now` is given), so one round over 10,000 tickets is measured alone
(`tests/benchmarks/bench_matching.py`).

Policy (README, "Ratings and matchmaking"). A ticket's rating window is
`window + widen_per_second * waited`, at most `window_max`: it accepts anyone whose rating
(mu in the queue's pool) is that close. Two tickets may share a game when each is within
the other's window. Tickets are taken oldest first: each one still free anchors a group
and takes the free tickets closest to its rating, nearest first, while both windows
accept them and the seat counts every member accepts still overlap, up to the largest
count they all accept: the largest acceptable table. The group makes a game when it has
at least the smallest count they all accept; otherwise, when every member allows bots and
has waited its `bots_after`, bots fill it up to that smallest count; otherwise its tickets
wait for the next round (and may join a later anchor's group). A queue holds at most one
waiting ticket per player, and a ticket joins at most one group, so a game never seats a
player twice and a ticket never ends in two games.
"""

from __future__ import annotations

import msgspec


class Policy(msgspec.Struct, frozen=True):
    window: float = 2.0
    """Rating distance (mu) accepted at once."""
    widen_per_second: float = 0.25
    """How much the window widens per second of waiting."""
    window_max: float = 50.0
    """The widest window (50: anyone, after a while)."""


class Waiting(msgspec.Struct, frozen=True):
    """A waiting ticket as the policy sees it."""

    ticket_id: str
    player_id: str
    rating: float
    since: float
    """When it was filed (seconds, the caller's clock)."""
    seats_min: int
    seats_max: int
    bots_after: float | None = None
    """Seconds after which bots may fill its game; None: never."""


class Group(msgspec.Struct, frozen=True):
    tickets: tuple[str, ...]
    players: tuple[str, ...]
    bots: int
    """Bot seats to add (0: the players fill the table)."""


def window(policy: Policy, ticket: Waiting, now: float) -> float:
    return min(policy.window_max,
               policy.window + policy.widen_per_second * max(0.0, now - ticket.since))


def match(tickets: list[Waiting], now: float, policy: Policy) -> list[Group]:
    """The groups that make games now (see the module docstring)."""
    count = len(tickets)
    ratings = [t.rating for t in tickets]
    sinces = [t.since for t in tickets]
    lows = [t.seats_min for t in tickets]
    highs = [t.seats_max for t in tickets]
    ids = [t.ticket_id for t in tickets]
    pids = [t.player_id for t in tickets]
    base, widen, widest = policy.window, policy.widen_per_second, policy.window_max
    widths = [min(widest, base + widen * max(0.0, now - since)) for since in sinces]
    free = sorted(range(count), key=ratings.__getitem__)
    """Indexes of the tickets not taken yet (and some taken since the last sweep), in
    rating order; `where` is each one's position in it."""
    where = [0] * count
    for n, i in enumerate(free):
        where[i] = n
    ends = len(free)
    skipped = 0
    taken = [False] * count
    groups: list[Group] = []
    for anchor in sorted(range(count), key=sinces.__getitem__):
        if taken[anchor]:
            continue
        rating, reach = ratings[anchor], widths[anchor]
        low, high = lows[anchor], highs[anchor]
        members = [anchor]
        players = {pids[anchor]}
        left, right = where[anchor] - 1, where[anchor] + 1
        while len(members) < high:
            while left >= 0 and taken[free[left]]:
                left -= 1
                skipped += 1
            while right < ends and taken[free[right]]:
                right += 1
                skipped += 1
            dl = rating - ratings[free[left]] if left >= 0 else None
            dr = ratings[free[right]] - rating if right < ends else None
            if dl is not None and (dr is None or dl <= dr):
                pick, left, distance = free[left], left - 1, dl
            elif dr is not None:
                pick, right, distance = free[right], right + 1, dr
            else:
                break
            if distance > reach:
                break  # the nearest is out of the anchor's window: so is every other
            most = min(high, highs[pick])
            if distance > widths[pick] or max(low, lows[pick]) > most or most <= len(members):
                continue  # out of its window, or no seat count left for all
            player = pids[pick]
            if player in players:
                continue
            low, high = max(low, lows[pick]), min(high, highs[pick])
            members.append(pick)
            players.add(player)
        bots = 0
        if len(members) < low:
            if not all(_bots_ready(tickets[m], now) for m in members):
                continue
            bots = low - len(members)
        for m in members:
            taken[m] = True
        groups.append(Group(tuple([ids[m] for m in members]),
                            tuple([pids[m] for m in members]), bots))
        if skipped > ends:  # scans pass many taken tickets: drop them from `free` (paid
            skipped = 0     # for by the skips, so a round stays linear)
            free = [i for i in free if not taken[i]]
            ends = len(free)
            for n, i in enumerate(free):
                where[i] = n
    return groups


def _bots_ready(ticket: Waiting, now: float) -> bool:
    return ticket.bots_after is not None and now - ticket.since >= ticket.bots_after
