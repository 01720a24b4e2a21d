"""Players of the application's own identity provider: its JWTs, checked against the JWKS
this test serves (issuer, audience, signature, time), each user one player; a user opens a
table that a guest joins, and plays with its JWT alone; and the whole of "Players and
tables" end to end: a user and three guests meet in the lobby and play over WebSockets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
import uuid
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa

from infra.settings import Settings
from tests.api.clients import Follower, auth
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess
from tests.api.test_player_socket import Listener, guest, player_socket

ISSUER = "https://id.example.test/"
AUDIENCE = "polis-test"


class Provider:
    """A test identity provider: an RSA key, its JWKS served over HTTP, tokens signed."""

    def __init__(self) -> None:
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        public = jwt.algorithms.RSAAlgorithm.to_jwk(self.key.public_key(), as_dict=True)
        jwks = json.dumps({"keys": [{**public, "kid": "k1", "use": "sig", "alg": "RS256"}]})

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(jwks.encode())

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/.well-known/jwks.json"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def token(self, sub: str, key: Any = None, **claims: Any) -> str:
        now = int(time.time())
        body = {"iss": ISSUER, "aud": AUDIENCE, "sub": sub, "iat": now, "exp": now + 600,
                "name": f"User {sub}", **claims}
        return jwt.encode(body, key or self.key, algorithm="RS256", headers={"kid": "k1"})


@pytest.fixture(scope="module")
def provider() -> Iterator[Provider]:
    found = Provider()
    yield found
    found.server.shutdown()


@pytest.fixture(scope="module")
def jwt_api(settings: Settings, provider: Provider,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[ApiProcess]:
    env = {**api_env(settings), "POLIS_JWT_JWKS_URL": provider.url,
           "POLIS_JWT_ISSUER": ISSUER, "POLIS_JWT_AUDIENCE": AUDIENCE}
    server = ApiProcess(env, tmp_path_factory.mktemp("jwt"), "jwt")
    try:
        yield server.start()
    finally:
        server.stop()


def _refused(reply: httpx.Response, code: str) -> None:
    assert reply.status_code == 401, reply.text
    assert reply.json()["code"] == code, reply.text


async def test_users_of_the_identity_provider_are_players(
    jwt_api: ApiProcess, provider: Provider
) -> None:
    async with httpx.AsyncClient(base_url=jwt_api.url, timeout=10) as http:
        first = (await http.get("/players/me", headers=auth(provider.token("u1")))).json()
        again = (await http.get("/players/me", headers=auth(provider.token("u1")))).json()
        assert first["name"] == "User u1" and again["player_id"] == first["player_id"]
        other = (await http.get("/players/me", headers=auth(provider.token("u2")))).json()
        assert other["player_id"] != first["player_id"]

        stranger = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        now = int(time.time())
        for token, code in [
            (provider.token("u1", key=stranger), "token_bad_signature"),
            (provider.token("u1", aud="someone-else"), "token_wrong_audience"),
            (provider.token("u1", iss="https://other.test/"), "token_wrong_issuer"),
            (provider.token("u1", exp=now - 120, iat=now - 900), "token_expired"),
            (provider.token("u1", nbf=now + 600), "token_not_yet_valid"),
            ("a.b.c", "token_invalid"),
        ]:
            _refused(await http.get("/players/me", headers=auth(token)), code)


async def test_a_user_opens_a_table_a_guest_joins_and_the_user_plays(
    jwt_api: ApiProcess, provider: Provider
) -> None:
    async with httpx.AsyncClient(base_url=jwt_api.url, timeout=10) as http:
        user = provider.token("host-user")
        me = (await http.get("/players/me", headers=auth(user))).json()
        created = await http.post("/games", headers=auth(user), json={
            "kind": "duel", "visibility": "public",
            "seats": [{"player": me["player_id"]}, {"open": True}]})
        assert created.status_code == 201, created.text
        gid = created.json()["game"]["game_id"]
        guest = (await http.post("/players", json={"name": "Guest"})).json()
        http.cookies.clear()
        joined = await http.post(f"/games/{gid}/join", json={}, headers=auth(guest["token"]))
        assert joined.status_code == 200, joined.text
        game = (await http.get(f"/games/{gid}")).json()
        seat = game["summary"]["acting"][0]
        token = user if seat == 0 else guest["token"]
        moves = (await http.get(f"/games/{gid}/legal-moves", headers=auth(token))).json()
        assert moves["seat"] == seat and moves["moves"]
        played = await http.post(f"/games/{gid}/commands", headers=auth(token), json={
            "expected_version": moves["version"], "command": moves["moves"][0]})
        assert played.status_code in (200, 201), played.text
        mine = (await http.get("/players/me/games", headers=auth(user))).json()["games"]
        assert [g["game"]["game_id"] for g in mine] == [gid]


@pytest.fixture(scope="module")
def second_jwt_api(settings: Settings, provider: Provider,
                   tmp_path_factory: pytest.TempPathFactory) -> Iterator[ApiProcess]:
    env = {**api_env(settings), "POLIS_JWT_JWKS_URL": provider.url,
           "POLIS_JWT_ISSUER": ISSUER, "POLIS_JWT_AUDIENCE": AUDIENCE}
    server = ApiProcess(env, tmp_path_factory.mktemp("jwt2"), "jwt2")
    try:
        yield server.start()
    finally:
        server.stop()


async def _play_told_turns(told: Listener, game: Follower, game_id: str) -> dict[str, Any]:
    """Play the first legal move over the game's socket each time the player socket says it
    is my turn (the moves come with the game socket's updates); `game_over` at the end."""
    seen, sent = 0, 0
    while True:
        seen, message = await told.wait_for(
            lambda m: m["type"] in ("your_turn", "game_over") and m["game_id"] == game_id,
            seen, timeout=60)
        seen += 1
        if message["type"] == "game_over":
            return message
        for _ in range(30):
            await game.wait_version(message["version"], timeout=30)
            latest = next(m for m in reversed(game.messages)
                          if m["type"] in ("snapshot", "update"))
            if "moves" not in latest:  # a newer version is known: its update brings them
                await game.wait_for(lambda m, v=latest["version"]: m["type"] == "update"
                                    and m["version"] > v)
                continue
            if not latest["moves"]:
                break
            sent += 1
            request = f"r{sent}"
            await game.send({"type": "command", "request_id": request,
                             "expected_version": latest["version"],
                             "command": latest["moves"][0]})
            reply = await game.wait_for(lambda m, r=request: m.get("request_id") == r)
            if reply["type"] == "command_accepted":
                break
            assert reply["error"]["code"] == "version_conflict", reply  # another seat first


async def test_three_guests_and_a_user_meet_in_the_lobby_and_play_over_sockets(
    jwt_api: ApiProcess, second_jwt_api: ApiProcess, provider: Provider, pool: Any
) -> None:
    """Issue "Players and tables", done when: three guests and a user of the identity
    provider meet through the lobby; the table starts exactly once though the joins race on
    two processes; they play to the end over WebSockets with player tokens only, each told
    its turns on its player socket; "my games" shows the result."""
    apis = [jwt_api, second_jwt_api]
    async with httpx.AsyncClient(base_url=jwt_api.url, timeout=10) as a, \
            httpx.AsyncClient(base_url=second_jwt_api.url, timeout=10) as b:
        user = provider.token("lobby-user")
        host = (await a.get("/players/me", headers=auth(user))).json()["player_id"]
        guests = [await guest(http, name) for http, name in ((a, "Ada"), (b, "Bob"), (a, "Cy"))]
        created = await b.post("/games", headers=auth(user), json={
            "kind": "7wonders", "visibility": "public",
            "seats": [{"player": host}, {"open": True}, {"open": True}, {"open": True}]})
        assert created.status_code == 201, created.text
        gid = created.json()["game"]["game_id"]
        tokens = [user] + [t for _, t in guests]
        players = [host] + [p for p, _ in guests]
        sockets = [player_socket(apis[i % 2], t) for i, t in enumerate(tokens)]
        async with contextlib.AsyncExitStack() as stack:
            told = [await stack.enter_async_context(s) for s in sockets]
            for socket in told:
                await socket.wait_for(lambda m: m["type"] == "hello")
            lobby = (await a.get("/lobby?kind=7wonders")).json()["tables"]
            found = next(t for t in lobby if t["game"]["game_id"] == gid)
            assert found["free"] == [1, 2, 3]
            joins = await asyncio.gather(*(
                (a, b)[i % 2].post(f"/games/{gid}/join", json={}, headers=auth(t))
                for i, (_, t) in enumerate(guests)))
            assert [j.status_code for j in joins] == [200] * 3, [j.text for j in joins]
            started = await pool.fetchval(
                "SELECT count(*) FROM events WHERE game_id = $1 AND type = 'TableStarted'",
                uuid.UUID(gid))
            assert started == 1
            seats = {}
            for socket, pid in zip(told, players, strict=True):
                _, start = await socket.wait_for(
                    lambda m: m["type"] == "table" and m["change"] == "started")
                assert start["game"]["seats"][start["seat"]]["player"] == pid
                seats[pid] = start["seat"]
            games = [await stack.enter_async_context(
                Follower(apis[(i + 1) % 2].ws_url, gid, t, include=["moves"]))
                for i, t in enumerate(tokens)]
            ends = await asyncio.gather(*(_play_told_turns(s, g, gid)
                                          for s, g in zip(told, games, strict=True)))
        summary = (await a.get(f"/games/{gid}")).json()
        assert summary["over"]
        for end, pid, socket in zip(ends, players, told, strict=True):
            assert end["seat"] == seats[pid] and end["ranking"] == summary["summary"]["ranking"]
            assert sum(m["type"] == "your_turn" for m in socket.messages) >= 18  # 3 ages of 6
        for http, token in zip((a, b, a, b), tokens, strict=True):
            mine = (await http.get("/players/me/games?state=over",
                                   headers=auth(token))).json()["games"]
            game = next(g for g in mine if g["game"]["game_id"] == gid)
            assert game["game"]["summary"]["ranking"] == summary["summary"]["ranking"]
            assert not game["my_turn"]
