"""Leaders games as `7w-trace/1+leaders` records: the base format (`7w-trace/1`, its
steps, actions and state unchanged) extended by the leader deal, the draft, the
recruitment, Rome B's extra leaders and the Courtesan. Described in
`openapi/traces-7wonders.md`.

- `setup.leaders`: {"hands": per seat the 4 leaders dealt, "box": the rest in draw order};
  `setup.boards` may name Rome ("The Colosseum of Rome"), `setup.guilds` the new guilds.
- steps `leader_draft` (one per round; actions `keep_leader`), `recruitment` (one per age;
  actions `recruit_leader`, `leader_stage`, `discard_leader` with `bank`, `gained` and for a
  stage `stage`, `trade`, `bought`; `boxed` lists the leaders returned before Age III),
  `extra_leader` (Rome B: `recruit_leader` or `decline_leader`), `courtesan`
  (`place_courtesan` with the neighbour's `city` and the `leader`).
- every step's `state` adds `leaders` (per city, the leaders recruited, in order),
  `leader_hands` (per seat, sorted) and `courtesan` ([city, target, leader] or null).
- `result.scores` carries the `leaders` line.
"""

from __future__ import annotations

from typing import Any

from domain.kernel.game import Game
from domain.kernel.recording import import_by_replay
from domain.kernel.registry import get_game
from domain.kernel.traces import PlayedGame, TraceError, TraceResult
from domain.sevenwonders import events as ev
from domain.sevenwonders.catalog_types import RESOURCES
from domain.sevenwonders.deal import Deal
from domain.sevenwonders.state import SWState
from domain.sevenwonders.trace_replay import Extension, replay_trace
from domain.sevenwonders.trace_writer import WriterExtension
from domain.sevenwonders.trace_writer import write_trace as base_write
from domain.sevenwonders_leaders import events as lev
from domain.sevenwonders_leaders.catalog import LEADER_BY_NAME, LEADERS
from domain.sevenwonders_leaders.commands import (
    DeclineLeader,
    PickLeader,
    PlaceCourtesan,
    PlayLeader,
)
from domain.sevenwonders_leaders.deal import LeadersDeal
from domain.sevenwonders_leaders.state import DISCARD_ACTION, RECRUIT_ACTION, STAGE_ACTION

FORMAT = "7w-trace/1+leaders"
KINDS = {RECRUIT_ACTION: "recruit_leader", STAGE_ACTION: "leader_stage",
         DISCARD_ACTION: "discard_leader"}
ACTIONS = {v: k for k, v in KINDS.items()}


def _names(ids: tuple[int, ...]) -> list[str]:
    return [LEADERS[i].name for i in ids]


def _id(name: Any) -> int:
    try:
        return LEADER_BY_NAME[name]
    except (KeyError, TypeError):
        raise TraceError(f"unknown leader {name!r}") from None


def _counts(vec: tuple[int, ...]) -> dict[str, int]:
    return {RESOURCES[i]: n for i, n in enumerate(vec) if n}


def _vec(counts: Any) -> tuple[int, ...]:
    if not isinstance(counts, dict) or any(k not in RESOURCES for k in counts):
        raise TraceError(f"bad resource counts {counts!r}")
    return tuple(int(counts.get(r, 0)) for r in RESOURCES)


def observe(state: SWState) -> dict[str, Any]:
    x = state.ext
    if x is None:
        return {}
    court = x.courtesan
    return {
        "leaders": [_names(c.beside) for c in state.cities],
        "leader_hands": [sorted(_names(h)) for h in x.hands],
        "courtesan": None if court[0] < 0 else [court[0], court[1], LEADERS[court[2]].name],
    }


def _leader_action(a: lev.LeaderAction) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": a.seat, "kind": KINDS[a.kind],
                           "leader": LEADERS[a.leader].name, "bank": a.bank,
                           "gained": a.gained}
    if a.kind == STAGE_ACTION:
        out.update(stage=a.stage, trade={"left": a.left, "right": a.right},
                   bought={"left": _counts(a.bought_left), "right": _counts(a.bought_right)})
    return out


