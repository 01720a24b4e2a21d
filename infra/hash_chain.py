"""The hash chain of a game's events: tamper evidence that anyone can recompute once the
game is over.

Each event gets a content digest over a canonical encoding of what it says (game id,
version, type, payload), and its hash chains that digest to the hash of the event before it
under the game's secret salt:

    digest(v) = SHA-256(UTF-8(game_id + "\\n" + str(v) + "\\n" + type + "\\n" + canonical(payload)))
    hash(v)   = SHA-256(salt || hash(v - 1) || digest(v)),   hash(0) = 32 zero bytes

Why the salt: the head hash is public while the game runs, and the events it chains hold
hidden choices (a drafted card, a god kept). Without a secret in every step, anyone could
hash a redacted event with each value its hidden member can take and find the one that gives
the next head. The salt (32 random bytes per game) is published with the full log once the
game is over, so the chain is then recomputable by anyone, and a head kept during the game
still commits to the whole log. Games finished before salts existed have an empty salt, which
makes the formula the earlier one: their published heads stay valid.

`canonical(payload)` is the payload's JSON with object keys sorted by code point, no
whitespace, non-ASCII characters as themselves and only `"`, `\\` and control characters
escaped (control characters other than \\b \\f \\n \\r \\t as \\u00xx, lower-case hex). The
game's head hash is the hash of its last event. `openapi/audit.md` is the reference.

Python computes the digests before an append (no I/O); the append statement chains them
onto the head it updates, so an append stays one statement.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from collections.abc import Iterable
from typing import Any

import msgspec

GENESIS = bytes(32)
"""The hash before a game's first event."""

_decode = msgspec.json.decode
_encode = msgspec.json.encode


def canonical_json(value: Any) -> bytes:
    """The canonical JSON of a decoded JSON value (sorted keys, no whitespace, UTF-8)."""
    return _encode(value, order="sorted")


def content_digest(game_id: uuid.UUID, version: int, type_name: str, payload: bytes | str) -> bytes:
    """SHA-256 of the canonical encoding of one event (`payload`: its JSON text)."""
    return content_digests(game_id, version, [(type_name, payload)])[0]


def content_digests(
    game_id: uuid.UUID, first_version: int, events: Iterable[tuple[str, bytes | str]]
) -> list[bytes]:
    """`content_digest` of each (type, payload JSON) from `first_version` on (an append's)."""
    gid, sha256, decode = str(game_id), hashlib.sha256, _decode
    return [
        sha256(f"{gid}\n{version}\n{type_name}\n".encode()
               + _encode(decode(payload), order="sorted")).digest()
        for version, (type_name, payload) in enumerate(events, start=first_version)
    ]


SALT_BYTES = 32
"""Length of a game's chain salt (an empty salt marks a game chained before salts)."""


def new_salt() -> bytes:
    """A new game's secret chain salt."""
    return secrets.token_bytes(SALT_BYTES)


def chain(previous: bytes, digest: bytes, salt: bytes = b"") -> bytes:
    """The next hash: SHA-256(salt || previous || digest)."""
    return hashlib.sha256(salt + previous + digest).digest()


def head_of(
    game_id: uuid.UUID, events: Iterable[tuple[str, bytes | str]], previous: bytes = GENESIS,
    first_version: int = 1, salt: bytes = b"",
) -> bytes:
    """The hash after `events` ((type, payload JSON) from `first_version` on)."""
    current = previous
    for version, (type_name, payload) in enumerate(events, start=first_version):
        current = chain(current, content_digest(game_id, version, type_name, payload), salt)
    return current


class StoredLink(msgspec.Struct, frozen=True, array_like=True):
    """One stored event as the chain sees it."""

    version: int
    type: str
    payload: str
    hash: bytes | None


class Mismatch(msgspec.Struct, frozen=True):
    """The first place where the stored game and its recomputed chain part."""

    version: int
    reason: str
    """`hash_mismatch`, `version_missing`, `version_unexpected` or `head_mismatch`."""
    detail: str


def first_mismatch(
    game_id: uuid.UUID, links: Iterable[StoredLink], version: int, head: bytes | None,
    salt: bytes = b"",
) -> Mismatch | None:
    """Recompute the chain over `links` (read in version order) and name the first version
    that does not match: an edited event or hash, a deleted or a reordered row, events past
    the game's `version`, or a head that is not the last event's hash."""
    current, expected = GENESIS, 1
    for link in links:
        if link.version != expected:
            if link.version > expected:
                return Mismatch(expected, "version_missing",
                                f"version {expected} is missing (next stored: {link.version})")
            return Mismatch(link.version, "version_unexpected",
                            f"version {link.version} stored again after {expected - 1}")
        if link.version > version:
            return Mismatch(link.version, "version_unexpected",
                            f"the game is at version {version}; events go on to {link.version}")
        current = chain(current, content_digest(game_id, link.version, link.type, link.payload),
                        salt)
        if link.hash != current:
            stored = "none" if link.hash is None else link.hash.hex()
            return Mismatch(link.version, "hash_mismatch",
                            f"stored {stored}, recomputed {current.hex()}")
        expected += 1
    if expected - 1 < version:
        return Mismatch(expected, "version_missing",
                        f"the game is at version {version}; events end at {expected - 1}")
    if head != current:
        stored = "none" if head is None else head.hex()
        return Mismatch(version, "head_mismatch",
                        f"the game's head is {stored}, its last event's hash {current.hex()}")
    return None
