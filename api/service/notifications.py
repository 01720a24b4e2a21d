"""Notifications: what an append tells webhooks and players' browsers, decided before it
commits and written in its statement (the outbox, `infra/notifications.py`).

The appending code (a command, a table's change, a clock's timeout) asks `Notifier.rows`
for the rows of the events it is about to append, from the game before and after them, and
hands them to `EventStore.append(..., outbox=...)`. Nothing is computed or written when no
webhook and no Web Push key is configured: the command path stays one cheap statement.

`turn.started` goes to a seat once per turn, by the rule of the player sockets' `your_turn`
(`api/runners/player_feed.py`, `turns_started`): a seat acting after the append that was not
acting before it, or that made it (its own move opened its next turn).
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import msgspec

from api.service.clocks import clock_option, timed_points
from api.service.folded import Folded
from domain.kernel.clocks import TimedPoint, clocks_at
from domain.kernel.table import TableStarted
from infra import service_clock
from infra.notifications import PUSH, OutboxRow
from infra.settings import SettingsError

EVENTS = ("turn.started", "table.started", "game.ended", "match.found", "clock.low",
          "invitation")
"""The event types an endpoint may ask for (`events`)."""

PUSHED = frozenset({"turn.started", "invitation", "clock.low"})
"""The types also sent to the player's browsers (Web Push)."""


