"""The engine's fast paths give what its checked paths give.

`DuelGame.step` trusts a command equal to one `legal_moves` has just listed for the very
same state (it skips the checks the listing made; it applies a listed discard, construction
or wonder with its reveals in one copy of the state, and in the base game a whole discard,
or a whole construction of a card without on-build effects, in one copy); `play.Pricer`
keeps prices per pricing context (`PriceBook`). Here
every step of seeded random games (the base game, Agora, Duel Leaders and both) is also
decided by a game that listed nothing (so every check runs, every event is applied by its
mutator) and every listed price is compared with one priced afresh without books.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain.duel import DuelGame, play
from domain.duel import commands as cmd
from domain.duel.state import PLAY
from domain.kernel import DomainError, get_game
from domain.kernel.game import fold

KINDS: tuple[tuple[str, ...], ...] = ((), ("agora",), ("leaders",), ("agora", "leaders"))


def _unbooked(game: Any) -> Any:
    """The same rules with prices computed afresh on every listing (no books kept)."""
    rules = game.rules.extend()
    object.__setattr__(rules, "booked_pricing", False)
    return rules


def _games(expansions: tuple[str, ...], seeds: range) -> Any:
    """(game, state, seat, moves, command) of every step of seeded random games."""
    game: Any = get_game("duel", expansions)
    for seed in seeds:
        rng = random.Random(seed)
        state = fold(game, game.start(2, {}, rng, None))
        while not game.is_over(state):
            seat = rng.choice(game.acting_seats(state))
            moves = game.legal_moves(state, seat)
            command = rng.choice(moves)
            yield game, state, seat, moves, command
            _, state = game.step(state, command)


@pytest.mark.parametrize("expansions", KINDS, ids=lambda e: "+".join(e) or "base")
def test_a_listed_command_gives_what_the_checked_path_gives(
    expansions: tuple[str, ...],
) -> None:
    listing: Any = get_game("duel", expansions)
    checked = DuelGame(listing.rules)  # lists nothing: never trusts
    steps = 0
    for game, state, _seat, _moves, command in _games(expansions, range(6)):
        fast_events, fast_state = game.step(state, command)
        copy = msgspec.json.decode(msgspec.json.encode(command), type=game.command_type)
        slow_events, slow_state = checked.step(state, copy)
        assert fast_events == slow_events
        assert fast_state == slow_state
        assert fold(game, fast_events, state) == fast_state
        steps += 1
    assert steps > 300


@pytest.mark.parametrize("expansions", KINDS, ids=lambda e: "+".join(e) or "base")
def test_listed_prices_are_those_priced_afresh(expansions: tuple[str, ...]) -> None:
    fresh_rules: Any = None
    compared = 0
    for game, state, seat, moves, _command in _games(expansions, range(4)):
        if fresh_rules is None:
            fresh_rules = _unbooked(game)
        if state.phase != PLAY or state.pending:
            continue
        fresh = (play.HookedPricer if fresh_rules.hooked_pricing else play.Pricer)(
            fresh_rules, state, seat)
        for move in moves:
            if type(move) is cmd.ConstructBuilding:
                price = fresh.card(state.slots[move.slot])
            elif type(move) is cmd.ConstructWonder:
                price = fresh.wonder(move.wonder)
            else:
                continue
            assert (move.coins, move.buy) == (price.coins, price.bought)
            compared += 1
    assert compared > 100


def test_a_listed_state_still_refuses_what_was_not_listed() -> None:
    game = get_game("duel", ())
    for _game, state, seat, moves, _command in _games((), range(3)):
        if state.phase != PLAY or state.pending:
            continue
        built = [m for m in moves if type(m) is cmd.ConstructBuilding]
        if not built:
            continue
        game.legal_moves(state, seat)
        move = built[0]
        with pytest.raises(DomainError) as wrong_price:
            game.step(state, msgspec.structs.replace(move, coins=(move.coins or 0) + 1))
        assert wrong_price.value.code == "price_mismatch"
        covered = [s for s in range(len(state.slots))
                   if not any(getattr(m, "slot", -1) == s for m in moves)]
        if covered:
            with pytest.raises(DomainError) as not_accessible:
                game.step(state, cmd.DiscardCard(seat=seat, slot=covered[0]))
            assert not_accessible.value.code == "card_not_accessible"
        with pytest.raises(DomainError) as not_yours:
            game.step(state, cmd.DiscardCard(seat=1 - seat, slot=move.slot))
        assert not_yours.value.code == "not_your_turn"
        return
    raise AssertionError("no play state with a construction was reached")


@pytest.mark.parametrize("expansions", KINDS, ids=lambda e: "+".join(e) or "base")
def test_the_one_copy_paths_apply_where_their_mutators_are_the_base_games(
    expansions: tuple[str, ...],
) -> None:
    game = get_game("duel", expansions)
    assert isinstance(game, DuelGame)
    rules = game.rules
    assert rules.listed_discard and rules.listed_construction and rules.listed_wonder
    assert rules.plain_discard == rules.plain_construction == (expansions == ())


def test_one_copy_constructions_stop_where_an_effect_follows() -> None:
    """Constructions whose card reaches a military token or earns a science token are
    among the steps compared (the one-copy path leaves them to the checked rules)."""
    listing: Any = get_game("duel", ())
    checked = DuelGame(listing.rules)
    seen: set[str] = set()
    for game, state, _seat, _moves, command in _games((), range(20)):
        if type(command) is not cmd.ConstructBuilding:
            continue
        fast_events, fast_state = game.step(state, command)
        slow_events, slow_state = checked.step(state, command)
        assert (fast_events, fast_state) == (slow_events, slow_state)
        seen.update(type(e).__name__ for e in fast_events)
    assert {"ConflictPawnMoved", "MilitaryTokenTaken", "ActionOwed", "CardRevealed",
            "AgeEnded"} <= seen
