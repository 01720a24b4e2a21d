"""Mutators of Agora's events, and the base mutators Agora wraps to keep `ext` in step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from domain.duel import events as ev
from domain.duel.evolve import MUTATORS, rebuild_caches, set_player, take_slot, with_card
from domain.duel.state import DuelState
from domain.duel_agora import events as aev
from domain.duel_agora.catalog import CHAMBERS
from domain.duel_agora.state import AgoraState

if TYPE_CHECKING:
    from domain.duel.rules import DuelRules, MutatorFn


def _ext(s: DuelState) -> AgoraState:
    ext: AgoraState = s.ext
    return ext


def _pair(values: tuple[Any, Any], seat: int, value: Any) -> Any:
    return (value, values[1]) if seat == 0 else (values[0], value)


def _cubes(ext: AgoraState, seat: int, chamber: int, delta: int) -> AgoraState:
    row = list(ext.cubes[seat])
    row[chamber] += delta
    return replace(ext, cubes=_pair(ext.cubes, seat, tuple(row)))


def _agora_dealt(rules: DuelRules, s: DuelState, e: aev.AgoraDealt) -> DuelState:
    deal = e.deal
    decrees = deal.decrees if deal is not None else e.face_up
    revealed = 0
    for chamber, decree in zip(CHAMBERS, decrees, strict=True):
        if chamber.face_up and decree >= 0:
            revealed |= 1 << decree
    return replace(s, ext=AgoraState(
        decrees=tuple((d,) for d in decrees),
        revealed=revealed,
        unused_decrees=deal.decrees_unused if deal is not None else (),
        deck=deal.conspiracies if deal is not None else (),
    ))


def _placed(rules: DuelRules, s: DuelState, e: aev.InfluencePlaced) -> DuelState:
    return replace(s, ext=_cubes(_ext(s), e.seat, e.chamber, 1))


def _moved(rules: DuelRules, s: DuelState, e: aev.InfluenceMoved) -> DuelState:
    ext = _cubes(_cubes(_ext(s), e.seat, e.source, -1), e.seat, e.target, 1)
    return replace(s, ext=ext)


def _removed(rules: DuelRules, s: DuelState, e: aev.InfluenceRemoved) -> DuelState:
    return replace(s, ext=_cubes(_ext(s), e.owner, e.chamber, -1))


def _decree_revealed(rules: DuelRules, s: DuelState, e: aev.DecreeRevealed) -> DuelState:
    ext = _ext(s)
    return replace(s, ext=replace(ext, revealed=ext.revealed | (1 << e.decree)))


def _decree_moved(rules: DuelRules, s: DuelState, e: aev.DecreeMoved) -> DuelState:
    ext = _ext(s)
    decrees = list(ext.decrees)
    decrees[e.source] = tuple(d for d in decrees[e.source] if d != e.decree)
    decrees[e.target] = (*decrees[e.target], e.decree)
    return replace(s, ext=replace(ext, decrees=tuple(decrees)))


def _recruited(rules: DuelRules, s: DuelState, e: aev.SenatorRecruited) -> DuelState:
    s = take_slot(s, e.slot)
    p = s.players[e.seat]
    s = set_player(s, e.seat, replace(p, coins=p.coins - e.cost))
    ext = _ext(s)
    senators = _pair(ext.senators, e.seat, (*ext.senators[e.seat], e.card))
    return replace(s, ext=replace(ext, senators=senators), turn=s.turn + 1)


def _prepared(rules: DuelRules, s: DuelState, e: aev.ConspiracyPrepared) -> DuelState:
    s = take_slot(s, e.slot)
    ext = _ext(s)
    row = list(ext.prepared[e.seat])
    row[e.conspiracy] = e.card
    prepared = _pair(ext.prepared, e.seat, tuple(row))
    return replace(s, ext=replace(ext, prepared=prepared), turn=s.turn + 1)


def _triggered(rules: DuelRules, s: DuelState, e: aev.ConspiracyTriggered) -> DuelState:
    ext = _ext(s)
    row = list(ext.triggered[e.seat])
    row[e.conspiracy] = True
    ext = replace(ext, triggered=_pair(ext.triggered, e.seat, tuple(row)))
    if e.before_action:
        ext = replace(ext, acted=True, in_trigger=True)
    return replace(s, ext=ext, turn=s.turn + 1)


def _resolved(rules: DuelRules, s: DuelState, e: aev.ConspiracyResolved) -> DuelState:
    return replace(s, ext=replace(_ext(s), in_trigger=False))


def _drawn(rules: DuelRules, s: DuelState, e: aev.ConspiraciesDrawn) -> DuelState:
    ext = _ext(s)
    return replace(s, ext=replace(ext, deck=ext.deck[e.count:], drawn=ext.deck[:e.count]))


def _kept(rules: DuelRules, s: DuelState, e: aev.ConspiracyKept) -> DuelState:
    ext = _ext(s)
    deck = ext.deck
    if e.returned >= 0:
        deck = (e.returned, *deck) if e.on_top else (*deck, e.returned)
    n = len(e.kept)
    ext = replace(
        ext,
        deck=deck,
        drawn=(),
        held=_pair(ext.held, e.seat, (*ext.held[e.seat], *e.kept)),
        prepared=_pair(ext.prepared, e.seat, (*ext.prepared[e.seat], *(-1,) * n)),
        triggered=_pair(ext.triggered, e.seat, (*ext.triggered[e.seat], *(False,) * n)),
    )
    return replace(s, ext=ext)


def _owed_step(rules: DuelRules, s: DuelState, e: aev.AgoraOwedStep) -> DuelState:
    kind, _, seat = s.pending[0]
    rest = s.pending[1:]
    pending = ((kind, e.remaining, seat), *rest) if e.remaining > 0 else rest
    return replace(s, pending=pending, turn=s.turn + 1)


def _structure_discarded(
    rules: DuelRules, s: DuelState, e: aev.StructureCardDiscarded
) -> DuelState:
    s = take_slot(s, e.slot)
    return replace(s, discard=(*s.discard, e.card))


def _free_built(rules: DuelRules, s: DuelState, e: aev.FreeBuildingConstructed) -> DuelState:
    if e.slot >= 0:
        s = take_slot(s, e.slot)
    else:
        ext = _ext(s)
        s = replace(s, ext=replace(ext, removed_built=(*ext.removed_built, e.card)))
    return set_player(s, e.seat, with_card(rules, s.players[e.seat], e.card))


def _aside_seen(rules: DuelRules, s: DuelState, e: aev.AsideTokensSeen) -> DuelState:
    return replace(s, ext=replace(_ext(s), spied=e.tokens))


def _aside_taken(rules: DuelRules, s: DuelState, e: aev.AsideTokenTaken) -> DuelState:
    s = replace(s, aside_tokens=tuple(t for t in s.aside_tokens if t != e.token))
    return replace(s, ext=replace(_ext(s), spied=()))


def _obscured(rules: DuelRules, s: DuelState, e: aev.TokenObscured) -> DuelState:
    if e.source == "board":
        s = replace(s, board_tokens=tuple(t for t in s.board_tokens if t != e.token))
    elif e.source == "aside":
        s = replace(s, aside_tokens=tuple(t for t in s.aside_tokens if t != e.token))
    else:
        owner = 1 - e.seat
        p = s.players[owner]
        p = replace(p, tokens=tuple(t for t in p.tokens if t != e.token))
        s = set_player(s, owner, rebuild_caches(rules, p))
    ext = _ext(s)
    entry = (e.token, e.seat, e.source == "aside")
    return replace(s, ext=replace(ext, obscured=(*ext.obscured, entry)), turn=s.turn + 1)


def _wonder_taken(rules: DuelRules, s: DuelState, e: aev.WonderTaken) -> DuelState:
    owner = s.players[e.owner]
    s = set_player(s, e.owner, replace(
        owner, wonders=tuple(w for w in owner.wonders if w != e.wonder)))
    p = s.players[e.seat]
    s = set_player(s, e.seat, replace(p, wonders=(*p.wonders, e.wonder)))
    return replace(s, turn=s.turn + 1)


def _sabotaged(rules: DuelRules, s: DuelState, e: aev.WonderSabotaged) -> DuelState:
    p = s.players[e.owner]
    i = p.built_wonders.index(e.wonder)
    p = replace(
        p,
        wonders=tuple(w for w in p.wonders if w != e.wonder),
        built_wonders=p.built_wonders[:i] + p.built_wonders[i + 1:],
        tucked=p.tucked[:i] + p.tucked[i + 1:],
    )
    s = set_player(s, e.owner, rebuild_caches(rules, p))
    ext = _ext(s)
    return replace(
        s, discard=(*s.discard, e.card), ext=replace(ext, sabotaged=(*ext.sabotaged, e.wonder)),
        turn=s.turn + 1,
    )


def _card_taken(rules: DuelRules, s: DuelState, e: aev.CardTaken) -> DuelState:
    owner = s.players[e.owner]
    i = owner.buildings.index(e.card)
    owner = replace(owner, buildings=owner.buildings[:i] + owner.buildings[i + 1:])
    s = set_player(s, e.owner, rebuild_caches(rules, owner))
    s = set_player(s, e.seat, with_card(rules, s.players[e.seat], e.card))
    return replace(s, turn=s.turn + 1)


_BASE_TURN = MUTATORS[ev.TurnBegan]


def _turn_began(rules: DuelRules, s: DuelState, e: ev.TurnBegan) -> DuelState:
    """A new turn may trigger a conspiracy again."""
    s = _BASE_TURN(rules, s, e)
    ext = _ext(s)
    if ext.acted or ext.in_trigger:
        s = replace(s, ext=replace(ext, acted=False, in_trigger=False))
    return s


AGORA_MUTATORS: dict[type, MutatorFn] = {
    aev.AgoraDealt: _agora_dealt,
    aev.InfluencePlaced: _placed,
    aev.InfluenceMoved: _moved,
    aev.InfluenceRemoved: _removed,
    aev.DecreeRevealed: _decree_revealed,
    aev.DecreeMoved: _decree_moved,
    aev.SenatorRecruited: _recruited,
    aev.ConspiracyPrepared: _prepared,
    aev.ConspiracyTriggered: _triggered,
    aev.ConspiracyResolved: _resolved,
    aev.ConspiraciesDrawn: _drawn,
    aev.ConspiracyKept: _kept,
    aev.AgoraOwedStep: _owed_step,
    aev.StructureCardDiscarded: _structure_discarded,
    aev.FreeBuildingConstructed: _free_built,
    aev.AsideTokensSeen: _aside_seen,
    aev.AsideTokenTaken: _aside_taken,
    aev.TokenObscured: _obscured,
    aev.WonderTaken: _wonder_taken,
    aev.WonderSabotaged: _sabotaged,
    aev.CardTaken: _card_taken,
    ev.TurnBegan: _turn_began,
}
