"""Client of the Polis game service: typed REST calls (`PolisClient`) and a WebSocket
session that resumes from the last version it saw (`GameSession`), over asyncio."""

from polis_client.errors import PolisError, VersionGap
from polis_client.http import PolisClient, ruleset
from polis_client.rulesets import RULESETS
from polis_client.session import GameSession, following

__all__ = ["RULESETS", "GameSession", "PolisClient", "PolisError", "VersionGap", "following",
           "ruleset"]
