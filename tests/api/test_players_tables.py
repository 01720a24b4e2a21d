"""Players and tables over HTTP, on two API processes: guests sign in, a host opens a table
with open and reserved seats, players find it in the lobby and join (a race for the last
seat gives it to one), the table starts once, and player tokens act for their seats exactly
as seat tokens would (README, "Players and tables")."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import asyncpg
import httpx
import pytest

from domain.kernel.traces import replay_record
from infra.settings import Settings
from tests.api.clients import Follower, auth
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess


async def _guest(http: httpx.AsyncClient, name: str) -> tuple[str, str]:
    reply = await http.post("/players", json={"name": name})
    http.cookies.clear()  # these tests send each player's token itself
    assert reply.status_code == 201, reply.text
    body = reply.json()
    return body["player_id"], body["token"]


def _code(reply: httpx.Response, status: int, code: str) -> None:
    assert reply.status_code == status, reply.text
    assert reply.json()["code"] == code, reply.text


async def test_a_guest_signs_in_with_a_cookie_and_a_token(http: httpx.AsyncClient) -> None:
    reply = await http.post("/players", json={"name": "  Ade\u0301le  "})
    assert reply.status_code == 201, reply.text
    body = reply.json()
    assert body["name"] == "Ad\u00e9le" and body["token"].startswith("pt_")  # NFC, trimmed
    cookie = reply.headers["set-cookie"]
    assert "polis_player=" in cookie and "HttpOnly" in cookie
    assert "samesite=strict" in cookie.lower()
    me = await http.get("/players/me", headers=auth(body["token"]))
    assert me.json() == {"player_id": body["player_id"], "name": "Ad\u00e9le"}
    async with httpx.AsyncClient(base_url=str(http.base_url),
                                 cookies={"polis_player": body["token"]}) as browser:
        assert (await browser.get("/players/me")).json()["player_id"] == body["player_id"]
    profile = await http.get(f"/players/{body['player_id']}")
    assert profile.json()["name"] == "Ad\u00e9le"
    http.cookies.clear()  # the client kept the cookie: without it, nobody is signed in
    _code(await http.get("/players/me"), 401, "player_required")
    _code(await http.get("/players/me", headers=auth("pt_nobody")), 401, "unauthorized")
    for bad in ("", "   ", "x" * 33, "Ada\u0007", "A\u200eB"):
        _code(await http.post("/players", json={"name": bad}), 400, "invalid_name")
    _code(await http.get(f"/players/{uuid.uuid4()}"), 404, "player_not_found")


async def test_guests_meet_in_the_lobby_and_play_with_player_tokens(
    apis: list[ApiProcess], pool: asyncpg.Pool
) -> None:
    async with httpx.AsyncClient(base_url=apis[0].url, timeout=10) as a, \
            httpx.AsyncClient(base_url=apis[1].url, timeout=10) as b:
        host, host_token = await _guest(a, "Host")
        _, ada_token = await _guest(b, "Ada")
        created = await a.post("/games", headers=auth(host_token), json={
            "kind": "7wonders", "visibility": "public",
            "seats": [{"player": host}, {"open": True}, {"bot": "greedy"}]})
        assert created.status_code == 201, created.text
        game = created.json()["game"]
        gid = game["game_id"]
        assert game["waiting"] and game["summary"]["phase"] == "waiting"
        assert created.json()["seats"] == [] and created.json()["invite"] is None
        assert [s["player"] for s in game["seats"]] == [host, None, None]
        lobby = (await b.get("/lobby", params={"kind": "7wonders"})).json()["tables"]
        listed = [t for t in lobby if t["game"]["game_id"] == gid]
        assert listed and listed[0]["free"] == [1]
        # while it waits: no moves, a table view
        moves = await a.get(f"/games/{gid}/legal-moves", headers=auth(host_token))
        assert moves.status_code == 200 and moves.json()["moves"] == []
        view = (await b.get(f"/games/{gid}/view")).json()["view"]
        assert view["phase"] == "waiting" and view["seats"][1]["state"] == "open"

        joined = await b.post(f"/games/{gid}/join", json={}, headers=auth(ada_token))
        assert joined.status_code == 200, joined.text
        assert joined.json()["seat"] == 1 and not joined.json()["game"]["waiting"]
        started = (await a.get(f"/games/{gid}")).json()
        assert started["summary"]["phase"] != "waiting" and started["summary"]["acting"]
        assert not any(t["game"]["game_id"] == gid for t in
                       (await b.get("/lobby")).json()["tables"])
        # the player token reads and plays its seat as a seat token would
        mine = await b.get(f"/games/{gid}/legal-moves", headers=auth(ada_token))
        assert mine.json()["seat"] == 1 and mine.json()["moves"]
        ada_view = await a.get(f"/games/{gid}/view", headers=auth(ada_token))
        assert ada_view.json()["seat"] == 1
        command = {"expected_version": mine.json()["version"],
                   "command": mine.json()["moves"][0]}
        played = await a.post(f"/games/{gid}/commands", json=command, headers=auth(ada_token))
        assert played.status_code in (200, 201), played.text
        other = await a.post(f"/games/{gid}/commands", json=command, headers=auth(host_token))
        _code(other, 403, "wrong_seat")  # the host's token is seat 0's, not Ada's
        games = (await b.get("/players/me/games", params={"state": "running"},
                             headers=auth(ada_token))).json()["games"]
        assert [(g["game"]["game_id"], g["seat"]) for g in games] == [(gid, 1)]
        assert (await b.get("/players/me/games", params={"state": "waiting"},
                            headers=auth(ada_token))).json()["games"] == []
        events = await pool.fetch("SELECT type FROM events WHERE game_id = $1 ORDER BY version",
                                  uuid.UUID(gid))
        types = [e["type"] for e in events]
        assert types[:3] == ["TableOpened", "SeatTaken", "TableStarted"]
        assert types.count("TableStarted") == 1 and types[3] == "GameStarted"


async def test_two_players_race_for_the_last_seat(apis: list[ApiProcess],
                                                   pool: asyncpg.Pool) -> None:
    async with httpx.AsyncClient(base_url=apis[0].url, timeout=10) as a, \
            httpx.AsyncClient(base_url=apis[1].url, timeout=10) as b:
        host, host_token = await _guest(a, "Host")
        for round_ in range(4):
            created = (await a.post("/games", headers=auth(host_token), json={
                "kind": "duel", "visibility": "public",
                "seats": [{"player": host}, {"open": True}]})).json()
            gid = created["game"]["game_id"]
            racers = [await _guest(c, f"R{round_}{i}") for i, c in enumerate((a, b))]
            replies = await asyncio.gather(*(
                c.post(f"/games/{gid}/join", json={}, headers=auth(t))
                for c, (_, t) in zip((a, b), racers, strict=True)))
            statuses = sorted(r.status_code for r in replies)
            assert statuses == [200, 409], [r.text for r in replies]
            lost = next(r for r in replies if r.status_code == 409)
            assert lost.json()["code"] in ("seat_taken", "table_full", "table_started")
            started = await pool.fetchval(
                "SELECT count(*) FROM events WHERE game_id = $1 AND type = 'TableStarted'",
                uuid.UUID(gid))
            assert started == 1


async def test_private_tables_reserved_seats_leaving_and_an_early_start(
    http: httpx.AsyncClient,
) -> None:
    host, host_token = await _guest(http, "Host")
    cleo, cleo_token = await _guest(http, "Cleo")
    ada, ada_token = await _guest(http, "Ada")
    bob, bob_token = await _guest(http, "Bob")
    created = await http.post("/games", headers=auth(host_token), json={
        "kind": "7wonders", "visibility": "private",
        "seats": [{"player": host}, {"open": True}, {"player": cleo}, {"open": True}]})
    assert created.status_code == 201, created.text
    gid, invite = created.json()["game"]["game_id"], created.json()["invite"]
    assert invite
    url = f"/games/{gid}"
    _code(await http.post(f"{url}/join", json={}, headers=auth(ada_token)), 403,
          "invite_required")
    _code(await http.post(f"{url}/join", json={"invite": "nope"}, headers=auth(ada_token)),
          403, "invite_required")
    _code(await http.post(f"{url}/join", json={"seat": 2, "invite": invite},
                          headers=auth(ada_token)), 403, "seat_reserved")
    before = (await http.get(url)).json()["version"]
    assert (await http.get(url)).json()["version"] == before  # refusals wrote nothing
    joined = await http.post(f"{url}/join", json={"invite": invite}, headers=auth(ada_token))
    assert joined.json()["seat"] == 1
    _code(await http.post(f"{url}/join", json={"invite": invite}, headers=auth(ada_token)),
          409, "already_seated")
    assert (await http.post(f"{url}/join", json={}, headers=auth(cleo_token))
            ).json()["seat"] == 2  # invited: no code needed
    # the host makes a new code: the old one stops working
    renewed = await http.post(f"{url}/invite", headers=auth(host_token))
    assert renewed.status_code == 200, renewed.text
    fresh = renewed.json()["invite"]
    _code(await http.post(f"{url}/join", json={"invite": invite}, headers=auth(bob_token)),
          403, "invite_required")
    _code(await http.post(f"{url}/invite", headers=auth(ada_token)), 403, "not_host")
    assert (await http.post(f"{url}/join", json={"invite": fresh}, headers=auth(bob_token))
            ).status_code == 200  # the table is full now: it started
    game = (await http.get(url)).json()
    assert not game["waiting"] and [s["player"] for s in game["seats"]] == [host, ada, cleo, bob]

    # another table: Ada leaves, the host removes Bob, then starts early with three
    created = (await http.post("/games", headers=auth(host_token), json={
        "kind": "7wonders", "visibility": "public",
        "seats": [{"player": host}, {"open": True}, {"open": True}, {"open": True},
                  {"bot": "random"}]})).json()
    url = f"/games/{created['game']['game_id']}"
    for token in (ada_token, bob_token):
        assert (await http.post(f"{url}/join", json={}, headers=auth(token))).status_code == 200
    assert (await http.post(f"{url}/leave", headers=auth(ada_token))).status_code == 200
    _code(await http.post(f"{url}/leave", headers=auth(ada_token)), 409, "not_seated")
    _code(await http.delete(f"{url}/seats/2", headers=auth(ada_token)), 403, "not_host")
    assert (await http.delete(f"{url}/seats/2", headers=auth(host_token))).status_code == 200
    _code(await http.post(f"{url}/start", headers=auth(host_token)), 422, "too_few_players")
    assert (await http.post(f"{url}/join", json={"seat": 3}, headers=auth(cleo_token))
            ).status_code == 200
    started = await http.post(f"{url}/start", headers=auth(host_token))
    assert started.status_code == 200, started.text
    game = started.json()
    assert not game["waiting"] and len(game["seats"]) == 3
    assert [s["player"] for s in game["seats"]] == [host, cleo, None]  # the bot kept its seat
    assert game["options"]["bots"] == [None, None, "random"]
    _code(await http.post(f"{url}/join", json={}, headers=auth(ada_token)), 409,
          "table_started")
    mine = (await http.get(f"{url}/legal-moves", headers=auth(cleo_token))).json()
    assert mine["seat"] == 1 and mine["moves"]


@pytest.mark.parametrize("seats", [
    [{"open": True}, {"open": True}],  # no host: a table needs a player to open it
])
async def test_a_table_needs_a_player(http: httpx.AsyncClient, seats: list[Any]) -> None:
    _code(await http.post("/games", json={"kind": "duel", "seats": seats}), 401,
          "player_required")
    _, token = await _guest(http, "Host")
    _code(await http.post("/games", headers=auth(token), json={
        "kind": "duel", "seats": [{"open": True}, {"player": str(uuid.uuid4())}]}),
        422, "unknown_player")
    _code(await http.post("/games", headers=auth(token), json={
        "kind": "duel", "seats": [{"open": True, "name": "x"}, {"open": True}]}),
        400, "invalid_seat")


async def test_three_guests_meet_and_play_to_the_end_over_websockets(
    apis: list[ApiProcess],
) -> None:
    """The issue's black-box run: three guests meet through the lobby, the table starts
    once, they play to the end over the game's WebSocket with their player tokens only, and
    "my games" shows the result."""
    async with httpx.AsyncClient(base_url=apis[0].url, timeout=10) as a, \
            httpx.AsyncClient(base_url=apis[1].url, timeout=10) as b:
        guests = [await _guest(c, name) for c, name in ((a, "Host"), (b, "Ada"), (a, "Bob"))]
        (host, host_token), (_, ada_token), (_, bob_token) = guests
        created = (await a.post("/games", headers=auth(host_token), json={
            "kind": "7wonders", "visibility": "public",
            "seats": [{"player": host}, {"open": True}, {"open": True}]})).json()
        gid = created["game"]["game_id"]
        for client, token in ((b, ada_token), (a, bob_token)):
            lobby = (await client.get("/lobby", params={"kind": "7wonders"})).json()["tables"]
            assert gid in [t["game"]["game_id"] for t in lobby]
            assert (await client.post(f"/games/{gid}/join", json={},
                                      headers=auth(token))).status_code == 200
        followers = [Follower(apis[i % 2].ws_url, gid, token, include=["moves"])
                     for i, (_, token) in enumerate(guests)]
        for follower in followers:
            await follower.__aenter__()
        try:
            sent: set[tuple[int, int]] = set()
            for _ in range(2000):
                game = (await a.get(f"/games/{gid}")).json()
                if game["over"]:
                    break
                for seat, follower in enumerate(followers):
                    latest = next((m for m in reversed(follower.messages)
                                   if m["type"] in ("snapshot", "update") and "moves" in m),
                                  None)
                    if latest is None or not latest["moves"] or \
                            (seat, latest["version"]) in sent:
                        continue
                    sent.add((seat, latest["version"]))
                    await follower.send({"type": "command", "request_id": f"{seat}",
                                         "expected_version": latest["version"],
                                         "command": latest["moves"][0]})
                await asyncio.sleep(0.02)
            assert game["over"], "the game did not end"
            accepted = [len(f.of_type("command_accepted")) for f in followers]
            assert all(accepted), accepted  # every seat played over its socket
        finally:
            for follower in followers:
                await follower.__aexit__(None, None, None)
        # the trace of a game that began as a table: the game's own, who sat where left out
        trace = await a.get(f"/games/{gid}/trace")
        assert trace.status_code == 200, trace.text
        assert trace.json()["format"] == "7w-trace/1" and replay_record(trace.json()).agreed
        for client, (_, token) in zip((a, b, a), guests, strict=True):
            over = (await client.get("/players/me/games", params={"state": "over"},
                                     headers=auth(token))).json()["games"]
            assert [g["game"]["game_id"] for g in over] == [gid]
            assert over[0]["game"]["summary"]["ranking"]


async def test_a_table_that_never_fills_expires(
    settings: Settings, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """With POLIS_TABLE_EXPIRY_SECONDS=1, a waiting table closes by itself (once), leaves
    the lobby and takes no player; a full one started before is untouched."""
    server = ApiProcess({**api_env(settings), "POLIS_TABLE_EXPIRY_SECONDS": "1"},
                        tmp_path_factory.mktemp("expiry"), "expiry").start()
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            host, token = await _guest(http, "Host")
            _, ada_token = await _guest(http, "Ada")
            created = (await http.post("/games", headers=auth(token), json={
                "kind": "duel", "visibility": "public",
                "seats": [{"player": host}, {"open": True}]})).json()
            url = f"/games/{created['game']['game_id']}"
            async with asyncio.timeout(15):
                while not (game := (await http.get(url)).json())["over"]:
                    await asyncio.sleep(0.2)
            assert game["summary"]["phase"] == "expired" and game["waiting"] is False
            _code(await http.post(f"{url}/join", json={}, headers=auth(ada_token)), 409,
                  "table_expired")
            lobby = (await http.get("/lobby")).json()["tables"]
            assert created["game"]["game_id"] not in [t["game"]["game_id"] for t in lobby]
            events = (await http.get(f"{url}/events")).json()["events"]
            assert [e["type"] for e in events] == ["TableOpened", "TableExpired"]
    finally:
        server.stop()


async def test_rate_limits_hold_per_player_as_well_as_per_address(
    settings: Settings, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """One player creating tables from many addresses is held to the creation rate of one
    address (here 3 a minute); another player from the same addresses is not held back by
    the first one's count."""
    env = {**api_env(settings), "POLIS_RATE_CREATE": "3/60",
           "POLIS_FORWARDED_ALLOW_IPS": "127.0.0.1"}
    server = ApiProcess(env, tmp_path_factory.mktemp("rates"), "rates").start()
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            def at(n: int) -> dict[str, str]:
                return {"X-Forwarded-For": f"198.51.100.{n}"}

            players = []
            for n in range(2):
                reply = await http.post("/players", json={"name": f"P{n}"}, headers=at(50 + n))
                players.append(reply.json())
                http.cookies.clear()
            statuses = []
            for n in range(5):
                reply = await http.post("/games", headers={**auth(players[0]["token"]), **at(n)},
                                        json={"kind": "duel", "visibility": "public",
                                              "seats": [{"open": True}, {"open": True}]})
                statuses.append(reply.status_code)
            assert statuses == [201, 201, 201, 429, 429], statuses
            other = await http.post("/games", headers={**auth(players[1]["token"]), **at(9)},
                                    json={"kind": "duel", "visibility": "public",
                                          "seats": [{"open": True}, {"open": True}]})
            assert other.status_code == 201, other.text
    finally:
        server.stop()


async def test_a_table_full_from_the_start_still_says_who_sat_where(
    http: httpx.AsyncClient,
) -> None:
    """Issue "Players and tables": every seating is an event of the game's stream. A player
    who opens a game with every seat filled (itself and a bot) starts it at once, and its
    stream still opens with `TableOpened` and `TableStarted`, then the deal."""
    host, token = await _guest(http, "Host")
    created = await http.post("/games", headers=auth(token), json={
        "kind": "duel", "seats": [{"player": host}, {"bot": "random"}]})
    assert created.status_code == 201, created.text
    game = created.json()["game"]
    assert not game["waiting"] and game["seats"][0]["player"] == host
    events = (await http.get(f"/games/{game['game_id']}/events",
                             headers=auth(token))).json()["events"]
    assert [e["type"] for e in events[:3]] == ["TableOpened", "TableStarted", "GameStarted"]
    assert events[0]["event"]["seats"][0]["player"] == host
    assert events[0]["event"]["seats"][1]["bot"] == "random"
    assert events[1]["event"]["order"] == [0, 1]
