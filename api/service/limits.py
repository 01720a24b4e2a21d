"""Limits on untrusted JSON: nesting depth, checked before any parser recurses into it.

A few kilobytes of `[[[[...` would otherwise exhaust the parser's or the encoder's recursion
and surface as a 500; bodies and WebSocket messages deeper than `max_depth` are refused
with a 400 (`too_deep`) instead. The scan skips string contents and runs in C (regular
expressions), so it costs microseconds for the bodies the API takes.
"""

from __future__ import annotations

import re

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(rb"[\[\]{}]")


def json_depth(raw: bytes | str) -> int:
    """The deepest nesting of arrays and objects in `raw` (0 for a scalar)."""
    data = raw.encode() if isinstance(raw, str) else raw
    if b"[" not in data and b"{" not in data:
        return 0
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub(b"", data)):
        if bracket in (b"[", b"{"):
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def too_deep(raw: bytes | str, max_depth: int) -> bool:
    """Whether `raw` nests deeper than `max_depth` (fast when it has few brackets)."""
    data = raw.encode() if isinstance(raw, str) else raw
    if data.count(b"[") + data.count(b"{") <= max_depth:
        return False
    return json_depth(data) > max_depth
