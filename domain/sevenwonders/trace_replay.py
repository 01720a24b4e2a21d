"""Replay of games recorded by another implementation (`7w-trace/1`), step by step.

An audit feature: the recorded deal (boards, the hands of each age, the guilds) is set up as
an explicit deal, each recorded action becomes a Polis command that must be legal with the
same payment (its coin split among the listed ways to pay, its purchase valid), and the
state after each step and the final scores, ranking and rank are compared with the record.
Which of several equal payments the recording engine chose is its own convention: Polis
checks that the recorded purchase is valid and costs what was paid, not that it is the one
Polis would list first. Pure: the caller parses the JSON and reads the files.

The format also carries the two-player variant when Polis writes it (`players` 2): the
setup then lists the Free City's draw piles and an action for the Free City names its city.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.errors import DomainError
from domain.kernel.traces import Disagreement, NoRandom, TraceError, TraceResult
from domain.sevenwonders import commands as cmd
from domain.sevenwonders import events as ev
from domain.sevenwonders.catalog import CARD_BY_NAME, CARDS, WONDER_BY_NAME, WONDERS
from domain.sevenwonders.catalog_types import RESOURCES, CardDef, WonderDef
from domain.sevenwonders.deal import Deal
from domain.sevenwonders.flow import LAST_TURN
from domain.sevenwonders.game import SevenWondersGame
from domain.sevenwonders.play import city_hand
from domain.sevenwonders.scoring import category_names
from domain.sevenwonders.state import COPY_GUILD, DISCARD_BUILD, FREE_CITY, OVER, SEVENTH, SWState

FORMAT = "7w-trace/1"

RuleException = tuple[Any, int, str]
"""(seed, step index, the rule and its rulebook section) where Polis knowingly differs."""

KNOWN_EXCEPTIONS: tuple[RuleException, ...] = ()
"""Recorded games that break a rule; none are known."""

KIND_ACTIONS = {"build": "build", "build_stage": "stage", "discard": "discard",
                "build_free": "free"}
STEP_NAMES = {DISCARD_BUILD: "discard_build", SEVENTH: "seventh", COPY_GUILD: "copy_guild"}
"""The base game's steps other than `play`, by the phase they are played in."""


def step_turn(before: SWState) -> int:
    """A step's `turn`: 1-6 within the age, 7 for Babylon B's seventh card, and 6 for
    Olympia B's copy at the end of the game (even after a seventh card)."""
    return LAST_TURN if before.phase == COPY_GUILD else before.turn


class Tables(msgspec.Struct, frozen=True):
    """The catalog a record's names are read in (the base game's, or with an expansion's
    cards and boards appended)."""

    cards: tuple[CardDef, ...]
    wonders: tuple[WonderDef, ...]
    card_by_name: dict[str, tuple[int, ...]]
    wonder_by_name: dict[str, int]


def tables_of(cards: tuple[CardDef, ...], wonders: tuple[WonderDef, ...]) -> Tables:
    by_name: dict[str, tuple[int, ...]] = {}
    for c in cards:
        by_name[c.name] = (*by_name.get(c.name, ()), c.id)
    return Tables(cards, wonders, by_name, {w.name: w.id for w in wonders})


BASE_TABLES = Tables(CARDS, WONDERS, CARD_BY_NAME, WONDER_BY_NAME)


class Extension:
    """What an expansion adds to a replay (the base game: nothing). Subclassed by the
    expansions' trace modules."""

    format = FORMAT

    def deal(self, record: dict[str, Any], deal: Deal) -> Deal:
        """The explicit deal with the expansion's part read from the record's setup."""
        return deal

    def command(self, state: SWState, action: dict[str, Any]) -> Any:
        """The command of an action kind the base format does not have (None: unknown)."""
        return None

    def matches(self, move: Any, command: Any) -> bool:
        return bool(move == command)

    def check(self, turn: dict[str, Any], events: list[Any], disagree: Any) -> None:
        """Compare what the expansion's events of a step say with the record."""

    def observe(self, state: SWState) -> dict[str, Any]:
        """The expansion's part of the observed state."""
        return {}


