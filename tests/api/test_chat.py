"""Table chat on two API processes (README, "Notifications and chat"): seats write over the
game socket, every seat and spectator sees the conversation in one order, spectators read
and write only where the host allows, mutes are per viewer, the host closes the chat, bad
input is refused with nothing stored, and the chat goes with the export only when allowed.
"""

from __future__ import annotations

import contextlib
import uuid

import asyncpg
import httpx

from tests.api.clients import Follower, auth, create_game, play_to_end
from tests.api.servers import ApiProcess
from tests.api.test_notifications import guest, three_at_a_table


def _code(reply: httpx.Response, status: int, code: str) -> None:
    assert reply.status_code == status, reply.text
    assert reply.headers["content-type"].startswith("application/problem+json")
    assert reply.json()["code"] == code, reply.text


def chats(follower: Follower) -> list[tuple[int, str]]:
    return [(m["seq"], m["text"]) for m in follower.of_type("chat")]


async def test_a_conversation_is_seen_by_every_seat_and_spectator_in_order(
    apis: list[ApiProcess], pool: asyncpg.Pool,
) -> None:
    async with httpx.AsyncClient(base_url=apis[0].url, timeout=10) as a, \
            httpx.AsyncClient(base_url=apis[1].url, timeout=10) as b:
        gid, seats = await three_at_a_table(a)
        _, watcher_token = await guest(b, "Watcher")
        ws = [apis[i % 2].ws_url for i in range(5)]
        async with contextlib.AsyncExitStack() as stack:
            followers = [await stack.enter_async_context(Follower(ws[i], gid, token))
                         for i, (_, token) in enumerate(seats)]
            anonymous = await stack.enter_async_context(Follower(ws[3], gid, None))
            spectator = await stack.enter_async_context(Follower(ws[4], gid, watcher_token))
            everyone = [*followers, anonymous, spectator]
            for f in everyone:
                await f.wait_for(lambda m: m["type"] == "snapshot")
            lines = ["hello <b>all</b>", "hi Ada", "good luck", "you too", "let's go"]
            for i, text in enumerate(lines):
                seat = i % 3
                await followers[seat].send({"type": "chat", "text": text,
                                            "request_id": f"c{i}"})
                await followers[seat].wait_for(lambda m, i=i: m["type"] == "chat_accepted"
                                               and m["request_id"] == f"c{i}")
            for f in everyone:
                await f.wait_for(lambda m: m["type"] == "chat" and m["text"] == "let's go")
                seen = chats(f)
                assert [t for _, t in seen] == lines  # as sent, once, in one order
                assert [s for s, _ in seen] == sorted(s for s, _ in seen)
            first = followers[1].of_type("chat")[0]
            assert first["player_id"] == seats[0][0] and first["seat"] == 0
            assert first["name"] == "Ada" and first["game_id"] == gid

            # spectators read; they write only where the host allows it
            await spectator.send({"type": "chat", "text": "may I?", "request_id": "s1"})
            refused = await spectator.wait_for(lambda m: m.get("request_id") == "s1")
            assert refused["type"] == "error"
            assert refused["error"]["code"] == "chat_read_only"
            await anonymous.send({"type": "chat", "text": "me?", "request_id": "x"})
            assert (await anonymous.wait_for(lambda m: m.get("request_id") == "x")
                    )["error"]["code"] == "player_required"
            _code(await b.patch(f"/games/{gid}/chat", json={"spectators": True},
                                headers=auth(watcher_token)), 403, "not_host")
            opened = await a.patch(f"/games/{gid}/chat", json={"spectators": True},
                                   headers=auth(seats[0][1]))
            assert opened.status_code == 200 and opened.json()["spectators"], opened.text
            await spectator.send({"type": "chat", "text": "thanks!", "request_id": "s2"})
            for f in everyone:
                await f.wait_for(lambda m: m["type"] == "chat" and m["text"] == "thanks!")

            # a mute is the viewer's: Brutus no longer sees Ada, the others still do
            muted = await b.post(f"/games/{gid}/chat/mute", headers=auth(seats[1][1]),
                                 json={"player_id": seats[0][0]})
            assert muted.json() == {"muted": [seats[0][0]]}, muted.text
            await followers[0].send({"type": "chat", "text": "still there?",
                                     "request_id": "q"})
            await followers[0].wait_for(lambda m: m["type"] == "chat_accepted"
                                        and m["request_id"] == "q")
            await followers[2].send({"type": "chat", "text": "yes"})
            for f in everyone:
                await f.wait_for(lambda m: m["type"] == "chat" and m["text"] == "yes")
            assert "still there?" not in [t for _, t in chats(followers[1])]
            assert "still there?" in [t for _, t in chats(followers[2])]
            page = (await a.get(f"/games/{gid}/chat", headers=auth(seats[1][1]))).json()
            assert "still there?" not in [m["text"] for m in page["messages"]]

        # bad input: problem+json (REST) or an error message (socket), nothing stored
        stored = await pool.fetchval("SELECT count(*) FROM chat_messages WHERE game_id = $1",
                                     uuid.UUID(gid))
        for bad in ("", "   ", "x" * 501, "bell\u0007", "rtl\u202e"):
            _code(await a.post(f"/games/{gid}/chat", json={"text": bad},
                               headers=auth(seats[2][1])), 400, "invalid_chat_message")
        _code(await a.post(f"/games/{gid}/chat", json={"text": 5},
                           headers=auth(seats[2][1])), 400, "invalid_body")
        async with Follower(apis[1].ws_url, gid, seats[2][1]) as f:
            await f.send({"type": "chat", "text": "", "request_id": "e"})
            assert (await f.wait_for(lambda m: m.get("request_id") == "e")
                    )["error"]["code"] == "invalid_chat_message"
        assert await pool.fetchval("SELECT count(*) FROM chat_messages WHERE game_id = $1",
                                   uuid.UUID(gid)) == stored

        # the history in pages: after a seq, and the newest before one
        full = (await b.get(f"/games/{gid}/chat", params={"limit": 200})).json()["messages"]
        assert [m["seq"] for m in full] == list(range(1, len(full) + 1))
        page = (await b.get(f"/games/{gid}/chat", params={"after": 2, "limit": 3})).json()
        assert [m["seq"] for m in page["messages"]] == [3, 4, 5]
        older = (await b.get(f"/games/{gid}/chat", params={"before": 4, "limit": 2})).json()
        assert [m["seq"] for m in older["messages"]] == [2, 3]

        # rate per player, then the host closes the chat
        replies = [await a.post(f"/games/{gid}/chat", json={"text": f"spam {i}"},
                                headers=auth(watcher_token)) for i in range(5)]
        assert [r.status_code for r in replies[:4]] == [201] * 4  # 1 sent above, 5 per 10 s
        _code(replies[4], 429, "chat_rate_limited")
        assert (await a.patch(f"/games/{gid}/chat", json={"closed": True},
                              headers=auth(seats[0][1]))).json()["closed"]
        _code(await a.post(f"/games/{gid}/chat", json={"text": "hello?"},
                           headers=auth(seats[1][1])), 403, "chat_closed")


