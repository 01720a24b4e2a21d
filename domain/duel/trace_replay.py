"""Replay of games recorded by another implementation (`duel-trace/1`), move for move.

An audit feature: the recorded deal is set up as an explicit deal (the Great Library's
recorded draw included), each recorded move becomes a Polis command that must be among the
legal moves with the same payment, and the state after each move and the final result are
compared with the record. Pure: the caller parses the JSON and reads the files.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.duel import commands as cmd
from domain.duel.catalog import CARDS, TOKENS, WONDERS
from domain.duel.deal import Deal
from domain.duel.game import DuelGame
from domain.duel.scoring import category_names
from domain.duel.state import OVER, DuelState
from domain.duel.views import acting_seats
from domain.kernel.errors import DomainError
from domain.kernel.traces import Disagreement, NoRandom, TraceError, TraceResult

FORMAT = "duel-trace/1"

CARD_IDS: dict[str, int] = {c.name: c.id for c in CARDS}
CARD_IDS["Glassblower"] = CARD_IDS["Glass-Blower"]
CARD_IDS["Traders Guild"] = CARD_IDS["Merchants Guild"]
WONDER_IDS: dict[str, int] = {w.name: w.id for w in WONDERS}
TOKEN_IDS: dict[str, int] = {t.name: t.id for t in TOKENS}

RuleException = tuple[int, int, str]
"""(seed, move index, the rule and its rulebook section) where Polis knowingly differs."""

KNOWN_EXCEPTIONS: tuple[RuleException, ...] = ()
"""Recorded games that break a rule; none are known (every trace was re-checked)."""


def _lookup(table: dict[str, int], name: Any, what: str) -> int:
    try:
        return table[name]
    except (KeyError, TypeError):
        raise TraceError(f"unknown {what} {name!r}") from None


def deal_from_setup(record: dict[str, Any], game: DuelGame) -> Deal:
    setup = record["setup"]
    offered = [_lookup(WONDER_IDS, n, "wonder") for r in setup["wonders_offered"] for n in r]
    unused = tuple(w.id for w in WONDERS if w.id not in offered)
    aside = [_lookup(TOKEN_IDS, n, "token") for n in setup["progress_tokens_aside"]]
    for m in record["moves"]:
        if m["move"].get("kind") == "great_library_pick":
            drawn = [_lookup(TOKEN_IDS, n, "token") for n in m["move"]["drawn"]]
            aside = drawn + [t for t in aside if t not in drawn]
    ages = []
    for age in (1, 2, 3):
        layout = game.rules.layouts[age - 1]
        cells = setup["age_structures"][str(age)]
        if set(cells) != set(layout.by_name):
            raise TraceError(f"Age {age} structure does not name the {len(layout.slots)} slots")
        row = [0] * len(layout.slots)
        for slot_name, card in cells.items():
            row[layout.by_name[slot_name]] = _lookup(CARD_IDS, card, "card")
        ages.append(tuple(row))
    removed = setup["removed"]
    return Deal(
        first_player=0,
        wonders=tuple(offered),
        wonders_unused=unused,
        board_tokens=tuple(_lookup(TOKEN_IDS, n, "token") for n in setup["progress_tokens_board"]),
        aside_tokens=tuple(aside),
        ages=tuple(ages),
        removed=tuple(
            tuple(_lookup(CARD_IDS, n, "card") for n in removed[k])
            for k in ("1", "2", "3", "guilds_unused")
        ),
    )


def command_for(state: DuelState, game: DuelGame, seat: int, move: dict[str, Any]) -> Any:
    kind = move.get("kind")
    layouts = game.rules.layouts
    if kind == "pick_wonder":
        return cmd.PickWonder(seat=seat, wonder=_lookup(WONDER_IDS, move["wonder"], "wonder"))
    if kind in ("construct", "discard", "construct_wonder"):
        slot = layouts[state.age - 1].by_name.get(move["slot"])
        if slot is None:
            raise TraceError(f"unknown slot {move['slot']!r}")
        if kind == "discard":
            return cmd.DiscardCard(seat=seat, slot=slot)
        if kind == "construct":
            return cmd.ConstructBuilding(seat=seat, slot=slot, coins=move["paid"])
        return cmd.ConstructWonder(
            seat=seat,
            slot=slot,
            wonder=_lookup(WONDER_IDS, move["wonder"], "wonder"),
            coins=move["paid"],
        )
    if kind == "choose_progress_token":
        return cmd.ChooseProgressToken(seat=seat, token=_lookup(TOKEN_IDS, move["token"], "token"))
    if kind == "great_library_pick":
        return cmd.TakeLibraryToken(seat=seat, token=_lookup(TOKEN_IDS, move["token"], "token"))
    if kind == "destroy_card":
        return cmd.DestroyCard(seat=seat, card=_lookup(CARD_IDS, move["card"], "card"))
    if kind == "build_from_discard":
        return cmd.ConstructFromDiscard(seat=seat, card=_lookup(CARD_IDS, move["card"], "card"))
    if kind == "choose_start_player":
        return cmd.ChooseStartPlayer(seat=seat, starts=move["starts"])
    raise TraceError(f"unknown move kind {kind!r}")


def same_move(a: Any, b: Any) -> bool:
    """Legal-move match on everything but the optional purchase detail."""
    if type(a) is not type(b):
        return False
    fields = [f for f in a.__struct_fields__ if f != "buy"]
    return all(getattr(a, f) == getattr(b, f) for f in fields)


def observed(state: DuelState, game: DuelGame) -> dict[str, Any]:
    """The state in the trace's terms."""
    players = state.players
    next_seat = None if state.phase == OVER else acting_seats(state)[0]
    return {
        "age": state.age,
        "coins": [p.coins for p in players],
        "pawn": state.pawn,
        "looting_left": [
            t.name for i, t in enumerate(game.rules.military_tokens) if (state.looting >> i) & 1
        ],
        "buildings": [[CARDS[c].name for c in p.buildings] for p in players],
        "wonders_built": [[WONDERS[w].name for w in p.built_wonders] for p in players],
        "tokens": [[TOKENS[t].name for t in p.tokens] for p in players],
        "next": next_seat,
    }


