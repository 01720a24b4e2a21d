"""Turn-based play end to end (issue "Notifications for turn-based play, and table chat",
"Done when"): three players play a whole 7 Wonders game over a simulated day and more, with
clocks of hours, on two API processes, one of them killed mid-game. Time is injected:
before each move the test moves the service's clock forward by the minutes the player
"thinks" (`POST /admin/clock`, `POLIS_TIME_INJECTION`), so the game clocks run down by
hours, and a seat that sleeps on its turn is told `clock.low` once its clock has run low
and not before. Each player is told once per turn through a webhook receiver (every request
verified with `standardwebhooks`) and through a Web Push endpoint (every message decrypted
with the subscription's key), none lost across the kill, with the clock the simulation
predicts; and a chat conversation at the table reaches every seat and spectator in one
order."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx

from infra.settings import Settings
from tests.api.clients import Follower, auth
from tests.api.receivers import Received, new_secret, receivers
from tests.api.servers import ApiProcess
from tests.api.test_notifications import ADMIN, guest, notify_env, vapid_key

BANK = 12 * 3600.0
INCREMENT = 40 * 60.0
LOW = 0.1 * BANK
"""`clock.low` at a tenth of the bank (`POLIS_NOTIFY_CLOCK_LOW_FRACTION`'s default)."""
SLEEPER_MOVE = 30
"""From this move on, the first seat left alone on a turn sleeps on it until its clock
runs low."""


def per_seat(received: Received, gid: str, kind: str = "turn.started"
             ) -> dict[int, dict[str, dict[str, Any]]]:
    """Notifications of a type for the game by seat, de-duplicated by id (at-least-once: a
    process killed mid-delivery may have sent one before its lease ran out)."""
    found: dict[int, dict[str, dict[str, Any]]] = {}
    for key, m in received.messages:
        if m["type"] == kind and m["data"]["game_id"] == gid:
            message_id = m.get("id", key)
            seen = found.setdefault(m["data"]["seat"], {})
            assert seen.get(message_id, m) == m  # a repeat is the same notification
            seen[message_id] = m
    return found


class Day:
    """The simulation's own account of the seats' clocks: what the service must show."""

    def __init__(self) -> None:
        self.used = [0.0, 0.0, 0.0]
        """Simulated seconds each seat's clock ran (it runs while the seat may act)."""
        self.moves = [0, 0, 0]
        self.elapsed = 0.0

    def remaining(self, seat: int) -> float:
        return BANK + INCREMENT * self.moves[seat] - self.used[seat]

    def passed(self, seconds: float, acting: list[int]) -> None:
        self.elapsed += seconds
        for seat in acting:
            self.used[seat] += seconds


async def test_three_players_play_a_day_told_each_turn_by_webhook_and_push_across_a_kill(
    own_settings: Settings, tmp_path: Path,
) -> None:
    started = time.monotonic()
    rng = random.Random(20261128)
    async with receivers() as hooks:
        secret = new_secret()
        got = hooks.hook("day", secret)
        env = {**notify_env(own_settings, [{
                   "url": hooks.url("/hooks/day"), "secret": secret,
                   "events": ["turn.started", "table.started", "clock.low", "game.ended"]}]),
               "POLIS_VAPID_PRIVATE_KEY": vapid_key(),
               "POLIS_VAPID_SUBJECT": "mailto:ops@example.org",
               "POLIS_NOTIFY_LEASE_SECONDS": "2", "POLIS_TIME_INJECTION": "1"}
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
                    "options": {"clock": {"bank_seconds": BANK,
                                          "increment_seconds": INCREMENT}},
                    "seats": [{"player": players[0][0]}, {"open": True}, {"open": True}]})
                gid = created.json()["game"]["game_id"]
                for _, token in players[1:]:
                    joined = await cb.post(f"/games/{gid}/join", json={}, headers=auth(token))
                    assert joined.status_code == 200, joined.text
                game = (await cb.get(f"/games/{gid}")).json()
                order = [s["player"] for s in game["seats"]]
                for refused, body, headers in (
                        (401, {"advance_seconds": 60}, {}),
                        (400, {"advance_seconds": -60}, auth(ADMIN)),  # never back
                        (400, {"advance_seconds": 400 * 86400}, auth(ADMIN)),
                        (400, {"advance_seconds": "60"}, auth(ADMIN))):
                    reply = await ca.post("/admin/clock", json=body, headers=headers)
                    assert reply.status_code == refused, reply.text
                token_of = dict(players)
                vapid = (await ca.get("/push/key")).json()["public_key"]
                day = Day()
                predicted = {game["version"]: [BANK] * 3}
                """The seats' clocks by the simulation, at each version a move made."""
                sleeper: int | None = None
                http = ca

                async def advance(seconds: float, acting: list[int]) -> None:
                    moved = await http.post("/admin/clock", headers=auth(ADMIN),
                                            json={"advance_seconds": seconds})
                    assert moved.status_code == 200, moved.text
                    day.passed(seconds, acting)

                move = 0
                while True:
                    game = (await http.get(f"/games/{gid}")).json()
                    acting = sorted(game["summary"]["acting"])
                    if not acting:
                        break
                    seat = acting[move % len(acting)]
                    if sleeper in acting:  # in time trouble since: it moves first, quickly
                        seat = sleeper
                    if sleeper is None and move >= SLEEPER_MOVE and len(acting) == 1:
                        # asleep on its turn: an hour above the low mark, nothing said yet;
                        # then past it, and `clock.low` comes, as the push does
                        sleeper = seat
                        await advance(day.remaining(seat) - LOW - 3600, acting)
                        await asyncio.sleep(1.5)  # deliveries poll every 0.2 s
                        assert not per_seat(got, gid, "clock.low")
                        await advance(3600 + 300, acting)
                        await got.wait(lambda r: per_seat(r, gid, "clock.low"), timeout=30)
                        await pushed[order[seat]].wait(
                            lambda r: per_seat(r, gid, "clock.low"), timeout=30)
                    else:
                        await advance(60 if seat == sleeper else rng.uniform(12, 42) * 60,
                                      acting)
                    token = token_of[order[seat]]
                    legal = (await http.get(f"/games/{gid}/legal-moves",
                                            headers=auth(token))).json()
                    played = await http.post(f"/games/{gid}/commands", headers=auth(token),
                                             json={"expected_version": legal["version"],
                                                   "command": rng.choice(legal["moves"])})
                    assert played.status_code == 200, played.text
                    day.moves[seat] += 1
                    predicted[played.json()["version"]] = [day.remaining(s) for s in range(3)]
                    move += 1
                    if move == 12:
                        a.kill()  # right after its appends: their notifications are b's now
                        http = cb
                assert game["summary"].get("ranking"), game["summary"]
                assert sleeper is not None

                def complete(r: Received) -> bool:
                    return ({s: len(v) for s, v in per_seat(r, gid).items()}
                            == dict(enumerate(day.moves)) and bool(r.of_type("game.ended")))

                await got.wait(complete, timeout=30)
                for seat, pid in enumerate(order):
                    await pushed[pid].wait(lambda r, seat=seat: len(
                        per_seat(r, gid).get(seat, {})) == day.moves[seat], timeout=30)

                # the chat of the same table, seen by every seat and a spectator
                async with contextlib.AsyncExitStack() as stack:
                    seats = [await stack.enter_async_context(
                        Follower(b.ws_url, gid, token_of[p])) for p in order]
                    watcher = await stack.enter_async_context(Follower(b.ws_url, gid, None))
                    everyone = [*seats, watcher]
                    for f in everyone:
                        await f.wait_for(lambda m: m["type"] == "snapshot")
                    lines = ["long day", "yes, a good game", "rematch tomorrow"]
                    for i, text in enumerate(lines):
                        await seats[i].send({"type": "chat", "text": text})
                        await seats[i].wait_for(lambda m, text=text: m.get("text") == text)
                    for f in everyone:
                        await f.wait_for(lambda m: m.get("text") == lines[-1])
                        assert [m["text"] for m in f.of_type("chat")] == lines

                # a replica started now runs on the injected clock from its start
                a = ApiProcess(env, tmp_path, "day-c").start()
                async with httpx.AsyncClient(base_url=a.url, timeout=10) as cc:
                    read = [(await c.get("/admin/clock", headers=auth(ADMIN))).json()
                            for c in (cc, cb)]
                assert read[0]["offset_seconds"] == read[1]["offset_seconds"] > 24 * 3600
        finally:
            a.stop()
            b.stop()
    real = time.monotonic() - started
    assert not got.rejected  # every webhook verified by the library
    assert day.elapsed > 24 * 3600  # a day and more of play ...
    assert real < 0.01 * day.elapsed  # ... in minutes

    hooks_by_seat = per_seat(got, gid)
    stamps = []
    for seat, pid in enumerate(order):
        told = sorted(hooks_by_seat[seat].values(), key=lambda m: m["data"]["version"])
        assert len(told) == day.moves[seat]  # once per turn, none lost across the kill
        assert all(m["data"]["player_id"] == pid for m in told)
        assert not pushed[pid].rejected and pushed[pid].signers == {vapid}  # VAPID-signed
        browser = per_seat(pushed[pid], gid)[seat]
        assert set(browser) == set(hooks_by_seat[seat])  # the same notifications, same ids
        assert all(m["title"] == "Your turn" for m in browser.values())
        stamps += [datetime.fromisoformat(m["timestamp"]).timestamp() for m in told]
    # the notifications are stamped with the service's (injected) time: over a day apart
    assert max(stamps) - min(stamps) > 20 * 3600

    # the clock each turn.started names is the one the simulation predicts, to the real
    # seconds the test took between its steps
    for seat, seen in hooks_by_seat.items():
        for m in seen.values():
            clock = m["data"]["clock"]
            assert (clock["bank_seconds"], clock["increment_seconds"]) == (BANK, INCREMENT)
            assert abs(clock["remaining_seconds"] - predicted[m["data"]["version"]][seat]) \
                < 120, (seat, m["data"]["version"], clock)
    lowest = {s: min(predicted[m["data"]["version"]][s] for m in hooks_by_seat[s].values())
              for s in range(3)}
    assert all(lowest[s] > LOW for s in range(3) if s != sleeper)

    lows = per_seat(got, gid, "clock.low")
    assert set(lows) == {sleeper} and len(lows[sleeper]) == 1  # once, and only the sleeper
    (low,) = lows[sleeper].values()
    assert abs(low["data"]["clock"]["remaining_seconds"] - LOW) < 1
    assert lowest[sleeper] < LOW + INCREMENT  # its next turn's clock, past the long one
    assert set(per_seat(pushed[order[sleeper]], gid, "clock.low")[sleeper]) == set(
        lows[sleeper])
    assert len({m.get("id") for m in got.of_type("game.ended")}) == 1
