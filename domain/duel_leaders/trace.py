"""`duel-leaders-trace/1`: a Duel game with Duel Leaders (and Agora, when the record's
`expansions` names it) as an audit record, written and replayed.

It extends `duel-trace/1` (and, with Agora, `duel-agora-trace/1`; see
`openapi/traces-duel.md`): the base (and Agora) part of the setup, of each move and of each
state is exactly that format's; Leaders adds `options`, `setup.leaders`, its own move kinds,
fields on the moves that draw leaders or offer cards, and `state.leaders`. The replay sets
the game up from the recorded deal and options, checks each move is among the legal moves
(payment included), replays it, and compares the whole state after it and the result.
"""

from __future__ import annotations

import random
from typing import Any

from domain.duel.catalog import SCIENCE_SYMBOLS
from domain.duel.game import DuelGame
from domain.duel.rules import DuelRules
from domain.duel.state import OVER, DuelState
from domain.duel.state import OWED_NAMES as BASE_OWED_NAMES
from domain.duel.trace_replay import compare_state, step_recorded
from domain.duel.trace_writer import SeatMap, base_move, result_record, state_record, write_trace
from domain.duel.views import acting_seats
from domain.duel_agora import trace as agora_trace
from domain.duel_agora.state import AgoraDeal
from domain.duel_leaders import commands as lcmd
from domain.duel_leaders import events as lev
from domain.duel_leaders.catalog import LEADERS
from domain.duel_leaders.effects import OWE_MAECENAS, OWED_NAMES
from domain.duel_leaders.evolve import leaders
from domain.duel_leaders.setup import DRAFTED, ROUND_SIZE, with_leaders
from domain.duel_leaders.views import STEP_NAMES
from domain.kernel.errors import DomainError
from domain.kernel.game import fold
from domain.kernel.recording import import_by_replay
from domain.kernel.registry import get_game, rules_options
from domain.kernel.traces import Disagreement, PlayedGame, TraceError, TraceResult

FORMAT = "duel-leaders-trace/1"
NAMES = tuple(x.name for x in LEADERS)
LEADER_IDS = {x.name: x.id for x in LEADERS}
USED = ((1, "Euclid"), (2, "Ptolemy"), (4, "Pythagoras"), (8, "Croesus"), (16, "Ramesses"))


def _agora(rules: DuelRules) -> bool:
    return "agora" in rules.expansions


def _names(ids: Any) -> list[str]:
    return [NAMES[i] for i in ids]


# -- writing ------------------------------------------------------------------------------


def setup_extra(rules: DuelRules, state: DuelState, seats: SeatMap) -> dict[str, Any]:
    deal = state.deal
    assert deal is not None
    x = leaders(state)
    order = (*x.drafted, *x.aside)
    extra: dict[str, Any] = agora_trace.setup_extra(rules, state, seats) if _agora(rules) else {
        "progress_tokens_aside": [rules.tokens[t].name for t in deal.aside_tokens]}
    extra["leaders"] = {
        "pool": _names(x.pool),
        "costs": {NAMES[i]: x.costs[i] for i in x.pool},
        "drafted": [_names(order[:ROUND_SIZE]), _names(order[ROUND_SIZE:DRAFTED])],
        "aside": _names(order[DRAFTED:]),
    }
    return extra


def leaders_state(rules: DuelRules, state: DuelState, seats: SeatMap) -> dict[str, Any]:
    """`state.leaders`: hands, recruited and buried leaders, the step and its secrets."""
    x = leaders(state)
    out: dict[str, Any] = {"leaders": {
        "hands": [_names(h) for h in seats.pair(x.hands)],
        "recruited": [_names(r) for r in seats.pair(x.recruited)],
        "buried": [_names(b) for b in seats.pair(x.buried)],
        "aside": _names(x.aside),
        "step": STEP_NAMES[x.step],
        "chosen": [NAMES[c] if c >= 0 else None for c in seats.pair(x.chosen)],
        "declared": [None if d < 0 else bool(d) for d in seats.pair(x.declared)],
        "used": [[n for bit, n in USED if u & bit] for u in seats.pair(x.used)],
        "under_pythagoras": [[rules.cards[c].name for c in u] for u in seats.pair(x.under)],
        "aspasia_waiting": x.aspasia,
    }}
    # Beside `leaders` (a record without it, written before, is still read): per seat, the
    # cards of its city whose symbol Euclid or Ptolemy changed, with the symbol they give.
    changed = dict(x.symbols)
    out["changed_symbols"] = [
        [[rules.cards[c].name, SCIENCE_SYMBOLS[changed[c]]] for c in p.buildings if c in changed]
        for p in seats.pair(state.players)]
    if _agora(rules):
        out.update(agora_trace.agora_state(rules, state, seats))  # its `discard` included
    else:
        out["leaders"]["discard"] = [rules.cards[c].name for c in state.discard]
    if state.phase != OVER:
        # Both seats act in a recruitment step: `next` is the lower trace seat, `acting` all.
        acting = sorted(seats.seat(s) or 0 for s in acting_seats(state))
        out["next"] = acting[0]
        out["acting"] = acting
    return out


