"""Every error `code` a client can receive, with its HTTP status and meaning: one catalogue.

The service's own codes are listed here; the rules' codes come from the game packages
through `domain.kernel.error_codes` (all answered with 422, or 400 for an invalid deal sent
in the wrong shape). The catalogue goes into `openapi.json` and `asyncapi.yaml`, and a test
checks that every code raised in the source is in it.
"""

from __future__ import annotations

import msgspec

from domain.kernel.error_codes import rule_codes

PROBLEM_TYPE_PREFIX = "urn:polis:error:"
"""A problem's `type` is this prefix and its `code` (RFC 9457: a URI naming the problem)."""


class ErrorCode(msgspec.Struct, frozen=True):
    code: str
    status: int
    """The HTTP status (the WebSocket sends the same body in an `error` or a
    `command_rejected` message)."""
    meaning: str
    raised_by: tuple[str, ...] = ()
    """For a rule code, the game kinds and expansions whose rules raise it (empty: any)."""


SERVICE_CODES: tuple[ErrorCode, ...] = (
    ErrorCode("bad_request", 400, "The request is malformed (a parameter of the wrong type)."),
    ErrorCode("invalid_path_parameter", 400,
              "A path parameter is malformed (a game id that is not a UUID, a version that "
              "is not a number)."),
    ErrorCode("invalid_query_parameter", 400,
              "A query parameter is out of its range or of the wrong type; `details` says "
              "which."),
    ErrorCode("malformed_json", 400, "The body is not valid JSON."),
    ErrorCode("invalid_body", 400, "The body does not match its schema; `details` says where."),
    ErrorCode("too_deep", 400, "JSON nested deeper than the server accepts."),
    ErrorCode("invalid_command", 400, "The command is not one of the game's commands "
              "(unknown `type` or wrong fields)."),
    ErrorCode("invalid_options", 400, "The options hold characters that cannot be stored."),
    ErrorCode("invalid_name", 400, "A player's name is empty, too long, or holds control "
              "characters."),
    ErrorCode("invalid_bot", 400, "A bot seat names a level the service does not have."),
    ErrorCode("invalid_seat", 400, "A seat has neither a name nor a bot."),
    ErrorCode("idempotency_key_mismatch", 400,
              "The header and the body name different idempotency keys."),
    ErrorCode("invalid_after_version", 400,
              "WebSocket: `after_version` is not a version of the game."),
    ErrorCode("invalid_include", 400,
              "WebSocket: `include` of a follow is not `[\"moves\"]`, or a spectator asked for "
              "legal moves."),
    ErrorCode("malformed_message", 400, "WebSocket: the message is not one of the protocol's."),
    ErrorCode("follow_expected", 400,
              "WebSocket: the first message must be `follow` (or send an Authorization "
              "header)."),
    ErrorCode("token_in_url", 400, "WebSocket: a seat token was put in the URL; it is refused "
              "there because URLs are logged."),
    ErrorCode("already_following", 400, "WebSocket: a second `follow` on the same socket."),
    ErrorCode("invalid_push_subscription", 400,
              "Notifications: the push subscription's endpoint or keys are malformed."),
    ErrorCode("invalid_chat_message", 400,
              "Chat: the message is empty, longer than the server accepts (`details.limit`) "
              "or holds control characters; nothing was stored."),
    ErrorCode("admin_token_required", 401, "Admin routes: send `POLIS_ADMIN_TOKEN` as a "
              "bearer token."),
    ErrorCode("unauthorized", 401, "Missing or unknown seat token where one is needed."),
    ErrorCode("player_required", 401, "Only a player (a guest's token or a JWT) may do this."),
    ErrorCode("token_expired", 401, "The JWT has expired (`exp`)."),
    ErrorCode("token_not_yet_valid", 401, "The JWT is not valid yet (`nbf` or `iat`)."),
    ErrorCode("token_wrong_audience", 401, "The JWT names another audience (`aud`)."),
    ErrorCode("token_wrong_issuer", 401, "The JWT names another issuer (`iss`)."),
    ErrorCode("token_bad_signature", 401, "The JWT's signature does not verify."),
    ErrorCode("token_invalid", 401, "The JWT is malformed or lacks a required claim."),
    ErrorCode("invite_required", 403, "Tables: the table is private; join with its "
              "invitation code."),
    ErrorCode("seat_reserved", 403, "Tables: the seat is reserved for another player."),
    ErrorCode("not_host", 403, "Tables: only the table's host may do this."),
    ErrorCode("admin_disabled", 403, "Admin routes: the server has no admin token "
              "configured (`POLIS_ADMIN_TOKEN`)."),
    ErrorCode("time_injection_off", 403, "Admin routes: this deployment's clock is the "
              "host's; only one with `POLIS_TIME_INJECTION` on lets it be moved."),
    ErrorCode("chat_closed", 403, "Chat: the table's host closed its chat."),
    ErrorCode("chat_read_only", 403,
              "Chat: spectators may read this table's chat, not write to it (its host may "
              "allow it)."),
    ErrorCode("not_a_player", 403, "Tables: only a player who held a seat of the game may "
              "ask for its rematch."),
    ErrorCode("forbidden", 403, "The request is not allowed."),
    ErrorCode("wrong_seat", 403, "The token's seat may not issue this command."),
    ErrorCode("not_found", 404, "No such route."),
    ErrorCode("player_not_found", 404, "No player with that id."),
    ErrorCode("push_not_configured", 404,
              "Notifications: the server sends no Web Push (no VAPID key configured)."),
    ErrorCode("push_subscription_not_found", 404,
              "Notifications: you have no push subscription with that endpoint."),
    ErrorCode("pool_not_found", 404, "No rating pool of that name (a pool is named after its "
              "kind, or its kind and expansions)."),
    ErrorCode("not_rated", 404, "The player has no rating in that pool (`around`)."),
    ErrorCode("ticket_not_found", 404, "No matchmaking ticket with that id (of yours, to "
              "cancel it)."),
    ErrorCode("ticket_exists", 409, "You already have a waiting ticket in that queue (kind, "
              "expansions, rated, clock): cancel it first."),
    ErrorCode("ticket_closed", 409, "The ticket is no longer waiting (matched, expired or "
              "cancelled): it cannot be cancelled; `details` has its state and game."),
    ErrorCode("game_not_found", 404, "No game with that id."),
    ErrorCode("no_rematch", 404, "Tables: nobody asked for a rematch of this game yet."),
    ErrorCode("version_not_found", 404, "The game has no such version (yet)."),
    ErrorCode("method_not_allowed", 405, "The route does not take this method."),
    ErrorCode("game_not_over", 409,
              "A running game's trace is exported to its own seats only (a seat log); a "
              "rematch is asked for once the game is over."),
    ErrorCode("export_unavailable", 422,
              "A stored command of the game could not be found again for its trace."),
    ErrorCode("invalid_trace", 422,
              "An imported trace is malformed or disagrees with the rules; `message` names the "
              "first problem, and nothing was stored."),
    ErrorCode("unknown_player", 422, "Tables: a seat is reserved for a player id nobody has."),
    ErrorCode("too_few_players", 422, "Tables: too few players sit to start the game early."),
    ErrorCode("seat_empty", 422, "Tables: no player sits at that seat."),
    ErrorCode("not_invited", 422, "Tables: no seat of the table is reserved for you (nothing "
              "to decline)."),
    ErrorCode("trace_too_slow", 422,
              "An imported trace's replay took longer than `POLIS_IMPORT_SECONDS`; nothing was "
              "stored."),
    ErrorCode("version_conflict", 409, "The game is not at `expected_version`; `details` gives "
              "the current one."),
    ErrorCode("version_not_reached", 409,
              "A read names a `min_version` the game has not reached within the server's "
              "wait (`POLIS_VERSION_WAIT_SECONDS`); `details` gives the current version."),
    ErrorCode("seat_taken", 409, "Tables: the seat was taken (by another player first)."),
    ErrorCode("table_full", 409, "Tables: no free seat is left at this table."),
    ErrorCode("already_seated", 409, "Tables: you already hold a seat at this table."),
    ErrorCode("table_started", 409, "Tables: the game has started; seats no longer change."),
    ErrorCode("table_expired", 409, "Tables: the table expired before it filled; no game "
              "will be played there."),
    ErrorCode("table_waiting", 409, "Tables: the game has not started; seats are still open."),
    ErrorCode("not_seated", 409, "Tables: you hold no seat at this table."),
    ErrorCode("idempotency_key_reused", 409,
              "The idempotency key was used before with another command."),
    ErrorCode("payload_too_large", 413, "The body is larger than the server accepts."),
    ErrorCode("unsupported_media_type", 415, "The body is not sent as `application/json`."),
    ErrorCode("rate_limited", 429, "Too many requests from this client; see `Retry-After`."),
    ErrorCode("chat_rate_limited", 429, "Chat: you sent messages faster than a table "
              "allows; `details.retry_after` says when to send again."),
    ErrorCode("too_many_sockets", 429, "WebSocket: this client already holds as many open "
              "sockets as one process allows (`details.limit`); the socket closes with 4429."),
    ErrorCode("too_many_requests", 429, "Too many requests."),
    ErrorCode("http_error", 400, "Another refusal of the HTTP layer."),
    ErrorCode("internal_error", 500, "An unexpected error; the request id finds it in the log."),
    ErrorCode("game_busy", 503,
              "The game is held by a slow transaction; see `Retry-After`."),
    ErrorCode("import_busy", 503,
              "Too many imports are in progress in this process; see `Retry-After`."),
    ErrorCode("database_unavailable", 503,
              "The database connection was lost and nothing was changed; retry as it is "
              "(see `Retry-After`)."),
    ErrorCode("outcome_unknown", 503,
              "The database connection was lost while a command was written, so it may or may "
              "not have been applied: retry with the same Idempotency-Key (`details` gives the "
              "key; a command sent without one was given it) and the same command; the retry "
              "answers the committed outcome (`replayed: true`) or applies it once."),
)


def catalogue() -> list[ErrorCode]:
    """The service's codes, then every rule code, sorted by code."""
    found = {c.code: c for c in SERVICE_CODES}
    for code, (meaning, owners) in rule_codes().items():
        found.setdefault(code, ErrorCode(code, 422, meaning, owners))
    return sorted(found.values(), key=lambda c: c.code)


def title_of(code: str) -> str | None:
    """The short meaning of `code` (a problem's `title`), None for a code not catalogued."""
    return _titles().get(code)


_TITLES: dict[str, str] = {}


def _titles() -> dict[str, str]:
    if not _TITLES:
        _TITLES.update({c.code: c.meaning for c in catalogue()})
    return _TITLES


def status_of(code: str) -> int | None:
    """The HTTP status a code is answered with, None for a code not catalogued."""
    if not _STATUSES:
        _STATUSES.update({c.code: c.status for c in catalogue()})
    return _STATUSES.get(code)


_STATUSES: dict[str, int] = {}
