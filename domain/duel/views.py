"""What each seat may know: `view` for states, `redact` for events.

Hidden from seats: the deal (face-down cards of the structure until revealed, the cards
removed from each Age, the unused guilds and wonders, the tokens kept aside and their
order) and the Great Library draw, which only the drawer sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
from msgspec.structs import replace

from domain.duel import draft
from domain.duel import events as ev
from domain.duel.public_points import points_so_far
from domain.duel.state import (
    DRAFT,
    EXPANSION_PHASES,
    OVER,
    OWED_NAMES,
    PLAY,
    SETUP,
    DuelState,
    phase_name,
)

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules

HIDDEN = -1
"""Stands for a card a seat may not see."""


class PlayerView(msgspec.Struct, frozen=True):
    seat: int
    coins: int
    buildings: tuple[int, ...]
    wonders: tuple[int, ...]
    built_wonders: tuple[int, ...]
    tucked: tuple[int, ...]
    tokens: tuple[int, ...]


class SlotView(msgspec.Struct, frozen=True):
    slot: int
    name: str
    card: int
    """The card, or -1 while face down."""
    taken: bool
    accessible: bool


class DuelView(msgspec.Struct, frozen=True):
    seat: int | None
    phase: str
    age: int
    turn: int
    acting: tuple[int, ...]
    first_player: int
    explicit_deal: bool
    players: tuple[PlayerView, ...]
    structure: tuple[SlotView, ...]
    discard: tuple[int, ...]
    board_tokens: tuple[int, ...]
    pawn: int
    looting_left: tuple[str, ...]
    draft_round: int
    draft_offer: tuple[int, ...]
    pending: tuple[str, ...]
    library_draw: tuple[int, ...]
    """The Great Library draw, for the drawer only."""
    retired_wonders: tuple[int, ...]
    play_again: bool
    winner: int | None
    victory: str
    scores: tuple[tuple[int, ...], ...]
    points: tuple[tuple[int, ...], ...]
    """Each seat's points so far by score line (`score_categories`, total last), from public
    information only (`public_points`): the same for every audience."""
    ext: Any = None
    """What expansions add (their own struct), None in the base game."""
    leaders: Any = None
    """Duel Leaders' part (beside Agora's `ext`), None without it."""


_CURRENT: tuple[tuple[int, ...], ...] = ((0,), (1,))
"""The acting seats of a turn of the play phase, by current seat (shared: tuples)."""


def acting_seats(state: DuelState) -> tuple[int, ...]:
    if state.phase == PLAY and not state.pending:  # the common case, made short
        return _CURRENT[state.current]
    if state.phase in (SETUP, OVER):
        return ()
    if state.pending:  # the seat owing the first action (in a draft: an Agora picker)
        return (state.pending[0][2],)
    if state.phase == DRAFT:
        # Between a round's last pick and the next reveal nobody may pick.
        return (draft.picker(state),) if state.draft_offer else ()
    if state.phase > OVER:
        return EXPANSION_PHASES[state.phase][1](state)
    return (state.current,)


_last: tuple[object, object, DuelView] | None = None
"""(rules, state, shared part) of the last state viewed: the projector views each state
once per audience in a row, and states are immutable, so one entry (which keeps its state
alive: the identity cannot be reused while cached) saves all but one build of the shared
part. Replaced as a whole tuple, so threads (bots think off the event loop) never see a
mixed entry."""


def view(rules: DuelRules, state: DuelState, seat: int | None) -> DuelView:
    global _last
    last = _last
    if last is not None and last[1] is state and last[0] is rules:
        shared = last[2]
    else:
        shared = _shared_view(rules, state)
        _last = (rules, state, shared)
    drawer = state.current if state.library_draw else None
    return replace(
        shared,
        seat=seat,
        library_draw=state.library_draw if seat is not None and seat == drawer else (),
        ext=rules.view_ext(rules, state, seat) if rules.view_ext is not None else None,
        leaders=(rules.leaders_view(rules, state, seat)
                 if rules.leaders_view is not None else None),
    )


def _shared_view(rules: DuelRules, state: DuelState) -> DuelView:
    """The part of the view every audience sees alike (the seat's own parts left empty)."""
    structure: tuple[SlotView, ...] = ()
    if state.age:
        layout = rules.layouts[state.age - 1]
        accessible = layout.accessible(state.taken)
        slots, revealed, taken = state.slots, state.revealed, state.taken
        structure = tuple(
            SlotView(
                slot=i,
                name=slot.name,
                card=slots[i] if (revealed >> i) & 1 else HIDDEN,
                taken=bool((taken >> i) & 1),
                accessible=bool((accessible >> i) & 1),
            )
            for i, slot in enumerate(layout.slots)
        )
    return DuelView(
        seat=None,
        phase=phase_name(state.phase),
        age=state.age,
        turn=state.turn,
        acting=acting_seats(state),
        first_player=state.first_player,
        explicit_deal=state.explicit_deal,
        players=tuple(
            PlayerView(
                seat=i,
                coins=p.coins,
                buildings=p.buildings,
                wonders=p.wonders,
                built_wonders=p.built_wonders,
                tucked=p.tucked,
                tokens=p.tokens,
            )
            for i, p in enumerate(state.players)
        ),
        structure=structure,
        discard=state.discard,
        board_tokens=state.board_tokens,
        pawn=state.pawn,
        looting_left=tuple(
            t.name for i, t in enumerate(rules.military_tokens) if (state.looting >> i) & 1
        ),
        draft_round=state.draft_round,
        draft_offer=state.draft_offer,
        pending=tuple(
            OWED_NAMES[k] if k < len(OWED_NAMES) else rules.owed_names[k]
            for k, _, _ in state.pending
        ),
        library_draw=(),
        retired_wonders=state.retired_wonders,
        play_again=state.replay,
        winner=state.winner,
        victory=state.victory,
        scores=state.scores,
        points=points_so_far(rules, state),
    )


def redact(event: ev.Event, seat: int | None) -> ev.Event:
    if isinstance(event, ev.GameStarted):
        return replace(event, deal=None) if event.deal is not None else event
    if isinstance(event, ev.GreatLibraryDrawn) and seat != event.seat:
        return replace(event, tokens=())
    return event
