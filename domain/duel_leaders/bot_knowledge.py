"""What a bot knows of Duel Leaders: its part of a Duel sample, rebuilt from a seat's view.

Public and copied: the leaders in hand (face up), recruited and buried, the draft's offer,
the costs, the once-per-game leaders used, Euclid's and Ptolemy's symbol changes and the
cards under Pythagoras. Hidden from a seat, and drawn: the leaders set aside (from the
game's pool less every leader seen; a discarded leader is not in the view, so it may be
drawn among them), the second round of the draft while the first runs, the other seat's
secret choice or declaration (a random legal one, played in the sample), Maecenas' draw
and the cards Croesus or Ramesses offer to the other seat. Owed actions' arguments are read
from the seat's legal moves where they show them (the card whose symbol may change, whether
an offer may be declined).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from domain.duel.bot_knowledge import EXT_SAMPLERS
from domain.duel.game import DuelGame
from domain.duel.state import OWE_DISCARD_BUILD, DuelState
from domain.duel.views import DuelView
from domain.duel_leaders.commands import ChangeSymbol, DeclineLeaderOffer
from domain.duel_leaders.effects import (
    DRAW,
    OWE_MAECENAS,
    OWE_OFFER,
    OWE_SYMBOL,
    OWE_TAKEN_SYMBOL,
    SOLOMON_MAY_DECLINE,
)
from domain.duel_leaders.evolve import RECRUITMENT, science_counts
from domain.duel_leaders.setup import DRAFTED, ROUND_SIZE
from domain.duel_leaders.state import (
    CHOOSING,
    DECLARING,
    EMPTY_HAND,
    RESOLVING,
    UNSET,
    LeadersState,
)
from domain.duel_leaders.views import HIDDEN, STEP_NAMES, LeadersView

USED_BITS = {"euclid": 1, "ptolemy": 2, "pythagoras": 4, "croesus": 8, "ramesses": 16}
STEPS = {name: step for step, name in STEP_NAMES.items()}


def sample_leaders(
    game: DuelGame, view: DuelView, state: DuelState, seat: int, moves: Sequence[Any],
    rng: random.Random,
) -> DuelState | None:
    lv = view.leaders
    if not isinstance(lv, LeadersView):
        return None
    step = STEPS[lv.step]
    seats = lv.seats
    hands = (seats[0].hand, seats[1].hand)
    seen = {*lv.draft_offer, *lv.drawn}
    for sv in seats:
        seen.update(sv.hand, sv.recruited)
    unseen = [x for x in lv.pool if x not in seen]
    rng.shuffle(unseen)
    picks = len(hands[0]) + len(hands[1]) if view.phase == "leader_draft" else DRAFTED
    # The draft's reveal order: what is known of it, then the second round still face down.
    drafted: tuple[int, ...] = ()
    if view.phase == "leader_draft" and picks < ROUND_SIZE:
        drafted = (*hands[0], *hands[1], *lv.draft_offer, *unseen[:ROUND_SIZE])
        unseen = unseen[ROUND_SIZE:]
    elif view.phase == "leader_draft":  # all eight known (their order is read no more)
        drafted = (*hands[0], *hands[1], *lv.draft_offer)
    owner = view.acting[0] if view.pending and view.acting else -1
    kinds = [k for k, _, _ in state.pending]
    drawn = lv.drawn
    aside_count = lv.aside
    if not drawn and kinds and kinds[0] == OWE_MAECENAS and owner != seat:
        drawn = tuple(unseen[:DRAW])  # the other seat's draw, unseen
    rest = [x for x in unseen if x not in drawn]
    aside = (*drawn, *rest[: aside_count - len(drawn)])
    if len(aside) != aside_count:
        return None
    offered = lv.offered
    if not offered and kinds and kinds[0] == OWE_OFFER and owner != seat:
        return None  # the other seat's offer is hidden and its cards are not rebuilt
    chosen = [UNSET, UNSET]
    declared = [UNSET, UNSET]
    hidden: list[int] = []
    for s, sv in enumerate(seats):
        if step in (CHOOSING, DECLARING, RESOLVING):
            if sv.chosen is None:
                chosen[s] = EMPTY_HAND if step != CHOOSING or not hands[s] else UNSET
            elif sv.chosen == HIDDEN:
                hidden.append(s)
            else:
                chosen[s] = sv.chosen
        if step in (DECLARING, RESOLVING):
            if sv.declared is None:
                declared[s] = UNSET if chosen[s] >= 0 else EMPTY_HAND
            elif sv.declared == HIDDEN:
                hidden.append(s)
            else:
                declared[s] = sv.declared
    queue: tuple[int, ...] = ()
    if step == RESOLVING:
        order = (lv.chooser, 1 - lv.chooser)
        recruiting = [s for s in order if declared[s] == 1]
        if len(recruiting) == 2 and state.pending and state.pending[0][2] == order[0]:
            queue = (order[1],)  # the first seat's effects are under way
    x = LeadersState(
        pool=lv.pool, costs=lv.costs, drafted=drafted, offer=lv.draft_offer, picks=picks,
        aside=aside, hands=hands, recruited=(seats[0].recruited, seats[1].recruited),
        buried=(seats[0].buried, seats[1].buried), step=step, age=lv.age,
        chooser=lv.chooser, chosen=(chosen[0], chosen[1]),
        declared=(declared[0], declared[1]), queue=queue, drawn=drawn, offered=offered,
        used=(_used(seats[0].used), _used(seats[1].used)),
        aspasia=lv.aspasia_waiting,
        symbols=tuple(cs for sv in seats for cs in sv.changed_symbols),
        under=(seats[0].under_pythagoras, seats[1].under_pythagoras),
    )
    state = replace(state, leaders=x, pending=_pending_args(state.pending, moves))
    if state.phase == RECRUITMENT:
        state = replace(state, current=lv.chooser)
    players = list(state.players)
    for s in (0, 1):
        players[s] = replace(players[s], science=science_counts(game.rules, state, s))
    state = replace(state, players=(players[0], players[1]))
    for s in hidden:  # the other seat's secret choice: a random legal one
        options = game.legal_moves(state, s)
        if not options:
            return None
        _, state = game.step(state, rng.choice(options))
    return replace(state, turn=view.turn)  # the choices played here were counted already


def _used(names: tuple[str, ...]) -> int:
    return sum(USED_BITS[n] for n in names)


def _pending_args(
    pending: tuple[tuple[int, int, int], ...], moves: Sequence[Any]
) -> tuple[tuple[int, int, int], ...]:
    """The first owed action's argument as the seat's moves show it."""
    if not pending:
        return pending
    kind, arg, who = pending[0]
    may_decline = any(isinstance(m, DeclineLeaderOffer) for m in moves)
    if kind in (OWE_SYMBOL, OWE_TAKEN_SYMBOL):
        arg = next((m.card for m in moves if isinstance(m, ChangeSymbol)), arg)
    elif kind == OWE_OFFER:
        arg = int(may_decline)
    elif kind == OWE_DISCARD_BUILD:
        arg = SOLOMON_MAY_DECLINE if may_decline else 0
    return ((kind, arg, who), *pending[1:])


EXT_SAMPLERS[LeadersView.__name__] = sample_leaders
