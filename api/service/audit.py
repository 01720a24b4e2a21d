"""Audit of a game's hash chain, for `GET /games/{id}/audit` and `polis verify` alike.

Both recompute the chain of `infra/hash_chain.py` from the stored events and name the first
version that does not match, so an edited, deleted or reordered row is found where it is.
"""

from __future__ import annotations

import uuid

import msgspec

from api.service.refusals import game_not_found
from infra.event_store import EventStore, chain_links
from infra.hash_chain import first_mismatch


class AuditMismatch(msgspec.Struct):
    version: int
    """The first version whose stored event, hash or place does not match the chain."""
    reason: str
    """`hash_mismatch`, `version_missing`, `version_unexpected` or `head_mismatch`."""
    detail: str


class AuditReport(msgspec.Struct):
    game_id: str
    version: int
    """The game's version as its row says."""
    events: int
    """Events stored."""
    head_hash: str
    """The game's stored head hash (hex)."""
    intact: bool
    """True when the recomputed chain matches every stored hash and the head."""
    first_mismatch: AuditMismatch | None = None
    chain_salt: str | None = None
    """The game's chain salt (hex) once it is over, to recompute the chain from the full
    log; null while it runs (the salt keeps hidden choices out of the public head)."""


async def audit_game(store: EventStore, game_id: uuid.UUID) -> AuditReport:
    """Recompute one game's chain; NotFound for an unknown game."""
    found = await chain_links(store, game_id)
    if found is None:
        raise game_not_found(game_id)
    mismatch = first_mismatch(game_id, found.links, found.version, found.head, found.salt)
    return AuditReport(
        str(game_id), found.version, len(found.links), found.head.hex(), mismatch is None,
        None if mismatch is None else AuditMismatch(**msgspec.structs.asdict(mismatch)),
        found.salt.hex() if found.over else None,
    )
