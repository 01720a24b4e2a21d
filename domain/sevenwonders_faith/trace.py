"""Games with Faith as `7w-faith-trace/1` records: `7w-trace/1` extended with the gods.

The record is the base format (setup, turns with their actions and the state after each,
result) with:
- `setup.gods`: per age, per seat, the 3 gods dealt for the prayer (keys of `faith.yaml`);
  `setup.god_costs`: every god's cost in this game, per age (`[kind, n, {resource: count}]`);
- `turns` entries with `"step": "prayer"` (one per prayer round: `keep_god` actions, then
  `passed`: the gods each seat receives);
- a play action that came with a god carries `invocation`: {`key`, `use` (invoke or discard),
  `bank`, `trade`, `bought`, `targets`, `gained`, `dropped`}; a turn lists `struck` (negative
  powers: coins lost and tokens per city) and `income` (Artemis, Hermes) when there are any;
- every state adds `gods_kept` (per seat), `gods_invoked` (per city, `[key, age]`),
  `gods_allowed`, `extra_half_shields` and `peace`.

Replay sets the recorded deal and gods up, plays every recorded action as a command (each
must be accepted), writes the turn again from the events Polis produced and compares it
field by field with the record, then the result. The format is described for other engines
in `openapi/traces-faith.md`.
"""

from __future__ import annotations

from typing import Any

from domain.kernel.errors import DomainError
from domain.kernel.game import Game
from domain.kernel.traces import Disagreement, PlayedGame, TraceError, TraceResult
from domain.sevenwonders import events as ev
from domain.sevenwonders.catalog_types import RESOURCES
from domain.sevenwonders.state import SWState
from domain.sevenwonders.trace_replay import _NoRandom, command_for, deal_from_setup
from domain.sevenwonders.trace_writer import _action, _counts
from domain.sevenwonders.trace_writer import write_trace as write_base
from domain.sevenwonders_faith.catalog import BY_KEY, GODS
from domain.sevenwonders_faith.invoke import god_cost
from domain.sevenwonders_faith.model import (
    FaithExt,
    FaithStarted,
    GodIncome,
    GodKept,
    GodRevealed,
    GodsPassed,
    GodStruck,
    KeepGod,
    PlayWithGod,
)

FORMAT = "7w-faith-trace/1"


def _key(god: int) -> str:
    return GODS[god].key if god >= 0 else "?"


def faith_observed(state: SWState) -> dict[str, Any]:
    ext = state.ext
    assert isinstance(ext, FaithExt)
    seats = 2 if state.variant else len(state.cities)
    return {
        "gods_kept": [sorted(_key(g) for g in ext.kept[s]) for s in range(seats)],
        "gods_invoked": [[[_key(g), a] for g, a in act] for act in ext.active],
        "gods_allowed": list(ext.allow),
        "extra_half_shields": list(ext.extra),
        "peace": list(ext.peace),
    }


