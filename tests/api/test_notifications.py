"""Webhooks and Web Push through the outbox, on real API processes (README, "Notifications
and chat"): every notification verified with the `standardwebhooks` library (webhooks) or
decrypted with the subscription's key (push); a seat told once per turn; a notification
written with its append survives the appending process's kill and is delivered once by
another; a receiver that fails or hangs is retried, then dead-lettered, and slows no other.
"""

from __future__ import annotations

import asyncio
import base64
import json
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
from cryptography.hazmat.primitives.asymmetric import ec

from infra.settings import Settings
from tests.api.clients import auth, play_to_end
from tests.api.conftest import api_env
from tests.api.receivers import (
    Receivers,
    VapidRefused,
    b64url,
    new_secret,
    receivers,
    vapid_signer,
)
from tests.api.servers import ApiProcess

ADMIN = "admin-secret-token"


def vapid_key() -> str:
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


@pytest.fixture
async def hooks() -> AsyncIterator[Receivers]:
    async with receivers() as server:
        yield server


def notify_env(settings: Settings, endpoints: list[dict[str, Any]], **extra: str
               ) -> dict[str, str]:
    return {**api_env(settings), "POLIS_WEBHOOKS": json.dumps(endpoints),
            "POLIS_ADMIN_TOKEN": ADMIN, "POLIS_NOTIFY_POLL_SECONDS": "0.2", **extra}


async def guest(http: httpx.AsyncClient, name: str) -> tuple[str, str]:
    reply = await http.post("/players", json={"name": name})
    http.cookies.clear()
    assert reply.status_code == 201, reply.text
    return reply.json()["player_id"], reply.json()["token"]


async def three_at_a_table(http: httpx.AsyncClient, clock_hours: float = 0
                           ) -> tuple[str, list[tuple[str, str]]]:
    """A 7 Wonders table of three guests, started (the last join starts it); the game id
    and each seat's (player id, token)."""
    players = [await guest(http, n) for n in ("Ada", "Brutus", "Cleo")]
    options = {"clock": {"bank_seconds": clock_hours * 3600}} if clock_hours else {}
    created = await http.post("/games", headers=auth(players[0][1]), json={
        "kind": "7wonders", "visibility": "public", "options": options,
        "seats": [{"player": players[0][0]}, {"open": True}, {"open": True}]})
    assert created.status_code == 201, created.text
    gid = created.json()["game"]["game_id"]
    for _, token in players[1:]:
        joined = await http.post(f"/games/{gid}/join", json={}, headers=auth(token))
        assert joined.status_code == 200, joined.text
    game = (await http.get(f"/games/{gid}")).json()
    by_player = {p: i for i, p in enumerate(s["player"] for s in game["seats"])}
    seats = sorted(players, key=lambda p: by_player[p[0]])
    return gid, seats


async def play_turns(http: httpx.AsyncClient, gid: str, seats: list[tuple[str, str]],
                     turns: int) -> dict[int, int]:
    """Every acting seat plays its first legal move, `turns` times over; moves per seat."""
    moves = dict.fromkeys(range(len(seats)), 0)
    for _ in range(turns):
        game = (await http.get(f"/games/{gid}")).json()
        for seat in game["summary"]["acting"]:
            token = seats[seat][1]
            legal = (await http.get(f"/games/{gid}/legal-moves", headers=auth(token))).json()
            played = await http.post(f"/games/{gid}/commands", headers=auth(token), json={
                "expected_version": legal["version"], "command": legal["moves"][0]})
            assert played.status_code == 200, played.text
            moves[seat] += 1
    return moves


def turns_of(messages: list[dict[str, Any]], gid: str) -> dict[int, list[dict[str, Any]]]:
    found: dict[int, list[dict[str, Any]]] = {}
    for m in messages:
        if m["type"] == "turn.started" and m["data"]["game_id"] == gid:
            found.setdefault(m["data"]["seat"], []).append(m)
    return found