def _slot(rules: DuelRules, state: DuelState, slot: int) -> dict[str, Any]:
    return {"slot": rules.layouts[state.age - 1].slots[slot].name,
            "card": rules.cards[state.slots[slot]].name}


def _secrets(rules: DuelRules, events: list[Any]) -> dict[str, Any]:
    """What a move made known to its seat only: leaders drawn, cards offered."""
    out: dict[str, Any] = {}
    for e in events:
        if type(e) is lev.LeadersDrawn:
            out["leaders_drawn"] = _names(e.leaders)
        elif type(e) is lev.CardsOffered:
            out["cards_offered"] = [rules.cards[c].name for c in e.cards]
    return out


def leaders_move(
    rules: DuelRules, before: DuelState, command: Any, events: list[Any], after: DuelState,
    seats: SeatMap,
) -> dict[str, Any] | None:
    kind = type(command)
    extra = _secrets(rules, events)
    move: dict[str, Any] | None = None
    if kind is lcmd.PickLeader:
        move = {"kind": "pick_leader", "leader": NAMES[command.leader]}
    elif kind is lcmd.ChooseLeader:
        move = {"kind": "choose_leader", "leader": NAMES[command.leader]}
    elif kind is lcmd.DeclareRecruitment:
        move = {"kind": "declare_recruitment", "recruit": command.recruit,
                "leader": NAMES[leaders(before).chosen[command.seat]]}
    elif kind is lcmd.RecruitFree:
        source = "maecenas" if before.pending[0][0] == OWE_MAECENAS else "rome"
        move = {"kind": "recruit_leader_free", "leader": NAMES[command.leader],
                "source": source}
    elif kind is lcmd.BuildOffered:
        move = {"kind": "build_offered_card", "card": rules.cards[command.card].name}
    elif kind is lcmd.DeclineLeaderOffer:
        owed_kind = before.pending[0][0]
        owed_name = (BASE_OWED_NAMES[owed_kind] if owed_kind < len(BASE_OWED_NAMES)
                     else OWED_NAMES[owed_kind])  # Solomon's construct_from_discard
        move = {"kind": "decline_leader_offer", "owed": owed_name}
    elif kind is lcmd.BuryLeader:
        move = {"kind": "bury_leader", "leader": NAMES[command.leader]}
    elif kind is lcmd.ConstructWithLeader:
        paid = next(e for e in events if type(e).__name__ == "BuildingConstructed").cost
        move = {"kind": "construct_with_leader", **_slot(rules, before, command.slot),
                "leader": NAMES[command.leader], "symbol": SCIENCE_SYMBOLS[command.symbol],
                "paid": paid}
    elif kind is lcmd.PutUnderPythagoras:
        move = {"kind": "put_under_pythagoras", **_slot(rules, before, command.slot)}
    elif kind is lcmd.ChangeSymbol:
        move = {"kind": "change_symbol", "card": rules.cards[command.card].name,
                "leader": NAMES[command.leader], "symbol": SCIENCE_SYMBOLS[command.symbol]}
    elif _agora(rules):
        move = agora_trace.agora_move(rules, before, command, events, after, seats)
    if move is None:
        return extra or None
    return {**move, **extra}


def write_leaders_trace(game: Any, played: PlayedGame) -> dict[str, Any]:
    record = write_trace(game, played, FORMAT, setup_extra, leaders_move, leaders_state)
    record["options"] = rules_options(played.options)
    return record


