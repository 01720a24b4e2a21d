"""`duel-leaders-trace/1` with options: a game played with a variant panel and cost
overrides is written with them and replayed with them in full agreement; a record whose
costs are not the game's disagrees at set-up."""

from __future__ import annotations

import copy
import random
from typing import Any

from domain.duel_leaders.trace import replay_leaders_trace, write_leaders_trace
from domain.kernel import get_game
from domain.kernel.playout import random_playout
from domain.kernel.traces import PlayedGame

OPTIONS: dict[str, Any] = {"leader_panel": "abilities", "leader_costs": {"caesar": 1}}


def _record(seed: int) -> dict[str, Any]:
    game: Any = get_game("duel", ("agora", "leaders"), OPTIONS)
    played = random_playout(game, random.Random(seed), options=OPTIONS, keep_steps=True)
    return write_leaders_trace(game, PlayedGame(
        kind="duel", expansions=("agora", "leaders"), seats=2, options=OPTIONS,
        seed=f"t/{seed}", opening=played.opening, steps=played.steps))


def test_a_game_with_options_round_trips() -> None:
    for seed in (1, 2):
        record = _record(seed)
        assert record["options"] == OPTIONS
        assert record["setup"]["leaders"]["costs"]["Caesar"] == 1
        assert len(record["setup"]["leaders"]["pool"]) == 16
        result = replay_leaders_trace(record)
        assert result.agreed and result.moves == len(record["moves"])


def test_costs_that_are_not_the_games_disagree() -> None:
    record = _record(3)
    wrong = copy.deepcopy(record)
    wrong["options"] = {"leader_panel": "abilities"}  # Caesar back at 5
    result = replay_leaders_trace(wrong)
    assert not result.agreed
    assert result.disagreements[0].field == "setup.leaders.costs"


FAVOURED = ("euclid", "solomon", "croesus", "ptolemy")


def _biased_game(game: Any, seed: int) -> PlayedGame:
    """A game whose first drafted leaders are Euclid, Solomon, Croesus and Ptolemy, played
    at random but recruiting them and taking every symbol change offered."""
    from domain.duel_leaders import commands as lcmd
    from domain.duel_leaders.catalog import BY_KEY
    from domain.duel_leaders.setup import leaders_of, with_leaders
    from domain.kernel import fold

    favoured = tuple(BY_KEY[k] for k in FAVOURED)
    rng = random.Random(seed)
    deal = game.deal(rng)
    deal = with_leaders(deal, (*favoured, *(x for x in leaders_of(deal) if x not in favoured)))
    opening = game.start(2, {}, rng, deal)
    state = fold(game, opening)
    steps: list[tuple[Any, list[Any]]] = []
    while not game.is_over(state):
        moves = game.legal_moves(state, rng.choice(game.acting_seats(state)))
        preferred: list[Any] = ([m for m in moves if type(m) is lcmd.ChangeSymbol]
                     or [m for m in moves if type(m) is lcmd.ChooseLeader
                         and m.leader in favoured]
                     or [m for m in moves if type(m) is lcmd.DeclareRecruitment and m.recruit])
        command = rng.choice(preferred or moves)
        events, state = game.step(state, command)
        steps.append((command, events))
    return PlayedGame(kind="duel", expansions=game.rules.expansions, seats=2, options={},
                      seed=f"biased/{seed}", opening=opening, steps=steps)


def test_euclid_and_ptolemy_changes_owed_after_a_free_build_round_trip() -> None:
    """`change_symbol` moves (Euclid or Ptolemy on a card built through the Mausoleum,
    Solomon, Croesus or an Agora conspiracy) are written, read back and agree, with each
    seat's `changed_symbols`."""
    for expansions in (("leaders",), ("agora", "leaders")):
        game: Any = get_game("duel", expansions)
        for seed in range(200):
            record = write_leaders_trace(game, _biased_game(game, seed))
            if any(m["move"]["kind"] == "change_symbol" for m in record["moves"]):
                break
        else:
            raise AssertionError(f"no change_symbol in 200 games with {expansions}")
        assert any(m["state"]["changed_symbols"] != [[], []] for m in record["moves"])
        result = replay_leaders_trace(record)
        assert result.agreed and result.moves == len(record["moves"]), result.disagreements


def test_duel_leaders_alone_records_the_discard_pile() -> None:
    """With Leaders alone (Agora records it in `agora.discard`), every state's `leaders`
    holds the discard pile in order; a changed one is reported, an older record without it
    is still read."""
    game: Any = get_game("duel", ("leaders",))
    played = random_playout(game, random.Random(4), keep_steps=True)
    record = write_leaders_trace(game, PlayedGame(
        kind="duel", expansions=("leaders",), seats=2, options={}, seed="t/4",
        opening=played.opening, steps=played.steps))
    piles = [m["state"]["leaders"]["discard"] for m in record["moves"]]
    discarded = [m["move"]["card"] for m in record["moves"]
                 if m["move"]["kind"] == "discard"]
    assert piles[-1] and set(discarded) <= {c for p in piles for c in p}
    assert replay_leaders_trace(record).agreed
    older = copy.deepcopy(record)
    for m in older["moves"]:
        del m["state"]["leaders"]["discard"]
    assert replay_leaders_trace(older).agreed
    index = len(record["moves"]) - 1
    record["moves"][index]["state"]["leaders"]["discard"].append("Tavern")
    fields = [(d.move_index, d.field) for d in replay_leaders_trace(record).disagreements]
    assert fields == [(index, "leaders.discard")]