async def test_webhooks_are_signed_and_tell_each_seat_once_per_turn(
    settings: Settings, hooks: Receivers, tmp_path: Path,
) -> None:
    secret = new_secret()
    got = hooks.hook("all", secret)
    server = ApiProcess(notify_env(settings, [
        {"url": hooks.url("/hooks/all"), "secret": secret, "events": ["turn.started",
                                                                      "table.started"]}]),
        tmp_path, "notify-a").start()
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            gid, seats = await three_at_a_table(http, clock_hours=6)
            moves = await play_turns(http, gid, seats, 3)
            game = (await http.get(f"/games/{gid}")).json()
            pending = set(game["summary"]["acting"])
            expected = sum(moves.values()) + len(pending)
            await got.wait(lambda r: len(turns_of([m for _, m in r.messages], gid)) == 3 and
                           sum(len(v) for v in turns_of([m for _, m in r.messages],
                                                        gid).values()) >= expected - 2)
            await asyncio.sleep(1.0)  # nothing more comes
    finally:
        server.stop()
    assert not got.rejected
    assert len(set(got.ids())) == len(got.ids())  # each delivered once
    started = got.of_type("table.started")
    assert [m["data"]["game_id"] for m in started] == [gid]
    assert [s["player_id"] for s in started[0]["data"]["seats"]] == [p for p, _ in seats]
    turns = turns_of([m for _, m in got.messages], gid)
    for seat, (player, _) in enumerate(seats):
        # one per turn: the one that opened each move it made, and the one pending now
        assert len(turns[seat]) == moves[seat] + (seat in pending), (seat, moves, turns)
        for m in turns[seat]:
            assert m["data"]["player_id"] == player and m["data"]["kind"] == "7wonders"
            assert m["data"]["clock"]["bank_seconds"] == 6 * 3600
            assert 0 < m["data"]["clock"]["remaining_seconds"] <= 6 * 3600
            assert m["timestamp"].endswith("Z")


async def test_a_notification_outlives_the_process_that_appended_it(
    settings: Settings, hooks: Receivers, tmp_path: Path, pool: asyncpg.Pool,
) -> None:
    """The appending process is killed before it delivers (its delivery is off); the other
    process, started afterwards, delivers every notification once."""
    secret = new_secret()
    got = hooks.hook("kill", secret)
    endpoints = [{"url": hooks.url("/hooks/kill"), "secret": secret,
                  "events": ["turn.started", "table.started"]}]
    a = ApiProcess(notify_env(settings, endpoints, POLIS_NOTIFY_DELIVER="0"), tmp_path,
                   "kill-a").start()
    try:
        async with httpx.AsyncClient(base_url=a.url, timeout=10) as http:
            gid, seats = await three_at_a_table(http)
            await play_turns(http, gid, seats, 1)
    finally:
        a.kill()
    target = f"webhook:{hooks.url('/hooks/kill')}"
    waiting = await pool.fetch("SELECT id, type FROM notifications WHERE target = $1", target)
    assert len(waiting) >= 4 and got.requests == 0  # table.started, 3 turns, then 3 more
    b = ApiProcess(notify_env(settings, endpoints), tmp_path, "kill-b").start()
    try:
        await got.wait(lambda r: len(r.messages) >= len(waiting))
        await asyncio.sleep(1.0)
    finally:
        b.stop()
    assert sorted(got.ids()) == sorted(r["id"] for r in waiting)  # once each, same ids
    assert not got.rejected
    assert await pool.fetchval("SELECT count(*) FROM notifications WHERE target = $1",
                               target) == 0


async def test_failing_and_hanging_receivers_are_dead_lettered_and_slow_nothing(
    settings: Settings, hooks: Receivers, tmp_path: Path,
) -> None:
    secrets_ = {name: new_secret() for name in ("ok", "fail", "hang")}
    got = {name: hooks.hook(name, s, name) for name, s in secrets_.items()}
    endpoints = [{"url": hooks.url(f"/hooks/{n}"), "secret": s, "events": ["table.started"]}
                 for n, s in secrets_.items()]
    server = ApiProcess(notify_env(
        settings, endpoints, POLIS_NOTIFY_TIMEOUT_SECONDS="1", POLIS_NOTIFY_RETRY_SECONDS="0.2",
        POLIS_NOTIFY_WINDOW_SECONDS="3", POLIS_NOTIFY_PER_TARGET="1"), tmp_path,
        "dead").start()
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            gids = [(await three_at_a_table(http))[0] for _ in range(3)]
            # the hanging receiver holds its one slot; the good one gets all three at once
            await got["ok"].wait(lambda r: len(r.messages) == 3, timeout=5)
            assert {m["data"]["game_id"] for _, m in got["ok"].messages} == set(gids)

            async def dead() -> list[dict[str, Any]]:
                reply = await http.get("/admin/webhooks/dead", headers=auth(ADMIN))
                assert reply.status_code == 200, reply.text
                return [d for d in reply.json()["dead"] if d["body"]["data"]["game_id"] in gids]

            async with asyncio.timeout(20):
                while len(await dead()) < 6:
                    await asyncio.sleep(0.3)
            listed = await dead()
            assert {d["target"] for d in listed} == {f"webhook:{hooks.url(f'/hooks/{n}')}"
                                                     for n in ("fail", "hang")}
            assert all(d["attempts"] >= 2 for d in listed if "fail" in d["target"])
            assert got["fail"].requests >= 6  # retried with back-off before giving up
            metrics = (await http.get("/metrics")).text
            line = next(x for x in metrics.splitlines()
                        if x.startswith("polis_notifications_dead_total"))
            assert float(line.split()[-1]) >= 6
            reply = await http.get("/admin/webhooks/dead", headers=auth("wrong"))
            assert reply.status_code == 401 and reply.json()["code"] == "admin_token_required"
            assert (await http.get("/admin/webhooks/dead")).status_code == 401
            # the service's clock is the host's here: read, never moved (README, "Time")
            read = await http.get("/admin/clock", headers=auth(ADMIN))
            assert read.status_code == 200 and read.json()["offset_seconds"] == 0
            assert read.json()["injection"] is False
            moved = await http.post("/admin/clock", headers=auth(ADMIN),
                                    json={"advance_seconds": 60})
            assert moved.status_code == 403 and moved.json()["code"] == "time_injection_off"
    finally:
        server.stop()


