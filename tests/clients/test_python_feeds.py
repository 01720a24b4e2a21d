"""The Python client's player and lobby sockets, rematches and invitations, against two API
processes (README, "Players and tables"): three guests meet at a public 7 Wonders table the
lobby socket sees open, fill and start; each plays every turn its player socket tells it of
(one socket dropped on the way: it reconnects and is told again) until each is told the game
is over; then one asks for the rematch, the others are told `invitation`, one accepts by
joining and one declines, and the host's removals and invitation codes fill the table."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from typing import Any, TypeVar

import msgspec
import pytest
from polis_client import (
    LobbyFeed,
    PlayerFeed,
    PolisClient,
    PolisError,
    lobby_feed,
    player_feed,
    ruleset,
)
from polis_client.feeds import Feed
from polis_client.messages import (
    FeedPong,
    GameOver,
    InvitationMessage,
    LobbySnapshot,
    LobbyTableChanged,
    PlayerCreated,
    PlayerHello,
    TableChanged,
    YourTurn,
)

from tests.api.servers import ApiProcess

T = TypeVar("T")
LATE = {"version_conflict", "not_your_turn", "already_chosen"}
"""A `your_turn` told again (after a reconnect) may come after the move it asked for."""


class Inbox:
    """Reads a feed in a task (through its async iterator) and hands its messages out."""

    def __init__(self, feed: Feed[Any]) -> None:
        self.feed = feed
        self.seen: list[Any] = []
        self._queue: asyncio.Queue[Any] = asyncio.Queue()
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.feed:
            self.seen.append(message)
            await self._queue.put(message)

    async def next(self, kind: type[T] | tuple[type[T], ...], game_id: str | None = None,
                   timeout: float = 30) -> T:
        """The next message of `kind` (of `game_id`), skipping others."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self._queue.get()
                if isinstance(message, kind) and game_id in (None, _game_of(message)):
                    return message

    async def stop(self) -> None:
        await self.feed.stop()
        await self._task


def _game_of(message: Any) -> str | None:
    found = message.table.game.game_id if isinstance(message, LobbyTableChanged) else \
        getattr(message, "game_id", None)
    return found if isinstance(found, str) else None


@pytest.fixture
async def guests(apis: list[ApiProcess]) -> AsyncIterator[list[PlayerCreated]]:
    async with PolisClient(apis[0].url) as client:
        yield [await client.create_player(name) for name in ("Ada", "Ben", "Cyd")]


async def _play(client: PolisClient, inbox: Inbox, token: str, game_id: str,
                rng: random.Random, drop_after: int | None) -> GameOver:
    """Play every turn the player socket tells of, until it tells the game is over."""
    types = ruleset("7wonders")
    turns = 0
    while True:
        message: YourTurn | GameOver = await inbox.next((YourTurn, GameOver), game_id)
        if isinstance(message, GameOver):
            return message
        turns += 1
        if turns == drop_after:
            await inbox.feed.drop()  # the feed reconnects; the turn is told again
        moves = await client.legal_moves(game_id, token)
        if not moves.moves:
            continue
        move = msgspec.json.decode(rng.choice(moves.moves), type=types.Command)
        try:
            await client.submit(game_id, token, moves.version, move)
        except PolisError as exc:
            assert exc.code in LATE, exc


