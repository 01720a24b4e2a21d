"""Why the service refuses a request, as typed errors that know no transport.

The command pipeline and the reads raise these; `api/http/errors.py` turns them into HTTP
statuses and the WebSocket into `error` / `command_rejected` replies, at the edge.
"""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """A request the service will not carry out: a stable `code` and a sentence."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}


class Invalid(Refusal):
    """The request is malformed or does not match its schema."""


class Unauthorized(Refusal):
    """No token where one is needed, or a token of no seat of this game."""


class Forbidden(Refusal):
    """The token is valid but may not do this."""


class NotFound(Refusal):
    """No such game or version."""


class Conflict(Refusal):
    """The game moved on (version) or an idempotency key was reused with another body."""


class RuleRefused(Refusal):
    """The game's rules refuse the command."""


class Throttled(Refusal):
    """Too many requests from this client: retry after `retry_after` seconds."""

    def __init__(self, code: str, message: str, retry_after: int,
                 details: dict[str, Any] | None = None) -> None:
        super().__init__(code, message, {**(details or {}), "retry_after": retry_after})
        self.retry_after = retry_after


class Busy(Refusal):
    """Not now: the game is held by a slow transaction, or the database connection was lost
    (a command's outcome may then be unknown). Retry after `retry_after` seconds."""

    def __init__(self, code: str, message: str, retry_after: int = 1,
                 details: dict[str, Any] | None = None) -> None:
        super().__init__(code, message, {**(details or {}), "retry_after": retry_after})
        self.retry_after = retry_after


def unauthorized(message: str = "missing or unknown seat token") -> Unauthorized:
    return Unauthorized("unauthorized", message)


def database_unavailable() -> Busy:
    """The database connection was lost before anything was written: retry as it is."""
    return Busy("database_unavailable",
                "the database connection was lost; nothing was changed: retry shortly")


def outcome_unknown(idempotency_key: str) -> Busy:
    """A command's append lost its connection: it may or may not have been committed."""
    return Busy(
        "outcome_unknown",
        "the database connection was lost while the command was written, so it may or may "
        "not have been applied: retry with the same Idempotency-Key (and the same command); "
        "the retry answers what was committed (`replayed: true`) or applies it once",
        details={"idempotency_key": idempotency_key})


def version_not_reached(min_version: int, current: int) -> Conflict:
    """A read names a version the game has not reached (within the wait's bound)."""
    return Conflict(
        "version_not_reached",
        f"the game is at version {current}, not yet at {min_version}",
        {"min_version": min_version, "current_version": current})


def game_not_found(game_id: object) -> NotFound:
    return NotFound("game_not_found", f"no game {game_id}", {"game_id": str(game_id)})
