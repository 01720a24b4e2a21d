"""Faith attached to a 7 Wonders ruleset through its hooks: the gods' deal, the prayer, the
invocation with a step's card, the gods' powers, views, redaction and trace format."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import msgspec
from msgspec.structs import asdict, replace

from domain.kernel.errors import DomainError
from domain.sevenwonders import commands as cmd
from domain.sevenwonders import events as ev
from domain.sevenwonders.catalog_types import PURPLE
from domain.sevenwonders.deal import Deal
from domain.sevenwonders.hooks import PhaseRules, SevenWondersRules, Tx
from domain.sevenwonders.play import choose, listed_choice
from domain.sevenwonders.state import PLAY, SWState
from domain.sevenwonders.views import HIDDEN, SevenWondersView
from domain.sevenwonders_faith import bastet, horus, invoke, osiris, pegasus, prayer, seth
from domain.sevenwonders_faith.catalog import (
    BY_KEY,
    COST_KINDS,
    GODS,
    PLAYABLE,
    ZERO7,
)
from domain.sevenwonders_faith.guilds import GUILD_VP, guilds
from domain.sevenwonders_faith.invoke import REDEAL_SIZE
from domain.sevenwonders_faith.model import (
    ANSWER,
    INVOKE,
    OSIRIS,
    PEGASUS,
    PRAYER,
    SELL,
    Answer,
    CardsSwapped,
    Cost,
    DiscardRaised,
    FaithExt,
    FaithStarted,
    GodChoice,
    GodChosen,
    GodIncome,
    GodKept,
    GodRevealed,
    GodsPassed,
    GodsRetired,
    GodsShown,
    GodStruck,
    GuildPlundered,
    HandKept,
    HandPeeked,
    HandsRedealt,
    KeepGod,
    LeadersOffered,
    Peek,
    PegasusRode,
    PlayWithGod,
    PrayerBegan,
    RaiseBegan,
    RaiseDiscarded,
    SethAnswered,
    TakeLeader,
)
from domain.sevenwonders_faith.overrides import (
    override_hook,
    parse_board_costs,
    parse_guild_costs,
)
from domain.sevenwonders_faith.powers import (
    conflicts,
    gods_points,
    make_cost_hook,
    make_pool_hook,
    make_producers,
    pan_repeats,
    poseidon_market,
    syracuse_coins,
    touched_costs,
)
from domain.sevenwonders_faith.trace import write_trace
from domain.sevenwonders_faith.wonders import boards
from domain.sevenwonders_leaders.catalog import DEALT, HERACLES, LEADERS
from domain.sevenwonders_leaders.rules import attach_powers

GodDeal = tuple[tuple[tuple[int, ...], ...], ...]
MAX_SEATS = len(PLAYABLE) // 3
"""3 gods a seat: the gods built so far serve up to this many seats."""


def god_pool(seats: int) -> tuple[int, ...]:
    """The gods dealt: the playable ones, less those the rulebook removes for 2 players
    ("Pensez à retirer les Dieux suivants : Anubis, Hestia (rouge), Horus, Nout, Pan et
    Poséidon")."""
    return tuple(g for g in PLAYABLE if not (seats == 2 and GODS[g].removed_two_players))


_DEAL_TYPES: dict[type, type] = {}


def deal_type(base: type) -> type:
    """`base` (the deal of the expansions attached before) with the gods added."""
    found = _DEAL_TYPES.get(base)
    if found is None:
        found = _DEAL_TYPES[base] = msgspec.defstruct(
            "FaithDeal" if base is Deal else f"Faith{base.__name__}",
            [("gods", GodDeal, ()), ("reshuffles", tuple[tuple[int, ...], ...], ()),
             ("leader_box", tuple[int, ...], ())],
            bases=(base,), frozen=True,
            module=__name__)
    return found


def _seats_ok(seats: int) -> None:
    if seats > MAX_SEATS:
        raise DomainError("invalid_seat_count", f"7 Wonders with Faith is played by 2 to "
                          f"{MAX_SEATS} seats (3 gods each from the {len(PLAYABLE)} built)")


def _make_deal(previous: Any) -> Any:
    def make(rules: SevenWondersRules, deal: Any, rng: random.Random, seats: int) -> Any:
        _seats_ok(seats)
        if previous is not None:
            deal = previous(rules, deal, rng, seats)
        cities = 3 if seats == 2 else seats
        pool = god_pool(seats)
        ages = []
        for _ in range(3):
            shuffled = list(pool)
            rng.shuffle(shuffled)
            ages.append(tuple(tuple(shuffled[3 * c: 3 * c + 3]) if c < seats else ()
                              for c in range(cities)))
        reshuffles = tuple(tuple(rng.sample(range(REDEAL_SIZE), REDEAL_SIZE)) for _ in range(3))
        extra = {}
        if "leaders" not in rules.expansions:
            # Pégase without Leaders: the leaders he draws, in a shuffled order.
            extra["leader_box"] = tuple(rng.sample(DEALT, len(DEALT)))
        return rules.deal_type(**asdict(deal), gods=tuple(ages), reshuffles=reshuffles,
                               **extra)
    return make


def _check_deal(previous: Any) -> Any:
    def check(rules: SevenWondersRules, deal: Any, seats: int) -> None:
        _seats_ok(seats)
        if previous is not None:
            previous(rules, deal, seats)
        gods = getattr(deal, "gods", ())
        cities = 3 if seats == 2 else seats
        pool = set(god_pool(seats))
        if len(gods) != 3 or any(len(age) != cities for age in gods):
            raise DomainError("invalid_deal", f"gods: 3 ages of {cities} hands")
        for age in gods:
            flat = [g for h in age for g in h]
            if (any(len(h) != 3 for h in age[:seats]) or any(age[seats:])
                    or len(set(flat)) != len(flat) or not set(flat) <= pool):
                raise DomainError("invalid_deal", "gods: 3 distinct gods of the pool per "
                                  f"seat, none for the Free City; pool {sorted(pool)}")
        box = getattr(deal, "leader_box", ())
        if box and ("leaders" in rules.expansions or sorted(box) != list(DEALT)):
            raise DomainError("invalid_deal", "leader_box: none, or (without Leaders) the 36 "
                              "leaders once each (Pégase's draw order)")
        reshuffles = getattr(deal, "reshuffles", ())
        if reshuffles and (len(reshuffles) != 3 or any(
                sorted(r) != list(range(REDEAL_SIZE)) for r in reshuffles)):
            raise DomainError("invalid_deal", "reshuffles: none, or 3 permutations of 0.."
                              f"{REDEAL_SIZE - 1} (Ouranos' redeal in each age)")
    return check


def parse_costs(raw: Any) -> dict[tuple[int, int], Cost]:
    """The `god_costs` option, checked: {key: {age: [kind, n(, [7 resource counts])]}}."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise DomainError("invalid_option", "god_costs maps god keys to {age: cost}")
    out: dict[tuple[int, int], Cost] = {}
    for key, ages in raw.items():
        god = BY_KEY.get(key)
        if god is None or not isinstance(ages, Mapping):
            raise DomainError("invalid_option", f"god_costs: unknown god {key!r}")
        for age, cost in ages.items():
            try:
                a = int(age)
                kind, n = str(cost[0]), int(cost[1])
                res = tuple(int(x) for x in cost[2]) if len(cost) > 2 else ZERO7
            except (TypeError, ValueError, IndexError, KeyError):
                raise DomainError("invalid_option", f"god_costs[{key}][{age}]: [kind, n]"
                                  " or [kind, n, [7 resource counts]]") from None
            if a not in (1, 2, 3) or kind not in COST_KINDS or n < 0 or len(res) != 7:
                raise DomainError("invalid_option", f"god_costs[{key}][{age}]: age 1-3, "
                                  f"kind one of {COST_KINDS}, n >= 0, 7 resource counts")
            out[(god.id, a)] = (kind, n, res)
    return out


def _start(tx: Tx, options: Mapping[str, Any]) -> None:
    over = parse_costs(options.get("god_costs"))
    costs = tuple(tuple(over.get((g.id, a), g.costs[a - 1]) for a in (1, 2, 3)) for g in GODS)
    gods = getattr(tx.state.deal, "gods", ())
    stage_costs = parse_board_costs(options.get("board_costs"), tx.rules.wonders)
    guild_costs = parse_guild_costs(options.get("guild_costs"), tx.rules.cards)
    box = getattr(tx.state.deal, "leader_box", ())
    tx.emit(FaithStarted(costs=costs, gods=gods, stage_costs=stage_costs,
                         guild_costs=guild_costs, leader_box=tuple(box) if box else None))


def _started(rules: SevenWondersRules, s: SWState, e: FaithStarted) -> SWState:
    n = len(s.cities)
    deal = e.gods or ((((),) * n),) * 3
    costs: Any = e.costs
    return replace(s, ext2=replace(prayer.new_ext(deal, n, costs), stage_costs=e.stage_costs,
                                   guild_costs=e.guild_costs, leader_box=e.leader_box or ()))


class FaithView(msgspec.Struct, frozen=True):
    """What a seat may know of the gods (the `ext` of a 7 Wonders view)."""

    gods_hand: tuple[int, ...]
    """During the prayer: the gods this seat picks from now (its own only)."""
    gods_kept: tuple[int, ...]
    """This seat's gods: kept in the prayer, then its hand of gods for the age."""
    gods_kept_count: tuple[int, ...]
    """Per city, how many gods it holds (public)."""
    gods_allowed: tuple[int, ...]
    """Per city, how many gods it may still invoke this age (public)."""
    invoked: tuple[tuple[tuple[int, int], ...], ...]
    """Per city, (god, age) of the gods in play (public, face up)."""
    my_god_choice: GodChoice | None
    """The god this seat chose with this step's card (only its own, until revealed)."""
    my_second_god: GodChoice | None
    """A second god it chose with the same card (Wonderwoman's marker), until revealed."""
    god_costs: tuple[tuple[Cost, ...], ...]
    """Per god id, its cost in Ages I, II, III in this game ([kind, n, resources])."""
    stage_costs: tuple[tuple[int, int, int, tuple[int, ...]], ...] = ()
    """(board id, side, stage index, resources): the wonder stages whose printed cost this
    game replaces (option `board_costs`; public, as `god_costs`)."""
    guild_costs: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(card id, resources): the guilds whose printed cost this game replaces (option
    `guild_costs`; public)."""
    horus_looks: tuple[int, ...] = ()
    """Per city, Horus' looks left this age (public: the marker coins on the card)."""
    looked_at: tuple[int, ...] = ()
    """Horus: the previous player's hand as this seat saw it in this step (its own only)."""
    osiris_discard: tuple[int, ...] = ()
    """Osiris' step: the discard pile, to this seat alone when it chooses from it."""
    pegasus_leaders: tuple[int, ...] = ()
    """Pégase's step: the leaders drawn, to this seat alone when it chooses from them."""
    shown_gods: tuple[int, ...] = ()
    """Seth's answer: per city, the god it invokes with this step's card, shown to every
    seat as `GodsShown` does (-1: none or not answerable), so Seth's holder sees what it
    may cancel."""
    inner: Any = None
    """The view part of the expansion attached before Faith (Leaders), if any."""


class FaithSevenWondersView(SevenWondersView, frozen=True):
    # The docstring's second line keeps the indentation it had where the documents first
    # read it (a nested class): the documents stay byte-identical.
    __doc__ = """A 7 Wonders view with the Faith part (`ext`; with Leaders too, the Leaders part is
        Faith's `inner`)."""

    ext: FaithView | None = None


def _view_ext(previous: Any) -> Any:
    def view_ext(rules: SevenWondersRules, st: SWState, seat: int | None) -> FaithView:
        inner = previous(rules, st, seat) if previous is not None else None
        ext = st.ext2
        n = len(st.cities)
        if not isinstance(ext, FaithExt):
            ext = prayer.new_ext(((((),) * n),) * 3, n, tuple(g.costs for g in GODS))
        mine = seat is not None and 0 <= seat < len(ext.kept)
        s = seat if mine and seat is not None else 0
        return FaithView(
            gods_hand=ext.hands[s] if mine else (),
            gods_kept=ext.kept[s] if mine else (),
            gods_kept_count=tuple(len(k) for k in ext.kept),
            gods_allowed=ext.allow, invoked=ext.active,
            my_god_choice=ext.pending[s] if mine else None,
            my_second_god=ext.seconds[s] if mine and ext.seconds else None,
            god_costs=ext.costs, stage_costs=ext.stage_costs, guild_costs=ext.guild_costs,
            inner=inner, horus_looks=ext.horus,
            looked_at=_looked_at(st, ext, seat) if mine else (),
            osiris_discard=st.discard if mine and st.phase == OSIRIS and st.special_seat == seat
            else (),
            pegasus_leaders=ext.offered if mine and st.phase == PEGASUS
            and st.special_seat == seat else (),
            shown_gods=seth.shown(st) if st.phase == ANSWER else ())
    return view_ext


def _looked_at(st: SWState, ext: FaithExt, seat: int | None) -> tuple[int, ...]:
    if seat is None or not ext.peeked or ext.peeked[seat] != st.turn or st.phase != PLAY:
        return ()
    other = horus.spied(st, seat)
    choice = st.chosen[other]
    if choice is None or other >= len(st.hands):
        return ()
    hand = list(st.hands[other])
    if choice.card in hand:
        hand.remove(choice.card)
    return tuple(hand)


def _hide(cards: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(cards)


def _hands(event: Any, seat: int | None) -> Any:
    return replace(event, hands=tuple(h if c == seat else _hide(h)
                                      for c, h in enumerate(event.hands)))


def _kept(event: GodKept, seat: int | None) -> Any:
    return event if event.seat == seat else replace(event, god=HIDDEN)


def _chosen(event: GodChosen, seat: int | None) -> Any:
    return event if event.seat == seat else replace(event, choice=None, second=None)


def _revealed(event: GodRevealed, seat: int | None) -> Any:
    return event if event.seat == seat else replace(event, dropped=_hide(event.dropped))


def _public(event: Any, seat: int | None) -> Any:
    return event


def _no_gods(event: FaithStarted, seat: int | None) -> Any:
    return replace(event, gods=None, leader_box=None)


REDACTORS = {FaithStarted: _no_gods, PrayerBegan: _hands, GodsPassed: _hands, GodKept: _kept,
             GodChosen: _chosen, GodRevealed: _revealed, GodStruck: _public,
             GodIncome: _public, GodsRetired: _public, GuildPlundered: _public,
             RaiseBegan: _public, DiscardRaised: osiris.hide_raised, HandsRedealt: _hands,
             HandPeeked: horus.hide_peek, HandKept: _hands,
             CardsSwapped: _public, GodsShown: _public, SethAnswered: _public,
             LeadersOffered: pegasus.hide_offered, PegasusRode: pegasus.hide_rode}
"""Faith's secrets: hands of gods, kept gods, a god chosen until revealed, the gods
discarded face down, the god deal (`FaithStarted.gods`)."""


def _decide_play(tx: Tx, command: cmd.Play) -> None:
    """The base `Play`, with Seth's answer before the step when it is owed."""
    city, choice = choose(tx.rules, tx.state, command)
    tx.emit(ev.CardChosen(seat=command.seat, city=city, choice=choice))
    if not tx.state.acting:
        seth.close_step(tx)


def _play_listed(tx: Tx, command: Any) -> None:
    """Decide a command `faith_moves` has just listed on this very state for a city the
    base game's pricing serves, without checking it again where its listing made the checks
    (`play.listed_choice`): a base `Play`, or one with a god discarded for coins or invoked
    after the card at a payment the listing priced (`invoke.listed_god`); any other is
    decided (and checked) as usual."""
    god: GodChoice | None = None
    if type(command) is PlayWithGod and not command.god_first and command.second is None:
        if command.use == SELL:
            god = GodChoice(god=command.god, use=SELL)
        elif command.use == INVOKE:
            god = invoke.listed_god(tx.rules, tx.state, command.seat, command)
    if god is None and type(command) is not cmd.Play:
        tx.rules.phases[PLAY].commands[type(command)](tx, command)
        return
    city = command.seat if command.city is None else command.city
    choice = listed_choice(tx.rules, tx.state, city, command)
    if god is not None:
        tx.emit(GodChosen(seat=command.seat, city=city, choice=god, second=None))
    tx.emit(ev.CardChosen(seat=command.seat, city=city, choice=choice))
    if not tx.state.acting:
        seth.close_step(tx)


def _writer(previous: Any) -> Any:
    def writer(game: Any, played: Any) -> dict[str, Any]:
        record: dict[str, Any] = write_trace(game, played, previous)
        return record
    return writer


def _seen_as(hook: Any, known: int, stand_in: int) -> Any:
    """A hook of an expansion attached before Faith (Leaders), built on the cards it knew:
    it sees a Faith guild as one of its own purple cards (Leaders' hooks read only a card's
    colour: Ramsès, Archimède and the like)."""

    def seen(st: SWState, city: int, kind: str, index: int, *rest: Any) -> Any:
        if kind == "card" and index >= known:
            index = stand_in
        return hook(st, city, kind, index, *rest)

    return seen


def _gain_seen_as(hook: Any, known: int, stand_in: int) -> Any:
    def seen(st: SWState, action: Any) -> int:
        if action.card >= known:
            action = replace(action, card=stand_in)
        result: int = hook(st, action)
        return result

    return seen


def _with_leaders(rules: SevenWondersRules) -> dict[str, Any]:
    """With Leaders attached: Héraclès shuffled with the 36 leaders (faith.yaml
    `with_leaders`; the Leaders deal reads `leader_pool`); without: the leaders Pégase
    may draw."""
    if "leaders" not in rules.expansions:
        return {"leaders": [msgspec.to_builtins(LEADERS[x]) for x in DEALT]}
    return {"leader_pool": [*DEALT, HERACLES]}


def attach(rules: SevenWondersRules) -> SevenWondersRules:
    """`rules` with Faith: the prayer at each age's start, gods with the steps' cards, the
    gods' powers, a score line `gods`; without Leaders, the leaders' powers (Pégase)."""
    if "leaders" not in rules.expansions:
        rules = attach_powers(rules)
    play = PhaseRules(invoke.faith_moves, {cmd.Play: _decide_play,
                                           PlayWithGod: invoke.decide_play_with_god,
                                           Peek: horus.decide_peek}, listed=_play_listed)
    previous_deal = rules.deal_type or Deal
    wonders = (*rules.wonders, *boards(len(rules.wonders)))
    cards = (*rules.cards, *guilds(rules.cards))
    known, stand_in = len(rules.cards), next(c.id for c in rules.cards if c.colour == PURPLE)
    seen_as = {h: _seen_as(h, known, stand_in) for h in (*rules.producers, *rules.cost_hooks)}
    producers, pool_hook = make_producers(cards), make_pool_hook(cards, wonders)
    cost_hook = make_cost_hook(cards, wonders)
    return rules.extend(
        wonders=wonders,
        cards=cards,
        producers=(*(seen_as[h] for h in rules.producers), producers),
        pool_hooks=(*rules.pool_hooks, pool_hook),
        action_gains=(*(_gain_seen_as(h, known, stand_in) for h in rules.action_gains),
                      syracuse_coins(wonders), pegasus.sacrifice),
        end_vp={**rules.end_vp, **GUILD_VP},
        name=f"{rules.name}+faith",
        age_start=(*rules.age_start, prayer.age_start),
        step_end=(prayer.after_step, invoke.anubis_keeps, osiris.osiris_step,
                  pegasus.pegasus_step, *rules.step_end),
        age_end=(*rules.age_end, prayer.age_end),
        phases={**rules.phases, PLAY: play,
                PRAYER: PhaseRules(prayer.prayer_moves, {KeepGod: prayer.decide_keep},
                                   prayer.prayer_acting, "prayer"),
                OSIRIS: PhaseRules(osiris.raise_moves, {RaiseDiscarded: osiris.decide_raise},
                                   osiris.special_acting, "osiris"),
                ANSWER: PhaseRules(seth.answer_moves, {Answer: seth.decide_answer},
                                   osiris.special_acting, "answer"),
                PEGASUS: PhaseRules(pegasus.take_moves, {TakeLeader: pegasus.decide_take},
                                    osiris.special_acting, "pegasus")},
        cost_hooks=(override_hook, *(seen_as[h] for h in rules.cost_hooks), cost_hook),
        touched_costs=(
            *((test, tuple(seen_as.get(h, h) for h in hooks))
              for test, hooks in rules.touched_costs),
            (touched_costs, (override_hook, cost_hook, producers, pool_hook, poseidon_market)),
        ),
        repeat_hooks=(*rules.repeat_hooks, pan_repeats),
        market_hooks=(*rules.market_hooks, poseidon_market),
        score_categories=(*rules.score_categories, ("gods", gods_points)),
        step_hooks=(*rules.step_hooks, invoke.reveal),
        discard_build_hooks=(*rules.discard_build_hooks, invoke.plunder_built),
        conflict_hooks=(*rules.conflict_hooks, conflicts),
        mutators={**rules.mutators, FaithStarted: _started,
                  PrayerBegan: prayer._prayer_began, GodKept: prayer._kept,
                  GodsPassed: prayer._passed, GodsRetired: prayer._retired,
                  GodChosen: invoke.m_chosen, GodRevealed: invoke.m_revealed,
                  GodStruck: invoke.m_struck, GodIncome: invoke.m_income,
                  GuildPlundered: invoke.m_plundered, RaiseBegan: osiris.m_raise_began,
                  DiscardRaised: osiris.m_raised, HandsRedealt: invoke.m_redealt,
                  HandPeeked: horus.m_peeked, HandKept: invoke.m_kept_hand,
                  CardsSwapped: bastet.m_swapped, GodsShown: seth.m_shown,
                  SethAnswered: seth.m_answered, LeadersOffered: pegasus.m_offered,
                  PegasusRode: pegasus.m_rode},
        command_types=(*rules.command_types, KeepGod, PlayWithGod, RaiseDiscarded, Peek, Answer,
                       TakeLeader),
        event_types=(*rules.event_types, FaithStarted, PrayerBegan, GodKept, GodsPassed,
                     GodChosen, GodRevealed, GodStruck, GodIncome, GodsRetired, GuildPlundered,
                     RaiseBegan, DiscardRaised, HandsRedealt, HandPeeked,
                     HandKept, CardsSwapped, GodsShown, SethAnswered, LeadersOffered,
                     PegasusRode),
        deal_type=deal_type(previous_deal),
        make_deal=_make_deal(rules.make_deal),
        check_deal=_check_deal(rules.check_deal),
        option_names=(*rules.option_names, "god_costs", "board_costs", "guild_costs"),
        max_seats=min(rules.max_seats, MAX_SEATS),
        start_hooks=(*rules.start_hooks, _start),
        view_ext=_view_ext(rules.view_ext),
        redactors={**rules.redactors, **REDACTORS},
        catalog_extra={**rules.catalog_extra,
                       "gods": [msgspec.to_builtins(g) for g in GODS],
                       "god_pool": list(PLAYABLE), **_with_leaders(rules)},
        trace_writer=_writer(rules.trace_writer),
        expansions=(*rules.expansions, "faith"),
    )
