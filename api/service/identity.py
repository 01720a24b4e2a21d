"""Who a bearer token is: a seat's token, a guest player's token, or a JWT of the
application's identity provider (a player too).

Players outlive games (`infra/players.py`). A guest gets a secret token at `POST /players`
(prefixed `pt_`, stored hashed like seat tokens); an application with its own accounts sends
its users' JWTs, verified against its JWKS URL or public key, issuer and audience with PyJWT
(never a hand-written verifier), and each (issuer, subject) is one player, created when
first seen. A player's token acts for every seat that player holds, exactly as that seat's
own token would. Seat tokens are unchanged.
"""

from __future__ import annotations

import asyncio
import secrets
import unicodedata
import uuid
from collections import OrderedDict

import asyncpg
import jwt
import msgspec

from api.service.refusals import Invalid, Unauthorized
from api.service.tokens import hash_token
from infra import players as store
from infra.players import PlayerRecord

PLAYER_TOKEN_PREFIX = "pt_"
NAME_MAX = 32
_CACHED = 10_000


class JwtSettings(msgspec.Struct, frozen=True):
    """How to check the application's JWTs: a JWKS URL or a PEM public key, and the issuer
    and audience they must name."""

    issuer: str
    audience: str
    jwks_url: str | None = None
    public_key: str | None = None
    algorithms: tuple[str, ...] = ("RS256", "ES256")


def valid_name(raw: object) -> str:
    """A display name as stored: Unicode NFC, no surrounding spaces, 1 to 32 characters and
    no control or format characters; Invalid (`invalid_name`) otherwise."""
    if not isinstance(raw, str):
        raise Invalid("invalid_name", "a name is a string")
    name = unicodedata.normalize("NFC", raw).strip()
    if not 1 <= len(name) <= NAME_MAX:
        raise Invalid("invalid_name", f"a name has 1 to {NAME_MAX} characters",
                      {"max_length": NAME_MAX})
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise Invalid("invalid_name", "a name may not hold control or format characters")
    return name


def is_player_token(token: str) -> bool:
    return token.startswith(PLAYER_TOKEN_PREFIX)


def is_player_credential(token: str) -> bool:
    """A guest's token or a JWT (a seat token is neither)."""
    return is_player_token(token) or looks_like_jwt(token)


def looks_like_jwt(token: str) -> bool:
    return token.count(".") == 2 and not token.startswith(PLAYER_TOKEN_PREFIX)


_JWT_REFUSALS: tuple[tuple[type[Exception], str, str], ...] = (
    (jwt.ExpiredSignatureError, "token_expired", "the token has expired"),
    (jwt.ImmatureSignatureError, "token_not_yet_valid", "the token is not valid yet"),
    (jwt.InvalidAudienceError, "token_wrong_audience", "the token is for another audience"),
    (jwt.InvalidIssuerError, "token_wrong_issuer", "the token is from another issuer"),
    (jwt.InvalidSignatureError, "token_bad_signature", "the token's signature is not valid"),
)


class Identities:
    """Players by their tokens, with the few lookups a process needs kept in memory."""

    def __init__(self, pool: asyncpg.Pool, jwt_settings: JwtSettings | None = None) -> None:
        self.pool = pool
        self.jwt = jwt_settings
        self._jwks = (jwt.PyJWKClient(jwt_settings.jwks_url, cache_keys=True)
                      if jwt_settings is not None and jwt_settings.jwks_url else None)
        self._by_hash: OrderedDict[str, PlayerRecord] = OrderedDict()

    async def create_guest(self, name: object) -> tuple[PlayerRecord, str]:
        """A new guest player and its secret token (shown only now)."""
        checked = valid_name(name)
        token = PLAYER_TOKEN_PREFIX + secrets.token_urlsafe(32)
        async with self.pool.acquire() as conn:
            record = await store.create_guest(conn, checked, hash_token(token))
        return record, token

    async def player(self, player_id: uuid.UUID) -> PlayerRecord | None:
        async with self.pool.acquire() as conn:
            return await store.by_id(conn, player_id)

    async def of_token(self, token: str | None) -> PlayerRecord | None:
        """The player a token names; None for a seat token (or none); Unauthorized for a
        player token nobody holds or a JWT that does not verify."""
        if not token:
            return None
        if is_player_token(token):
            return await self._guest(token)
        if looks_like_jwt(token) and self.jwt is not None:
            return await self._user(token, self.jwt)
        return None

    async def _guest(self, token: str) -> PlayerRecord:
        key = hash_token(token)
        found = self._by_hash.get(key)
        if found is None:
            async with self.pool.acquire() as conn:
                found = await store.by_token_hash(conn, key)
            if found is None:
                raise Unauthorized("unauthorized", "unknown player token")
            self._by_hash[key] = found
            if len(self._by_hash) > _CACHED:
                self._by_hash.popitem(last=False)
        return found

    async def _user(self, token: str, settings: JwtSettings) -> PlayerRecord:
        try:
            if self._jwks is not None:
                key = (await asyncio.to_thread(self._jwks.get_signing_key_from_jwt, token)).key
            elif settings.public_key is not None:
                key = settings.public_key
            else:
                raise Unauthorized("token_invalid", "no key is configured to check JWTs")
            claims = jwt.decode(token, key, algorithms=list(settings.algorithms),
                                audience=settings.audience, issuer=settings.issuer,
                                options={"require": ["exp", "sub", "iss", "aud"]})
        except Unauthorized:
            raise
        except jwt.PyJWTError as exc:
            for kind, code, message in _JWT_REFUSALS:
                if isinstance(exc, kind):
                    raise Unauthorized(code, message) from None
            raise Unauthorized("token_invalid", f"the token is not valid: {exc}") from None
        name = claims.get("name") or claims.get("preferred_username") or claims["sub"]
        try:
            name = valid_name(str(name)[:NAME_MAX])
        except Invalid:
            name = "player"
        async with self.pool.acquire() as conn:
            return await store.of_subject(conn, str(claims["iss"]), str(claims["sub"]), name)
