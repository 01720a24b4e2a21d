"""`duel-agora-trace/1`: a Duel game with Agora as an audit record, written and replayed.

It extends `duel-trace/1` (see `openapi/traces-duel.md`): the base part of the setup, of
each move and of each state is exactly the base format's; Agora adds `setup.senate`, its
own move kinds and `state.agora`. The replay sets the game up from the recorded deal,
checks each move is among the legal moves (payment included), replays it, and compares
the whole state after it (the base fields and Agora's) and the final result.
"""

from __future__ import annotations

import random
from typing import Any

from domain.duel import commands as cmd
from domain.duel.game import DuelGame
from domain.duel.rules import DuelRules
from domain.duel.state import OVER, DuelState
from domain.duel.trace_replay import compare_state, step_recorded
from domain.duel.trace_writer import SeatMap, base_move, result_record, state_record, write_trace
from domain.duel_agora import commands as acmd
from domain.duel_agora import events as aev
from domain.duel_agora.catalog import CHAMBERS, CONSPIRACIES, DECREES
from domain.duel_agora.senate import agora
from domain.duel_agora.state import AgoraDeal
from domain.kernel.errors import DomainError
from domain.kernel.game import fold
from domain.kernel.recording import import_by_replay
from domain.kernel.registry import get_game
from domain.kernel.traces import Disagreement, PlayedGame, TraceError, TraceResult

FORMAT = "duel-agora-trace/1"

DECREE_KEYS = tuple(d.key for d in DECREES)
CONSPIRACY_NAMES = tuple(c.name for c in CONSPIRACIES)


def _names(table: Any) -> tuple[str, ...]:
    return tuple(x.name for x in table)


# -- writing ------------------------------------------------------------------------------


def setup_extra(rules: DuelRules, state: DuelState, seats: SeatMap) -> dict[str, Any]:
    deal = state.deal
    assert isinstance(deal, AgoraDeal)
    tokens = _names(rules.tokens)
    return {
        # The draw order matters (Great Library, Espionage): not sorted in this format.
        "progress_tokens_aside": [tokens[t] for t in deal.aside_tokens],
        "senate": {
            "decrees": [DECREE_KEYS[d] for d in deal.decrees],
            "faces": ["up" if c.face_up else "down" for c in CHAMBERS],
            "decrees_unused": [DECREE_KEYS[d] for d in deal.decrees_unused],
            "conspiracy_deck": [CONSPIRACY_NAMES[c] for c in deal.conspiracies],
        },
    }


def agora_state(rules: DuelRules, state: DuelState, seats: SeatMap) -> dict[str, Any]:
    """`state.agora`: the Senate, decrees, senators and conspiracies (the whole truth)."""
    ext = agora(state)
    cards = _names(rules.cards)
    held = seats.pair(ext.held)
    prepared = seats.pair(ext.prepared)
    triggered = seats.pair(ext.triggered)
    players = seats.pair(state.players)
    out = {*state.retired_wonders, *ext.sabotaged}
    return {"agora": {
        "senate": [seats.pair((ext.cubes[0][c], ext.cubes[1][c])) for c in range(6)],
        "control": [seats.seat(x) if (x := ext.controller(c)) >= 0 else None
                    for c in range(6)],
        "decrees": [[DECREE_KEYS[d] for d in ds] for ds in ext.decrees],
        "decrees_face_up": [DECREE_KEYS[d] for d in range(len(DECREES))
                            if (ext.revealed >> d) & 1],
        "senators": [[cards[c] for c in s] for s in seats.pair(ext.senators)],
        "conspiracies": [
            [{"name": CONSPIRACY_NAMES[c],
              "prepared": cards[prepared[s][i]] if prepared[s][i] >= 0 else None,
              "triggered": triggered[s][i]} for i, c in enumerate(held[s])]
            for s in (0, 1)
        ],
        "conspiracy_deck": [CONSPIRACY_NAMES[c] for c in ext.deck],
        "discard": [cards[c] for c in state.discard],
        "cubes_left": seats.pair((ext.cubes_left(0), ext.cubes_left(1))),
        "wonders_held": [[rules.wonders[w].name for w in p.wonders if w not in out
                          and w not in p.built_wonders] for p in players],
        "wonders_out": [[rules.wonders[w].name for w in p.wonders if w in out]
                        for p in players],
        "under_wonders": [[cards[c] for c in p.tucked] for p in players],
    }}


