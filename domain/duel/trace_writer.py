"""Writes a game played by Polis as a `duel-trace/1` record (an audit record of the game).

The record is the shared format of `SHARED/traces/README.md`, read back by `trace_replay`:
the whole deal, every move with its payment, the state after every move and the final
scores. The format numbers seats from the first player of the wonder draft (seat 0), so a
game whose deal made seat 1 the first player is written with the seats swapped: `seat`,
`coins`, `buildings`, `next`, `starts`, `winner` and the scores are exchanged, `pawn`
changes sign and the military tokens trade sides (`p2`/`m2`, `p5`/`m5`).

An expansion extends the record (`SetupHook`, `MoveHook`, `StateHook`) under its own format
name; the base part of each setup, move and state stays exactly `duel-trace/1`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from domain.duel import commands as cmd
from domain.duel import events as ev
from domain.duel.scoring import category_names
from domain.duel.state import OVER, DuelState
from domain.duel.views import acting_seats
from domain.kernel.game import fold
from domain.kernel.traces import PlayedGame

if TYPE_CHECKING:
    from domain.duel.game import DuelGame
    from domain.duel.rules import DuelRules

FORMAT = "duel-trace/1"
ENGINE = "polis"
POLICY = "uniform random over Polis's legal moves (seat, then move)"


MoveHook = Callable[["DuelRules", DuelState, Any, list[Any], DuelState, "SeatMap"],
                    dict[str, Any] | None]
"""Gives the move record of an expansion's command, or fields an expansion adds to a base
move (None: nothing to add)."""
StateHook = Callable[["DuelRules", DuelState, "SeatMap"], dict[str, Any]]
"""Extra fields of the state after a move."""
SetupHook = Callable[["DuelRules", DuelState, "SeatMap"], dict[str, Any]]
"""Extra fields of the setup, from the state after the opening events."""


class SeatMap:
    """Polis seats to trace seats: the first player of the draft is trace seat 0."""

    __slots__ = ("flip",)

    def __init__(self, first_player: int) -> None:
        self.flip = first_player

    def seat(self, seat: int | None) -> int | None:
        return None if seat is None else seat ^ self.flip

    def pair(self, values: Any) -> list[Any]:
        """A per-seat pair in trace seat order."""
        return [values[self.flip], values[1 - self.flip]]

    def pawn(self, pawn: int) -> int:
        return -pawn if self.flip else pawn

    def looting(self, name: str) -> str:
        """Military tokens are named for their side: p* on seat 1's, m* on seat 0's."""
        if not self.flip or name[:1] not in ("p", "m"):
            return name
        return ("m" if name[0] == "p" else "p") + name[1:]


def state_record(rules: DuelRules, state: DuelState, seats: SeatMap) -> dict[str, Any]:
    """The `duel-trace/1` state after a move."""
    cards, wonders, tokens = rules.cards, rules.wonders, rules.tokens
    players = seats.pair(state.players)
    looting = [
        seats.looting(t.name)
        for i, t in enumerate(rules.military_tokens)
        if (state.looting >> i) & 1
    ]
    return {
        "age": state.age,
        "coins": [p.coins for p in players],
        "pawn": seats.pawn(state.pawn),
        "looting_left": sorted(looting, key=lambda n: (n[:1] == "m", n)),
        "buildings": [[cards[c].name for c in p.buildings] for p in players],
        "wonders_built": [[wonders[w].name for w in p.built_wonders] for p in players],
        "tokens": [[tokens[t].name for t in p.tokens] for p in players],
        "next": None if state.phase == OVER else seats.seat(acting_seats(state)[0]),
    }


def setup_record(rules: DuelRules, state: DuelState) -> dict[str, Any]:
    deal = state.deal
    assert deal is not None
    names = [c.name for c in rules.cards]
    wonders = [w.name for w in rules.wonders]
    tokens = [t.name for t in rules.tokens]
    structures = {}
    for age, layout in enumerate(rules.layouts, start=1):
        structures[str(age)] = {
            slot.name: names[deal.ages[age - 1][i]] for i, slot in enumerate(layout.slots)
        }
    return {
        "coins": [rules.starting_coins, rules.starting_coins],
        "wonders_offered": [[wonders[w] for w in deal.wonders[:4]],
                            [wonders[w] for w in deal.wonders[4:8]]],
        "progress_tokens_board": [tokens[t] for t in deal.board_tokens],
        "progress_tokens_aside": sorted(tokens[t] for t in deal.aside_tokens),
        "age_structures": structures,
        "removed": {
            "1": [names[c] for c in deal.removed[0]],
            "2": [names[c] for c in deal.removed[1]],
            "3": [names[c] for c in deal.removed[2]],
            "guilds_unused": [names[c] for c in deal.removed[3]],
        },
    }


def _first(events: list[Any], kind: type) -> Any:
    return next(e for e in events if type(e) is kind)


def base_move(
    rules: DuelRules, before: DuelState, command: Any, events: list[Any], seats: SeatMap
) -> dict[str, Any] | None:
    """The `duel-trace/1` move of a base-game command (None for any other command)."""
    cards, wonders, tokens = rules.cards, rules.wonders, rules.tokens
    kind = type(command)
    if kind is cmd.PickWonder:
        return {"kind": "pick_wonder", "wonder": wonders[command.wonder].name}
    if kind in (cmd.ConstructBuilding, cmd.DiscardCard, cmd.ConstructWonder):
        slot = rules.layouts[before.age - 1].slots[command.slot].name
        card = cards[before.slots[command.slot]].name
        if kind is cmd.DiscardCard:
            gained = _first(events, ev.CardDiscarded).coins
            return {"kind": "discard", "slot": slot, "card": card, "gained": gained}
        if kind is cmd.ConstructBuilding:
            paid = _first(events, ev.BuildingConstructed).cost
            return {"kind": "construct", "slot": slot, "card": card, "paid": paid}
        paid = _first(events, ev.WonderConstructed).cost
        return {"kind": "construct_wonder", "slot": slot, "card": card,
                "wonder": wonders[command.wonder].name, "paid": paid}
    if kind is cmd.ChooseProgressToken:
        return {"kind": "choose_progress_token", "token": tokens[command.token].name}
    if kind is cmd.TakeLibraryToken:
        return {"kind": "great_library_pick",
                "drawn": [tokens[t].name for t in before.library_draw],
                "token": tokens[command.token].name}
    if kind is cmd.DestroyCard:
        return {"kind": "destroy_card", "card": cards[command.card].name}
    if kind is cmd.ConstructFromDiscard:
        return {"kind": "build_from_discard", "card": cards[command.card].name}
    if kind is cmd.ChooseStartPlayer:
        return {"kind": "choose_start_player", "starts": seats.seat(command.starts)}
    return None


def result_record(rules: DuelRules, state: DuelState, seats: SeatMap) -> dict[str, Any]:
    names = category_names(rules)
    return {
        "winner": seats.seat(state.winner),
        "victory": state.victory,
        "tie": state.winner is None,
        "scores": [dict(zip(names, sheet, strict=True)) for sheet in seats.pair(state.scores)],
    }


def write_trace(
    game: DuelGame,
    played: PlayedGame,
    format_name: str = FORMAT,
    setup_hook: SetupHook | None = None,
    move_hook: MoveHook | None = None,
    state_hook: StateHook | None = None,
) -> dict[str, Any]:
    """The record of one game (its opening events and each command with its events)."""
    rules = game.rules
    state = fold(game, played.opening)
    deal = state.deal
    assert deal is not None
    seats = SeatMap(deal.first_player)
    setup = setup_record(rules, state)
    if setup_hook is not None:
        setup.update(setup_hook(rules, state, seats))
    moves = []
    for command, events in played.steps:
        before = state
        state = fold(game, events, state)
        move = base_move(rules, before, command, events, seats)
        if move_hook is not None:
            extra = move_hook(rules, before, command, events, state, seats)
            move = extra if move is None else {**move, **(extra or {})}
        if move is None:
            raise ValueError(f"no trace move for {type(command).__name__}")
        observed = state_record(rules, state, seats)
        if state_hook is not None:
            observed.update(state_hook(rules, state, seats))
        moves.append({"seat": seats.seat(command.seat), "move": move, "state": observed})
    record: dict[str, Any] = {
        "format": format_name,
        "source": {"engine": ENGINE, "policy": POLICY, "seed": played.seed},
    }
    if played.expansions:
        record["expansions"] = list(played.expansions)
    record["setup"] = setup
    record["moves"] = moves
    record["result"] = result_record(rules, state, seats) if state.phase == OVER else {}
    return record