BASE_EXTENSION = Extension()


def _card_ids(name: Any, t: Tables = BASE_TABLES) -> tuple[int, ...]:
    try:
        return t.card_by_name[name]
    except (KeyError, TypeError):
        raise TraceError(f"unknown card {name!r}") from None


def _one_id(name: Any, among: tuple[int, ...] | list[int], t: Tables = BASE_TABLES) -> int:
    """The id of the card called `name` among `among` (Loom, Glassworks, Press have two)."""
    ids = _card_ids(name, t)
    for i in ids:
        if i in among:
            return i
    return ids[0]


def _vec(counts: Any) -> tuple[int, ...]:
    if not isinstance(counts, dict) or any(k not in RESOURCES for k in counts):
        raise TraceError(f"bad resource counts {counts!r}")
    return tuple(int(counts.get(r, 0)) for r in RESOURCES)


def deal_from_setup(record: dict[str, Any], t: Tables = BASE_TABLES) -> Deal:
    setup = record["setup"]
    boards = []
    for b in setup["boards"]:
        if b["wonder"] not in t.wonder_by_name or b["side"] not in ("A", "B"):
            raise TraceError(f"unknown board {b!r}")
        boards.append((t.wonder_by_name[b["wonder"]], "AB".index(b["side"])))
    guilds = tuple(sorted(_card_ids(n, t)[0] for n in setup["guilds"]))
    hands = []
    for age in ("1", "2", "3"):
        hands.append(tuple(
            tuple(_one_id(n, [c.id for c in t.cards if c.age == int(age)], t) for n in hand)
            for hand in setup["hands"][age]
        ))
    piles: tuple[tuple[int, ...], ...] = ()
    if record.get("players") == 2:
        hands = [(*h, ()) for h in hands]
        piles = tuple(
            tuple(_one_id(n, [c.id for c in t.cards if c.age == int(age)], t) for n in pile)
            for age, pile in sorted(setup["free_city_piles"].items())
        )
    return Deal(boards=tuple(boards), hands=tuple(hands), guilds=guilds, piles=piles)


def command_for(state: SWState, action: dict[str, Any], t: Tables = BASE_TABLES,
                x: Extension = BASE_EXTENSION) -> Any:
    kind = action.get("kind")
    seat = action["seat"]
    if kind in KIND_ACTIONS:
        city = action.get("city")
        hand = city_hand(state, seat if city is None else city)
        card = _one_id(action["card"], hand, t)
        if kind in ("build", "build_stage"):
            trade = action.get("trade", {})
            bought = action.get("bought", {})
            return cmd.Play(
                seat=seat, card=card, action=KIND_ACTIONS[kind], city=city,
                left=trade.get("left", 0), right=trade.get("right", 0),
                buy_left=_vec(bought.get("left", {})), buy_right=_vec(bought.get("right", {})),
            )
        return cmd.Play(seat=seat, card=card, action=KIND_ACTIONS[kind], city=city)
    if kind == "build_discarded":
        return cmd.BuildDiscarded(seat=seat, card=_one_id(action["card"], state.discard, t))
    if kind == "copy_guild":
        return cmd.CopyGuild(seat=seat, card=_card_ids(action["card"], t)[0],
                             neighbour=action["from"])
    own = x.command(state, action)
    if own is not None:
        return own
    raise TraceError(f"unknown action kind {kind!r}")


def _matches(move: Any, command: Any, x: Extension = BASE_EXTENSION) -> bool:
    if type(move) is not type(command):
        return False
    if isinstance(command, cmd.Play):
        return (move.card, move.action, move.city, move.left or 0, move.right or 0) == (
            command.card, command.action, command.city, command.left or 0, command.right or 0
        )
    return x.matches(move, command)


def _names(cards: tuple[int, ...] | list[int], t: Tables = BASE_TABLES) -> list[str]:
    return [t.cards[c].name for c in cards]