def _slot(rules: DuelRules, state: DuelState, slot: int) -> dict[str, Any]:
    return {"slot": rules.layouts[state.age - 1].slots[slot].name,
            "card": rules.cards[state.slots[slot]].name}


def _first(events: list[Any], kind: type) -> Any:
    return next(e for e in events if type(e) is kind)


def agora_move(
    rules: DuelRules, before: DuelState, command: Any, events: list[Any], after: DuelState,
    seats: SeatMap,
) -> dict[str, Any] | None:
    kind = type(command)
    cards, wonders, tokens = _names(rules.cards), _names(rules.wonders), _names(rules.tokens)
    ext = agora(before)
    if kind is cmd.PickWonder:  # Curia Julia's pick draws 2 conspiracies
        picked = [c for e in events if type(e) is aev.ConspiraciesDrawn for c in e.cards]
        return {"drawn": [CONSPIRACY_NAMES[c] for c in picked]} if picked else None
    if kind is acmd.RecruitSenator:
        paid = _first(events, aev.SenatorRecruited).cost
        return {"kind": "recruit_senator", **_slot(rules, before, command.slot), "paid": paid}
    if kind is acmd.PrepareConspiracy:
        return {"kind": "prepare_conspiracy", **_slot(rules, before, command.slot),
                "conspiracy": command.conspiracy,
                "name": CONSPIRACY_NAMES[ext.held[command.seat][command.conspiracy]]}
    if kind is acmd.TriggerConspiracy:
        return {"kind": "trigger_conspiracy", "conspiracy": command.conspiracy,
                "name": CONSPIRACY_NAMES[ext.held[command.seat][command.conspiracy]]}
    if kind is acmd.PlaceInfluence:
        return {"kind": "place_influence", "chamber": command.chamber + 1}
    if kind is acmd.MoveInfluence:
        return {"kind": "move_influence", "from": command.source + 1, "to": command.target + 1}
    if kind is acmd.RemoveInfluence:
        return {"kind": "remove_influence", "chamber": command.chamber + 1}
    if kind is acmd.Conspire:
        drawn = [e for e in events if type(e) is aev.ConspiraciesDrawn]
        return {"kind": "conspire",
                "drawn": [CONSPIRACY_NAMES[c] for e in drawn for c in e.cards]}
    if kind is acmd.KeepConspiracy:
        kept = _first(events, aev.ConspiracyKept)
        return {"kind": "keep_conspiracy", "keep": CONSPIRACY_NAMES[command.keep],
                "returned": CONSPIRACY_NAMES[kept.returned], "on_top": command.on_top}
    if kind is acmd.Decline:
        return {"kind": "decline", "owed": rules.owed_names[before.pending[0][0]]}
    if kind is acmd.DiscardFromStructure:
        return {"kind": "discard_from_structure", **_slot(rules, before, command.slot)}
    if kind is acmd.TakeWonder:
        return {"kind": "take_wonder", "wonder": wonders[command.wonder]}
    if kind is acmd.ObscureToken:
        source = _first(events, aev.TokenObscured).source
        return {"kind": "obscure_token", "token": tokens[command.token], "source": source}
    if kind is acmd.BuildFromLastRow:
        return {"kind": "build_from_last_row", **_slot(rules, before, command.slot)}
    if kind is acmd.BuildRemovedCard:
        return {"kind": "build_removed_card", "card": cards[command.card]}
    if kind is acmd.TakeAsideToken:
        return {"kind": "take_aside_token", "seen": [tokens[t] for t in ext.spied],
                "token": tokens[command.token]}
    if kind is acmd.TakeCard:
        return {"kind": "take_card", "card": cards[command.card]}
    if kind is acmd.ExchangeCards:
        return {"kind": "exchange_cards", "take": cards[command.take],
                "give": cards[command.give]}
    if kind is acmd.MoveDecree:
        return {"kind": "move_decree", "decree": DECREE_KEYS[command.decree],
                "to": command.chamber + 1}
    if kind is acmd.SabotageWonder:
        return {"kind": "sabotage_wonder", "wonder": wonders[command.wonder]}
    return None


def write_agora_trace(game: Any, played: PlayedGame) -> dict[str, Any]:
    return write_trace(game, played, FORMAT, setup_extra, agora_move, agora_state)


# -- reading ------------------------------------------------------------------------------


