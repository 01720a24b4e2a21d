"""Delivering the notification outbox (`infra/notifications.py`): webhooks and Web Push.

Every API process runs one `Deliveries` loop. It claims due rows (SKIP LOCKED, a lease),
sends each on its own task and gives the row back: deleted once the receiver took it (2xx),
else tried again after an exponential back-off until the retry window has passed, then kept
as dead-lettered (`GET /admin/webhooks/dead`, metric `polis_notifications_dead_total`).

A receiver that hangs or fails slows nothing else: each request has a time-out, the process
has at most `concurrency` in flight, and at most `per_target` to one receiver (its further
rows are not claimed meanwhile, so other receivers' rows are). A process killed mid-delivery
leaves its rows leased; once the lease runs out another process delivers them, under the
same `webhook-id` (at-least-once: receivers de-duplicate by it).

Webhooks are signed by the `standardwebhooks` library (the Standard Webhooks scheme:
`webhook-id`, `webhook-timestamp`, `webhook-signature` = HMAC-SHA256 of
`id.timestamp.body`); push messages are encrypted and VAPID-signed by `pywebpush`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from datetime import UTC, datetime
from typing import Any

import aiohttp
import asyncpg
import httpx
import msgspec
from standardwebhooks.webhooks import Webhook

from api.service.notifications import Endpoint, NotifySettings
from infra.db import read_again
from infra.notifications import Claimed, Outbox

_log = logging.getLogger("polis.notifications")


class Deliveries:
    """The outbox's delivery loop of one process (see the module docstring)."""

    def __init__(self, pool: asyncpg.Pool, settings: NotifySettings) -> None:
        self.outbox = Outbox(pool)
        self.settings = settings
        self.endpoints: dict[str, tuple[Endpoint, Webhook]] = {
            e.target: (e, Webhook(e.secret)) for e in settings.webhooks}
        self.counts: Counter[str] = Counter()
        """Delivered, failed (attempts), dead (dead-lettered) by this process (metrics)."""
        self.in_flight: Counter[str] = Counter()
        self._slots = asyncio.Semaphore(settings.concurrency)
        self._poke = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop: asyncio.Task[None] | None = None
        self._http: httpx.AsyncClient | None = None
        self._push: aiohttp.ClientSession | None = None

    def start(self) -> None:
        if self._loop is None and self.settings.deliver and self.settings.enabled:
            timeout = self.settings.timeout_seconds
            self._http = httpx.AsyncClient(timeout=timeout, follow_redirects=False)
            self._loop = asyncio.create_task(self._run(), name="notification-deliveries")

    def poke(self) -> None:
        """Rows may be due now (an append here wrote some): claim without waiting."""
        self._poke.set()

    async def stop(self) -> None:
        if self._loop is not None:
            self._loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop
            self._loop = None
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._http is not None:
            await self._http.aclose()
        if self._push is not None:
            await self._push.close()

    # -- the loop ------------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            try:
                claimed = await self._claim()
            except Exception as exc:
                _log.warning("claiming notifications failed: %s", exc)
                claimed = 0
            if claimed:
                continue  # more may be due
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.settings.poll_seconds):
                    await self._poke.wait()
            self._poke.clear()

    async def _claim(self) -> int:
        """Claim as many due rows as there are free slots; 0 when none is free or due."""
        free = self.settings.concurrency - sum(self.in_flight.values())
        if free <= 0:
            await asyncio.sleep(0.05)
            return 0
        busy = [t for t, n in self.in_flight.items() if n >= self.settings.per_target]
        rows = await self.outbox.claim(free, self.settings.lease_seconds, busy)
        taken = 0
        extra = []
        for row in rows:
            if self.in_flight[row.target] >= self.settings.per_target:
                extra.append(row)  # beyond its receiver's share: claimable again
                continue
            self.in_flight[row.target] += 1
            task = asyncio.create_task(self._deliver(row))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            taken += 1
        await self.outbox.release(extra)
        return taken

    async def _deliver(self, row: Claimed) -> None:
        try:
            if row.type == "clock.low" and not await read_again(
                    lambda: self.outbox.still_due(row)):
                await read_again(lambda: self.outbox.delivered(row))  # the seat moved
                self.counts["cancelled"] += 1
                return
            async with self._slots:
                error = await self._send(row)
            if error is None:
                await read_again(lambda: self.outbox.delivered(row))
                self.counts["delivered"] += 1
            elif error == "gone":
                await read_again(lambda: self.outbox.gone(row))
                self.counts["gone"] += 1
            else:
                self.counts["failed"] += 1
                wait = min(self.settings.retry_seconds * 2 ** (row.attempts - 1),
                           self.settings.max_retry_seconds)
                dead = await read_again(lambda: self.outbox.failed(
                    row, error, wait, self.settings.window_seconds))
                if dead:
                    self.counts["dead"] += 1
                    _log.warning("notification %s to %s dead-lettered after %d attempts: %s",
                                 row.id, row.target, row.attempts, error)
        except Exception as exc:  # the lease runs out and another attempt follows
            _log.warning("delivering %s to %s failed: %s", row.id, row.target, exc)
        finally:
            self.in_flight[row.target] -= 1
            if self.in_flight[row.target] <= 0:
                del self.in_flight[row.target]
            self._poke.set()

    async def _send(self, row: Claimed) -> str | None:
        """Send one row: None when taken, "gone" for a push subscription that is no more,
        else what went wrong."""
        try:
            async with asyncio.timeout(self.settings.timeout_seconds):
                if row.target.startswith("webhook:"):
                    return await self._webhook(row)
                if row.target.startswith("push:"):
                    return await self._web_push(row)
        except TimeoutError:
            return f"no answer within {self.settings.timeout_seconds:g} s"
        except (httpx.HTTPError, aiohttp.ClientError, OSError) as exc:
            return f"{type(exc).__name__}: {exc}"
        return f"no such receiver is configured now: {row.target}"

    async def _webhook(self, row: Claimed) -> str | None:
        found = self.endpoints.get(row.target)
        if found is None:
            return f"no such endpoint is configured now: {row.target}"
        endpoint, signer = found
        assert self._http is not None
        now = datetime.now(UTC)
        headers = {
            "content-type": "application/json",
            "webhook-id": row.id,
            "webhook-timestamp": str(int(now.timestamp())),
            "webhook-signature": signer.sign(row.id, now, row.body),
        }
        reply = await self._http.post(endpoint.url, content=row.body.encode(), headers=headers)
        if 200 <= reply.status_code < 300:
            return None
        return f"HTTP {reply.status_code}"

    async def _web_push(self, row: Claimed) -> str | None:
        from pywebpush import WebPushException, webpush_async

        if row.endpoint is None or row.p256dh is None or row.auth is None:
            return "gone"  # the subscription was removed since
        settings = self.settings
        assert settings.vapid_private_key and settings.vapid_subject
        if self._push is None:
            self._push = aiohttp.ClientSession()
        try:
            await webpush_async(
                {"endpoint": row.endpoint, "keys": {"p256dh": row.p256dh, "auth": row.auth}},
                push_text(row.body, row.id.partition(":")[0]),
                vapid_private_key=settings.vapid_private_key,
                vapid_claims={"sub": settings.vapid_subject}, ttl=86_400,
                aiohttp_session=self._push,
                timeout=aiohttp.ClientTimeout(total=settings.timeout_seconds),
            )
        except WebPushException as exc:
            status = getattr(exc.response, "status", None)
            if status in (404, 410):
                return "gone"
            return f"push service: HTTP {status}: {exc.message}"
        return None


def push_text(body: str, message_id: str) -> str:
    """What a player's browser gets: the notification's payload with its id (the same as
    its webhooks': a service worker de-duplicates, or tags its notification, by it), and a
    title and text for the page's service worker to show."""
    payload: dict[str, Any] = msgspec.json.decode(body)
    payload["id"] = message_id
    data = payload.get("data") or {}
    if payload.get("type") == "turn.started":
        payload["title"] = "Your turn"
        payload["text"] = f"Your turn in game {data.get('game_id', '')}"
    elif payload.get("type") == "clock.low":
        payload["title"] = "Your clock is running low"
        payload["text"] = f"Your clock is running low in game {data.get('game_id', '')}"
    elif payload.get("type") == "invitation":
        host = (data.get("host") or {}).get("name") or "A player"
        payload["title"] = "Invitation"
        payload["text"] = f"{host} invites you to a game of {data.get('kind', '')}"
    return msgspec.json.encode(payload).decode()
