"""Receivers the notification tests run in their own process: a webhook receiver that
verifies every request with the `standardwebhooks` library (as README tells receivers to),
and a Web Push service that decrypts what it receives with the subscription's private key
(`http_ece`, as a browser would). No network beyond loopback."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
from collections.abc import AsyncIterator
from typing import Any

import http_ece
import jwt
from aiohttp import web
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from infra.embedded import free_port


def new_secret() -> str:
    return "whsec_" + base64.b64encode(os.urandom(24)).decode()


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class Received:
    """Every request one path took, verified: (webhook-id, payload)."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, dict[str, Any]]] = []
        self.rejected: list[str] = []
        """Requests refused: a webhook's signature, a push's VAPID signature."""
        self.signers: set[str] = set()
        """The VAPID public keys that signed the pushes taken."""
        self.requests = 0
        self.changed = asyncio.Event()

    def ids(self) -> list[str]:
        return [i for i, _ in self.messages]

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [m for _, m in self.messages if m["type"] == kind]

    async def wait(self, predicate: Any, timeout: float = 20.0) -> None:
        async with asyncio.timeout(timeout):
            while not predicate(self):
                self.changed.clear()
                await self.changed.wait()


class VapidRefused(Exception):
    pass


def vapid_signer(authorization: str, audience: str) -> str:
    """The public key that signed a push request's VAPID authorization (RFC 8292), or
    VapidRefused: `vapid t=<JWT>, k=<public key>`, the JWT signed with ES256 by that key,
    for this push service's origin (`aud`), not expired, with a contact (`sub`)."""
    if not authorization.startswith("vapid "):
        raise VapidRefused(f"not a VAPID authorization: {authorization[:20]!r}")
    try:
        parts = dict(p.strip().split("=", 1) for p in authorization[6:].split(","))
        point = base64.urlsafe_b64decode(parts["k"] + "=" * (-len(parts["k"]) % 4))
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        claims = jwt.decode(parts["t"], key, algorithms=["ES256"], audience=audience,
                            options={"require": ["exp", "sub", "aud"]})
    except (KeyError, ValueError, jwt.PyJWTError) as exc:
        raise VapidRefused(f"{type(exc).__name__}: {exc}") from None
    if not str(claims["sub"]).startswith(("mailto:", "https:")):
        raise VapidRefused(f"no contact: sub {claims['sub']!r}")
    return parts["k"]


class Receivers:
    """An HTTP server on loopback: `/hooks/<name>` webhook receivers (`ok`: 204, `fail`:
    500, `hang`: never answers) and `/push/<name>` push endpoints."""

    def __init__(self) -> None:
        self.port = free_port()
        self.hooks: dict[str, tuple[Webhook, Received, str]] = {}
        self.pushes: dict[str, tuple[ec.EllipticCurvePrivateKey, bytes, Received]] = {}
        self._runner: web.AppRunner | None = None

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def hook(self, name: str, secret: str, behaviour: str = "ok") -> Received:
        received = Received()
        self.hooks[name] = (Webhook(secret), received, behaviour)
        return received

    def push(self, name: str) -> tuple[dict[str, Any], Received]:
        """A browser's subscription (endpoint and keys) whose messages land in the result."""
        key = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        received = Received()
        self.pushes[name] = (key, auth, received)
        public = key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": self.url(f"/push/{name}"),
                "keys": {"p256dh": b64url(public), "auth": b64url(auth)}}, received

    async def _hook(self, request: web.Request) -> web.Response:
        signer, received, behaviour = self.hooks[request.match_info["name"]]
        received.requests += 1
        body = await request.read()
        if behaviour == "hang":
            await asyncio.sleep(3600)
        if behaviour == "fail":
            return web.Response(status=500)
        try:
            payload = signer.verify(body, dict(request.headers))
        except WebhookVerificationError as exc:
            received.rejected.append(str(exc))
            received.changed.set()
            return web.Response(status=400)
        received.messages.append((request.headers["webhook-id"], payload))
        received.changed.set()
        return web.Response(status=204)

    async def _push(self, request: web.Request) -> web.Response:
        import json

        key, auth, received = self.pushes[request.match_info["name"]]
        received.requests += 1
        assert request.headers.get("content-encoding") == "aes128gcm"
        try:
            received.signers.add(vapid_signer(request.headers.get("authorization", ""),
                                              self.url("").rstrip("/")))
        except VapidRefused as exc:  # as a push service does: refused, never delivered
            received.rejected.append(str(exc))
            received.changed.set()
            return web.Response(status=403)
        plain = http_ece.decrypt(await request.read(), private_key=key, auth_secret=auth,
                                 version="aes128gcm")
        received.messages.append((str(received.requests), json.loads(plain)))
        received.changed.set()
        return web.Response(status=201)

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/hooks/{name}", self._hook)
        app.router.add_post("/push/{name}", self._push)
        self._runner = web.AppRunner(app, shutdown_timeout=0.5, handler_cancellation=True)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()

    async def stop(self) -> None:
        if self._runner is not None:
            with contextlib.suppress(Exception):
                await self._runner.cleanup()


@contextlib.asynccontextmanager
async def receivers() -> AsyncIterator[Receivers]:
    server = Receivers()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
