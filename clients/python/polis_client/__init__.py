"""Client of the Polis game service: typed REST calls (`PolisClient`), a WebSocket session
that resumes from the last version it saw (`GameSession`), and the player's and the lobby's
sockets as typed async iterators (`PlayerFeed`, `LobbyFeed`), over asyncio."""

from polis_client.errors import PolisError, VersionGap
from polis_client.feeds import LobbyFeed, PlayerFeed, lobby_feed, player_feed
from polis_client.http import PolisClient, ruleset
from polis_client.rulesets import RULESETS
from polis_client.session import GameSession, following

__all__ = ["RULESETS", "GameSession", "LobbyFeed", "PlayerFeed", "PolisClient", "PolisError",
           "VersionGap", "following", "lobby_feed", "player_feed", "ruleset"]
