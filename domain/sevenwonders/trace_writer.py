"""Games played by Polis written as `7w-trace/1` records, so another engine can check them.

The record has the format of the shared traces (see `trace_replay`); a two-player game adds
`setup.free_city_piles` and names the Free City's city on its actions (`city`: 2).
"""

from __future__ import annotations

from typing import Any

from domain.kernel.game import Game
from domain.kernel.traces import PlayedGame, TraceError
from domain.sevenwonders import events as ev
from domain.sevenwonders.catalog import CARDS, WONDERS
from domain.sevenwonders.catalog_types import RESOURCES
from domain.sevenwonders.scoring import category_names
from domain.sevenwonders.state import COPY_GUILD, DISCARD_BUILD, FREE_CITY, SEVENTH, SWState
from domain.sevenwonders.trace_replay import FORMAT, observed

STEP_NAMES = {DISCARD_BUILD: "discard_build", SEVENTH: "seventh", COPY_GUILD: "copy_guild"}
KINDS = {"build": "build", "stage": "build_stage", "discard": "discard", "free": "build_free",
         "from_discard": "build_discarded"}


def _counts(vec: tuple[int, ...]) -> dict[str, int]:
    return {RESOURCES[i]: n for i, n in enumerate(vec) if n}


def _action(a: ev.Action, variant: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": a.seat, "kind": KINDS[a.kind], "card": CARDS[a.card].name}
    if variant and a.city == FREE_CITY:
        out["city"] = FREE_CITY
    if a.kind == "build":
        out.update(chain=a.chain, bank=a.bank)
    if a.kind in ("build", "stage"):
        if a.kind == "stage":
            out.update(stage=a.stage, bank=0)
        out.update(trade={"left": a.left, "right": a.right},
                   bought={"left": _counts(a.bought_left), "right": _counts(a.bought_right)})
    if a.kind == "discard":
        out["gained"] = a.gained
    return out


def write_trace(game: Game, played: PlayedGame) -> dict[str, Any]:
    started = played.opening[0] if played.opening else None
    if not isinstance(started, ev.GameStarted) or started.deal is None:
        raise TraceError("the opening events do not record the deal")
    deal = started.deal
    seats = played.seats
    setup: dict[str, Any] = {
        "boards": [{"wonder": WONDERS[w].name, "side": "AB"[s]} for w, s in deal.boards],
        "coins": [started.coins] * len(deal.boards),
        "hands": {str(age + 1): [[CARDS[c].name for c in h] for h in hands[:seats]]
                  for age, hands in enumerate(deal.hands)},
        "guilds": sorted(CARDS[g].name for g in deal.guilds),
    }
    if started.variant:
        setup["free_city_piles"] = {str(age + 1): [CARDS[c].name for c in pile]
                                    for age, pile in enumerate(deal.piles)}
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
        if revealed is None and copied is None:
            continue
        step: dict[str, Any] = {
            "age": before.age, "turn": before.turn,
            "step": STEP_NAMES.get(before.phase, "play"), "actions": pending,
        }
        if revealed is not None:
            step["actions"] = [_action(a, before.variant) for a in revealed.actions]
        if copied is not None:
            step["actions"] = [{"seat": before.holder if before.variant and copied.city ==
                                FREE_CITY else copied.city, "kind": "copy_guild",
                                "card": CARDS[copied.card].name, "from": copied.neighbour}]
        for e in events:
            if isinstance(e, ev.HandsDiscarded):
                step["end_discards"] = [{"seat": c, "card": CARDS[card].name}
                                        for c, cards in enumerate(e.cards) for card in cards]
            if isinstance(e, ev.ConflictsResolved):
                step["age_end"] = True
        step["state"] = observed(state)
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
        "format": FORMAT,
        "source": {"engine": "polis", "policy": "uniform random over the legal moves",
                   "seed": played.seed, "expansions": list(played.expansions)},
        "players": seats,
        "setup": setup,
        "turns": turns,
        "result": result,
    }
