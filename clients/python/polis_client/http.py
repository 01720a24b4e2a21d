"""The REST API over asyncio (httpx), with typed replies and the game layer decoded by ruleset."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType, TracebackType
from typing import Any

import httpx
import msgspec

from polis_client.errors import PolisError
from polis_client.messages import (
    CommandAccepted,
    EventsOut,
    GameCreated,
    GameSummary,
    Include,
    Invitation,
    Joined,
    Leaderboard,
    Lobby,
    MovesOut,
    MyGames,
    MyInvitations,
    PlayerCreated,
    PlayerOut,
    PlayerProfile,
    Problem,
    Rematch,
    Ticket,
    ViewOut,
)
from polis_client.rulesets import RULESETS


def ruleset(kind: str, expansions: list[str] | tuple[str, ...] = ()) -> ModuleType:
    """The types of a ruleset (its `Command`, `Event`, `Deal`, `View`)."""
    return RULESETS["+".join((kind, *expansions))]


class PolisClient:
    """One service; `token` arguments are seat tokens or a player's token (a guest's, or a
    JWT of the application's identity provider), which acts for the seat its player holds
    (None: a spectator)."""

    def __init__(self, base_url: str, timeout: float = 10.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.http = httpx.AsyncClient(base_url=self.base_url, timeout=timeout)

    async def __aenter__(self) -> PolisClient:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.http.aclose()

    async def _request(self, method: str, path: str, token: str | None = None,
                       **kwargs: Any) -> httpx.Response:
        headers = dict(kwargs.pop("headers", {}))
        if token:
            headers["Authorization"] = f"Bearer {token}"
        response = await self.http.request(method, path, headers=headers, **kwargs)
        if response.status_code >= 400:
            try:
                problem = msgspec.json.decode(response.content, type=Problem)
            except msgspec.DecodeError:
                problem = Problem(code="http_error", message=response.text)
            raise PolisError(response.status_code, problem)
        return response

    async def _call(self, method: str, path: str, reply: Any, token: str | None = None,
                    **kwargs: Any) -> Any:
        response = await self._request(method, path, token, **kwargs)
        return msgspec.json.decode(response.content, type=reply)

    async def kinds(self) -> dict[str, Any]:
        found: dict[str, Any] = await self._call("GET", "/kinds", dict[str, Any])
        return found

    async def catalog(self, kind: str, expansions: tuple[str, ...] = (),
                      lang: str | None = None) -> dict[str, Any]:
        params: dict[str, Any] = {"expansions": ",".join(expansions)} if expansions else {}
        if lang:
            params["lang"] = lang
        found: dict[str, Any] = await self._call(
            "GET", f"/kinds/{kind}/catalog", dict[str, Any], params=params)
        return found

    async def create_game(
        self, kind: str, names: list[str], expansions: tuple[str, ...] = (),
        seed: int | None = None, options: dict[str, Any] | None = None,
        deal: msgspec.Struct | None = None,
    ) -> GameCreated:
        body: dict[str, Any] = {"kind": kind, "seats": [{"name": n} for n in names],
                                "expansions": list(expansions), "options": options or {}}
        if seed is not None:
            body["seed"] = seed
        if deal is not None:
            body["deal"] = msgspec.to_builtins(deal)
        created: GameCreated = await self._call(
            "POST", "/games", GameCreated, content=msgspec.json.encode(body),
            headers={"Content-Type": "application/json"})
        return created

    # -- players and tables ------------------------------------------------------------
    async def create_player(self, name: str) -> PlayerCreated:
        """Sign in as a guest: a new player and its secret token."""
        created: PlayerCreated = await self._call(
            "POST", "/players", PlayerCreated, content=msgspec.json.encode({"name": name}),
            headers={"Content-Type": "application/json"})
        self.http.cookies.clear()  # the token is passed explicitly, never by cookie here
        return created

    async def me(self, token: str) -> PlayerOut:
        found: PlayerOut = await self._call("GET", "/players/me", PlayerOut, token=token)
        return found

    async def open_table(
        self, token: str, kind: str, seats: list[dict[str, Any]],
        expansions: tuple[str, ...] = (), visibility: str = "public",
        options: dict[str, Any] | None = None,
    ) -> GameCreated:
        """A table hosted by the player of `token`; `seats` as `POST /games` takes them:
        `{"open": True}`, `{"player": id}`, `{"name": ...}`, `{"bot": level}`."""
        body = {"kind": kind, "seats": seats, "expansions": list(expansions),
                "options": options or {}, "visibility": visibility}
        created: GameCreated = await self._call(
            "POST", "/games", GameCreated, token=token, content=msgspec.json.encode(body),
            headers={"Content-Type": "application/json"})
        return created

    async def lobby(self, kind: str | None = None,
                    expansions: tuple[str, ...] | None = None) -> Lobby:
        params: dict[str, Any] = {}
        if kind:
            params["kind"] = kind
        if expansions is not None:
            params["expansions"] = ",".join(expansions)
        found: Lobby = await self._call("GET", "/lobby", Lobby, params=params)
        return found

    async def join(self, game_id: str, token: str, seat: int | None = None,
                   invite: str | None = None) -> Joined:
        body = {k: v for k, v in (("seat", seat), ("invite", invite)) if v is not None}
        joined: Joined = await self._call(
            "POST", f"/games/{game_id}/join", Joined, token=token,
            content=msgspec.json.encode(body), headers={"Content-Type": "application/json"})
        return joined

    async def leave(self, game_id: str, token: str) -> GameSummary:
        found: GameSummary = await self._call("POST", f"/games/{game_id}/leave", GameSummary,
                                              token=token)
        return found

    async def start_table(self, game_id: str, token: str) -> GameSummary:
        found: GameSummary = await self._call("POST", f"/games/{game_id}/start", GameSummary,
                                              token=token)
        return found

    async def my_games(self, token: str, state: str | None = None, limit: int = 50,
                       offset: int = 0) -> MyGames:
        params: dict[str, Any] = {"limit": limit, "offset": offset}
        if state:
            params["state"] = state
        found: MyGames = await self._call("GET", "/players/me/games", MyGames, token=token,
                                          params=params)
        return found

    async def remove_from_table(self, game_id: str, token: str, seat: int) -> GameSummary:
        """The host frees a seat's player before the start (the seat opens)."""
        found: GameSummary = await self._call("DELETE", f"/games/{game_id}/seats/{seat}",
                                              GameSummary, token=token)
        return found

    async def new_invitation(self, game_id: str, token: str) -> Invitation:
        """The host's new invitation code for a private table (the previous one stops
        working)."""
        found: Invitation = await self._call("POST", f"/games/{game_id}/invite", Invitation,
                                             token=token)
        return found

    async def revoke_invitation(self, game_id: str, token: str) -> None:
        """No invitation code works for the host's private table any more."""
        await self._request("DELETE", f"/games/{game_id}/invite", token=token)

    async def request_rematch(self, game_id: str, token: str) -> Rematch:
        """After a game, one of its players asks for a rematch: a private table with the same
        seats, hosted by the asker, the others invited to theirs (told `invitation` on the
        player socket). Once per game: a second request, from anyone, gets the same table
        (`opened` False)."""
        response = await self._request("POST", f"/games/{game_id}/rematch", token=token)
        found = msgspec.json.decode(response.content, type=Rematch)
        found.opened = response.status_code == 201
        return found

    async def get_rematch(self, game_id: str) -> Rematch:
        """The rematch of a finished game, once a player asked for it (404 `no_rematch`
        before)."""
        found: Rematch = await self._call("GET", f"/games/{game_id}/rematch", Rematch)
        return found

    async def decline(self, game_id: str, token: str) -> GameSummary:
        """Turn down the seat a table reserved for me (an invitation): the seat opens."""
        found: GameSummary = await self._call("POST", f"/games/{game_id}/decline",
                                              GameSummary, token=token)
        return found

    async def my_invitations(self, token: str) -> MyInvitations:
        """The waiting tables with a seat reserved for me (rematches, hosts' invitations)."""
        found: MyInvitations = await self._call("GET", "/players/me/invitations",
                                                MyInvitations, token=token)
        return found

    # -- ratings and matchmaking ---------------------------------------------------------
    async def file_ticket(
        self, token: str, kind: str, expansions: tuple[str, ...] = (),
        seats: tuple[int, int] | None = None, rated: bool = True,
        clock: dict[str, Any] | None = None, bots_after: float | None = None,
    ) -> Ticket:
        """Wait for a game of `kind` with players of close ratings (`seats`: the fewest and
        most accepted; `bots_after`: seconds after which bots may fill the table)."""
        body: dict[str, Any] = {"kind": kind, "expansions": list(expansions), "rated": rated,
                                "clock": clock, "bots_after": bots_after}
        if seats is not None:
            body["seats"] = list(seats)
        found: Ticket = await self._call(
            "POST", "/matchmaking/tickets", Ticket, token=token,
            content=msgspec.json.encode(body), headers={"Content-Type": "application/json"})
        return found

    async def ticket(self, ticket_id: str) -> Ticket:
        found: Ticket = await self._call("GET", f"/matchmaking/tickets/{ticket_id}", Ticket)
        return found

    async def cancel_ticket(self, ticket_id: str, token: str) -> Ticket:
        found: Ticket = await self._call("DELETE", f"/matchmaking/tickets/{ticket_id}",
                                         Ticket, token=token)
        return found

    async def leaderboard(self, pool: str, limit: int = 50, offset: int = 0,
                          around: str | None = None, token: str | None = None
                          ) -> Leaderboard:
        """A pool's board, best first; `around`: a player id, or `me` with `token`."""
        params: dict[str, Any] = {"limit": limit, "offset": offset}
        if around:
            params["around"] = around
        found: Leaderboard = await self._call("GET", f"/leaderboards/{pool}", Leaderboard,
                                              token=token, params=params)
        return found

    async def player(self, player_id: str) -> PlayerProfile:
        """A player's public profile: games per kind, ratings with their history."""
        found: PlayerProfile = await self._call("GET", f"/players/{player_id}",
                                                PlayerProfile)
        return found

    # -- games -------------------------------------------------------------------------
    async def game(self, game_id: str, min_version: int | None = None) -> GameSummary:
        """The game's summary; with `min_version`, from that version or a later one, which
        the server may answer from memory."""
        params = {} if min_version is None else {"min_version": min_version}
        found: GameSummary = await self._call("GET", f"/games/{game_id}", GameSummary,
                                              params=params)
        return found

    async def view(self, game_id: str, token: str | None, version: int | None = None,
                   min_version: int | None = None) -> ViewOut:
        """The view at `version` (None: the newest; with `min_version`, from that version
        or a later one, which the server may answer from memory)."""
        path = f"/games/{game_id}/view" if version is None else \
            f"/games/{game_id}/versions/{version}/view"
        params = {} if min_version is None or version is not None else {
            "min_version": min_version}
        found: ViewOut = await self._call("GET", path, ViewOut, token, params=params)
        return found

    async def legal_moves(self, game_id: str, token: str, min_version: int | None = None
                          ) -> MovesOut:
        """The seat's moves; with `min_version` (a version the caller knows) from that
        version or a later one, which the server may answer from memory."""
        params = {} if min_version is None else {"min_version": min_version}
        found: MovesOut = await self._call("GET", f"/games/{game_id}/legal-moves", MovesOut,
                                           token, params=params)
        return found

    async def submit(self, game_id: str, token: str, expected_version: int,
                     command: msgspec.Struct | msgspec.Raw,
                     idempotency_key: str | None = None, include: Sequence[Include] = ()
                     ) -> CommandAccepted:
        """Submit a command; with `include` (`"moves"`, `"view"`) the reply's `next` carries
        the seat's legal moves and/or view after it: one request per move for a bot."""
        body: dict[str, Any] = {"expected_version": expected_version, "command": command}
        if idempotency_key is not None:
            body["idempotency_key"] = idempotency_key
        if include:
            body["include"] = list(include)
        accepted: CommandAccepted = await self._call(
            "POST", f"/games/{game_id}/commands", CommandAccepted, token,
            content=msgspec.json.encode(body), headers={"Content-Type": "application/json"})
        return accepted

    async def events(self, game_id: str, token: str | None, after_version: int = 0,
                     limit: int = 1000) -> EventsOut:
        found: EventsOut = await self._call(
            "GET", f"/games/{game_id}/events", EventsOut, token,
            params={"after_version": after_version, "limit": limit})
        return found