def observed(state: SWState, t: Tables = BASE_TABLES) -> dict[str, Any]:
    """The state in the trace's terms (lists whose order is not significant are sorted)."""
    seats = 2 if state.variant else len(state.cities)
    hands = [sorted(_names(state.hands[s], t)) for s in range(seats)] if state.hands else []
    return {
        "age": state.age,
        "coins": [c.coins for c in state.cities],
        "built": [_names(c.built, t) for c in state.cities],
        "stages": [c.stages for c in state.cities],
        "shields": [c.shields for c in state.cities],
        "tokens": [sorted(c.tokens) for c in state.cities],
        "hands": hands,
        "discard_pile": sorted(_names(state.discard, t)),
    }


def _normalise(recorded: dict[str, Any]) -> dict[str, Any]:
    out = dict(recorded)
    for key in ("tokens", "hands"):
        if key in out:
            out[key] = [sorted(x) for x in out[key]]
    if "discard_pile" in out:
        out["discard_pile"] = sorted(out["discard_pile"])
    return out


def replay_trace(record: dict[str, Any], game: SevenWondersGame | None = None,
                 x: Extension = BASE_EXTENSION) -> TraceResult:
    """Replay one recorded game; raises TraceError for a malformed record. `x`: an
    expansion's part of the format (`game` then has that expansion attached)."""
    if not isinstance(record, dict) or record.get("format") != x.format:
        raise TraceError(f"not a {x.format} record")
    game = game or SevenWondersGame()
    t = BASE_TABLES if x is BASE_EXTENSION else tables_of(game.rules.cards, game.rules.wonders)
    try:
        seed = record["source"]["seed"]
        players = record["players"]
        turns = record["turns"]
        deal = x.deal(record, deal_from_setup(record, t))
    except (KeyError, TypeError, IndexError) as exc:
        raise TraceError(f"malformed record: missing or bad {exc}") from None
    exceptions = {(s, i): rule for s, i, rule in KNOWN_EXCEPTIONS}
    result = TraceResult(seed=seed, moves=0, disagreements=[])

    def disagree(index: int, move: Any, field: str, recorded: Any, polis: Any) -> None:
        result.disagreements.append(
            Disagreement(seed, index, move, field, recorded, polis, exceptions.get((seed, index)))
        )

    def failed() -> bool:
        return any(d.known_exception is None for d in result.disagreements)

    try:
        events = game.start(players, {}, NoRandom(), deal)
    except DomainError as exc:
        disagree(-1, None, "setup", "a valid deal", f"{exc.code}: {exc.reason}")
        return result
    state = game.initial_state()
    for e in events:
        state = game.evolve(state, e)
    coins = record["setup"].get("coins")
    if coins is not None and coins != [c.coins for c in state.cities]:
        disagree(-1, None, "coins", coins, [c.coins for c in state.cities])
    for index, turn in enumerate(turns):
        step_events: list[Any] = []
        _check_place(turn, state, lambda f, r, p, i=index: disagree(i, None, f, r, p))
        for action in turn.get("actions", []):
            try:
                command = command_for(state, action, t, x)
            except (KeyError, TypeError) as exc:
                raise TraceError(f"step {index}: missing {exc}") from None
            legal = game.legal_moves(state, command.seat)
            if not any(_matches(m, command, x) for m in legal):
                disagree(index, action, "legal", "a legal move", _describe(legal, command))
                return result
            try:
                new_events, state = game.step(state, command)
            except DomainError as exc:
                disagree(index, action, "decide", "accepted", f"{exc.code}: {exc.reason}")
                return result
            step_events.extend(new_events)
            result.moves += 1
        for action in turn.get("actions", []):  # once the step is revealed: every action
            _check_action(action, step_events,
                          lambda f, r, p, i=index, a=action: disagree(i, a, f, r, p), t)
        _check_step(turn, step_events, lambda f, r, p, i=index: disagree(i, None, f, r, p), t)
        x.check(turn, step_events, lambda f, r, p, i=index: disagree(i, None, f, r, p))
        recorded = _normalise(turn.get("state", {}))
        mine = observed(state, t)
        mine.update(x.observe(state))
        for field, value in recorded.items():
            if mine.get(field, value) != value:
                disagree(index, None, field, value, mine.get(field))
        if failed():
            return result
    _check_result(record.get("result", {}), state, category_names(game.rules), disagree)
    return result


