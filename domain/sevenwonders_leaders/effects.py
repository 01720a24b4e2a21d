"""Leaders' effects as small named functions, keyed by the catalog's effect names.

Timing (leaders.yaml `timing`, the rulebook's "Description"): an immediate effect happens
once when the leader is recruited (Croesus, Solomon); an ongoing one from the step after
its recruitment on, never for what came before ("À partir du moment où ... est mis en
jeu"; Nero, Xenophon, Vitruvius, Tomyris "sans effet ... avant sa mise en jeu"); an end-game
one is scored on the leaders' score line. A city "has" a leader when it recruited it or
put the Courtesan token on it (Guilde des Courtisanes: "le joueur considère alors qu'il
dispose lui-même de ce Leader").
"""

from __future__ import annotations

from typing import Any

from domain.sevenwonders.catalog_types import BLUE, GREEN, PURPLE, RED, YELLOW, CardDef
from domain.sevenwonders.hooks import ALL_COSTS, STAGE_COSTS
from domain.sevenwonders.scoring import science_points
from domain.sevenwonders.state import ZERO7, SWState, left_of, right_of
from domain.sevenwonders_leaders.catalog import BY_KEY, LEADERS, ROME

ANY_RESOURCE = 0x7F
"""A producer of any one resource (raw or manufactured)."""

L = BY_KEY
ARCHIMEDES, HAMMURABI, LEONIDAS, IMHOTEP = (L["archimedes"], L["hammurabi"], L["leonidas"],
                                            L["imhotep"])
BILKIS, HATSHEPSUT, XENOPHON, VITRUVIUS = (L["bilkis"], L["hatshepsut"], L["xenophon"],
                                           L["vitruvius"])
MAECENAS, RAMSES, TOMYRIS, NERO = L["maecenas"], L["ramses"], L["tomyris"], L["nero"]
CROESUS, SOLOMON, ARISTOTLE = L["croesus"], L["solomon"], L["aristotle"]
ONE_LESS: tuple[tuple[int, int], ...] = ((ARCHIMEDES, GREEN), (HAMMURABI, BLUE),
                                         (LEONIDAS, RED))


def powers(state: SWState, city: int) -> int:
    ext = state.ext
    return ext.powers[city] if ext is not None and ext.powers else 0


def has(state: SWState, city: int, leader: int) -> bool:
    return bool(powers(state, city) >> leader & 1)


# -- what a leader costs (Recruter le Leader; Mécène; Rome A and B) ---------------------
def leader_cost(state: SWState, city: int, leader: int) -> int:
    """Coins to recruit `leader`: its printed cost (or the game's `leader_costs`); 0 with
    Maecenas recruited earlier or on Rome A; 2 less on Rome B, 1 less next to Rome B; never
    below 0."""
    c = state.cities[city]
    if has(state, city, MAECENAS) or (c.board == ROME and c.side == 0):
        return 0
    cost = LEADERS[leader].cost
    if state.ext.costs:
        cost = dict(state.ext.costs).get(leader, cost)
    if c.board == ROME:
        cost -= 2
    for n in (left_of(state, city), right_of(state, city)):
        other = state.cities[n]
        if other.board == ROME and other.side == 1:
            cost -= 1
    return max(cost, 0)


# -- construction cost modifiers (hooks) ------------------------------------------------
COST_LEADERS = sum(1 << x for x in (ARCHIMEDES, HAMMURABI, LEONIDAS, IMHOTEP, BILKIS, RAMSES))
"""The leaders whose powers change what a city pays for a card or a stage."""


def touched_costs(state: SWState, city: int) -> int:
    """What the hooks of `make_hooks` change of what `city` pays now
    (`hooks.SevenWondersRules.touched_costs`): the colour each "one resource less" leader
    names, the stages with Imhotep, the guilds with Ramses; anything with Bilkis (her
    purchase from the bank serves every cost); nothing without such a leader."""
    p = powers(state, city) & COST_LEADERS
    if not p:
        return 0
    if p >> BILKIS & 1:
        return ALL_COSTS
    out = STAGE_COSTS if p >> IMHOTEP & 1 else 0
    for leader, colour in ONE_LESS:
        if p >> leader & 1:
            out |= 1 << colour
    if p >> RAMSES & 1:
        out |= 1 << PURPLE
    return out


def make_hooks(cards: tuple[CardDef, ...]) -> tuple[Any, Any]:
    """The producer hook (Archimedes, Hammurabi, Leonidas, Imhotep: one resource of the
    player's choice less; Bilkis: one resource bought from the bank for 1 coin, once a
    turn) and the cost hook (Ramses: guilds without their resource cost)."""

    def producers(state: SWState, city: int, what: str,
                  index: int) -> tuple[tuple[int, int], ...]:
        p = powers(state, city)
        if not p:
            return ()
        out: tuple[tuple[int, int], ...] = ()
        if what == "card":
            colour = cards[index].colour
            for leader, col in ONE_LESS:
                if col == colour and p >> leader & 1:
                    out += ((ANY_RESOURCE, 0),)
        elif p >> IMHOTEP & 1:
            out += ((ANY_RESOURCE, 0),)
        if p >> BILKIS & 1:
            out += ((ANY_RESOURCE, 1),)
        return out

    def free_guilds(state: SWState, city: int, what: str, index: int,
                    cost: tuple[int, int, tuple[int, ...]]) -> tuple[int, int, tuple[int, ...]]:
        if what == "card" and cards[index].colour == PURPLE and has(state, city, RAMSES):
            return cost[0], cost[1], ZERO7
        return cost

    return producers, free_guilds


