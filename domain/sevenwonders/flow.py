"""The course of an age: steps revealed and resolved together, hands passed, the last cards
discarded, the special steps (Halikarnassus, Babylon B's 7th card, Olympia B's copy),
conflicts at each age's end, and the final scoring.

Order after a step (the rulebook's, and the trace format's): hands pass (turns 1-5) or the
last cards are discarded (turn 6); each Halikarnassus that built a stage in the step then
builds from the discard pile; after turn 6 Babylon B plays its 7th card; then the conflicts;
after Age III's conflicts Olympia B copies a guild; then the game is scored.

Choices made here where the rulebook is silent (each documented where it applies):
- Halikarnassus must build when a discarded card qualifies (a free structure never costs
  a point) and its ability lapses when none does (trace rule fix P2); Olympia B's copy is
  likewise taken whenever a neighbour has a guild.
- Two-player variant: the Free City holds no hand, so it never keeps a 7th card (Babylon
  B); its Halikarnassus build is chosen by the seat that played its stage, its Olympia B
  copy by the holder at the end of Age III; its step resolves with the players' (payments
  from the coins held at the start, as in every step), which gives the same result as
  playing the Free City's card first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace

from domain.kernel.errors import DomainError
from domain.sevenwonders import events as ev
from domain.sevenwonders.catalog_types import PURPLE, CardDef
from domain.sevenwonders.commands import BuildDiscarded, CopyGuild, Play
from domain.sevenwonders.evolve import card_chosen, evolve
from domain.sevenwonders.hooks import Tx
from domain.sevenwonders.military import conflict_tokens
from domain.sevenwonders.play import DISCARD_COINS, choose, listed_choice
from domain.sevenwonders.scoring import final_scores
from domain.sevenwonders.state import (
    DISCARD,
    FREE_CITY,
    STAGE,
    Choice,
    SWState,
    controller,
    left_of,
    right_of,
)

if TYPE_CHECKING:
    from domain.sevenwonders.hooks import SevenWondersRules

LAST_TURN = 6
PASS_DIRECTION = {1: -1, 2: 1, 3: -1}
"""Ages I and III pass to the left neighbour, Age II to the right."""


def begin_age(tx: Tx, age: int) -> None:
    """An age opens: the expansions' steps before its cards are dealt (`hooks.age_start`,
    after an `AgeOpened`), then the deal of its hands and its first turn."""
    if tx.rules.age_start:
        tx.emit(ev.AgeOpened(age=age))
        for hook in tx.rules.age_start:
            if hook(tx, age):
                return
    deal_age(tx, age)


def deal_age(tx: Tx, age: int) -> None:
    st = tx.state
    assert st.deal is not None
    holder = 0
    if st.variant:
        # The Free City card starts with the city left of the Free City in Ages I and III,
        # right of it in Age II (official two-player variant).
        holder = left_of(st, FREE_CITY) if age != 2 else right_of(st, FREE_CITY)
    tx.emit(ev.AgeBegan(age=age, hands=st.deal.hands[age - 1], holder=holder))
    begin_turn(tx, 1)


def begin_turn(tx: Tx, turn: int) -> None:
    st = tx.state
    hands = st.hands
    cities = (_EVERY_CITY[len(hands)] if all(hands)
              else tuple([c for c, h in enumerate(hands) if h]))
    drawn = -1
    if st.variant:
        drawn = st.pile[0] if st.pile else -1
        cities = (*cities, FREE_CITY) if FREE_CITY not in cities else cities
    tx.emit(ev.TurnBegan(turn=turn, cities=cities, drawn=drawn, holder=st.holder))


_EVERY_CITY: tuple[tuple[int, ...], ...] = tuple(tuple(range(n)) for n in range(8))
"""Per number of hands (up to 7), the cities of a turn in which every hand holds cards."""


def decide_play(tx: Tx, command: Play) -> None:
    city, choice = choose(tx.rules, tx.state, command)
    tx.emit(ev.CardChosen(seat=command.seat, city=city, choice=choice))
    if not tx.state.acting:
        resolve_step(tx)


def play_listed(tx: Tx, command: Play) -> None:
    """`decide_play` for a move `legal_moves` just listed on this state (no re-check)."""
    seat = command.seat
    city = seat if command.city is None else command.city
    rules = tx.rules
    st = tx.state
    event = ev.CardChosen(seat=seat, city=city, choice=listed_choice(rules, st, city, command))
    tx.emit_evolved(event, card_chosen(rules, st, event))
    if not tx.state.acting:
        resolve_step(tx)


CONSTANT_GAINS = frozenset({"gain_coins", "trade_discount", "science_wild"})
"""On-build effects whose coins do not depend on the cities (no need to place the step)."""


def _with_gains(tx: Tx, actions: tuple[ev.Action, ...]) -> ev.StepResolved:
    """Place every card of the step first, then count what each on-build effect gives."""
    return _gains(tx, actions)[0]


def _emit_resolved(tx: Tx, actions: tuple[ev.Action, ...]) -> None:
    """Emit the step's `StepResolved`; a step placed to count its on-build coins is not
    placed again: the state it leads to is the placed one with those coins added."""
    event, placed, counted = _gains(tx, actions)
    if placed is None:
        tx.emit(event)
        return
    cities = list(placed.cities)
    for before, after in zip(counted, event.actions, strict=True):
        if after.gained != before.gained:
            c = cities[after.city]
            cities[after.city] = replace(c, coins=c.coins + after.gained - before.gained)
    tx.emit_placed(event, replace(placed, cities=tuple(cities)))


def _gains(
    tx: Tx, actions: tuple[ev.Action, ...]
) -> tuple[ev.StepResolved, SWState | None, tuple[ev.Action, ...]]:
    """`_with_gains`, with the step placed to count them (None when no effect needed it)
    and the actions it was placed with."""
    rules = tx.rules
    cards = rules.cards
    on_build = rules.on_build
    placed: SWState | None = None
    out = []
    if rules.action_gains:
        actions = tuple(_hook_gains(tx, a) for a in actions)
    for a in actions:
        if a.kind == DISCARD:
            gained = DISCARD_COINS + a.gained
        elif a.kind == STAGE:
            city = tx.state.cities[a.city]
            gained = rules.wonders[city.board].sides[city.side][city.stages].coins + a.gained
        else:
            effects = cards[a.card].on_build
            if not effects:
                out.append(a)
                continue
            if placed is None and any(n not in CONSTANT_GAINS for n, _ in effects):
                placed = evolve(rules, tx.state, ev.StepResolved(actions=actions))
            state = placed if placed is not None else tx.state
            gained = a.gained + sum(on_build[name](state, a.city, args)
                                    for name, args in effects)
        out.append(replace(a, gained=gained) if gained != a.gained else a)
    return ev.StepResolved(actions=tuple(out)), placed, actions


def _hook_gains(tx: Tx, a: ev.Action) -> ev.Action:
    """An action with the coins the expansions' `action_gains` give it (before the card's)."""
    extra = 0
    for hook in tx.rules.action_gains:
        extra += hook(tx.state, a)
    return replace(a, gained=a.gained + extra) if extra else a


def _action(st: SWState, city: int, c: Choice) -> ev.Action:
    return ev.Action(city=city, seat=controller(st, city), kind=c.action, card=c.card,
                     stage=st.cities[city].stages + 1 if c.action == STAGE else 0,
                     bank=c.bank, left=c.left, right=c.right, bought_left=c.bought_left,
                     bought_right=c.bought_right, chain=c.chain, far=c.far,
                     bank_bought=c.bank_bought)


def _emit_base_step(tx: Tx) -> None:
    """`resolve_step`'s `StepResolved` when no hook runs with the step (`plain_steps`): each
    action made with its coins at once (the `action_gains` first, on the action as
    chosen), the step placed only when an effect counts what it builds (`_gains`, in
    fewer steps; the base game's effects count cards and stages, never coins, so the coins
    placed do not matter)."""
    st = tx.state
    rules = tx.rules
    cards = rules.cards
    on_build = rules.on_build
    cities = st.cities
    chosen = st.chosen
    variant = st.variant
    extra_gains = rules.action_gains
    out: list[ev.Action] = []
    counted: list[int] = []
    """The builds whose effects count the step's cards (by position in `out`)."""
    for city in sorted(st.stepping):
        c = chosen[city]
        assert c is not None
        kind = c.action
        stage = gained = 0
        if kind == DISCARD:
            gained = DISCARD_COINS
        elif kind == STAGE:
            built = cities[city]
            stage = built.stages + 1
            gained = rules.wonders[built.board].sides[built.side][built.stages].coins
        else:
            effects = cards[c.card].on_build
            if effects:
                if any(n not in CONSTANT_GAINS for n, _ in effects):
                    counted.append(len(out))
                else:
                    for name, args in effects:
                        gained += on_build[name](st, city, args)
        a = ev.Action(city=city, seat=st.holder if variant and city == FREE_CITY else city,
                      kind=kind, card=c.card, stage=stage, bank=c.bank, left=c.left,
                      right=c.right, bought_left=c.bought_left, bought_right=c.bought_right,
                      chain=c.chain, gained=0 if extra_gains else gained, far=c.far,
                      bank_bought=c.bank_bought)
        if extra_gains:  # the expansions' coins, counted on the action as chosen
            for hook in extra_gains:
                gained += hook(st, a)
            if gained:
                a = replace(a, gained=gained)
        out.append(a)
    if not counted:
        tx.emit(ev.StepResolved(actions=tuple(out)))
        return
    placed = evolve(rules, st, ev.StepResolved(actions=tuple(out)))
    placed_cities = list(placed.cities)
    for i in counted:
        a = out[i]
        gained = sum(on_build[name](placed, a.city, args) for name, args in cards[a.card].on_build)
        if gained:
            out[i] = replace(a, gained=a.gained + gained)
            built = placed_cities[a.city]
            placed_cities[a.city] = replace(built, coins=built.coins + gained)
    tx.emit_placed(ev.StepResolved(actions=tuple(out)),
                   replace(placed, cities=tuple(placed_cities)))


