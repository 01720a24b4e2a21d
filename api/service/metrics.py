"""Prometheus metrics of one API process, in the text exposition format at `/metrics`.

Hand-written (a few counters, gauges and one histogram) rather than a client library: the
service needs no registry, no multiprocess mode and no background thread. With
`--workers N`, each scrape is answered by one worker; every series carries its `pid`.
"""

from __future__ import annotations

import bisect
import os
from collections import defaultdict
from collections.abc import Callable

BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Upper bounds (seconds) of the command latency histogram."""


class Metrics:
    def __init__(self) -> None:
        self.commands: defaultdict[str, int] = defaultdict(int)
        """Commands by outcome: `accepted` or the refusal's code."""
        self.latency = [0] * (len(BUCKETS) + 1)
        self.latency_sum = 0.0
        self.gauges: dict[str, tuple[str, str, Callable[[], float]]] = {}

    def command(self, outcome: str, seconds: float) -> None:
        self.commands[outcome] += 1
        self.latency[bisect.bisect_left(BUCKETS, seconds)] += 1
        self.latency_sum += seconds

    def gauge(self, name: str, help_text: str, read: Callable[[], float],
              kind: str = "gauge") -> None:
        """A value read at each scrape (`kind` "counter" for one that only grows)."""
        self.gauges[name] = (help_text, kind, read)

    def render(self) -> str:
        pid = f'pid="{os.getpid()}"'
        out = [
            "# HELP polis_commands_total Commands handled, by outcome (accepted or code).",
            "# TYPE polis_commands_total counter",
        ]
        for outcome, count in sorted(self.commands.items()):
            out.append(f'polis_commands_total{{{pid},outcome="{outcome}"}} {count}')
        out += [
            "# HELP polis_command_seconds Time to decide and append a command.",
            "# TYPE polis_command_seconds histogram",
        ]
        total = 0
        for bound, count in zip((*BUCKETS, float("inf")), self.latency, strict=True):
            total += count
            le = "+Inf" if bound == float("inf") else repr(bound)
            out.append(f'polis_command_seconds_bucket{{{pid},le="{le}"}} {total}')
        out.append(f"polis_command_seconds_sum{{{pid}}} {self.latency_sum:.6f}")
        out.append(f"polis_command_seconds_count{{{pid}}} {total}")
        for name, (help_text, kind, read) in sorted(self.gauges.items()):
            out += [f"# HELP {name} {help_text}", f"# TYPE {name} {kind}",
                    f"{name}{{{pid}}} {read():g}"]
        return "\n".join(out) + "\n"
