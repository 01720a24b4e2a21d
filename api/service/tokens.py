"""Secret seat tokens: handed out once at creation, stored only as SHA-256 hashes."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_of(token: str, token_hashes: Sequence[str]) -> int | None:
    """The seat whose hash matches `token`, compared in constant time, or None."""
    digest = hash_token(token)
    found = None
    for seat, stored in enumerate(token_hashes):
        if hmac.compare_digest(digest, stored):
            found = seat
    return found


def bearer(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, or None when absent."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else ""
