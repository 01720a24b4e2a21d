"""What each seat may know: `view` for states, `redact` for events.

Hidden from a seat: the deal, the other cities' hands (their sizes are public), the choices
of a step until it is revealed, the discard pile (face down: only its size is public; the
seat that must build from it sees it then), the cards tucked under other cities' stages,
and the Free City's draw pile and draws. A spectator (seat None) sees only public facts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
from msgspec.structs import replace

from domain.sevenwonders import events as ev
from domain.sevenwonders.public_points import points_so_far
from domain.sevenwonders.state import (
    DISCARD_BUILD,
    FREE_CITY,
    OVER,
    PHASE_NAMES,
    Choice,
    SWState,
    controller,
)

if TYPE_CHECKING:
    from domain.sevenwonders.hooks import SevenWondersRules

HIDDEN = -1
"""Stands for a card a seat may not see."""


class CityView(msgspec.Struct, frozen=True):
    city: int
    seat: int | None
    """The seat playing it (the holder of the Free City card for the Free City)."""
    board: int
    side: str
    coins: int
    built: tuple[int, ...]
    stages: int
    tucked: tuple[int, ...]
    """The cards under its stages: the owner's own, -1 for others."""
    shields: int
    tokens: tuple[int, ...]
    hand_size: int
    chosen: bool
    """Whether it has chosen this step (never what)."""
    copied: int


class ChoiceView(msgspec.Struct, frozen=True):
    city: int
    choice: Choice


class SevenWondersView(msgspec.Struct, frozen=True):
    seat: int | None
    phase: str
    age: int
    turn: int
    acting: tuple[int, ...]
    variant: bool
    holder: int | None
    explicit_deal: bool
    cities: tuple[CityView, ...]
    hand: tuple[int, ...]
    """This seat's hand (empty for a spectator)."""
    my_choices: tuple[ChoiceView, ...]
    discard_size: int
    discard: tuple[int, ...]
    """The discard pile, only for the seat that must build from it now."""
    pile_size: int
    scores: tuple[tuple[int, ...], ...]
    ranking: tuple[int, ...]
    rank: tuple[int, ...]
    points: tuple[tuple[int, ...], ...]
    """Each city's points so far by score line (`score_categories`, total last), from public
    information only (`public_points`): the same for every audience."""
    ext: Any = None
    """An expansion's part of the view (`hooks.SevenWondersRules.view_ext`), None without."""


def phase_name(rules: SevenWondersRules, phase: int) -> str:
    """The base phases' names, or an expansion phase's own (`hooks.PhaseRules.name`)."""
    if phase < len(PHASE_NAMES):
        return PHASE_NAMES[phase]
    found = rules.phases.get(phase)
    return found.name if found is not None and found.name else str(phase)


def acting_seats(state: SWState) -> tuple[int, ...]:
    return state.acting


def _hand_size(state: SWState, city: int) -> int:
    if state.variant and city == FREE_CITY:
        return 0
    return len(state.hands[city]) if city < len(state.hands) else 0


def view(rules: SevenWondersRules, state: SWState, seat: int | None) -> SevenWondersView:
    cities = []
    for i, c in enumerate(state.cities):
        owner = controller(state, i)
        mine = seat is not None and (seat == i or (state.variant and i == FREE_CITY))
        cities.append(CityView(
            city=i, seat=owner, board=c.board, side="AB"[c.side], coins=c.coins,
            built=c.built, stages=c.stages,
            tucked=c.tucked if mine else (HIDDEN,) * len(c.tucked),
            shields=c.shields, tokens=c.tokens, hand_size=_hand_size(state, i),
            chosen=i in state.stepping and state.chosen[i] is not None, copied=c.copied,
        ))
    hand: tuple[int, ...] = ()
    choices: tuple[ChoiceView, ...] = ()
    discard: tuple[int, ...] = ()
    if seat is not None and seat < len(state.hands):
        hand = state.hands[seat]
        choices = tuple(
            ChoiceView(city=c, choice=ch) for c, ch in enumerate(state.chosen)
            if ch is not None and controller(state, c) == seat
        )
    if seat is not None and state.phase == DISCARD_BUILD and state.special_seat == seat:
        # The seat choosing from the discard sees it even when no hands are dealt (Solomon
        # recruited at an age's start, before its cards).
        discard = state.discard
    return SevenWondersView(
        seat=seat, phase=phase_name(rules, state.phase), age=state.age, turn=state.turn,
        acting=acting_seats(state), variant=state.variant,
        holder=state.holder if state.variant else None, explicit_deal=state.explicit_deal,
        cities=tuple(cities), hand=hand, my_choices=choices, discard_size=len(state.discard),
        discard=discard, pile_size=len(state.pile), scores=state.scores,
        ranking=state.ranking, rank=state.rank, points=points_so_far(rules, state),
        ext=rules.view_ext(rules, state, seat) if rules.view_ext is not None else None,
    )


def _hide(cards: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(cards)


def redact(event: Any, seat: int | None) -> Any:
    """`event` as `seat` may see it. Cards a seat saw in its own hand stay visible to it."""
    if isinstance(event, ev.GameStarted):
        return replace(event, deal=None) if event.deal is not None else event
    if isinstance(event, ev.AgeBegan):
        return replace(event, hands=tuple(
            h if c == seat else _hide(h) for c, h in enumerate(event.hands)
        ))
    if isinstance(event, ev.TurnBegan):
        if event.drawn >= 0 and seat != event.holder:
            return replace(event, drawn=HIDDEN)
        return event
    if isinstance(event, ev.CardChosen):
        return event if event.seat == seat else replace(event, choice=None)
    if isinstance(event, ev.StepResolved):
        return replace(event, actions=tuple(
            a if a.kind not in ("discard", "stage") or a.seat == seat
            else replace(a, card=HIDDEN)
            for a in event.actions
        ))
    if isinstance(event, ev.HandsDiscarded):
        return replace(event, cards=tuple(
            h if c == seat else _hide(h) for c, h in enumerate(event.cards)
        ), pile=_hide(event.pile))
    return event


__all__ = ["OVER", "acting_seats", "redact", "view"]