class _Names:
    def __init__(self, rules: DuelRules) -> None:
        self.cards = {c.name: c.id for c in rules.cards}
        self.wonders = {w.name: w.id for w in rules.wonders}
        self.tokens = {t.name: t.id for t in rules.tokens}
        self.decrees = {k: i for i, k in enumerate(DECREE_KEYS)}
        self.conspiracies = {n: i for i, n in enumerate(CONSPIRACY_NAMES)}

    @staticmethod
    def get(table: dict[str, int], name: Any, what: str) -> int:
        try:
            return table[name]
        except (KeyError, TypeError):
            raise TraceError(f"unknown {what} {name!r}") from None


def deal_from_record(record: dict[str, Any], rules: DuelRules, n: _Names) -> AgoraDeal:
    setup = record["setup"]
    senate_setup = setup["senate"]
    offered = [n.get(n.wonders, w, "wonder") for r in setup["wonders_offered"] for w in r]
    ages = []
    for age in (1, 2, 3):
        layout = rules.layouts[age - 1]
        cells = setup["age_structures"][str(age)]
        if set(cells) != set(layout.by_name):
            raise TraceError(f"Age {age} structure does not name the {len(layout.slots)} slots")
        row = [0] * len(layout.slots)
        for slot_name, card in cells.items():
            row[layout.by_name[slot_name]] = n.get(n.cards, card, "card")
        ages.append(tuple(row))
    removed = setup["removed"]
    return AgoraDeal(
        first_player=0,
        wonders=tuple(offered),
        wonders_unused=tuple(w.id for w in rules.wonders if w.id not in offered),
        board_tokens=tuple(n.get(n.tokens, t, "token") for t in setup["progress_tokens_board"]),
        aside_tokens=tuple(n.get(n.tokens, t, "token") for t in setup["progress_tokens_aside"]),
        ages=tuple(ages),
        removed=tuple(tuple(n.get(n.cards, c, "card") for c in removed[k])
                      for k in ("1", "2", "3", "guilds_unused")),
        decrees=tuple(n.get(n.decrees, d, "decree") for d in senate_setup["decrees"]),
        decrees_unused=tuple(n.get(n.decrees, d, "decree")
                             for d in senate_setup["decrees_unused"]),
        conspiracies=tuple(n.get(n.conspiracies, c, "conspiracy")
                           for c in senate_setup["conspiracy_deck"]),
    )


def command_for(
    state: DuelState, rules: DuelRules, n: _Names, seat: int, move: dict[str, Any]
) -> Any:
    kind = move.get("kind")

    def slot() -> int:
        index = rules.layouts[state.age - 1].by_name.get(move["slot"])
        if index is None:
            raise TraceError(f"unknown slot {move['slot']!r}")
        return index

    def card(field: str = "card") -> int:
        return n.get(n.cards, move[field], "card")

    def wonder() -> int:
        return n.get(n.wonders, move["wonder"], "wonder")

    def token() -> int:
        return n.get(n.tokens, move["token"], "token")

    builders: dict[str, Any] = {
        "pick_wonder": lambda: cmd.PickWonder(seat=seat, wonder=wonder()),
        "construct": lambda: cmd.ConstructBuilding(seat=seat, slot=slot(), coins=move["paid"]),
        "discard": lambda: cmd.DiscardCard(seat=seat, slot=slot()),
        "construct_wonder": lambda: cmd.ConstructWonder(
            seat=seat, slot=slot(), wonder=wonder(), coins=move["paid"]),
        "choose_progress_token": lambda: cmd.ChooseProgressToken(seat=seat, token=token()),
        "great_library_pick": lambda: cmd.TakeLibraryToken(seat=seat, token=token()),
        "destroy_card": lambda: cmd.DestroyCard(seat=seat, card=card()),
        "build_from_discard": lambda: cmd.ConstructFromDiscard(seat=seat, card=card()),
        "choose_start_player": lambda: cmd.ChooseStartPlayer(seat=seat, starts=move["starts"]),
        "recruit_senator": lambda: acmd.RecruitSenator(seat=seat, slot=slot(),
                                                       coins=move["paid"]),
        "prepare_conspiracy": lambda: acmd.PrepareConspiracy(
            seat=seat, slot=slot(), conspiracy=move["conspiracy"]),
        "trigger_conspiracy": lambda: acmd.TriggerConspiracy(
            seat=seat, conspiracy=move["conspiracy"]),
        "place_influence": lambda: acmd.PlaceInfluence(seat=seat, chamber=move["chamber"] - 1),
        "move_influence": lambda: acmd.MoveInfluence(
            seat=seat, source=move["from"] - 1, target=move["to"] - 1),
        "remove_influence": lambda: acmd.RemoveInfluence(seat=seat,
                                                         chamber=move["chamber"] - 1),
        "conspire": lambda: acmd.Conspire(seat=seat),
        "keep_conspiracy": lambda: acmd.KeepConspiracy(
            seat=seat, keep=n.get(n.conspiracies, move["keep"], "conspiracy"),
            on_top=move["on_top"]),
        "decline": lambda: acmd.Decline(seat=seat),
        "discard_from_structure": lambda: acmd.DiscardFromStructure(seat=seat, slot=slot()),
        "take_wonder": lambda: acmd.TakeWonder(seat=seat, wonder=wonder()),
        "obscure_token": lambda: acmd.ObscureToken(seat=seat, token=token()),
        "build_from_last_row": lambda: acmd.BuildFromLastRow(seat=seat, slot=slot()),
        "build_removed_card": lambda: acmd.BuildRemovedCard(seat=seat, card=card()),
        "take_aside_token": lambda: acmd.TakeAsideToken(seat=seat, token=token()),
        "take_card": lambda: acmd.TakeCard(seat=seat, card=card()),
        "exchange_cards": lambda: acmd.ExchangeCards(seat=seat, take=card("take"),
                                                     give=card("give")),
        "move_decree": lambda: acmd.MoveDecree(
            seat=seat, decree=n.get(n.decrees, move["decree"], "decree"),
            chamber=move["to"] - 1),
        "sabotage_wonder": lambda: acmd.SabotageWonder(seat=seat, wonder=wonder()),
    }
    build = builders.get(kind) if isinstance(kind, str) else None
    if build is None:
        raise TraceError(f"unknown move kind {kind!r}")
    return build()


