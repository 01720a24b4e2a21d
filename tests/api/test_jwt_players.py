"""Players of the application's own identity provider: its JWTs, checked against the JWKS
this test serves (issuer, audience, signature, time), each user one player; a user opens a
table that a guest joins, and plays with its JWT alone."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa

from infra.settings import Settings
from tests.api.clients import auth
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess

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
