"""Games with Faith as `7w-faith-trace/1` records: `7w-trace/1` extended with the gods.

The record is the base format (setup, turns with their actions and the state after each,
result) with:
- `setup.gods`: per age, per seat, the 3 gods dealt for the prayer (keys of `faith.yaml`);
  `setup.god_costs`: every god's cost in this game, per age (`[kind, n, {resource: count}]`);
- `turns` entries with `"step": "prayer"` (one per prayer round: `keep_god` actions, then
  `passed`: the gods each seat receives);
- a play action that came with a god carries `invocation`: {`key`, `use` (invoke or discard),
  `bank`, `trade` (with `far` at Poséidon's market), `bought`, `targets`, `gained`,
  `dropped`}; a turn lists `struck` (negative
  powers: coins lost and tokens per city) and `income` (Artemis, Hermes) when there are any;
- every state adds `gods_kept` (per seat), `gods_invoked` (per city, `[key, age]`),
  `gods_allowed`, `extra_half_shields` and `peace`.

Each entry also lists the commands that made it (`commands`, as sent) and the setup the
whole deal (`deal`, with the gods and any other expansion's part) and the options. Replay
sets that deal up, plays every recorded command (each must be accepted), writes the entry
again from the events Polis produced and compares it field by field with the record (its
readable actions, the gods, the state), then the result. The format is described for other engines
in `openapi/traces-faith.md`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.errors import DomainError
from domain.kernel.recording import import_by_replay
from domain.kernel.registry import get_game, rules_options
from domain.kernel.traces import (
    Disagreement,
    NoRandom,
    PlayedGame,
    TraceError,
    TraceResult,
)
from domain.sevenwonders import events as ev
from domain.sevenwonders.state import SWState
from domain.sevenwonders.trace_replay import STEP_NAMES, observed, step_turn, tables_of
from domain.sevenwonders.trace_writer import _action, _counts, copy_action
from domain.sevenwonders.trace_writer import write_trace as write_base
from domain.sevenwonders_faith.catalog import GODS
from domain.sevenwonders_faith.model import (
    RAISE_LAPSED,
    CardsSwapped,
    DiscardRaised,
    FaithExt,
    GodIncome,
    GodKept,
    GodRevealed,
    GodsPassed,
    GodStruck,
    GuildPlundered,
    LeadersOffered,
    PegasusRode,
    SethAnswered,
)
from domain.sevenwonders_faith.outlay import god_cost
from domain.sevenwonders_leaders.catalog import LEADERS

FORMAT = "7w-faith-trace/1"


def _key(god: int) -> str:
    return GODS[god].key if god >= 0 else "?"


def faith_observed(state: SWState) -> dict[str, Any]:
    ext = state.ext2
    assert isinstance(ext, FaithExt)
    seats = 2 if state.variant else len(state.cities)
    return {
        "gods_kept": [sorted(_key(g) for g in ext.kept[s]) for s in range(seats)],
        "gods_invoked": [[[_key(g), a] for g, a in act] for act in ext.active],
        "gods_allowed": list(ext.allow),
        "extra_half_shields": list(ext.extra),
        "peace": list(ext.peace),
    }


def _costs(state: SWState) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for g in GODS:
        out[g.key] = {}
        for age in (1, 2, 3):
            kind, n, res = god_cost(state, g.id, age)
            out[g.key][str(age)] = [kind, n, _counts(res)]
    return out


def _entry(game: Any, before: SWState, events: list[Any], after: SWState) -> dict[str, Any]:
    """One turn or prayer round as the record gives it, from the events Polis produced."""

    kept = [e for e in events if isinstance(e, GodKept)]
    if kept:
        passed = next((e for e in events if isinstance(e, GodsPassed)), None)
        entry: dict[str, Any] = {
            "age": after.age, "step": "prayer",
            "actions": [{"seat": e.seat, "kind": "keep_god", "god": _key(e.god)} for e in kept],
        }
        if passed is not None:
            entry["passed"] = [[_key(g) for g in h] for h in passed.hands]
    else:
        revealed = next((e for e in events if isinstance(e, ev.StepResolved)), None)
        copied = next((e for e in events if isinstance(e, ev.GuildCopied)), None)
        entry = {"age": before.age, "turn": step_turn(before),
                 "step": STEP_NAMES.get(before.phase, "play"), "actions": []}
        gods: dict[int, list[GodRevealed]] = {}
        for e in events:
            if isinstance(e, GodRevealed):
                gods.setdefault(e.city, []).append(e)
        if revealed is not None:
            for a in revealed.actions:
                action = _action(a, before.variant, game.rules.cards)
                if a.far:
                    action["trade"]["far"] = [[s, paid, _counts(v)] for s, paid, v in a.far]
                shown = gods.get(a.city, []) if a.city == a.seat else []
                for field, g in zip(("invocation", "second_invocation"), shown, strict=False):
                    action[field] = _invocation(g)
                entry["actions"].append(action)
        raised = next((e for e in events if isinstance(e, DiscardRaised)), None)
        if raised is not None:
            if raised.use != RAISE_LAPSED:
                entry["step"] = "osiris"
            entry["osiris"] = {"seat": raised.seat, "use": raised.use, "gained": raised.gained,
                               "card": game.rules.cards[raised.card].name
                               if raised.card >= 0 else None}
        offered = next((e for e in events if isinstance(e, LeadersOffered)), None)
        if offered is not None:
            entry["pegasus_drawn"] = {"seat": offered.seat, "leaders": [
                LEADERS[x].name for x in offered.leaders]}
        rode = next((e for e in events if isinstance(e, PegasusRode)), None)
        if rode is not None:
            if rode.returned or rode.leader >= 0:
                entry["step"] = "pegasus"
            entry["pegasus"] = {"seat": rode.seat, "gained": rode.gained,
                                "leader": LEADERS[rode.leader].name if rode.leader >= 0
                                else None,
                                "returned": [LEADERS[x].name for x in rode.returned]}
        if copied is not None:
            entry["actions"] = [copy_action(before, copied, game.rules.cards)]
        struck = [{"seat": e.city, "god": _key(e.god), "lost": list(e.lost),
                   "tokens": [list(t) for t in e.tokens], "removed": list(e.removed)}
                  for e in events if isinstance(e, GodStruck)]
        if struck:
            entry["struck"] = struck
        plundered = [[list(t) for t in e.tokens] for e in events
                     if isinstance(e, GuildPlundered)]
        if plundered:
            entry["plundered"] = plundered
        swapped = [{"seat": e.city, "with": e.other,
                    "given": game.rules.cards[e.given].name,
                    "taken": game.rules.cards[e.taken].name, "gained": list(e.gained)}
                   for e in events if isinstance(e, CardsSwapped)]
        if swapped:
            entry["swapped"] = swapped
        answered = next((e for e in events if isinstance(e, SethAnswered)), None)
        if answered is not None:
            entry["seth"] = {"seat": answered.city, "target": answered.target,
                             "god": _key(answered.god), "bank": answered.bank}
        income = [list(e.coins) for e in events if isinstance(e, GodIncome)]
        if income:
            entry["income"] = income
        for e in events:
            if isinstance(e, ev.HandsDiscarded):
                entry["end_discards"] = [{"seat": c, "card": game.rules.cards[card].name}
                                         for c, cards in enumerate(e.cards) for card in cards]
            if isinstance(e, ev.ConflictsResolved):
                entry["age_end"] = True
                entry["conflicts"] = [list(t) for t in e.tokens]
    tables = tables_of(game.rules.cards, game.rules.wonders)
    entry["state"] = {**observed(after, tables), **faith_observed(after)}
    return entry


def _invocation(g: GodRevealed) -> dict[str, Any]:
    """A god revealed with a card, as an action's `invocation` (`second_invocation`: the
    second god of a city holding Wonderwoman's marker, in the order they were revealed)."""
    ch = g.choice
    out: dict[str, Any] = {
        "key": _key(ch.god), "use": ch.use, "bank": ch.bank,
        "trade": {"left": ch.left, "right": ch.right},
        "bought": {"left": _counts(ch.bought_left), "right": _counts(ch.bought_right)},
        "targets": list(ch.targets), "gained": g.gained, "god_first": ch.god_first,
        "dropped": sorted(_key(x) for x in g.dropped)}
    if ch.far:
        out["trade"]["far"] = [[s, paid, _counts(v)] for s, paid, v in ch.far]
    return out


