"""What a bot knows of Duel: a state rebuilt from a seat's view, hidden parts sampled.

Hidden from a seat: the face-down cards of the structure, the cards of Ages not yet begun,
the tokens kept aside and the second round of the wonder draft. The determiniser draws them
from the cards the seat has not seen, so every sample is a state the seat cannot tell from
the true one. An expansion's own part of the view (Agora's `ext`, Duel Leaders' `leaders`) is
rebuilt by the expansion's own sampler when it registers one (`EXT_SAMPLERS`, Agora's first);
without one the determiniser declines and the bots fall back (see `domain.bots.knowledge`).
An expansion that mixes cards of its own into the Ages registers them (`AGE_MIXINS`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from domain.bots.knowledge import register_knowledge
from domain.duel.catalog_types import PURPLE
from domain.duel.commands import DestroyCard
from domain.duel.deal import Deal
from domain.duel.draft import ROUND_SIZE
from domain.duel.evolve import rebuild_caches
from domain.duel.game import DuelGame
from domain.duel.scoring import score
from domain.duel.state import (
    CAPITAL,
    EXPANSION_PHASES,
    OWE_DESTROY,
    OWED_NAMES,
    PHASE_NAMES,
    DuelState,
    PlayerState,
)
from domain.duel.views import HIDDEN, DuelView

GUILDS_IN_PLAY = 3
REMOVED_PER_AGE = 3
SETTLE_DEPTH = 4

ExtSampler = Callable[[DuelGame, DuelView, DuelState, int, Sequence[Any], random.Random],
                      DuelState | None]
"""An expansion's part of a sample: the base sample completed from the expansion's part of
the view (its state, the hidden choices drawn), or None where it cannot be rebuilt."""

EXT_SAMPLERS: dict[str, ExtSampler] = {}
EXT_EVALUATIONS: dict[str, Callable[[DuelGame, DuelState, int], float]] = {}
"""By the class name of an expansion's state (`DuelState.ext`, `DuelState.leaders`): what
its threats add to the evaluation (Agora's political supremacy)."""
"""By the class name of the view part (`DuelView.ext`, then `DuelView.leaders`)."""

Mixin = tuple[tuple[int, ...], tuple[int, ...], frozenset[int]]
AGE_MIXINS: dict[str, Callable[[DuelView], Mixin]] = {}
"""By the class name of `DuelView.ext`: the cards of its own an expansion shuffles into the
Age structures (all of them dealt), how many go to each Age (Agora's senators 5/5/3), and
those of them the view shows elsewhere than the structure and the discard pile."""


class DuelKnowledge:
    def settle(self, game: Any, before: Any, state: Any, seat: int) -> Any:
        """`state` once `seat` has made the choices an expansion's owed actions still ask of
        it this turn (a senator's Senate actions, a leader's pick), each the evaluator's
        best: scored before them, recruiting a senator looked like paying for nothing. The
        base game's owed actions are scored as they stand (as its figures were measured)."""
        for _ in range(SETTLE_DEPTH):
            if game.is_over(state) or not state.pending:
                break
            kind, _, who = state.pending[0]
            if who != seat or kind < len(OWED_NAMES):
                break
            best, best_value = None, float("-inf")
            for move in game.legal_moves(state, seat):
                _, after = game.step(state, move)
                value = (self.outcome(game, after, seat) * 1000.0 if game.is_over(after)
                         else self.evaluate(game, after, seat))
                if value > best_value:
                    best, best_value = after, value
            if best is None:
                break
            state = best
        return state

    def determinise(
        self, game: Any, view: Any, seat: int, moves: Sequence[Any], rng: random.Random
    ) -> DuelState | None:
        if not isinstance(game, DuelGame) or not isinstance(view, DuelView):
            return None
        parts = [p for p in (view.ext, view.leaders) if p is not None]
        samplers = [EXT_SAMPLERS.get(type(p).__name__) for p in parts]
        if None in samplers:
            return None
        mix = AGE_MIXINS.get(type(view.ext).__name__) if view.ext is not None else None
        state: DuelState | None = _sample(game, view, moves, rng,
                                          None if mix is None else mix(view))
        for sampler in samplers:
            if state is None or sampler is None:
                return None
            state = sampler(game, view, state, seat, moves, rng)
        return state

    def evaluate(self, game: Any, state: Any, seat: int) -> float:
        rules = game.rules
        other = 1 - seat
        mine, theirs = score(rules, state, seat)[-1], score(rules, state, other)[-1]
        value = float(mine - theirs)
        # Threats: the pawn's distance to a capital and science toward six symbols.
        distance: int = state.pawn if seat == 0 else -state.pawn
        value += distance * 0.6 + (4.0 if abs(distance) >= CAPITAL - 2 and distance > 0 else 0.0)
        value -= 4.0 if -distance >= CAPITAL - 2 else 0.0
        value += _science_threat(state.players[seat].science)
        value -= _science_threat(state.players[other].science)
        coins: int = state.players[seat].coins - state.players[other].coins
        value += 0.15 * coins
        for part in (state.ext, state.leaders):
            extra = None if part is None else EXT_EVALUATIONS.get(type(part).__name__)
            if extra is not None:
                value += extra(game, state, seat)
        return value

    def outcome(self, game: Any, state: Any, seat: int) -> float:
        winner: int | None = state.winner
        if winner is None:
            return 0.5
        return 1.0 if winner == seat else 0.0


def _science_threat(science: tuple[int, ...]) -> float:
    distinct = sum(1 for s in science if s)
    return 0.4 * distinct * distinct + sum(2.0 for s in science if s >= 2)


def phase_index(name: str) -> int:
    if name in PHASE_NAMES:
        return PHASE_NAMES.index(name)
    return next(k for k, (n, _) in EXPANSION_PHASES.items() if n == name)


def _sample(
    game: DuelGame, view: DuelView, moves: Sequence[Any], rng: random.Random,
    mixin: Mixin | None = None,
) -> DuelState:
    rules = game.rules
    ages_pool, guilds = game._ages, game._guilds  # the decks of a deal, by Age
    guild_set = set(guilds)
    players = tuple(
        rebuild_caches(rules, PlayerState(
            coins=p.coins, buildings=p.buildings, wonders=p.wonders,
            built_wonders=p.built_wonders, tucked=p.tucked, tokens=p.tokens,
        ))
        for p in view.players
    )
    seen: set[int] = set(view.discard)
    for p in view.players:
        seen.update(p.buildings)
        seen.update(p.tucked)
    seen.update(s.card for s in view.structure if s.card != HIDDEN)
    unseen_guilds = [g for g in guilds if g not in seen]
    rng.shuffle(unseen_guilds)
    ages: list[tuple[int, ...]] = []
    removed: list[tuple[int, ...]] = []
    slots: tuple[int, ...] = ()
    mix_pool, mix_counts, mix_shown = mixin if mixin is not None else ((), (0, 0, 0), frozenset())
    mix_set = set(mix_pool)
    unseen_mix = [c for c in mix_pool if c not in seen and c not in mix_shown]
    rng.shuffle(unseen_mix)
    for age, pool in enumerate(ages_pool, start=1):
        unseen = [c for c in pool if c not in seen]
        rng.shuffle(unseen)
        size = len(rules.layouts[age - 1].slots)
        n_guilds = GUILDS_IN_PLAY if age == 3 else 0
        n_mix = mix_counts[age - 1]
        if age == view.age:
            hidden = [i for i, s in enumerate(view.structure) if s.card == HIDDEN]
            shown = [s.card for s in view.structure if s.card != HIDDEN]
            g = max(0, n_guilds - sum(1 for c in shown if c in guild_set))
            m = max(0, n_mix - sum(1 for c in shown if c in mix_set))
            b = len(hidden) - g - m
            fill = unseen[:b] + unseen_guilds[:g] + unseen_mix[:m]
            unseen, unseen_guilds, unseen_mix = unseen[b:], unseen_guilds[g:], unseen_mix[m:]
            if g or m:
                rng.shuffle(fill)
            cards = [s.card for s in view.structure]
            for i, c in zip(hidden, fill, strict=False):
                cards[i] = c
            slots = tuple(cards)
            ages.append(slots)
            removed.append(tuple(unseen))
        elif age > view.age:
            b = size - n_guilds - n_mix
            kept = unseen[:b] + unseen_guilds[:n_guilds] + unseen_mix[:n_mix]
            unseen_guilds, unseen_mix = unseen_guilds[n_guilds:], unseen_mix[n_mix:]
            if n_guilds or n_mix:
                rng.shuffle(kept)
            ages.append(tuple(kept))
            removed.append(tuple(unseen[b:]))
        else:  # past: what was never seen of it (in the base game, its removed cards)
            ages.append(())
            removed.append(tuple(unseen[:REMOVED_PER_AGE]))
    removed.append(tuple(unseen_guilds))
    picked = [w for p in view.players for w in p.wonders]
    known_wonders = set(picked) | set(view.draft_offer) | set(view.retired_wonders)
    free_wonders = [w for w in range(len(rules.wonders)) if w not in known_wonders]
    rng.shuffle(free_wonders)
    if view.draft_round == 2 or view.phase != "wonder_draft":
        wonders = (*picked[:ROUND_SIZE], *free_wonders)[: 2 * ROUND_SIZE]
    else:
        first = (*picked, *view.draft_offer)
        wonders = (*first, *free_wonders[: 2 * ROUND_SIZE - len(first)])
    held = set(view.board_tokens) | set(view.library_draw)
    for p in view.players:
        held.update(p.tokens)
    aside = [t for t in range(len(rules.tokens)) if t not in held]
    rng.shuffle(aside)
    deal = Deal(
        first_player=view.first_player, wonders=tuple(wonders),
        wonders_unused=tuple(w for w in free_wonders if w not in wonders),
        board_tokens=view.board_tokens, aside_tokens=tuple(aside), ages=tuple(ages),
        removed=tuple(removed),
    )
    actor = view.acting[0] if view.acting else view.first_player
    names = {name: k for k, name in enumerate(OWED_NAMES)}
    names.update({name: k for k, name in rules.owed_names.items()})
    pending = []
    for name in view.pending:
        kind = names[name]
        arg = 0
        if kind == OWE_DESTROY:
            colours = {rules.cards[m.card].colour for m in moves if isinstance(m, DestroyCard)}
            arg = colours.pop() if colours else PURPLE
        pending.append((kind, arg, actor))
    looting = 0
    for i, token in enumerate(rules.military_tokens):
        if token.name in view.looting_left:
            looting |= 1 << i
    taken = revealed = 0
    for s in view.structure:
        if s.taken:
            taken |= 1 << s.slot
        if s.card != HIDDEN:
            revealed |= 1 << s.slot
    return DuelState(
        phase=phase_index(view.phase), deal=deal, explicit_deal=view.explicit_deal,
        first_player=view.first_player, current=actor, players=(players[0], players[1]),
        draft_round=view.draft_round, draft_offer=view.draft_offer, draft_picks=len(picked),
        age=view.age, slots=slots, taken=taken, revealed=revealed, discard=view.discard,
        board_tokens=view.board_tokens, aside_tokens=tuple(aside),
        library_draw=view.library_draw, pawn=view.pawn, looting=looting,
        pending=tuple(pending), replay=view.play_again, retired_wonders=view.retired_wonders,
        winner=view.winner, victory=view.victory, scores=view.scores, turn=view.turn,
    )


register_knowledge("duel", DuelKnowledge())
