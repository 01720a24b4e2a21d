"""The public head hash reveals no hidden choice (openapi/audit.md, "Why the chain is salted").

The attack this closes: a spectator reads the head hash before and after another seat's
secret command, takes the redacted events in between, fills each hidden member with every
value it can take, chains them onto the earlier head and compares with the later one. The
test grants the attacker more than any real one has: the true hidden values themselves are
among its candidates (it reads them from the database). It must still never reproduce a
published head, in every game kind and expansion, at every command of a whole game, from
every public route that shows the head (the summary, the list and the audit). The same
computation with the game's salt does give the head, so the test would find the secret if
the salt were not there; once the game is over the salt is published and a third party
recomputes the whole chain with the standard library.
"""

from __future__ import annotations

import hashlib
import json
import random
import uuid
from typing import Any

import asyncpg
import httpx
import pytest

from infra.hash_chain import head_of
from tests.api.clients import auth

_7W = {"GameStarted", "AgeBegan", "CardChosen"}  # the deal, the hands, a card chosen
_LEADERS = {"LeadersDealt", "LeaderKept", "LeaderChosen"}  # a draft pick, a recruitment
_FAITH = {"PrayerBegan", "GodKept", "GodChosen"}  # the prayer's gods, a pick, a god chosen
RULESETS: list[tuple[str, tuple[str, ...], int, set[str]]] = [
    # kind, expansions, seats, the hidden event types the whole game must have attacked
    # (the list: a card choice before the step resolves, a Leaders draft pick, a
    # Faith prayer pick, the conspiracies drawn and the one kept; and every secret deal)
    ("duel", (), 2, {"GameStarted"}),
    ("duel", ("agora",), 2, {"AgoraDealt", "ConspiraciesDrawn", "ConspiracyKept"}),
    ("duel", ("leaders",), 2, {"LeadersDealt", "LeaderChosen", "RecruitmentDeclared"}),
    ("duel", ("agora", "leaders"), 2, {"AgoraDealt", "LeadersDealt", "LeaderChosen"}),
    ("7wonders", (), 3, _7W),
    ("7wonders", (), 2, _7W),  # the two-player Free City variant
    ("7wonders", ("leaders",), 3, _7W | _LEADERS),
    ("7wonders", ("faith",), 3, _7W | _FAITH),
    ("7wonders", ("leaders", "faith"), 3, _7W | _LEADERS | _FAITH),
]
MAX_COMMANDS = 600


async def _public_heads(http: httpx.AsyncClient, game_id: str, kind: str) -> str:
    """The head as every public route shows it to a spectator (all must agree)."""
    summary = (await http.get(f"/games/{game_id}")).json()
    audit = (await http.get(f"/games/{game_id}/audit")).json()
    listed = (await http.get("/games", params={"kind": kind, "limit": 200})).json()
    in_list = [g["head_hash"] for g in listed["games"] if g["game_id"] == game_id]
    assert in_list == [summary["head_hash"]] and audit["head_hash"] == summary["head_hash"]
    if not summary["over"]:
        assert summary["chain_salt"] is None and audit["chain_salt"] is None
    return str(summary["head_hash"])


def _canonical(event: Any) -> str:
    return json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _third_party_head(game_id: str, salt: bytes, events: list[dict[str, Any]]) -> str:
    """openapi/audit.md's recomputation, with the standard library only."""
    current = bytes(32)
    for e in events:
        text = f"{game_id}\n{e['version']}\n{e['type']}\n{_canonical(e['event'])}"
        current = hashlib.sha256(
            salt + current + hashlib.sha256(text.encode()).digest()).digest()
    return current.hex()


@pytest.mark.parametrize(("kind", "expansions", "seats", "must"), RULESETS,
                         ids=[f"{k}-{'+'.join(e) or 'base'}-{s}p" for k, e, s, _ in RULESETS])
async def test_no_hidden_value_reproduces_a_public_head(
    http: httpx.AsyncClient, pool: asyncpg.Pool, kind: str, expansions: tuple[str, ...],
    seats: int, must: set[str],
) -> None:
    created = await http.post("/games", json={
        "kind": kind, "expansions": list(expansions), "seed": 7,
        "seats": [{"name": f"p{i}"} for i in range(seats)]})
    assert created.status_code == 201, created.text
    body = created.json()
    game_id, tokens = body["game"]["game_id"], [s["token"] for s in body["seats"]]
    gid = uuid.UUID(game_id)
    salt = bytes(await pool.fetchval("SELECT salt FROM games WHERE game_id = $1", gid))
    assert len(salt) == 32
    rng = random.Random(11)
    hidden: set[str] = set()

    async def attack(before: int, head: str, after: int, new_head: str) -> None:
        """Chain the true events of versions before+1..after onto `head`."""
        seen = (await http.get(f"/games/{game_id}/events",
                               params={"after_version": before})).json()["events"]
        rows = await pool.fetch(
            "SELECT version, type, payload::text AS payload FROM events "
            "WHERE game_id = $1 AND version > $2 AND version <= $3 ORDER BY version",
            gid, before, after)
        truth = [(r["type"], r["payload"]) for r in rows]
        hidden.update(r["type"] for r, s in zip(rows, seen[:len(rows)], strict=True)
                      if json.loads(r["payload"]) != s["event"])
        prev = bytes.fromhex(head)
        # the attacker's best guess (the truth itself) chained without the salt: no match
        assert head_of(gid, truth, prev, before + 1).hex() != new_head
        # the same with the salt gives the head: the test would see a leak
        assert head_of(gid, truth, prev, before + 1, salt).hex() == new_head

    version, head = body["game"]["version"], await _public_heads(http, game_id, kind)
    await attack(0, bytes(32).hex(), version, head)  # the deal, from the genesis hash
    for _ in range(MAX_COMMANDS):
        summary = (await http.get(f"/games/{game_id}")).json()
        if summary["over"]:
            break
        seat = rng.choice(summary["summary"]["acting"])
        moves = (await http.get(f"/games/{game_id}/legal-moves",
                                headers=auth(tokens[seat]))).json()["moves"]
        reply = await http.post(
            f"/games/{game_id}/commands", headers=auth(tokens[seat]),
            json={"expected_version": version, "command": rng.choice(moves)})
        assert reply.status_code in (200, 201), reply.text
        after = reply.json()["version"]
        if after == version:
            continue
        new_head = await _public_heads(http, game_id, kind)
        if not (await http.get(f"/games/{game_id}")).json()["over"]:
            await attack(version, head, after, new_head)
        version, head = after, new_head
    summary = (await http.get(f"/games/{game_id}")).json()
    assert summary["over"], f"{kind} {expansions} not over after {MAX_COMMANDS} commands"
    assert hidden >= must, sorted(hidden)
    # over: the salt is public and the full log recomputes the published head
    assert summary["chain_salt"] == salt.hex()
    log = (await http.get(f"/games/{game_id}/events", params={"after_version": 0})).json()
    assert _third_party_head(game_id, salt, log["events"]) == summary["head_hash"]
    audit = (await http.get(f"/games/{game_id}/audit")).json()
    assert audit["intact"] and audit["chain_salt"] == salt.hex()