class LeadersWriter(WriterExtension):
    format = FORMAT

    def setup(self, started: ev.GameStarted, seats: int) -> dict[str, Any]:
        deal = started.deal
        return {"leaders": {"hands": [_names(h) for h in getattr(deal, "leaders", ())],
                            "box": _names(getattr(deal, "box", ()))}}

    def step(self, before: SWState, events: list[Any], game: Game) -> dict[str, Any] | None:
        state = before
        for e in events:
            if isinstance(e, lev.LeadersPassed):
                return {"age": 0, "turn": 0, "step": "leader_draft", "round": e.round,
                        "actions": [{"seat": s, "kind": "keep_leader",
                                     "leader": LEADERS[p].name}
                                    for s, p in enumerate(state.ext.picks)]}
            if isinstance(e, lev.LeadersPlayed):
                step: dict[str, Any] = {
                    "age": before.age, "turn": before.turn,
                    "step": "extra_leader" if e.extra else "recruitment",
                    "actions": [_leader_action(a) for a in e.actions]}
                boxed = next((b for b in events if isinstance(b, lev.LeadersBoxed)), None)
                if boxed is not None:
                    step["boxed"] = [sorted(_names(h)) for h in boxed.cards]
                return step
            if isinstance(e, lev.ExtraLeaderSkipped) and e.declined:
                return {"age": before.age, "turn": before.turn, "step": "extra_leader",
                        "actions": [{"seat": before.ext.special_seat,
                                     "kind": "decline_leader"}]}
            if isinstance(e, lev.CourtesanPlaced):
                return {"age": before.age, "turn": before.turn, "step": "courtesan",
                        "actions": [{"seat": before.ext.special_seat,
                                     "kind": "place_courtesan", "city": e.target,
                                     "leader": LEADERS[e.leader].name}]}
            state = game.evolve(state, e)
        return None

    def observe(self, state: SWState) -> dict[str, Any]:
        return observe(state)


class LeadersReplay(Extension):
    format = FORMAT

    def deal(self, record: dict[str, Any], deal: Deal) -> Deal:
        leaders = record["setup"]["leaders"]
        return LeadersDeal(
            boards=deal.boards, hands=deal.hands, guilds=deal.guilds, piles=deal.piles,
            leaders=tuple(tuple(_id(n) for n in h) for h in leaders["hands"]),
            box=tuple(_id(n) for n in leaders["box"]))

    def command(self, state: SWState, action: dict[str, Any]) -> Any:
        kind = action.get("kind")
        seat = action["seat"]
        if kind == "keep_leader":
            return PickLeader(seat=seat, leader=_id(action["leader"]))
        if kind in ACTIONS:
            if kind == "leader_stage":
                trade = action.get("trade", {})
                bought = action.get("bought", {})
                return PlayLeader(seat=seat, leader=_id(action["leader"]), action=ACTIONS[kind],
                                  left=trade.get("left", 0), right=trade.get("right", 0),
                                  buy_left=_vec(bought.get("left", {})),
                                  buy_right=_vec(bought.get("right", {})))
            return PlayLeader(seat=seat, leader=_id(action["leader"]), action=ACTIONS[kind])
        if kind == "decline_leader":
            return DeclineLeader(seat=seat)
        if kind == "place_courtesan":
            return PlaceCourtesan(seat=seat, city=action["city"], leader=_id(action["leader"]))
        return None

    def matches(self, move: Any, command: Any) -> bool:
        if isinstance(command, PlayLeader):
            return (move.leader, move.action, move.left or 0, move.right or 0) == (
                command.leader, command.action, command.left or 0, command.right or 0)
        return bool(move == command)

    def check(self, turn: dict[str, Any], events: list[Any], disagree: Any) -> None:
        played = [a for e in events if isinstance(e, lev.LeadersPlayed) for a in e.actions]
        recorded = {(a["seat"], a.get("leader")): a for a in turn.get("actions", [])}
        for a in played:
            r = recorded.get((a.seat, LEADERS[a.leader].name))
            if r is None:
                disagree("actions", None, _leader_action(a))
                continue
            for field in ("bank", "gained"):
                if r.get(field) != getattr(a, field):
                    disagree(field, r.get(field), getattr(a, field))
        boxed = [b for e in events if isinstance(e, lev.LeadersBoxed) for b in e.cards]
        if "boxed" in turn and turn["boxed"] != [sorted(_names(h)) for h in boxed]:
            disagree("boxed", turn["boxed"], [sorted(_names(h)) for h in boxed])

    def observe(self, state: SWState) -> dict[str, Any]:
        return observe(state)


WRITER = LeadersWriter()
REPLAY = LeadersReplay()


def write_trace(game: Game, played: PlayedGame) -> dict[str, Any]:
    record = base_write(game, played, WRITER)
    record["extends"] = "7w-trace/1"
    return record


def replay(record: dict[str, Any], played_by: Any | None = None) -> TraceResult:
    """Replay one Leaders record; `played_by`: the game to play it through (an importer's
    recording wrapper), else the Leaders ruleset."""
    game: Any = played_by if played_by is not None else get_game("7wonders", ("leaders",))
    return replay_trace(record, game, REPLAY)


def import_trace(record: dict[str, Any]) -> PlayedGame:
    """The game a Leaders record holds, played through the engine (`import_by_replay`)."""
    return import_by_replay(record, get_game("7wonders", ("leaders",)), replay, ("leaders",))