def _state(rules: DuelRules, state: DuelState) -> dict[str, Any]:
    seats = SeatMap(0)
    return {**state_record(rules, state, seats), **agora_state(rules, state, seats)}


def replay_agora_trace(record: dict[str, Any], game: DuelGame | None = None) -> TraceResult:
    """Replay one Agora game; raises TraceError for a malformed record."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise TraceError(f"not a {FORMAT} record")
    if game is None:
        game = get_game("duel", ("agora",))  # type: ignore[assignment]
        assert isinstance(game, DuelGame)
    rules = game.rules
    names = _Names(rules)
    try:
        seed = record["source"]["seed"]
        moves = record["moves"]
        deal = deal_from_record(record, rules, names)
    except (KeyError, TypeError, IndexError) as exc:
        raise TraceError(f"malformed record: missing or bad {exc}") from None
    result = TraceResult(seed=seed, moves=0, disagreements=[])

    def disagree(index: int, move: Any, field: str, recorded: Any, polis: Any) -> None:
        result.disagreements.append(Disagreement(seed, index, move, field, recorded, polis))

    try:
        state = fold(game, game.start(2, {}, random.Random(0), deal))
    except DomainError as exc:
        disagree(-1, None, "setup", "a valid deal", f"{exc.code}: {exc.reason}")
        return result
    for index, entry in enumerate(moves):
        move = entry.get("move", {})
        seat = entry.get("seat")
        try:
            command = command_for(state, rules, names, seat, move)
        except (KeyError, TypeError) as exc:
            raise TraceError(f"move {index}: missing {exc}") from None
        if "slot" in move and "card" in move:
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
                **(agora_move(rules, before, command, events, state, SeatMap(0)) or {})}
        for field, value in move.items():
            if mine.get(field, value) != value:
                disagree(index, move, f"move.{field}", value, mine.get(field))
        result.moves += 1
        observed = _state(rules, state)
        compare_state(entry.get("state", {}), observed,
                      lambda f, r, o, i=index, m=move: disagree(i, m, f, r, o))
        if result.disagreements:
            return result
    recorded = record.get("result", {})
    if state.phase != OVER:
        disagree(-1, None, "game_over", True, False)
        return result
    mine_result = result_record(rules, state, SeatMap(0))
    for field, value in recorded.items():
        if mine_result.get(field) != value:
            disagree(-1, None, field, value, mine_result.get(field))
    return result


def import_agora_trace(record: dict[str, Any]) -> PlayedGame:
    """The game an Agora record holds, played through the engine (`import_by_replay`)."""
    return import_by_replay(record, get_game("duel", ("agora",)), replay_agora_trace, ("agora",))