async def test_web_push_reaches_a_players_browser_encrypted(
    settings: Settings, hooks: Receivers, tmp_path: Path,
) -> None:
    secret = new_secret()
    invitations = hooks.hook("invitations", secret)
    server = ApiProcess({**notify_env(settings, [
        {"url": hooks.url("/hooks/invitations"), "secret": secret, "events": ["invitation"]}]),
        "POLIS_VAPID_PRIVATE_KEY": vapid_key(), "POLIS_VAPID_SUBJECT": "mailto:ops@example.org",
    }, tmp_path, "push").start()
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            key = (await http.get("/push/key")).json()["public_key"]
            raw = base64.urlsafe_b64decode(key + "==")
            assert len(raw) == 65 and raw[0] == 4
            players = [await guest(http, n) for n in ("Ada", "Brutus", "Cleo")]
            browsers = {}
            for pid, token in players:
                subscription, received = hooks.push(pid)
                reply = await http.post("/players/me/push", headers=auth(token),
                                        json={**subscription, "expirationTime": None})
                assert reply.status_code == 201, reply.text
                browsers[pid] = received
            mine = await http.get("/players/me/push", headers=auth(players[0][1]))
            assert len(mine.json()["subscriptions"]) == 1
            bad = await http.post("/players/me/push", headers=auth(players[0][1]), json={
                "endpoint": hooks.url("/push/x"), "keys": {"p256dh": "AAAA", "auth": "x"}})
            assert bad.status_code == 400 and bad.json()["code"] == "invalid_push_subscription"
            created = await http.post("/games", headers=auth(players[0][1]), json={
                "kind": "7wonders", "seats": [{"player": p} for p, _ in players[:1]]
                + [{"open": True}, {"open": True}], "visibility": "public"})
            gid = created.json()["game"]["game_id"]
            for _, token in players[1:]:
                assert (await http.post(f"/games/{gid}/join", json={},
                                        headers=auth(token))).status_code == 200
            for pid, _ in players:
                await browsers[pid].wait(lambda r: len(r.messages) == 1)
                _, message = browsers[pid].messages[0]
                assert message["type"] == "turn.started" and message["title"] == "Your turn"
                assert message["data"]["game_id"] == gid
                assert message["data"]["player_id"] == pid
            # an invitation: to the webhook and to the invited player's browser
            invited = await http.post("/games", headers=auth(players[0][1]), json={
                "kind": "duel", "seats": [{"player": players[0][0]},
                                          {"player": players[2][0]}]})
            assert invited.status_code == 201, invited.text
            table = invited.json()["game"]["game_id"]
            await invitations.wait(lambda r: len(r.messages) == 1)
            _, note = invitations.messages[0]
            assert note["type"] == "invitation" and note["data"]["game_id"] == table
            assert note["data"]["player_id"] == players[2][0] and note["data"]["seat"] == 1
            assert note["data"]["host"] == {"player_id": players[0][0], "name": "Ada"}
            await browsers[players[2][0]].wait(lambda r: len(r.messages) == 2)
            _, message = browsers[players[2][0]].messages[1]
            assert message["type"] == "invitation" and message["title"] == "Invitation"
            assert message["text"] == "Ada invites you to a game of duel"
            assert message["id"] == invitations.ids()[0]
            gone = await http.delete("/players/me/push", headers=auth(players[0][1]),
                                     params={"endpoint": hooks.url(f"/push/{players[0][0]}")})
            assert gone.status_code == 204
    finally:
        server.stop()
    assert uuid.UUID(gid)