async def test_players_play_by_their_sockets_then_rematch(
    apis: list[ApiProcess], guests: list[PlayerCreated]
) -> None:
    ada, ben, cyd = guests
    tokens = [g.token for g in guests]
    # the players of the rematch's table with a socket open there each on its own process:
    # on one, only the first is told (test_two_players_invited_on_one_process_are_both_told)
    feeds = [PlayerFeed(apis[i].ws_url, g.token) for i, g in zip((0, 0, 1), guests, strict=True)]
    lobby = LobbyFeed(apis[1].ws_url, "7wonders")
    every: list[Feed[Any]] = [*feeds, lobby]
    for feed in every:
        await feed.connect()
    inboxes = [Inbox(feed) for feed in feeds]
    watcher = Inbox(lobby)
    async with PolisClient(apis[0].url) as a, PolisClient(apis[1].url) as b:
        try:
            for inbox, guest in zip(inboxes, guests, strict=True):
                hello = await inbox.next(PlayerHello)
                assert (hello.player_id, hello.name) == (guest.player_id, guest.name)
            assert isinstance(await inboxes[0].feed.ping(), FeedPong)
            await watcher.next(LobbySnapshot)
            assert isinstance(await lobby.ping(), FeedPong)

            table = await a.open_table(ada.token, "7wonders",
                                       [{"player": ada.player_id}, {"open": True},
                                        {"open": True}])
            game_id = table.game.game_id
            opened = await watcher.next(LobbyTableChanged, game_id)
            assert opened.change == "opened" and opened.table.free == [1, 2]
            await b.join(game_id, ben.token)
            filling = await watcher.next(LobbyTableChanged, game_id)
            assert filling.change == "filling" and filling.table.free == [2]
            await a.join(game_id, cyd.token)
            assert (await watcher.next(LobbyTableChanged, game_id)).change == "started"
            assert game_id not in lobby.tables

            rng = random.Random(30)
            overs = await asyncio.gather(*(
                _play((a, b)[i % 2], inboxes[i], tokens[i], game_id,
                      random.Random(rng.random()), 3 if i == 1 else None)
                for i in range(3)))
            assert feeds[1].reconnects == 1
            assert sorted(o.seat for o in overs) == [0, 1, 2]
            assert sorted(overs[0].ranking) == [0, 1, 2] and overs[0].game.over

            # Ben, done, closes his socket and asks for the rematch; Ada's own request finds
            # the same table
            await inboxes[1].stop()
            rematch = await b.request_rematch(game_id, ben.token)
            assert rematch.opened and rematch.rematch_of == game_id
            again = await a.request_rematch(game_id, ada.token)
            assert not again.opened and again.game.game_id == rematch.game.game_id
            new_id = rematch.game.game_id
            assert (await a.get_rematch(game_id)).game.game_id == new_id
            assert rematch.game.host == ben.player_id and rematch.game.visibility == "private"
            for i in (0, 2):
                invited = await inboxes[i].next(InvitationMessage, new_id)
                assert invited.host == ben.player_id and invited.seat == i
            mine = await b.my_invitations(cyd.token)
            assert [(v.game.game_id, v.seat, v.host) for v in mine.invitations] == [
                (new_id, 2, ben.player_id)]
            assert (await a.player(ben.player_id)).name == "Ben"

            # Ada accepts by joining, Cyd declines: its seat opens
            assert (await a.join(new_id, ada.token)).seat == 0
            assert (await a.my_invitations(ada.token)).invitations == []
            declined = await b.decline(new_id, cyd.token)
            assert declined.waiting and (await b.my_invitations(cyd.token)).invitations == []

            # the host removes Ada (she is told), then fills the table by invitation code
            removed = await b.remove_from_table(new_id, ben.token, 0)
            assert removed.seats[0].player is None
            left = await inboxes[0].next(TableChanged, new_id)
            while left.change != "left":
                left = await inboxes[0].next(TableChanged, new_id)
            revoked = (await b.new_invitation(new_id, ben.token)).invite
            await b.revoke_invitation(new_id, ben.token)
            with pytest.raises(PolisError) as refused:
                await a.join(new_id, cyd.token, invite=revoked)
            assert refused.value.status == 403 and refused.value.code == "invite_required"
            with pytest.raises(PolisError) as not_host:
                await a.new_invitation(new_id, ada.token)
            assert not_host.value.code == "not_host"
            code = (await b.new_invitation(new_id, ben.token)).invite
            await a.join(new_id, cyd.token, invite=code)
            await a.join(new_id, ada.token, invite=code)
            for i in (0, 2):
                change = await inboxes[i].next(TableChanged, new_id)
                while change.change != "started":
                    change = await inboxes[i].next(TableChanged, new_id)
                assert change.game.seats[change.seat].player == guests[i].player_id
            # a new socket is told at once of the turns waiting for it
            async with player_feed(apis[1].ws_url, ben.token) as feed:
                inboxes.append(Inbox(feed))
                assert (await inboxes[-1].next(YourTurn, new_id)).seat == 1
        finally:
            for inbox in (*inboxes, watcher):
                await inbox.stop()


async def test_refusals(apis: list[ApiProcess], guests: list[PlayerCreated]) -> None:
    """A seat token names no player: the player socket refuses it (no reconnect)."""
    async with PolisClient(apis[0].url) as client:
        game = await client.create_game("duel", ["One", "Two"])
        with pytest.raises(PolisError) as refused:
            async with PlayerFeed(apis[0].ws_url, game.seats[0].token) as feed:
                async for _ in feed:
                    pass
        assert refused.value.code == "player_required" and feed.reconnects == 0
        with pytest.raises(PolisError) as missing:
            await client.get_rematch(game.game.game_id)
        assert missing.value.status == 404 and missing.value.code == "no_rematch"


async def test_two_players_invited_on_one_process_are_both_told(
    apis: list[ApiProcess], guests: list[PlayerCreated]
) -> None:
    """One table change that invites two players whose sockets share a process tells both
    (the first one's wake-up starts watching the table; the second is told all the same)."""
    ada, ben, cyd = guests
    inboxes = []
    try:
        for guest in (ben, cyd):
            feed = PlayerFeed(apis[0].ws_url, guest.token)
            await feed.connect()
            inboxes.append(Inbox(feed))
            await inboxes[-1].next(PlayerHello)
        async with PolisClient(apis[0].url) as client:
            table = await client.open_table(ada.token, "7wonders",
                                            [{"player": g.player_id} for g in guests],
                                            visibility="private")
        for inbox in inboxes:
            await inbox.next(InvitationMessage, table.game.game_id, timeout=5)
    finally:
        for inbox in inboxes:
            await inbox.stop()


async def test_a_feed_reads_with_no_one_iterating(apis: list[ApiProcess]) -> None:
    """The feed's own task reads the socket: a ping is answered before anyone iterates, and
    the messages wait in order for the iterator; a type this client does not know (a newer
    server's) is skipped, a known one that does not decode is an error."""
    async with lobby_feed(apis[0].ws_url, "duel") as lobby:
        pong = await lobby.ping()
        seen = []
        async for message in lobby:
            seen.append(message)
            if isinstance(message, FeedPong):
                break
        assert isinstance(seen[0], LobbySnapshot) and seen[-1] == pong
        assert lobby._decode(b'{"type": "chat", "text": "hi"}') is None
        with pytest.raises(msgspec.ValidationError):
            lobby._decode(b'{"type": "lobby", "tables": 3}')

