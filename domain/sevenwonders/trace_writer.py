"""Games played by Polis written as `7w-trace/1` records, so another engine can check them.

The record has the format of the shared traces (see `trace_replay`); a two-player game adds
`setup.free_city_piles` and names the Free City's city on its actions (`city`: 2), its
guild copy included.
"""

from __future__ import annotations

from typing import Any

from domain.kernel.game import Game
from domain.kernel.traces import PlayedGame, TraceError
from domain.sevenwonders import events as ev
from domain.sevenwonders.catalog import CARDS, WONDERS
from domain.sevenwonders.catalog_types import RESOURCES
from domain.sevenwonders.scoring import category_names
from domain.sevenwonders.state import FREE_CITY, SWState
from domain.sevenwonders.trace_replay import (
    FORMAT,
    STEP_NAMES,
    Tables,
    observed,
    step_turn,
    tables_of,
)

KINDS = {"build": "build", "stage": "build_stage", "discard": "discard", "free": "build_free",
         "from_discard": "build_discarded"}


def _counts(vec: tuple[int, ...]) -> dict[str, int]:
    return {RESOURCES[i]: n for i, n in enumerate(vec) if n}


class WriterExtension:
    """What an expansion adds to a written record (the base game: nothing)."""

    format = FORMAT

    def setup(self, started: ev.GameStarted, seats: int) -> dict[str, Any]:
        """The expansion's part of the deal, added to `setup`."""
        return {}

    def step(self, before: SWState, events: list[Any], game: Game) -> dict[str, Any] | None:
        """The record of a command whose events reveal an expansion's step, or None."""
        return None

    def observe(self, state: SWState) -> dict[str, Any]:
        return {}


BASE_WRITER = WriterExtension()


def _action(a: ev.Action, variant: bool, cards: tuple[Any, ...] = CARDS) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": a.seat, "kind": KINDS[a.kind], "card": cards[a.card].name}
    if variant and a.city == FREE_CITY:
        out["city"] = FREE_CITY
    if a.kind == "build":
        out.update(chain=a.chain, bank=a.bank)
    if a.kind in ("build", "stage"):
        if a.kind == "stage":
            out.update(stage=a.stage, bank=a.bank)
        out.update(trade={"left": a.left, "right": a.right},
                   bought={"left": _counts(a.bought_left), "right": _counts(a.bought_right)})
        if a.bank_bought >= 0:  # Leaders' Bilkis: one resource from the bank, in `bank`
            out["bought"]["bank"] = {RESOURCES[a.bank_bought]: 1}
    if a.kind == "discard":
        out["gained"] = a.gained
    return out


def copy_action(before: SWState, copied: ev.GuildCopied,
                cards: tuple[Any, ...] = CARDS) -> dict[str, Any]:
    """Olympia B's copy as an action; the Free City's names its city (`city`: 2), as its
    other actions do."""
    free = before.variant and copied.city == FREE_CITY
    out: dict[str, Any] = {"seat": before.holder if free else copied.city,
                           "kind": "copy_guild", "card": cards[copied.card].name,
                           "from": copied.neighbour}
    if free:
        out["city"] = FREE_CITY
    return out


def write_trace(game: Game, played: PlayedGame,
                x: WriterExtension = BASE_WRITER) -> dict[str, Any]:
    started = played.opening[0] if played.opening else None
    if not isinstance(started, ev.GameStarted) or started.deal is None:
        raise TraceError("the opening events do not record the deal")
    deal = started.deal
    seats = played.seats
    rules = getattr(game, "rules", None)
    t: Tables = tables_of(rules.cards, rules.wonders) if rules is not None else tables_of(
        CARDS, WONDERS)
    cards = t.cards
    setup: dict[str, Any] = {
        "boards": [{"wonder": t.wonders[w].name, "side": "AB"[s]} for w, s in deal.boards],
        "coins": [started.coins] * len(deal.boards),
        "hands": {str(age + 1): [[cards[c].name for c in h] for h in hands[:seats]]
                  for age, hands in enumerate(deal.hands)},
        "guilds": sorted(cards[g].name for g in deal.guilds),
    }
    if started.variant:
        setup["free_city_piles"] = {str(age + 1): [cards[c].name for c in pile]
                                    for age, pile in enumerate(deal.piles)}
    setup.update(x.setup(started, seats))
    state: SWState = game.initial_state()
    for e in played.opening:
        state = game.evolve(state, e)
    turns: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []
    for _command, events in played.steps:
        before = state
        for e in events:
            state = game.evolve(state, e)
        revealed = next((e for e in events if isinstance(e, ev.StepResolved)), None)
        copied = next((e for e in events if isinstance(e, ev.GuildCopied)), None)
        own = x.step(before, list(events), game)
        if own is None and revealed is None and copied is None:
            continue
        step: dict[str, Any] = own or {
            "age": before.age, "turn": step_turn(before),
            "step": STEP_NAMES.get(before.phase, "play"), "actions": pending,
        }
        if own is None and revealed is not None:
            step["actions"] = [_action(a, before.variant, cards) for a in revealed.actions]
        if own is None and copied is not None:
            step["actions"] = [copy_action(before, copied, cards)]
        for e in events:
            if isinstance(e, ev.HandsDiscarded):
                step["end_discards"] = [{"seat": c, "card": cards[card].name}
                                        for c, left in enumerate(e.cards) for card in left]
            if isinstance(e, ev.ConflictsResolved):
                step["age_end"] = True
        step["state"] = {**observed(state, t), **x.observe(state)}
        turns.append(step)
    names = category_names(game.rules) if hasattr(game, "rules") else ()
    result: dict[str, Any] = {}
    if state.scores:
        result = {
            "scores": [dict(zip(names, line, strict=True)) for line in state.scores[:seats]],
            "coins": [c.coins for c in state.cities[:seats]],
            "ranking": list(state.ranking),
            "rank": list(state.rank),
        }
    return {
        "format": x.format,
        "source": {"engine": "polis", "policy": "uniform random over the legal moves",
                   "seed": played.seed, "expansions": list(played.expansions)},
        "players": seats,
        "setup": setup,
        "turns": turns,
        "result": result,
    }