async def test_a_finished_game_tells_its_ranking(
    settings: Settings, hooks: Receivers, tmp_path: Path,
) -> None:
    secret = new_secret()
    got = hooks.hook("ended", secret)
    server = ApiProcess(notify_env(settings, [
        {"url": hooks.url("/hooks/ended"), "secret": secret, "events": ["game.ended"]}]),
        tmp_path, "ended").start()
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            gid, seats = await three_at_a_table(http)
            by_seat = {i: token for i, (_, token) in enumerate(seats)}
            over = await play_to_end(http, gid, by_seat, seed=11, timeout=240)
            await got.wait(lambda r: len(r.messages) == 1)
            await asyncio.sleep(0.5)
    finally:
        server.stop()
    assert len(got.messages) == 1 and not got.rejected  # only the type it asked for, once
    ended = got.messages[0][1]
    assert ended["type"] == "game.ended" and ended["data"]["game_id"] == gid
    assert ended["data"]["ranking"] == over["summary"]["ranking"]
    assert sorted(ended["data"]["ranking"]) == [0, 1, 2]
    assert ended["data"]["winner"] == over["summary"]["winner"]
    assert [s["player_id"] for s in ended["data"]["seats"]] == [p for p, _ in seats]
    assert ended["data"]["rating_changes"] is None  # filled once games are rated


async def test_clock_low_goes_to_the_seats_that_have_not_moved(
    settings: Settings, hooks: Receivers, tmp_path: Path,
) -> None:
    """With half the bank as the threshold, a 6 s clock runs low after 3 s: the seats that
    have not moved by then are told, the one that moved is not."""
    secret = new_secret()
    got = hooks.hook("low", secret)
    server = ApiProcess(notify_env(settings, [
        {"url": hooks.url("/hooks/low"), "secret": secret, "events": ["clock.low"]}],
        POLIS_NOTIFY_CLOCK_LOW_FRACTION="0.5"), tmp_path, "low").start()
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            gid, seats = await three_at_a_table(http, clock_hours=6 / 3600)
            start = (await http.get(f"/games/{gid}")).json()["version"]
            legal = (await http.get(f"/games/{gid}/legal-moves",
                                    headers=auth(seats[0][1]))).json()
            played = await http.post(f"/games/{gid}/commands", headers=auth(seats[0][1]),
                                      json={"expected_version": legal["version"],
                                            "command": legal["moves"][0]})
            assert played.status_code == 200, played.text

            def low_at_start(r: Any) -> set[int]:
                return {m["data"]["seat"] for _, m in r.messages
                        if m["data"]["game_id"] == gid and m["data"]["version"] == start}

            await got.wait(lambda r: low_at_start(r) == {1, 2}, timeout=10)
            await asyncio.sleep(0.5)
            assert low_at_start(got) == {1, 2}  # seat 0 moved in time: not told
    finally:
        server.stop()
    assert not got.rejected
    low = next(m for _, m in got.messages if m["data"]["version"] == start)
    assert low["type"] == "clock.low" and low["data"]["clock"]["remaining_seconds"] <= 3


async def test_write_outbox_writes_rows_for_endpoints_and_each_push_subscription(
    pool: asyncpg.Pool,
) -> None:
    """Notifications that no append causes (matchmaking's) are written the same way: one
    row per endpoint, and one per push subscription of the player (none without one)."""
    from infra.notifications import PUSH, OutboxRow, subscribe, write_outbox

    player, lonely, game = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    for i in range(2):
        await subscribe(pool, player, f"https://push.example/{player}/{i}",
                        b64url(b"\x04" + bytes(64)), b64url(bytes(16)))
    body = json.dumps({"type": "match.found", "timestamp": "2026-11-27T23:00:00Z",
                       "data": {}})
    rows = [OutboxRow("msg_w", "webhook:https://app.example/h", "match.found", body),
            OutboxRow("msg_p", PUSH, "match.found", body, player),
            OutboxRow("msg_l", PUSH, "match.found", body, lonely)]
    async with pool.acquire() as conn, conn.transaction():
        await write_outbox(conn, game, rows)
    found = await pool.fetch("SELECT id, target FROM notifications WHERE game_id = $1 "
                             "ORDER BY id", game)
    assert [r["id"].partition(":")[0] for r in found] == ["msg_p", "msg_p", "msg_w"]
    assert {r["target"].partition(":")[0] for r in found} == {"push", "webhook"}
    await pool.execute("DELETE FROM notifications WHERE game_id = $1", game)


