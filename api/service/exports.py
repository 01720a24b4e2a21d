"""Exports of a game: its trace record once it is over, a seat's redacted log while it runs.

A finished game is written in its trace format (`duel-trace/1`, `duel-agora-trace/1`,
`7w-trace/1`) by the game's own writer, from the stored events: each command's events are
grouped by the command id stored with them, and the command itself is found again as the
seat's legal move that gives those events (`domain.kernel.recording`), which works alike
for games stored before this export existed. While a game runs, the trace formats would show
the whole deal, so a seat gets `polis-seat-log/1` instead: its events, redacted for it by
the same `redact` as every other outbound path.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import msgspec

from api.service.game_service import GameService
from api.service.refusals import Conflict, RuleRefused, game_not_found
from domain.kernel import Game
from domain.kernel.meta import CLOCK_EVENTS
from domain.kernel.recording import steps_from_events
from domain.kernel.table import TABLE_EVENTS, TableStarted
from domain.kernel.traces import PlayedGame, TraceError, write_record
from infra import chat
from infra.event_store import CREATED, EventStore, GameRecord
from projections.rulesets import decoder_of, ruleset_of

SEAT_LOG = "polis-seat-log/1"


def with_full_deal(game: Game, event: Any, payload: str) -> Any:
    """An opening event whose `deal` decodes as the game's own deal type.

    An event declares the base game's deal; an expansion's deal (a subclass with more
    fields) is stored whole but decodes as the base one, and its trace writer needs it all.
    """
    deal, deal_type = getattr(event, "deal", None), getattr(game, "deal_type", None)
    if deal is None or not isinstance(deal_type, type) or isinstance(deal, deal_type):
        return event
    try:
        full: Any = msgspec.convert(msgspec.json.decode(payload)["deal"], deal_type)
        return msgspec.structs.replace(event, deal=full)
    except (msgspec.ValidationError, KeyError, TypeError):
        return event


async def played_of(store: EventStore, record: GameRecord) -> PlayedGame:
    """The stored game as the trace writers take it: opening events, each command with its
    events. RuleRefused (`export_unavailable`) when a command cannot be found again."""
    game = ruleset_of(record)
    decode = decoder_of(game).decode
    opening: list[Any] = []
    groups: list[tuple[int | None, list[Any]]] = []
    previous: str | None = None
    dealt_by: str | None = CREATED
    """The append holding the game's opening: its creation's, or the start of its table."""
    for e in await store.read_stream(record.game_id, 0, record.version):
        event = decode(e.payload)
        if isinstance(event, CLOCK_EVENTS):
            continue  # the clock's record, not a move: the trace formats have no place for it
        if isinstance(event, TABLE_EVENTS):  # who sat where: the service's, not the rules'
            dealt_by = e.command_id if isinstance(event, TableStarted) else dealt_by
            previous = e.command_id
            continue
        if e.command_id == dealt_by:
            opening.append(with_full_deal(game, event, e.payload))
        elif groups and e.command_id == previous:
            groups[-1][1].append(event)
        else:
            groups.append((e.seat, [event]))
        previous = e.command_id
    try:  # the rules' work, off the event loop (a tenth of a second for a long game)
        steps = await asyncio.to_thread(steps_from_events, game, opening, groups)
    except TraceError as exc:
        raise RuleRefused("export_unavailable", str(exc)) from None
    return PlayedGame(
        kind=record.kind, expansions=record.expansions, seats=len(record.seat_names),
        options=record.options, seed=str(record.game_id), opening=opening, steps=steps,
    )


async def export_record(store: EventStore, game_id: uuid.UUID) -> dict[str, Any]:
    """The trace record of a finished game; Conflict (`game_not_over`) while it runs."""
    record = await store.get_game(game_id)
    if record is None:
        raise game_not_found(game_id)
    if not record.over:
        raise Conflict("game_not_over", "a running game is exported only to its seats, "
                       "redacted for each (GET /games/{id}/trace with a seat token)",
                       {"version": record.version})
    played = await played_of(store, record)
    try:
        trace: dict[str, Any] = await asyncio.to_thread(write_record, ruleset_of(record),
                                                        played)
    except TraceError as exc:
        raise RuleRefused("export_unavailable", str(exc)) from None
    table_chat = await chat.exported(store.pool, game_id)  # only where the host allows it
    if table_chat is not None:
        trace["chat"] = table_chat
    return trace


async def seat_log(
    service: GameService, record: GameRecord, seat: int
) -> dict[str, Any]:
    """A running game as one seat may know it: its events redacted for that seat."""
    game = ruleset_of(record)
    _, events = await service.events(game, record, seat, 0, None, full_when_over=False)
    return {
        "format": SEAT_LOG,
        "game_id": str(record.game_id), "kind": record.kind,
        "expansions": list(record.expansions), "seats": len(record.seat_names),
        "seat": seat, "version": events[-1][0].version if events else 0,
        "events": [{"version": e.version, "type": kind, "seat": e.seat,
                    "event": msgspec.Raw(payload)} for e, kind, payload in events],
    }