def resolve_step(tx: Tx) -> None:
    if not tx.rules.plain_steps:
        st = tx.state
        actions = []
        for city in sorted(st.stepping):
            choice = st.chosen[city]
            assert choice is not None
            actions.append(_action(st, city, choice))
        for hook in tx.rules.step_hooks:
            hook(tx, False)
        _emit_resolved(tx, tuple(actions))
        for hook in tx.rules.step_hooks:
            hook(tx, True)
    else:
        _emit_base_step(tx)
    st = tx.state
    if st.turn < LAST_TURN:
        tx.emit(ev.HandsPassed(direction=0 if st.variant else PASS_DIRECTION[st.age]))
    elif st.turn == LAST_TURN:
        keep = [
            c for c, city in enumerate(st.cities)
            if "seventh_card" in city.abilities and c < len(st.hands) and st.hands[c]
            and not (st.variant and c == FREE_CITY)
        ]
        cards = tuple(() if c in keep else h for c, h in enumerate(st.hands))
        tx.emit(ev.HandsDiscarded(cards=cards, pile=st.pile))
    continue_age(tx)


def qualifying_discards(cards: tuple[CardDef, ...], st: SWState, city: int) -> list[int]:
    """Distinct cards of the discard pile that `city` may build (not one it already has)."""
    names = st.cities[city].names
    return [c for c in dict.fromkeys(st.discard) if not names >> cards[c].name_id & 1]