def _check_place(turn: dict[str, Any], before: SWState, disagree: Any) -> None:
    """A base step's `step` and `turn` against the state it is played in (an expansion's
    own steps have their own)."""
    name = turn.get("step", "play")
    if name not in ("play", *STEP_NAMES.values()):
        return
    mine = STEP_NAMES.get(before.phase, "play")
    if name != mine:
        disagree("step", name, mine)
    if "turn" in turn and turn["turn"] != step_turn(before):
        disagree("turn", turn["turn"], step_turn(before))


def _check_action(action: dict[str, Any], events: list[Any], disagree: Any,
                  t: Tables = BASE_TABLES) -> None:
    copied = [e for e in events if isinstance(e, ev.GuildCopied)]
    if copied and action.get("kind") == "copy_guild" and "city" in action:
        # the Free City's copy names its city (older records leave it out: not checked)
        city = FREE_CITY if copied[0].city == FREE_CITY else None
        if action["city"] != city:
            disagree("city", action["city"], city)
    resolved = [e for e in events if isinstance(e, ev.StepResolved)]
    if not resolved:
        return
    for a in resolved[0].actions:
        if a.seat != action["seat"] or t.cards[a.card].name != action.get("card"):
            continue
        if action["kind"] == "build" and a.chain != action.get("chain", False):
            disagree("chain", action.get("chain"), a.chain)
        if action["kind"] in ("build", "build_stage"):
            bought = action.get("bought", {})
            if a.bank_bought >= 0 and "bank" not in bought:
                continue  # written before `bought.bank` (a stage's `bank` then lacked it)
            if a.bank != action.get("bank", 0):
                disagree("bank", action.get("bank"), a.bank)
            mine = {RESOURCES[a.bank_bought]: 1} if a.bank_bought >= 0 else {}
            if bought.get("bank", {}) != mine:
                disagree("bought.bank", bought.get("bank", {}), mine)
        if action["kind"] == "discard" and a.gained != action.get("gained"):
            disagree("gained", action.get("gained"), a.gained)


def _check_step(turn: dict[str, Any], events: list[Any], disagree: Any,
                t: Tables = BASE_TABLES) -> None:
    discarded = [e for e in events if isinstance(e, ev.HandsDiscarded)]
    if "end_discards" in turn:
        recorded = sorted((d["seat"], d["card"]) for d in turn["end_discards"])
        mine = sorted((s, t.cards[c].name) for e in discarded for s, cards in enumerate(e.cards)
                      for c in cards)
        if recorded != mine:
            disagree("end_discards", recorded, mine)
    ended = any(isinstance(e, ev.ConflictsResolved) for e in events)
    if bool(turn.get("age_end", False)) != ended:
        disagree("age_end", turn.get("age_end", False), ended)


def _check_result(
    recorded: dict[str, Any], state: SWState, categories: tuple[str, ...], disagree: Any
) -> None:
    if state.phase != OVER:
        disagree(-1, None, "game_over", True, False)
        return
    for seat, scores in enumerate(recorded.get("scores", [])):
        for i, category in enumerate(categories):
            if category in scores and scores[category] != state.scores[seat][i]:
                disagree(-1, None, f"scores[{seat}].{category}", scores[category],
                         state.scores[seat][i])
    seats = len(state.ranking)
    checks = (("coins", [c.coins for c in state.cities[:seats]]),
              ("ranking", list(state.ranking)), ("rank", list(state.rank)))
    for field, mine in checks:
        if field in recorded and recorded[field] != mine:
            disagree(-1, None, field, recorded[field], mine)


def _describe(legal: list[Any], command: Any) -> str:
    similar = [m for m in legal if getattr(m, "card", None) == getattr(command, "card", None)]
    return "not legal; legal moves with that card: " + ", ".join(
        msgspec.json.encode(m).decode() for m in similar[:12]
    )



__all__ = ["FORMAT", "KNOWN_EXCEPTIONS", "WONDERS", "replay_trace"]