def make_gains(cards: tuple[CardDef, ...]) -> Any:
    def gains(state: SWState, a: Any) -> int:
        """Xenophon (2 per yellow card built), Vitruvius (2 per chain build), Hatshepsut
        (1 per neighbour bought from, taken after paying)."""
        p = powers(state, a.city)
        if not p:
            return 0
        got = 0
        if p >> HATSHEPSUT & 1:
            got += (a.left > 0) + (a.right > 0)
        if a.kind in ("build", "free", "from_discard"):
            if p >> XENOPHON & 1 and cards[a.card].colour == YELLOW:
                got += 2
            if p >> VITRUVIUS & 1 and a.chain:
                got += 2
        return got

    return gains


def hatshepsut(state: SWState, city: int, left: int, right: int) -> int:
    return (left > 0) + (right > 0) if has(state, city, HATSHEPSUT) else 0


# -- conflicts (Tomyris, Nero) ----------------------------------------------------------
def tomyris(state: SWState, tokens: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """A city with Tomyris gives each defeat token it would take to the neighbour that beat
    it (after its own tokens, as that neighbour's)."""
    if state.ext is None or not any(p >> TOMYRIS & 1 for p in state.ext.powers):
        return tokens
    out = [list(t) for t in tokens]
    cities = state.cities
    for c, city in enumerate(cities):
        if not has(state, c, TOMYRIS):
            continue
        for n in (left_of(state, c), right_of(state, c)):
            if cities[n].shields > city.shields:
                out[c].remove(-1)
                out[n].append(-1)
    return tuple(tuple(t) for t in out)


def nero_coins(state: SWState, tokens: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(2 * sum(t > 0 for t in taken) if has(state, c, NERO) else 0
                 for c, taken in enumerate(tokens))


# -- end of game: the leaders' score line -----------------------------------------------
def _victory_tokens(s: SWState, c: int, a: tuple[int, ...]) -> int:
    return a[0] * sum(t > 0 for t in s.cities[c].tokens)


def _stages(s: SWState, c: int, a: tuple[int, ...]) -> int:
    return a[0] * s.cities[c].stages


def _science_sets(s: SWState, c: int, a: tuple[int, ...]) -> int:
    """Aristotle: +3 per set of three different symbols. With wild symbols the best
    assignment may change with the bonus: the line holds the difference between the best
    science score at 10 a set and the science line's best at 7, so the total is exact."""
    city = s.cities[c]
    return _best_science(city.science, city.wilds, 7 + a[0]) - science_points(city.science,
                                                                              city.wilds)


def _best_science(symbols: tuple[int, ...], wilds: int, per_set: int) -> int:
    best = 0
    for x in range(wilds + 1):
        for y in range(wilds - x + 1):
            n = (symbols[0] + x, symbols[1] + y, symbols[2] + wilds - x - y)
            best = max(best, sum(k * k for k in n) + per_set * min(n))
    return best


def _vp(s: SWState, c: int, a: tuple[int, ...]) -> int:
    return a[0]


def _per_colour(s: SWState, c: int, a: tuple[int, ...]) -> int:
    """Cards of a colour in the city (built only: Olympia B's copy is no guild card)."""
    return a[0] * s.cities[c].colours[a[1]]


def _per_set(s: SWState, c: int, a: tuple[int, ...]) -> int:
    colours = s.cities[c].colours
    return a[0] * min(colours[k] for k in a[1:])


def _per_coins(s: SWState, c: int, a: tuple[int, ...]) -> int:
    return s.cities[c].coins // a[0]


END_GAME = {
    "vp_per_victory_token": _victory_tokens,
    "vp_per_stage": _stages,
    "science_set_bonus": _science_sets,
    "vp": _vp,
    "vp_per_colour": _per_colour,
    "vp_per_set": _per_set,
    "vp_per_coins": _per_coins,
}


def leaders_line(rules: Any, state: SWState, city: int) -> int:
    p = powers(state, city)
    total = 0
    while p:
        low = p & -p
        d = LEADERS[low.bit_length() - 1]
        fn = END_GAME.get(d.effect)
        if fn is not None:
            total += fn(state, city, d.args)
        p ^= low
    return total


# -- the new guilds' end-of-game points --------------------------------------------------
def vp_per_own_coins(state: SWState, city: int, args: tuple[int, ...]) -> int:
    """Gamers Guild: 1 per full 3 coins, on top of the treasury's."""
    return args[0] * (state.cities[city].coins // args[1])


def vp_per_neighbour_leader(state: SWState, city: int, args: tuple[int, ...]) -> int:
    """Diplomats Guild: 1 per leader recruited next door (not stage markers, not the leader
    the Courtesan token is on: FAQ Guilde des Courtisanes)."""
    cities = state.cities
    return args[0] * (len(cities[left_of(state, city)].beside)
                      + len(cities[right_of(state, city)].beside))


GUILD_VP = {"vp_per_own_coins": vp_per_own_coins,
            "vp_per_neighbour_leader": vp_per_neighbour_leader}
