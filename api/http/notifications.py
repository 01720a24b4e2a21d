"""Notifications over HTTP: a player's browser push subscriptions, the VAPID public key the
page subscribes with, and the operator's listing of dead-lettered notifications."""

from __future__ import annotations

import base64
import binascii
from datetime import datetime
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, delete, get, post
from litestar.params import JSONBody, QueryParameter

from api.http.admin_auth import AdminAuthorization, require_admin
from api.http.errors import error_responses
from api.http.games import strict_body
from api.http.players import Authorization, required_player
from api.runtime import runtime_of
from api.service.refusals import Invalid, NotFound
from infra.notifications import Outbox, subscribe, subscriptions, unsubscribe


class PushKeys(msgspec.Struct, forbid_unknown_fields=True):
    p256dh: Annotated[str, msgspec.Meta(max_length=200)]
    """The browser's P-256 public key (base64url, 65 bytes decoded)."""
    auth: Annotated[str, msgspec.Meta(max_length=100)]
    """The browser's authentication secret (base64url, 16 bytes decoded)."""


class NewPushSubscription(msgspec.Struct):
    """A browser's `PushSubscription.toJSON()` (other members, such as
    `expirationTime`, are ignored)."""

    endpoint: Annotated[str, msgspec.Meta(max_length=2048)]
    keys: PushKeys


class PushSubscriptionOut(msgspec.Struct):
    subscription_id: str
    endpoint: str
    created_at: datetime


class PushSubscriptions(msgspec.Struct):
    subscriptions: list[PushSubscriptionOut]


class PushKey(msgspec.Struct):
    public_key: str
    """The VAPID public key (base64url of the uncompressed P-256 point): the page passes it
    to `pushManager.subscribe({applicationServerKey})`."""


class DeadNotification(msgspec.Struct):
    id: str
    """The notification's `webhook-id`."""
    target: str
    """`webhook:<url>` or `push:<subscription id>`."""
    type: str
    body: dict[str, Any]
    game_id: str | None
    created_at: datetime
    attempts: int
    last_error: str | None
    dead_at: datetime


class DeadNotifications(msgspec.Struct):
    dead: list[DeadNotification]
    next_before: datetime | None
    """Pass as `before` for the next (older) page; null on the last."""


def _key_bytes(text: str, size: int, name: str) -> None:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != size:
        raise Invalid("invalid_push_subscription",
                      f"keys.{name} must be base64url of {size} bytes", {"field": name})


class PushController(Controller):
    path = "/players/me/push"
    tags = ["notifications"]  # noqa: RUF012

    @post("/", operation_id="subscribePush", status_code=201, responses=error_responses(
        e400="`invalid_push_subscription`, or a malformed body.", e401="`player_required`."))
    async def subscribe(self, request: Request[Any, Any, Any],
                        data: JSONBody[NewPushSubscription],
                        authorization: Authorization = None) -> PushSubscriptionOut:
        """Store the browser's Web Push subscription for me: "your turn" reaches this
        browser while the page is closed (the same endpoint again replaces its keys)."""
        player = await required_player(request, authorization)
        await strict_body(request, NewPushSubscription)
        if not data.endpoint.startswith(("https://", "http://")):
            raise Invalid("invalid_push_subscription", "endpoint must be an http(s) URL",
                          {"field": "endpoint"})
        _key_bytes(data.keys.p256dh, 65, "p256dh")
        _key_bytes(data.keys.auth, 16, "auth")
        sub = await subscribe(runtime_of(request).service.store.pool, player.player_id,
                              data.endpoint, data.keys.p256dh, data.keys.auth)
        return PushSubscriptionOut(str(sub.subscription_id), sub.endpoint, sub.created_at)

    @get("/", operation_id="getPushSubscriptions", responses=error_responses(
        e401="`player_required`."))
    async def mine(self, request: Request[Any, Any, Any],
                   authorization: Authorization = None) -> PushSubscriptions:
        """My browsers' push subscriptions."""
        player = await required_player(request, authorization)
        subs = await subscriptions(runtime_of(request).service.store.pool, player.player_id)
        return PushSubscriptions([PushSubscriptionOut(str(s.subscription_id), s.endpoint,
                                                      s.created_at) for s in subs])

    @delete("/", operation_id="unsubscribePush", status_code=204, responses=error_responses(
        e401="`player_required`.", e404="`push_subscription_not_found`."))
    async def unsubscribe(
        self, request: Request[Any, Any, Any],
        endpoint: Annotated[str, QueryParameter(description="The subscription's endpoint.")],
        authorization: Authorization = None,
    ) -> None:
        """Forget one of my browsers' subscriptions."""
        player = await required_player(request, authorization)
        if not await unsubscribe(runtime_of(request).service.store.pool, player.player_id,
                                 endpoint):
            raise NotFound("push_subscription_not_found", "no such subscription of yours")


@get("/push/key", operation_id="getPushKey", tags=["notifications"],
     responses=error_responses(e404="`push_not_configured`."))
async def push_key(request: Request[Any, Any, Any]) -> PushKey:
    """The server's VAPID public key, for the page's `pushManager.subscribe`."""
    settings = runtime_of(request).notify
    if not settings.push or settings.vapid_private_key is None:
        raise NotFound("push_not_configured", "this server sends no Web Push (no VAPID key)")
    return PushKey(vapid_public_key(settings.vapid_private_key))


def vapid_public_key(private_key: str) -> str:
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    from py_vapid import Vapid

    vapid = Vapid.from_string(private_key=private_key)
    point = vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(point).rstrip(b"=").decode()


@get("/admin/webhooks/dead", operation_id="getDeadNotifications", tags=["notifications"],
     responses=error_responses(e401="`admin_token_required`.", e403="`admin_disabled`."))
async def dead_notifications(
    request: Request[Any, Any, Any], authorization: AdminAuthorization = None,
    limit: Annotated[int, QueryParameter(ge=1, le=500)] = 100,
    before: Annotated[datetime | None, QueryParameter(
        description="Only those dead-lettered before this time (the previous page's "
        "`next_before`).")] = None,
) -> DeadNotifications:
    """Notifications given up on after their retry window (newest first), for operators."""
    require_admin(request, authorization)
    rows = await Outbox(runtime_of(request).service.store.pool).dead(limit, before)
    dead = [DeadNotification(
        r["id"], r["target"], r["type"], msgspec.json.decode(r["body"]),
        None if r["game_id"] is None else str(r["game_id"]), r["created_at"], r["attempts"],
        r["last_error"], r["dead_at"]) for r in rows]
    return DeadNotifications(dead, dead[-1].dead_at if len(dead) == limit else None)