def continue_age(tx: Tx) -> None:
    for hook in tx.rules.step_end:
        if hook(tx):
            return
    while tx.state.halikarnassus:
        city, seat = tx.state.halikarnassus[0]
        if qualifying_discards(tx.rules.cards, tx.state, city):
            tx.emit(ev.DiscardBuildBegan(city=city, seat=seat))
            return
        tx.emit(ev.DiscardBuildLapsed(city=city))
    st = tx.state
    if st.turn == 0:
        deal_age(tx, st.age)  # an expansion's step before the age's cards is done
        return
    if st.turn < LAST_TURN:
        begin_turn(tx, st.turn + 1)
        return
    if st.turn == LAST_TURN:
        keepers = tuple(c for c, h in enumerate(st.hands) if h)
        if keepers:
            tx.emit(ev.SeventhBegan(cities=keepers))
            return
    end_age(tx)


def end_age(tx: Tx) -> None:
    st = tx.state
    tokens = conflict_tokens(st, st.age)
    for change in tx.rules.conflict_hooks:
        tokens = change(st, tokens)
    tx.emit(ev.ConflictsResolved(age=st.age, tokens=tokens))
    for after in tx.rules.age_end:
        after(tx, st.age)
    st = tx.state
    if st.age < 3:
        begin_age(tx, st.age + 1)
        return
    for c in range(len(st.cities)):
        if copy_candidates(tx.rules.cards, tx.state, c):
            tx.emit(ev.CopyGuildBegan(city=c, seat=controller(tx.state, c)))
            return
    end_game(tx)