def _closes(events: list[Any]) -> bool:
    return any(isinstance(e, ev.StepResolved | ev.GuildCopied | GodsPassed | DiscardRaised
                          | PegasusRode) for e in events)


def write_trace(game: Any, played: PlayedGame, previous: Any = None) -> dict[str, Any]:
    """The record: the base (or the previous expansion's) record, with Faith's parts, and
    each entry's commands as sent (`commands`), which replay plays again."""
    record = (previous or write_base)(game, played)
    started = played.opening[0] if played.opening else None
    gods = getattr(getattr(started, "deal", None), "gods", ())
    if not isinstance(started, ev.GameStarted) or not gods:
        raise TraceError("the opening events do not record the gods dealt")
    seats = played.seats
    record["format"] = FORMAT
    state: SWState = game.initial_state()
    for e in played.opening:
        state = game.evolve(state, e)
    record["setup"]["gods"] = {str(a + 1): [[_key(g) for g in h] for h in age[:seats]]
                               for a, age in enumerate(gods)}
    record["setup"]["god_costs"] = _costs(state)
    record["setup"]["deal"] = msgspec.to_builtins(started.deal)
    record["setup"]["options"] = rules_options(played.options)
    turns = []
    before = state
    pending: list[Any] = []
    commands: list[Any] = []
    for command, events in played.steps:
        for e in events:
            state = game.evolve(state, e)
        pending.extend(events)
        commands.append(msgspec.to_builtins(command))
        if _closes(events) or game.is_over(state):
            entry = _entry(game, before, pending, state)
            entry["commands"] = commands
            turns.append(entry)
            pending, commands = [], []
            before = state
    record["turns"] = turns
    return record