def _normalise(state: dict[str, Any]) -> dict[str, Any]:
    out = dict(state)
    out["buildings"] = [
        ["Glass-Blower" if n == "Glassblower" else n for n in names]
        for names in state.get("buildings", [])
    ]
    return out


def replay_trace(record: dict[str, Any], game: DuelGame | None = None) -> TraceResult:
    """Replay one recorded game; raises TraceError for a malformed record."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise TraceError(f"not a {FORMAT} record")
    game = game or DuelGame()
    try:
        seed = record["source"]["seed"]
        moves = record["moves"]
        deal = deal_from_setup(record, game)
    except (KeyError, TypeError, IndexError) as exc:
        raise TraceError(f"malformed record: missing or bad {exc}") from None
    exceptions = {(s, i): rule for s, i, rule in KNOWN_EXCEPTIONS}
    result = TraceResult(seed=seed, moves=0, disagreements=[])

    def disagree(index: int, move: Any, field: str, recorded: Any, polis: Any) -> None:
        result.disagreements.append(
            Disagreement(seed, index, move, field, recorded, polis, exceptions.get((seed, index)))
        )

    try:
        events = game.start(2, {}, NoRandom(), deal)
    except DomainError as exc:
        disagree(-1, None, "setup", "a valid deal", f"{exc.code}: {exc.reason}")
        return result
    state = game.initial_state()
    for e in events:
        state = game.evolve(state, e)
    for index, entry in enumerate(moves):
        move = entry.get("move", {})
        seat = entry.get("seat")
        try:
            command = command_for(state, game, seat, move)
        except (KeyError, TypeError) as exc:
            raise TraceError(f"move {index}: missing {exc}") from None
        if "slot" in move and "card" in move and hasattr(command, "slot"):
            in_slot = state.slots[command.slot]
            if in_slot != _lookup(CARD_IDS, move["card"], "card"):
                disagree(index, move, "card", move["card"], CARDS[in_slot].name)
                return result
        legal = game.legal_moves(state, seat)
        match = next((m for m in legal if same_move(m, command)), None)
        if match is None:
            disagree(index, move, "legal", "a legal move", _describe_legal(legal, command))
            return result
        if move.get("kind") == "great_library_pick":
            drawn = sorted(_lookup(TOKEN_IDS, n, "token") for n in move["drawn"])
            if sorted(state.library_draw) != drawn:
                disagree(index, move, "drawn", move["drawn"],
                         [TOKENS[t].name for t in state.library_draw])
        try:
            new_events, state = game.step(state, command)
        except DomainError as exc:
            disagree(index, move, "decide", "accepted", f"{exc.code}: {exc.reason}")
            return result
        if move.get("kind") == "discard":
            gained = next(getattr(e, "coins", None) for e in new_events
                          if type(e).__name__ == "CardDiscarded")
            if gained != move.get("gained"):
                disagree(index, move, "gained", move.get("gained"), gained)
        result.moves += 1
        recorded_state = _normalise(entry.get("state", {}))
        mine = observed(state, game)
        for field, value in recorded_state.items():
            if mine.get(field, value) != value:
                disagree(index, move, field, value, mine.get(field))
        if any(d.known_exception is None for d in result.disagreements):
            return result
    _check_result(record.get("result", {}), state, category_names(game.rules), disagree)
    return result


def _check_result(
    recorded: dict[str, Any], state: DuelState, categories: tuple[str, ...], disagree: Any
) -> None:
    if state.phase != OVER:
        disagree(-1, None, "game_over", True, False)
        return
    tie = state.winner is None
    for field, mine in (("winner", state.winner), ("victory", state.victory), ("tie", tie)):
        if field in recorded and recorded[field] != mine:
            disagree(-1, None, field, recorded[field], mine)
    if state.victory == "civilian":
        for seat, scores in enumerate(recorded.get("scores", [])):
            for i, category in enumerate(categories):
                if category in scores and scores[category] != state.scores[seat][i]:
                    disagree(-1, None, f"scores[{seat}].{category}", scores[category],
                             state.scores[seat][i])


def step_recorded(
    game: Any, state: Any, seat: int, command: Any, index: int, move: Any, disagree: Any
) -> tuple[Any, Any] | None:
    """A recorded move checked legal and played: (its events, the state after), or None
    once the disagreement is reported (not legal, or refused by the rules)."""
    legal = game.legal_moves(state, seat)
    if not any(same_move(m, command) for m in legal):
        similar = [msgspec.json.encode(m).decode() for m in legal
                   if type(m) is type(command)][:12]
        disagree(index, move, "legal", "a legal move", f"not legal; legal: {similar}")
        return None
    try:
        events, after = game.step(state, command)
    except DomainError as exc:
        disagree(index, move, "decide", "accepted", f"{exc.code}: {exc.reason}")
        return None
    return events, after


def _describe_legal(legal: list[Any], command: Any) -> str:
    similar = [m for m in legal if type(m) is type(command)]
    return f"not legal; legal {type(command).__name__} moves: " + ", ".join(
        msgspec.json.encode(m).decode() for m in similar[:12]
    )


def compare_state(recorded: dict[str, Any], observed: dict[str, Any], disagree: Any) -> None:
    """Each field a record's state holds against Polis'; an expansion's part (a dict such as
    `agora` or `leaders`) field by field, so a record written before a field was added is
    still read (`disagree(field, recorded, polis)`)."""
    for field, value in recorded.items():
        mine = observed.get(field, value)
        if isinstance(value, dict) and isinstance(mine, dict):
            for key, part in value.items():
                if mine.get(key, part) != part:
                    disagree(f"{field}.{key}", part, mine.get(key))
        elif mine != value:
            disagree(field, value, mine)