# -- reading ------------------------------------------------------------------------------


def _leader(name: Any) -> int:
    try:
        return LEADER_IDS[name]
    except (KeyError, TypeError):
        raise TraceError(f"unknown leader {name!r}") from None


def deal_from_record(record: dict[str, Any], rules: DuelRules) -> Any:
    setup = record["setup"]
    n = agora_trace._Names(rules)
    if _agora(rules):
        inner: Any = agora_trace.deal_from_record(record, rules, n)
    else:
        offered = [n.get(n.wonders, w, "wonder") for r in setup["wonders_offered"] for w in r]
        ages = []
        for age in (1, 2, 3):
            layout = rules.layouts[age - 1]
            cells = setup["age_structures"][str(age)]
            if set(cells) != set(layout.by_name):
                raise TraceError(f"Age {age} structure does not name its slots")
            row = [0] * len(layout.slots)
            for slot_name, card in cells.items():
                row[layout.by_name[slot_name]] = n.get(n.cards, card, "card")
            ages.append(tuple(row))
        removed = setup["removed"]
        from domain.duel.deal import Deal

        inner = Deal(
            first_player=0,
            wonders=tuple(offered),
            wonders_unused=tuple(w.id for w in rules.wonders if w.id not in offered),
            board_tokens=tuple(n.get(n.tokens, t, "token")
                               for t in setup["progress_tokens_board"]),
            aside_tokens=tuple(n.get(n.tokens, t, "token")
                               for t in setup["progress_tokens_aside"]),
            ages=tuple(ages),
            removed=tuple(tuple(n.get(n.cards, c, "card") for c in removed[k])
                          for k in ("1", "2", "3", "guilds_unused")),
        )
    lead = setup["leaders"]
    order = [_leader(x) for r in lead["drafted"] for x in r] + [_leader(x) for x in lead["aside"]]
    return with_leaders(inner, tuple(order))


def _symbol(name: Any) -> int:
    if name not in SCIENCE_SYMBOLS:
        raise TraceError(f"unknown science symbol {name!r}")
    return SCIENCE_SYMBOLS.index(name)


def command_for(state: DuelState, rules: DuelRules, seat: int, move: dict[str, Any]) -> Any:
    kind = move.get("kind")
    n = agora_trace._Names(rules)

    def slot() -> int:
        index = rules.layouts[state.age - 1].by_name.get(move["slot"])
        if index is None:
            raise TraceError(f"unknown slot {move['slot']!r}")
        return index

    builders: dict[str, Any] = {
        "pick_leader": lambda: lcmd.PickLeader(seat=seat, leader=_leader(move["leader"])),
        "choose_leader": lambda: lcmd.ChooseLeader(seat=seat, leader=_leader(move["leader"])),
        "declare_recruitment": lambda: lcmd.DeclareRecruitment(seat=seat,
                                                               recruit=move["recruit"]),
        "recruit_leader_free": lambda: lcmd.RecruitFree(seat=seat,
                                                        leader=_leader(move["leader"])),
        "build_offered_card": lambda: lcmd.BuildOffered(
            seat=seat, card=n.get(n.cards, move["card"], "card")),
        "decline_leader_offer": lambda: lcmd.DeclineLeaderOffer(seat=seat),
        "bury_leader": lambda: lcmd.BuryLeader(seat=seat, leader=_leader(move["leader"])),
        "construct_with_leader": lambda: lcmd.ConstructWithLeader(
            seat=seat, slot=slot(), leader=_leader(move["leader"]),
            symbol=_symbol(move["symbol"]), coins=move["paid"]),
        "put_under_pythagoras": lambda: lcmd.PutUnderPythagoras(seat=seat, slot=slot()),
        "change_symbol": lambda: lcmd.ChangeSymbol(
            seat=seat, card=n.get(n.cards, move["card"], "card"), leader=_leader(move["leader"]),
            symbol=_symbol(move["symbol"])),
    }
    build = builders.get(kind) if isinstance(kind, str) else None
    if build is not None:
        return build()
    return agora_trace.command_for(state, rules, n, seat, move)


def _state(rules: DuelRules, state: DuelState) -> dict[str, Any]:
    seats = SeatMap(0)
    return {**state_record(rules, state, seats), **leaders_state(rules, state, seats)}