def ruleset_of(record: dict[str, Any]) -> tuple[tuple[str, ...], dict[str, Any]]:
    """The expansions and the rules' options a Faith record names (the service's own
    options, bots and clock, which an older writer kept, are left out: no rule reads them)."""
    expansions = tuple(record["source"].get("expansions", ("faith",)))
    return expansions, rules_options(dict(record["setup"].get("options") or {}))


def replay(record: dict[str, Any], played_by: Any | None = None) -> TraceResult:
    """Replay one Faith record; raises TraceError for a malformed record. `played_by`: the
    game to play it through (an importer's recording wrapper of the record's ruleset)."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise TraceError(f"not a {FORMAT} record")
    try:
        seed = record["source"]["seed"]
        players = record["players"]
        expansions, options = ruleset_of(record)
        setup = record["setup"]
        turns = record["turns"]
        game: Any = (played_by if played_by is not None
                     else get_game("7wonders", expansions, options))
        deal = msgspec.convert(setup["deal"], game.deal_type)
    except (KeyError, TypeError, IndexError, AttributeError, ValueError,
            msgspec.ValidationError, DomainError) as exc:
        raise TraceError(f"malformed record: missing or bad {exc}") from None
    result = TraceResult(seed=seed, moves=0, disagreements=[])

    def disagree(index: int, move: Any, field: str, recorded: Any, polis: Any) -> None:
        result.disagreements.append(Disagreement(seed, index, move, field, recorded, polis))

    try:
        events = game.start(players, options, NoRandom(), deal)
    except DomainError as exc:
        disagree(-1, None, "setup", "a valid deal", f"{exc.code}: {exc.reason}")
        return result
    state = game.initial_state()
    for e in events:
        state = game.evolve(state, e)
    costs = _costs(state)
    if setup.get("god_costs") != costs:
        disagree(-1, None, "god_costs", setup.get("god_costs"), costs)
    for index, turn in enumerate(turns):
        before = state
        produced: list[Any] = []
        for raw in turn.get("commands", []):
            try:
                command = msgspec.convert(raw, game.command_type)
                new_events, state = game.step(state, command)
            except DomainError as exc:
                disagree(index, raw, "decide", "accepted", f"{exc.code}: {exc.reason}")
                return result
            except msgspec.ValidationError as exc:
                raise TraceError(f"turn {index}: bad command {exc}") from None
            produced.extend(new_events)
            result.moves += 1
        mine = _entry(game, before, produced, state)
        mine["commands"] = turn.get("commands", [])
        for field in sorted(set(turn) | set(mine)):
            if field == "state":
                for k in sorted(set(turn.get("state", {})) | set(mine["state"])):
                    if turn.get("state", {}).get(k) != mine["state"].get(k):
                        disagree(index, None, f"state.{k}", turn.get("state", {}).get(k),
                                 mine["state"].get(k))
            elif turn.get(field) != mine.get(field):
                disagree(index, None, field, turn.get(field), mine.get(field))
        if result.disagreements:
            return result
    if not game.is_over(state):
        disagree(-1, None, "game_over", True, False)
        return result
    names = [n for n, _ in game.rules.score_categories] + ["total"]
    recorded = record.get("result", {})
    mine_result = {
        "scores": [dict(zip(names, line, strict=True)) for line in state.scores[:players]],
        "coins": [c.coins for c in state.cities[:players]],
        "ranking": list(state.ranking), "rank": list(state.rank)}
    for field, value in mine_result.items():
        if recorded.get(field) != value:
            disagree(-1, None, field, recorded.get(field), value)
    return result


def import_trace(record: dict[str, Any]) -> PlayedGame:
    """Faith (alone or with Leaders): the ruleset and its options come from the record."""
    try:
        expansions, options = ruleset_of(record)
        game = get_game("7wonders", expansions, options)
    except (KeyError, TypeError, ValueError, AttributeError, DomainError) as exc:
        raise TraceError(f"malformed record: {exc}") from None
    return import_by_replay(record, game, replay, expansions, options)