async def test_the_chat_goes_with_the_export_only_when_allowed(
    apis: list[ApiProcess],
) -> None:
    async with httpx.AsyncClient(base_url=apis[0].url, timeout=10) as http:
        host, host_token = await guest(http, "Host")
        created = await http.post("/games", headers=auth(host_token), json={
            "kind": "duel", "visibility": "public",
            "seats": [{"player": host}, {"open": True}]})
        gid = created.json()["game"]["game_id"]
        _, other_token = await guest(http, "Other")
        assert (await http.post(f"/games/{gid}/join", json={},
                                headers=auth(other_token))).status_code == 200
        said = await http.post(f"/games/{gid}/chat", json={"text": "gg"},
                               headers=auth(host_token))
        assert said.status_code == 201, said.text
        game = (await http.get(f"/games/{gid}")).json()
        tokens = {i: host_token if s["player"] == host else other_token
                  for i, s in enumerate(game["seats"])}
        assert (await play_to_end(http, gid, tokens, seed=5))["over"]
        trace = (await http.get(f"/games/{gid}/trace")).json()
        assert "chat" not in trace
        assert (await http.patch(f"/games/{gid}/chat", json={"exported": True},
                                 headers=auth(host_token))).status_code == 200
        trace = (await http.get(f"/games/{gid}/trace")).json()
        assert [(m["seq"], m["text"]) for m in trace["chat"]] == [(1, "gg")]
        # a game without a table: its seats chat with seat tokens
        plain, seat_tokens = await create_game(http, seed=3)
        line = await http.post(f"/games/{plain}/chat", json={"text": "hi"},
                               headers=auth(seat_tokens[0]))
        assert line.status_code == 201 and line.json()["seat"] == 0, line.text
        assert line.json()["name"] == "Ada" and line.json()["player_id"] is None