def replay_leaders_trace(record: dict[str, Any], played_by: Any | None = None) -> TraceResult:
    """Replay one Duel Leaders game; raises TraceError for a malformed record. `played_by`:
    the game to play it through (an importer's recording wrapper of the record's ruleset)."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise TraceError(f"not a {FORMAT} record")
    try:
        seed = record["source"]["seed"]
        moves = record["moves"]
        expansions = tuple(record["expansions"])
        options = rules_options(dict(record.get("options") or {}))
    except (KeyError, TypeError, ValueError) as exc:
        raise TraceError(f"malformed record: missing or bad {exc}") from None
    result = TraceResult(seed=seed, moves=0, disagreements=[])

    def disagree(index: int, move: Any, field: str, recorded: Any, polis: Any) -> None:
        result.disagreements.append(Disagreement(seed, index, move, field, recorded, polis))

    try:
        game: Any = played_by if played_by is not None else get_game("duel", expansions, options)
    except DomainError as exc:
        disagree(-1, None, "options", "a valid game", f"{exc.code}: {exc.reason}")
        return result
    assert isinstance(getattr(game, "game", game), DuelGame)
    rules = game.rules
    if "leaders" not in rules.expansions:
        raise TraceError(f"a {FORMAT} record names the leaders expansion")
    try:
        deal = deal_from_record(record, rules)
    except (KeyError, TypeError, IndexError, ValueError) as exc:
        raise TraceError(f"malformed record: missing or bad {exc}") from None
    if _agora(rules) and not isinstance(deal, AgoraDeal):
        raise TraceError("an Agora record needs its senate")
    try:
        state = fold(game, game.start(2, options, random.Random(0), deal))
    except DomainError as exc:
        disagree(-1, None, "setup", "a valid deal", f"{exc.code}: {exc.reason}")
        return result
    costs = record["setup"]["leaders"].get("costs", {})
    mine_costs = {NAMES[i]: leaders(state).costs[i] for i in leaders(state).pool}
    if costs != mine_costs:
        disagree(-1, None, "setup.leaders.costs", costs, mine_costs)
        return result
    for index, entry in enumerate(moves):
        move = entry.get("move", {})
        seat = entry.get("seat")
        try:
            command = command_for(state, rules, seat, move)
        except (KeyError, TypeError, ValueError) as exc:
            raise TraceError(f"move {index}: missing {exc}") from None
        if "slot" in move and "card" in move and hasattr(command, "slot"):
            in_slot = rules.cards[state.slots[command.slot]].name
            if in_slot != move["card"]:
                disagree(index, move, "card", move["card"], in_slot)
                return result
        before = state
        played = step_recorded(game, state, seat, command, index, move, disagree)
        if played is None:
            return result
        events, state = played
        mine = {**(base_move(rules, before, command, events, SeatMap(0)) or {}),
                **(leaders_move(rules, before, command, events, state, SeatMap(0)) or {})}
        for field, value in move.items():
            if mine.get(field, value) != value:
                disagree(index, move, f"move.{field}", value, mine.get(field))
        for field in ("leaders_drawn", "cards_offered"):
            if field in mine and field not in move:
                disagree(index, move, f"move.{field}", None, mine[field])
        result.moves += 1
        observed = _state(rules, state)
        compare_state(entry.get("state", {}), observed,
                      lambda f, r, o, i=index, m=move: disagree(i, m, f, r, o))
        if result.disagreements:
            return result
    if state.phase != OVER:
        disagree(-1, None, "game_over", True, False)
        return result
    mine_result = result_record(rules, state, SeatMap(0))
    for field, value in record.get("result", {}).items():
        if mine_result.get(field) != value:
            disagree(-1, None, field, value, mine_result.get(field))
    return result


def import_leaders_trace(record: dict[str, Any]) -> PlayedGame:
    """Duel Leaders (alone or with Agora): the ruleset and its options come from the record."""
    try:
        expansions = tuple(record["expansions"])
        options = rules_options(dict(record.get("options") or {}))
        game = get_game("duel", expansions, options)
    except (KeyError, TypeError, ValueError, DomainError) as exc:
        raise TraceError(f"malformed record: {exc}") from None
    return import_by_replay(record, game, replay_leaders_trace, expansions, options)