def copy_candidates(
    cards: tuple[CardDef, ...], st: SWState, city: int
) -> list[tuple[int, str]]:
    """Guilds Olympia B may copy: (card, neighbour) for each guild of a neighbouring city."""
    if "copy_guild" not in st.cities[city].abilities or st.cities[city].copied >= 0:
        return []
    out = []
    for side, n in (("left", left_of(st, city)), ("right", right_of(st, city))):
        out += [(c, side) for c in st.cities[n].built if cards[c].colour == PURPLE]
    return out


def end_game(tx: Tx) -> None:
    for effect in tx.rules.end_effects:
        effect(tx)
    st = tx.state
    seats = tuple(range(2)) if st.variant else tuple(range(len(st.cities)))
    scores, ranking, rank = final_scores(tx.rules, st, seats)
    tx.emit(ev.GameEnded(scores=scores, ranking=ranking, rank=rank))


def decide_build_discarded(tx: Tx, command: BuildDiscarded) -> None:
    st = tx.state
    city = st.special
    if command.card not in st.discard:
        raise DomainError("not_in_discard", f"card {command.card} is not in the discard pile")
    if command.card not in qualifying_discards(tx.rules.cards, st, city):
        raise DomainError("already_built", "the city already has a structure of that name")
    action = ev.Action(city=city, seat=command.seat, kind="from_discard", card=command.card)
    resolved = _with_gains(tx, (action,))
    tx.emit(resolved)
    for hook in tx.rules.discard_build_hooks:
        hook(tx, resolved)
    continue_age(tx)


def decide_copy_guild(tx: Tx, command: CopyGuild) -> None:
    st = tx.state
    city = st.special
    options = copy_candidates(tx.rules.cards, st, city)
    if (command.card, command.neighbour) not in options:
        raise DomainError("not_a_neighbour_guild",
                          f"copiable guilds (card, neighbour): {sorted(set(options))}")
    tx.emit(ev.GuildCopied(city=city, card=command.card, neighbour=command.neighbour))
    for c in range(city + 1, len(st.cities)):
        if copy_candidates(tx.rules.cards, tx.state, c):
            tx.emit(ev.CopyGuildBegan(city=c, seat=controller(tx.state, c)))
            return
    end_game(tx)


def discard_build_moves(
    rules: SevenWondersRules, st: SWState, seat: int
) -> list[BuildDiscarded]:
    return [BuildDiscarded(seat=seat, card=c)
            for c in qualifying_discards(rules.cards, st, st.special)]


def copy_guild_moves(rules: SevenWondersRules, st: SWState, seat: int) -> list[CopyGuild]:
    return [CopyGuild(seat=seat, card=c, neighbour=side)
            for c, side in copy_candidates(rules.cards, st, st.special)]