async def test_a_game_full_from_its_creation_tells_its_start_and_first_turn(
    settings: Settings, hooks: Receivers, tmp_path: Path,
) -> None:
    """A player who opens a game with every seat filled (itself and a bot) starts it at
    once: `table.started` and the first `turn.started` are written with its creation, as
    an append's would be (matchmaking's games start so too)."""
    secret = new_secret()
    got = hooks.hook("full", secret)
    server = ApiProcess(notify_env(settings, [
        {"url": hooks.url("/hooks/full"), "secret": secret, "events": ["turn.started",
                                                                       "table.started"]}]),
        tmp_path, "notify-full").start()
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            player, token = await guest(http, "Solo")
            created = await http.post("/games", headers=auth(token), json={
                "kind": "7wonders", "seats": [{"player": player}, {"bot": "random"},
                                              {"bot": "random"}]})
            assert created.status_code == 201, created.text
            game = created.json()["game"]
            gid, first = game["game_id"], game["version"]
            await got.wait(lambda r: {
                m["data"]["seat"] for _, m in r.messages
                if m["type"] == "turn.started" and m["data"]["game_id"] == gid
                and m["data"]["version"] == first} == {0, 1, 2}
                and bool(r.of_type("table.started")))
    finally:
        server.stop()
    assert not got.rejected
    started = [m for m in got.of_type("table.started") if m["data"]["game_id"] == gid]
    assert len(started) == 1
    assert [s["player_id"] for s in started[0]["data"]["seats"]] == [player, None, None]
    opening = [m for _, m in got.messages if m["type"] == "turn.started"
               and m["data"]["game_id"] == gid and m["data"]["version"] == first]
    assert sorted(m["data"]["seat"] for m in opening) == [0, 1, 2]  # all choose at once
    assert opening[0]["data"]["player_id"] in (player, None)


async def test_a_match_tells_each_matched_player_once(
    own_settings: Settings, hooks: Receivers, tmp_path: Path,
) -> None:
    """`match.found` is written by the transaction that matches the tickets (README,
    "Notifications and chat"): one per ticket, naming the game the players then find
    started with their seats (and its `table.started`, written with the game). Its process
    is alone on its database: another's matcher would match the tickets without webhooks."""
    secret = new_secret()
    got = hooks.hook("match", secret)
    server = ApiProcess(notify_env(own_settings, [
        {"url": hooks.url("/hooks/match"), "secret": secret,
         "events": ["match.found", "table.started"]}],
        POLIS_MATCH_INTERVAL_SECONDS="0.1"), tmp_path, "notify-match").start()
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            players = [await guest(http, n) for n in ("Mia", "Noa")]
            clock = {"bank_seconds": 3600}
            tickets = []
            for _, token in players:
                filed = await http.post("/matchmaking/tickets", headers=auth(token), json={
                    "kind": "duel", "rated": False, "clock": clock})
                assert filed.status_code == 201, filed.text
                tickets.append(filed.json()["ticket_id"])
            await got.wait(lambda r: len(r.of_type("match.found")) == 2
                           and bool(r.of_type("table.started")), timeout=30)
            await asyncio.sleep(0.5)  # nothing more comes
            found = [(await http.get(f"/matchmaking/tickets/{t}")).json() for t in tickets]
    finally:
        server.stop()
    assert not got.rejected and len(set(got.ids())) == len(got.ids())
    [game_id] = {f["game_id"] for f in found}
    told = got.of_type("match.found")
    assert sorted(m["data"]["ticket_id"] for m in told) == sorted(tickets)
    assert {m["data"]["game_id"] for m in told} == {game_id}
    assert sorted(m["data"]["player_id"] for m in told) == sorted(p for p, _ in players)
    assert [m["data"]["game_id"] for m in got.of_type("table.started")] == [game_id]


def test_the_tests_push_service_checks_the_vapid_signature() -> None:
    """RFC 8292: the push endpoint the tests run takes only requests signed by a VAPID key
    for its own origin (what a real push service checks), so a push test that passes saw
    the service's signature."""
    from py_vapid import Vapid02

    origin = "http://127.0.0.1:1"
    signed = Vapid02.from_string(private_key=vapid_key()).sign(
        {"aud": origin, "sub": "mailto:ops@example.org", "exp": int(time.time()) + 600})
    authorization = signed["Authorization"]
    assert vapid_signer(authorization, origin)
    for refused, audience in ((authorization, "http://127.0.0.1:2"),  # another service's
                              (authorization.replace("t=", "t=e"), origin),  # tampered
                              ("WebPush abc", origin)):
        with pytest.raises(VapidRefused):
            vapid_signer(refused, audience)
