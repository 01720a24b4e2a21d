"""CPU of one matching round over 10,000 waiting tickets of one queue
(`api/service/matching.py`; README "Ratings and matchmaking"; figures in this folder's
README).

Run: `.venv/bin/python -m tests.benchmarks.bench_matching --tickets 10000 --rounds 20`.
Tickets: ratings drawn around 25 (sd 5, as a pool a while after its start), filed over the
last 60 s, accepting 3 to 5 seats (7 Wonders), a third of them allowing bots after 30 s.
Each round matches a fresh copy of the queue; the figure is the process CPU time of
`match` alone (the SQL of a round is one read and one update per group).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from api.service.matching import Policy, Waiting, match


def queue(tickets: int, seed: int) -> list[Waiting]:
    rng = random.Random(seed)
    return [Waiting(f"t{i}", f"p{i}", rng.gauss(25, 5), rng.uniform(0, 60), 3, 5,
                    30.0 if i % 3 == 0 else None) for i in range(tickets)]


def pace() -> float:
    """CPU seconds of one million additions in a Python loop: the machine's pace when the
    figures were taken (a core shared with other work counts more CPU for the same code)."""
    start = time.process_time()
    total = 0
    for i in range(1_000_000):
        total += i
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tickets", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    policy = Policy()
    seconds: list[float] = []
    matched = 0
    for r in range(args.rounds):
        tickets = queue(args.tickets, r)
        start = time.process_time()
        groups = match(tickets, 60.0, policy)
        seconds.append(time.process_time() - start)
        matched = sum(len(g.tickets) for g in groups)
    print(f"tickets {args.tickets}  rounds {args.rounds}  matched per round {matched} "
          f"({len(groups)} games)")
    print(f"CPU per round: median {statistics.median(seconds) * 1000:.1f} ms, "
          f"max {max(seconds) * 1000:.1f} ms; pace (1M additions) {pace() * 1000:.0f} ms")


if __name__ == "__main__":
    main()