def _costs(game: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for g in GODS:
        out[g.key] = {}
        for age in (1, 2, 3):
            kind, n, res = god_cost(game.rules, g.id, age)
            out[g.key][str(age)] = [kind, n, _counts(res)]
    return out


def _entry(game: Any, before: SWState, events: list[Any], after: SWState) -> dict[str, Any]:
    """One turn or prayer round as the record gives it, from the events Polis produced."""
    from domain.sevenwonders.trace_replay import observed
    from domain.sevenwonders.trace_writer import STEP_NAMES

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
        entry = {"age": before.age, "turn": before.turn,
                 "step": STEP_NAMES.get(before.phase, "play"), "actions": []}
        gods = {e.city: e for e in events if isinstance(e, GodRevealed)}
        if revealed is not None:
            for a in revealed.actions:
                action = _action(a, before.variant)
                g = gods.get(a.city) if a.city == a.seat else None
                if g is not None:
                    ch = g.choice
                    action["invocation"] = {
                        "key": _key(ch.god), "use": ch.use, "bank": ch.bank,
                        "trade": {"left": ch.left, "right": ch.right},
                        "bought": {"left": _counts(ch.bought_left),
                                   "right": _counts(ch.bought_right)},
                        "targets": list(ch.targets), "gained": g.gained,
                        "god_first": ch.god_first,
                        "dropped": sorted(_key(x) for x in g.dropped)}
                entry["actions"].append(action)
        if copied is not None:
            entry["actions"] = [{"seat": before.holder if before.variant and copied.city == 2
                                 else copied.city, "kind": "copy_guild",
                                 "card": game.rules.cards[copied.card].name,
                                 "from": copied.neighbour}]
        struck = [{"seat": e.city, "god": _key(e.god), "lost": list(e.lost),
                   "tokens": [list(t) for t in e.tokens], "removed": list(e.removed)}
                  for e in events if isinstance(e, GodStruck)]
        if struck:
            entry["struck"] = struck
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
    entry["state"] = {**observed(after), **faith_observed(after)}
    return entry


def _closes(events: list[Any]) -> bool:
    return any(isinstance(e, ev.StepResolved | ev.GuildCopied | GodsPassed) for e in events)


def write_trace(game: Any, played: PlayedGame) -> dict[str, Any]:
    record = write_base(game, played)
    faith = next((e for e in played.opening if isinstance(e, FaithStarted)), None)
    if faith is None or faith.gods is None:
        raise TraceError("the opening events do not record the gods dealt")
    seats = played.seats
    record["format"] = FORMAT
    record["setup"]["gods"] = {str(a + 1): [[_key(g) for g in h] for h in age[:seats]]
                               for a, age in enumerate(faith.gods)}
    record["setup"]["god_costs"] = _costs(game)
    state: SWState = game.initial_state()
    for e in played.opening:
        state = game.evolve(state, e)
    turns = []
    before = state
    pending: list[Any] = []
    for _command, events in played.steps:
        for e in events:
            state = game.evolve(state, e)
        pending.extend(events)
        if _closes(events):
            turns.append(_entry(game, before, pending, state))
            pending = []
            before = state
    record["turns"] = turns
    return record


def _god_command(play: Any, action: dict[str, Any]) -> PlayWithGod:
    g = action["invocation"]
    god = BY_KEY.get(g.get("key"))
    if god is None:
        raise TraceError(f"unknown god {g.get('key')!r}")
    trade = g.get("trade", {})
    bought = g.get("bought", {})

    def vec(counts: Any) -> tuple[int, ...]:
        return tuple(int(counts.get(r, 0)) for r in RESOURCES)

    return PlayWithGod(
        seat=play.seat, card=play.card, action=play.action, city=play.city, left=play.left,
        right=play.right, buy_left=play.buy_left, buy_right=play.buy_right, god=god.id,
        use=g.get("use", "invoke"), god_left=trade.get("left", 0),
        god_right=trade.get("right", 0), god_buy_left=vec(bought.get("left", {})),
        god_buy_right=vec(bought.get("right", {})), targets=tuple(g.get("targets", ())),
        god_first=bool(g.get("god_first", False)))


def _command(state: SWState, action: dict[str, Any]) -> Any:
    if action.get("kind") == "keep_god":
        god = BY_KEY.get(action.get("god"))  # type: ignore[arg-type]
        if god is None:
            raise TraceError(f"unknown god {action.get('god')!r}")
        return KeepGod(seat=action["seat"], god=god.id)
    play = command_for(state, action)
    return _god_command(play, action) if "invocation" in action else play


def replay_trace(record: dict[str, Any]) -> TraceResult:
    """Replay one Faith record; raises TraceError for a malformed record."""
    from domain.kernel import get_game

    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise TraceError(f"not a {FORMAT} record")
    try:
        seed = record["source"]["seed"]
        players = record["players"]
        expansions = tuple(record["source"].get("expansions", ("faith",)))
        deal = deal_from_setup(record)
        setup = record["setup"]
        gods = [[[BY_KEY[k].id for k in hand] for hand in setup["gods"][a]]
                for a in ("1", "2", "3")]
        costs = {k: {a: [c[0], c[1], [int(c[2].get(r, 0)) for r in RESOURCES]]
                     for a, c in ages.items()} for k, ages in setup["god_costs"].items()}
        turns = record["turns"]
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise TraceError(f"malformed record: missing or bad {exc}") from None
    if players == 2:
        gods = [[*age, []] for age in gods]
    result = TraceResult(seed=seed, moves=0, disagreements=[])

    def disagree(index: int, move: Any, field: str, recorded: Any, polis: Any) -> None:
        result.disagreements.append(Disagreement(seed, index, move, field, recorded, polis))

    options = {"gods": gods, "god_costs": costs}
    try:
        game: Game = get_game("7wonders", expansions, options)
        events = game.start(players, options, _NoRandom(), deal)
    except DomainError as exc:
        disagree(-1, None, "setup", "a valid deal", f"{exc.code}: {exc.reason}")
        return result
    state = game.initial_state()
    for e in events:
        state = game.evolve(state, e)
    for index, turn in enumerate(turns):
        before = state
        produced: list[Any] = []
        for action in turn.get("actions", []):
            try:
                command = _command(state, action)
                new_events, state = game.step(state, command)
            except DomainError as exc:
                disagree(index, action, "decide", "accepted", f"{exc.code}: {exc.reason}")
                return result
            except (KeyError, TypeError, ValueError) as exc:
                raise TraceError(f"turn {index}: bad action {exc}") from None
            produced.extend(new_events)
            result.moves += 1
        mine = _entry(game, before, produced, state)
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
    assert isinstance(state, SWState)
    names = [n for n, _ in game.rules.score_categories] + ["total"]  # type: ignore[attr-defined]
    recorded = record.get("result", {})
    mine_result = {
        "scores": [dict(zip(names, line, strict=True)) for line in state.scores[:players]],
        "coins": [c.coins for c in state.cities[:players]],
        "ranking": list(state.ranking), "rank": list(state.rank)}
    for field, value in mine_result.items():
        if recorded.get(field) != value:
            disagree(-1, None, field, recorded.get(field), value)
    return result
