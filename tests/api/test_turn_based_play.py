"""Turn-based play end to end (issue "Notifications for turn-based play, and table chat",
"Done when"): three players at a 7 Wonders table with clocks of hours, on two API
processes, one of them killed mid-game; each player is told once per turn through a webhook
receiver (every request verified with `standardwebhooks`) and through a Web Push endpoint
(every message decrypted with the subscription's key), none lost across the kill; and a
chat conversation at the table reaches every seat and spectator in one order."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import httpx

from infra.settings import Settings
from tests.api.clients import Follower, auth
from tests.api.receivers import Received, new_secret, receivers
from tests.api.servers import ApiProcess
from tests.api.test_notifications import guest, notify_env, vapid_key

HOURS = 8


def per_seat(received: Received, gid: str) -> dict[int, dict[str, dict[str, Any]]]:
    """turn.started of the game by seat, de-duplicated by notification id (at-least-once:
    a process killed mid-delivery may have sent one before its lease ran out)."""
    found: dict[int, dict[str, dict[str, Any]]] = {}
    for key, m in received.messages:
        if m["type"] == "turn.started" and m["data"]["game_id"] == gid:
            message_id = m.get("id", key)
            seen = found.setdefault(m["data"]["seat"], {})
            assert seen.get(message_id, m) == m  # a repeat is the same notification
            seen[message_id] = m
    return found


async def test_three_players_are_told_each_turn_by_webhook_and_push_across_a_kill(
    settings: Settings, tmp_path: Path,
) -> None:
    async with receivers() as hooks:
        secret = new_secret()
        got = hooks.hook("day", secret)
        env = {**notify_env(settings, [{"url": hooks.url("/hooks/day"), "secret": secret,
                                        "events": ["turn.started", "table.started"]}]),
               "POLIS_VAPID_PRIVATE_KEY": vapid_key(),
               "POLIS_VAPID_SUBJECT": "mailto:ops@example.org",
               "POLIS_NOTIFY_LEASE_SECONDS": "2"}
        a = ApiProcess(env, tmp_path, "day-a").start()
        b = ApiProcess(env, tmp_path, "day-b").start()
        try:
            async with httpx.AsyncClient(base_url=a.url, timeout=10) as ca, \
                    httpx.AsyncClient(base_url=b.url, timeout=10) as cb:
                players = [await guest(ca, n) for n in ("Ada", "Brutus", "Cleo")]
                pushed: dict[str, Received] = {}
                for pid, token in players:
                    subscription, pushed[pid] = hooks.push(pid)
                    reply = await cb.post("/players/me/push", json=subscription,
                                          headers=auth(token))
                    assert reply.status_code == 201, reply.text
                created = await ca.post("/games", headers=auth(players[0][1]), json={
                    "kind": "7wonders", "visibility": "public",
                    "options": {"clock": {"bank_seconds": HOURS * 3600}},
                    "seats": [{"player": players[0][0]}, {"open": True}, {"open": True}]})
                gid = created.json()["game"]["game_id"]
                for _, token in players[1:]:
                    joined = await cb.post(f"/games/{gid}/join", json={}, headers=auth(token))
                    assert joined.status_code == 200, joined.text
                game = (await cb.get(f"/games/{gid}")).json()
                order = [s["player"] for s in game["seats"]]
                token_of = dict(players)
                moves = dict.fromkeys(range(3), 0)
                for turn in range(5):
                    http = ca if turn < 2 else cb  # the process that appends, then the other
                    game = (await http.get(f"/games/{gid}")).json()
                    for seat in game["summary"]["acting"]:
                        token = token_of[order[seat]]
                        legal = (await http.get(f"/games/{gid}/legal-moves",
                                                headers=auth(token))).json()
                        played = await http.post(f"/games/{gid}/commands", headers=auth(token),
                                                 json={"expected_version": legal["version"],
                                                       "command": legal["moves"][0]})
                        assert played.status_code == 200, played.text
                        moves[seat] += 1
                    if turn == 1:
                        a.kill()  # right after its appends: their notifications are b's now
                game = (await cb.get(f"/games/{gid}")).json()
                pending = set(game["summary"]["acting"])
                want = {s: moves[s] + (s in pending) for s in range(3)}

                def complete(r: Received) -> bool:
                    return {s: len(v) for s, v in per_seat(r, gid).items()} == want

                await got.wait(complete, timeout=30)
                for pid in order:
                    await pushed[pid].wait(lambda r, pid=pid: len(
                        per_seat(r, gid).get(order.index(pid), {})) == want[order.index(pid)],
                        timeout=30)

                # the chat of the same table, seen by every seat and a spectator
                async with contextlib.AsyncExitStack() as stack:
                    seats = [await stack.enter_async_context(
                        Follower(b.ws_url, gid, token_of[p])) for p in order]
                    watcher = await stack.enter_async_context(Follower(b.ws_url, gid, None))
                    everyone = [*seats, watcher]
                    for f in everyone:
                        await f.wait_for(lambda m: m["type"] == "snapshot")
                    lines = ["my turn already?", "yes, yours", "ok, playing tonight"]
                    for i, text in enumerate(lines):
                        await seats[i].send({"type": "chat", "text": text})
                        await seats[i].wait_for(lambda m, text=text: m.get("text") == text)
                    for f in everyone:
                        await f.wait_for(lambda m: m.get("text") == lines[-1])
                        assert [m["text"] for m in f.of_type("chat")] == lines
        finally:
            a.stop()
            b.stop()
    assert not got.rejected  # every webhook verified by the library
    hooks_by_seat = per_seat(got, gid)
    for seat, pid in enumerate(order):
        told = sorted(hooks_by_seat[seat].values(), key=lambda m: m["data"]["version"])
        assert len(told) == want[seat], (seat, want, len(told))  # once per turn, none lost
        assert all(m["data"]["player_id"] == pid for m in told)
        assert all(0 < m["data"]["clock"]["remaining_seconds"] <= HOURS * 3600 for m in told)
        browser = per_seat(pushed[pid], gid)[seat]
        assert set(browser) == set(hooks_by_seat[seat])  # the same notifications, same ids
        assert all(m["title"] == "Your turn" for m in browser.values())