class Endpoint(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A webhook receiver of `POLIS_WEBHOOKS`."""

    url: str
    secret: str
    """`whsec_` and the base64 of the HMAC key (the Standard Webhooks form)."""
    events: tuple[str, ...] = EVENTS

    @property
    def target(self) -> str:
        return f"webhook:{self.url}"


class NotifySettings(msgspec.Struct, frozen=True):
    """`POLIS_WEBHOOKS`, `POLIS_ADMIN_TOKEN`, `POLIS_VAPID_*` and the delivery's tuning
    (`POLIS_NOTIFY_*`)."""

    webhooks: tuple[Endpoint, ...] = ()
    admin_token: str | None = None
    vapid_private_key: str | None = None
    """The VAPID key (base64url of the raw P-256 private key, or its PEM)."""
    vapid_subject: str | None = None
    """`mailto:` or `https:` contact the push services may use."""
    deliver: bool = True
    """Run the delivery loop in this process (the tests turn one process's off)."""
    poll_seconds: float = 1.0
    lease_seconds: float = 30.0
    timeout_seconds: float = 10.0
    concurrency: int = 32
    per_target: int = 4
    """Deliveries in flight to one receiver from one process: a hanging one holds no more."""
    retry_seconds: float = 2.0
    """First back-off; doubled on each attempt, at most `max_retry_seconds`."""
    max_retry_seconds: float = 600.0
    window_seconds: float = 86_400.0
    """How long a notification is retried before it is dead-lettered."""
    clock_low_fraction: float = 0.1
    """`clock.low` is sent when a seat's turn has left it this fraction of its bank."""

    @property
    def push(self) -> bool:
        return bool(self.vapid_private_key and self.vapid_subject)

    @property
    def enabled(self) -> bool:
        return bool(self.webhooks) or self.push

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> NotifySettings:
        env = os.environ if env is None else env
        d = cls()

        def number(name: str, default: float) -> float:
            raw = env.get(name)
            if not raw:
                return default
            try:
                value = float(raw)
            except ValueError:
                raise SettingsError(f"{name}={raw!r} is not valid: not a number") from None
            if value <= 0:
                raise SettingsError(f"{name}={raw!r} is not valid: more than 0")
            return value

        subject = env.get("POLIS_VAPID_SUBJECT") or None
        key = env.get("POLIS_VAPID_PRIVATE_KEY") or None
        if key and not subject:
            raise SettingsError("POLIS_VAPID_SUBJECT (mailto: or https:) is required with "
                                "POLIS_VAPID_PRIVATE_KEY")
        return cls(
            webhooks=parse_webhooks(env.get("POLIS_WEBHOOKS") or ""),
            admin_token=env.get("POLIS_ADMIN_TOKEN") or None,
            vapid_private_key=key, vapid_subject=subject,
            deliver=(env.get("POLIS_NOTIFY_DELIVER") or "1").lower() not in ("0", "false",
                                                                            "no", "off"),
            poll_seconds=number("POLIS_NOTIFY_POLL_SECONDS", d.poll_seconds),
            lease_seconds=number("POLIS_NOTIFY_LEASE_SECONDS", d.lease_seconds),
            timeout_seconds=number("POLIS_NOTIFY_TIMEOUT_SECONDS", d.timeout_seconds),
            concurrency=int(number("POLIS_NOTIFY_CONCURRENCY", d.concurrency)),
            per_target=int(number("POLIS_NOTIFY_PER_TARGET", d.per_target)),
            retry_seconds=number("POLIS_NOTIFY_RETRY_SECONDS", d.retry_seconds),
            max_retry_seconds=number("POLIS_NOTIFY_MAX_RETRY_SECONDS", d.max_retry_seconds),
            window_seconds=number("POLIS_NOTIFY_WINDOW_SECONDS", d.window_seconds),
            clock_low_fraction=min(1.0, number("POLIS_NOTIFY_CLOCK_LOW_FRACTION",
                                               d.clock_low_fraction)),
        )


def parse_webhooks(text: str) -> tuple[Endpoint, ...]:
    """`POLIS_WEBHOOKS`: a JSON list of `{"url", "secret", "events"}`; SettingsError saying
    what is wrong."""
    if not text.strip():
        return ()
    try:
        endpoints = msgspec.json.decode(text, type=tuple[Endpoint, ...])
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise SettingsError(f"POLIS_WEBHOOKS is not valid: {exc}") from None
    for e in endpoints:
        if not e.url.startswith(("http://", "https://")):
            raise SettingsError(f"POLIS_WEBHOOKS is not valid: {e.url!r} is not an http(s) URL")
        if not e.secret.startswith("whsec_"):
            raise SettingsError("POLIS_WEBHOOKS is not valid: a secret is `whsec_` and base64")
        unknown = set(e.events) - set(EVENTS)
        if unknown:
            raise SettingsError(f"POLIS_WEBHOOKS is not valid: unknown events {sorted(unknown)}"
                                f"; known: {list(EVENTS)}")
    return endpoints


def turns_started(acting_before: set[int], acting: set[int], acted: set[int]) -> set[int]:
    """Seats whose turn starts: acting now, and not acting before or acted since (their own
    move opened their next turn): once per turn, not per version."""
    return {s for s in acting if s not in acting_before or s in acted}


def message_id() -> str:
    return f"msg_{uuid.uuid4().hex}"


RatingsOf = Callable[[Folded, Any], Any]
"""The rating changes of a game that just ended (None: not rated): `game.ended`'s
`rating_changes`, filled by the ratings' code when it is there."""


class Notifier:
    """The outbox rows of an append (see the module docstring)."""

    def __init__(self, settings: NotifySettings) -> None:
        self.settings = settings
        self.ratings: RatingsOf = lambda folded, state: None

    @property
    def enabled(self) -> bool:
        return self.settings.enabled

    def rows(
        self, folded: Folded, state: Any, events: Sequence[Any], seat: int | None,
        players: Sequence[str | None] | None = None,
    ) -> list[OutboxRow]:
        """The rows of appending `events` (by `seat`, None: the service) to `folded`, which
        leaves `state`; `players`: who holds each seat after it, when the append reseats."""
        if not self.enabled:
            return []
        game, record = folded.game, folded.record
        holders = list(record.players if players is None else players)
        first, last = folded.version + 1, folded.version + len(events)
        common = {"game_id": str(record.game_id), "kind": record.kind, "version": last}
        notes: list[tuple[str, dict[str, Any], str | None]] = []
        lows: list[tuple[str, dict[str, Any], str | None, float]] = []
        """`clock.low`: due when the seat's clock runs low if it has not moved by then."""
        started = any(isinstance(e, TableStarted) for e in events)
        if started:
            seats = [{"seat": i, "player_id": p} for i, p in enumerate(holders)]
            notes.append(("table.started", {**common, "first_version": first,
                                            "seats": seats}, None))
        over_before, over = game.is_over(folded.state), game.is_over(state)
        if over and not over_before:
            summary = game.summary(state)
            notes.append(("game.ended", {
                **common, "winner": summary.get("winner"), "victory": summary.get("victory"),
                "ranking": summary.get("ranking"),
                "seats": [{"seat": i, "player_id": p} for i, p in enumerate(holders)],
                "rating_changes": self.ratings(folded, state)}, None))
        elif not over:
            before = set() if started else set(game.acting_seats(folded.state))
            acted = set() if seat is None else {seat}
            clocks = self._clocks(folded, state, seat, started, len(holders))
            for s in sorted(turns_started(before, set(game.acting_seats(state)), acted)):
                player = holders[s] if s < len(holders) else None
                clock = clocks.get(s)
                data = {**common, "seat": s, "player_id": player, "clock": clock}
                notes.append(("turn.started", data, player))
                if clock is not None:
                    low = self.settings.clock_low_fraction * clock["bank_seconds"]
                    lows.append(("clock.low", {**data, "clock": {
                        **clock, "remaining_seconds": min(low, clock["remaining_seconds"])}},
                        player, max(0.0, clock["remaining_seconds"] - low)))
        return self.notes(notes) + [
            msgspec.structs.replace(row, delay=delay)
            for kind, data, player, delay in lows
            for row in self.notes([(kind, data, player)])]

    def invitations(self, game_id: uuid.UUID, kind: str, host: tuple[str, str] | None,
                    seats: Sequence[tuple[int, str]]) -> list[OutboxRow]:
        """The `invitation` rows of a new table's seats reserved for players (`seats`:
        seat and player id; `host`: the inviting player's id and name)."""
        if not self.enabled:
            return []
        inviter = None if host is None else {"player_id": host[0], "name": host[1]}
        return self.notes([("invitation", {"game_id": str(game_id), "kind": kind,
                                           "seat": seat, "player_id": player,
                                           "host": inviter}, player)
                            for seat, player in seats])

    def _clocks(self, folded: Folded, state: Any, seat: int | None, started: bool,
                seats: int) -> dict[int, dict[str, Any]]:
        """Each seat's clock for `turn.started`, as of this append: the game's commit
        points and this one, at the service's time now (a few milliseconds before the
        commit's own time, so exact to that), with the appending seat's increment."""
        clock = clock_option(folded)
        if clock is None:
            return {}
        base = {"bank_seconds": clock.bank_seconds,
                "increment_seconds": clock.increment_seconds}
        if started:
            return {s: {**base, "remaining_seconds": clock.bank_seconds}
                    for s in range(seats)}
        now = service_clock.now()
        points = [*timed_points(folded), TimedPoint(
            now, seat, tuple(folded.game.acting_seats(state)), folded.version + 1)]
        return {s: {**base, "remaining_seconds": round(max(0.0, left), 3)}
                for s, (left, _) in enumerate(clocks_at(clock, seats, points, now))}

    def notes(self, notes: Sequence[tuple[str, dict[str, Any], str | None]]
              ) -> list[OutboxRow]:
        """The outbox rows of notifications given as (type, data, player to push to or
        None): for the endpoints that want each type, and the player's browsers. For
        notifications no append causes (`match.found`): write them with
        `infra.notifications.write_outbox` in the transaction that decides them."""
        rows: list[OutboxRow] = []
        now = datetime.fromtimestamp(service_clock.now(), UTC).isoformat().replace("+00:00", "Z")
        for kind, data, player in notes:
            msg = message_id()
            body = json.dumps({"type": kind, "timestamp": now, "data": data},
                              separators=(",", ":"))
            rows += [OutboxRow(msg, e.target, kind, body) for e in self.settings.webhooks
                     if kind in e.events]
            if player and kind in PUSHED and self.settings.push:
                rows.append(OutboxRow(msg, PUSH, kind, body, uuid.UUID(player)))
        return rows
