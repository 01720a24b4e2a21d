"""What the gods do: gains on invocation, ongoing cost changes, conflicts, end-of-game points.

Every power is keyed by the god's catalog key and the age it was invoked in. Rule choices
where the rulebook is silent are named where they apply and in `openapi/traces-faith.md`.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from domain.sevenwonders.catalog import CARDS, WONDERS
from domain.sevenwonders.catalog_types import (
    BLUE,
    BROWN,
    GREEN,
    GREY,
    PURPLE,
    RED,
    CardDef,
    WonderDef,
)
from domain.sevenwonders.hooks import ALL_COSTS
from domain.sevenwonders.military import DEFEAT_TOKEN, VICTORY_TOKENS
from domain.sevenwonders.state import City, SWState
from domain.sevenwonders_faith.catalog import GODS
from domain.sevenwonders_faith.model import FaithExt
from domain.sevenwonders_faith.wonders import SYRACUSE_B
from domain.sevenwonders_leaders.catalog import LEADERS
from domain.sevenwonders_leaders.effects import TOMYRIS
from domain.sevenwonders_leaders.effects import has as has_leader

if TYPE_CHECKING:
    from domain.sevenwonders.hooks import (
        CostHook,
        GainHook,
        PoolHook,
        ProducerHook,
        SevenWondersRules,
    )

KEY = tuple(g.key for g in GODS)
OWN_RESOURCE = {"demeter": 5, "dionysos": 4, "hermes": 6, "amon_re": 1}
"""Age I: the resource the god adds for the city's own constructions (loom, glass,
papyrus, stone), as a one-resource producer that neighbours cannot buy."""
APOLLO = (3, 5, 7)
HECATE = (2, 4, 6)
HERA = (1, 2, 3)
ARTEMIS = {1: ((BROWN, GREY), 1), 2: ((BLUE, GREEN), 2), 3: ((PURPLE, RED), 3)}
STRIKERS = frozenset({"hecate", "hera", "hades", "amon_re"})
"""Gods with a negative power on others (resolved after every positive power)."""


def blue_vp(city: City, cards: tuple[CardDef, ...] = CARDS) -> int:
    return sum(cards[i].vp for i in city.built if cards[i].colour == BLUE)


def leader_vp(city: City) -> int:
    """The printed VP of the city's recruited leaders (those whose power is a fixed number of
    points: Cléopâtre 5, Néfertiti 4, Zénobie 3, Sapho 2); Aphrodite counts them ("ses
    points de victoires bruts octroyés par les cartes bleues, noires ou des Leaders"): a
    leader whose points depend on the end of the game has no raw points yet."""
    return sum(LEADERS[x].args[0] for x in city.beside
               if x < len(LEADERS) and LEADERS[x].effect == "vp")


def card_shields(city: City, wonders: tuple[WonderDef, ...] = WONDERS) -> int:
    """The city's shields less its wonder's: "Boucliers (disponibles sur les cartes rouges,
    noires ou Leader uniquement)"; the gods' own shields are never in `City.shields`."""
    stages = wonders[city.board].sides[city.side][: city.stages]
    return city.shields - sum(s.shields for s in stages)


def gain(st: SWState, city: int, god: int, age: int, before: int = -1,
         cards: tuple[CardDef, ...] = CARDS) -> int:
    """Coins a god gives on invocation (its positive power), on the state it is revealed
    in; `before`: a card to leave out of the count (-1: none)."""
    key = KEY[god]
    c = st.cities[city]
    if key == "apollon":
        return APOLLO[age - 1]
    if key == "aphrodite" and age < 3:
        # "pour chaque lot complet de 1 ou 2 points": batches of 1 VP in Age I, 2 in Age II.
        vp = blue_vp(c, cards) + leader_vp(c)
        if before >= 0 and cards[before].colour == BLUE:
            vp -= cards[before].vp
        return vp // age
    if key == "athena" and age == 1:
        n = len(st.cities)
        greens = sum(st.cities[x].colours[GREEN]
                     for x in {city, (city - 1) % n, (city + 1) % n})
        return greens - (1 if before >= 0 and cards[before].colour == GREEN else 0)
    if key in OWN_RESOURCE and age == 1:
        return 2
    return 0


def actives(ext: FaithExt, city: int) -> tuple[tuple[str, int], ...]:
    return tuple((KEY[g], a) for g, a in ext.active[city])


def has(ext: FaithExt, city: int, key: str, ages: tuple[int, ...]) -> bool:
    return any(KEY[g] == key and a in ages for g, a in ext.active[city])


# -- costs ------------------------------------------------------------------------------
ANY_RESOURCE = 0x7F
REMOVERS = frozenset(i for i, k in enumerate(KEY) if k in ("hephaistos", "demeter"))
DIONYSOS = KEY.index("dionysos")


COST_GODS = frozenset(i for i, k in enumerate(KEY)
                      if k in ("athena", "hermes", "hephaistos", "demeter", "dionysos",
                               "poseidon"))
"""The gods whose powers change what their city pays: the cost hook's (Athéna, Hermès),
the producers' (`REMOVERS`), the pool's (Dionysos) and the market's (Poséidon)."""


def touched_costs(st: SWState, city: int) -> int:
    """What Faith's cost hooks (`override_hook`, `make_cost_hook`, `make_producers`,
    `make_pool_hook`, `poseidon_market`) may change of what `city` pays now
    (`hooks.SevenWondersRules.touched_costs`): nothing when no cost is replaced by the
    game's options and none of `COST_GODS` is active for the city; else anything."""
    ext = st.ext2
    if not isinstance(ext, FaithExt):
        return 0
    if ext.stage_costs or ext.guild_costs:
        return ALL_COSTS
    for god, _ in ext.active[city]:
        if god in COST_GODS:
            return ALL_COSTS
    return 0


def removed(key: str, age: int, kind: str, colour: int) -> int:
    """Units of the player's choice removed from a cost: Héphaïstos "une ou deux ressources
    de moins" on red, green and purple cards (1 in Age I, 2 later), Déméter II-III "deux
    ressources de moins" on wonder stages. "Les ressources retirées au coût sont laissées
    au choix du joueur": each unit is a free producer of any resource for that purchase,
    so every purchase the player's removal allows is one of the ways to pay."""
    if key == "hephaistos" and kind == "card" and colour in (RED, GREEN, PURPLE):
        return 1 if age == 1 else 2
    if key == "demeter" and kind == "stage" and age > 1:
        return 2
    return 0


def tripled(city: City, resources: tuple[int, ...], cards: tuple[CardDef, ...],
            wonders: tuple[WonderDef, ...]) -> tuple[City, ...]:
    """Dionysos II-III: "tripler une fois par tour n'importe laquelle de ses ressources
    produites à l'aide de cartes brunes, grises ou jaunes": for one purchase, one unit a
    card makes counts three times. A unit of a card's fixed production: 2 more of it; a
    choice card (brown double cards, Forum, Caravansery): the resource chosen, 3 of it,
    and the card makes nothing else. Each is the city as it counts its production then
    (only resources the purchase needs); the board's own resource is not a card's."""
    board = wonders[city.board].resource
    fixed = city.fixed
    out: list[City] = []
    for r in range(7):
        if resources[r] and fixed[r] - (r == board) > 0:
            out.append(replace(city, fixed=_plus(fixed, r, 2)))
    done: set[int] = set()
    for i in city.built:
        choice = cards[i].choice
        if not choice or not any(resources[r] for r in choice):
            continue
        m = sum(1 << r for r in choice)
        if m in done or m not in city.own_masks:
            continue
        done.add(m)
        masks = list(city.own_masks)
        masks.remove(m)
        for r in choice:
            if resources[r]:
                out.append(replace(city, fixed=_plus(fixed, r, 3), own_masks=tuple(masks)))
    return tuple(out)


def _plus(v: tuple[int, ...], r: int, n: int) -> tuple[int, ...]:
    return (*v[:r], v[r] + n, *v[r + 1:])


def make_producers(cards: tuple[CardDef, ...]) -> ProducerHook:
    """Héphaïstos' and Déméter's removals (`removed`) as free producers of any resource."""

    def faith_producers(st: SWState, city: int, kind: str,
                        index: int) -> tuple[tuple[int, int], ...]:
        ext = st.ext2
        if not isinstance(ext, FaithExt):
            return ()
        active = ext.active[city]
        for g, _ in active:  # a plain loop: asked for every purchase
            if g in REMOVERS:
                break
        else:
            return ()
        colour = cards[index].colour if kind == "card" else -1
        n = sum(removed(KEY[g], age, kind, colour) for g, age in active)
        return ((ANY_RESOURCE, 0),) * n

    return faith_producers


def make_pool_hook(cards: tuple[CardDef, ...], wonders: tuple[WonderDef, ...]) -> PoolHook:
    """Dionysos II-III (`tripled`) for a ruleset's cards and boards."""

    def dionysos(st: SWState, city: int, resources: tuple[int, ...]) -> tuple[City, ...]:
        ext = st.ext2
        if not isinstance(ext, FaithExt):
            return ()
        for g, age in ext.active[city]:  # a plain loop: asked for every purchase
            if g == DIONYSOS and age > 1:
                return tripled(st.cities[city], resources, cards, wonders)
        return ()

    return dionysos


def make_cost_hook(cards: tuple[CardDef, ...], wonders: tuple[WonderDef, ...]) -> CostHook:
    """The gods' cost changes for a ruleset's cards and boards."""

    def cost_hook(st: SWState, city: int, kind: str, index: int,
                  cost: tuple[int, int, tuple[int, ...]]) -> tuple[int, int, tuple[int, ...]]:
        ext = st.ext2
        if not isinstance(ext, FaithExt) or not ext.active[city]:
            return cost
        coins, free, res = cost
        if free:
            return cost
        c = st.cities[city]
        for key, age in actives(ext, city):
            if kind == "card":
                cd = cards[index]
                if (key == "athena" and age == 2 and cd.colour == GREEN
                        and not c.science[cd.science]):
                    return (0, 1, res)
                if key == "hermes" and age > 1 and cd.chain_from:
                    n = len(st.cities)
                    names = st.cities[(city - 1) % n].names | st.cities[(city + 1) % n].names
                    if any(names >> x & 1 for x in cd.chain_from):
                        return (0, 1, res)
        return (coins, free, res)

    return cost_hook


def pan_repeats(st: SWState, city: int) -> bool:
    """Pan: "il permet au joueur de construire des cartes de même nom qu'une de ses cartes
    déjà présente dans sa cité", from the construction after his invocation to his leaving
    (his age's conflicts, or the end in Age III). Chains already serve any number of times
    ("profiter plusieurs fois d'un même chaînage"): a chain is a name the city owns."""
    ext = st.ext2
    if isinstance(ext, FaithExt):
        for g, _ in ext.active[city]:
            if g == PAN:
                return True
    return False


PAN = KEY.index("pan")


POSEIDON_PRICE = 1
"""Poséidon: "Toutes les ressources ainsi achetées coûtent 1 pièce à donner au joueur
concerné"."""


def poseidon_market(st: SWState, city: int) -> int:
    """Poséidon: "il permet au joueur de commercer les ressources de n'importe quel autre
    joueur", 1 coin a unit to its seller, from the construction after his invocation to his
    leaving (as Pan). The neighbours sell at that price too: "Les effets des comptoirs et du
    marché ne sont pas cumulables avec le pouvoir de Poséidon" (rule choice 52)."""
    ext = st.ext2
    if not isinstance(ext, FaithExt) or st.variant:
        return 0
    for g, _ in ext.active[city]:
        if g == POSEIDON:
            return POSEIDON_PRICE
    return 0


POSEIDON = KEY.index("poseidon")


def syracuse_coins(wonders: tuple[WonderDef, ...]) -> GainHook:
    """Syracuse B: "chaque Bouclier (provenant de cartes rouges, noires ou des Leaders)
    présent dans la cité au moment de la construction de l'étape rapporte 1 pièce": the
    card shields the city has before the step (a card built in the same step is not yet
    present); gods' shields never count (F.A.Q. "Arès, Héra et Syracuse")."""

    def gains(st: SWState, action: Any) -> int:
        if action.kind != "stage":
            return 0
        c = st.cities[action.city]
        stage = wonders[c.board].sides[c.side][c.stages]
        return card_shields(c, wonders) if SYRACUSE_B in stage.abilities else 0

    return gains


# -- conflicts ---------------------------------------------------------------------------
def conflicts(st: SWState, tokens: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Shields plus the gods' (Ares, Hera: half shields count, so strengths are doubled);
    a city under Hestia leaves the ring for this age's conflicts and the ring closes over it:
    its two nearest fighting cities fight each other, once, like any two neighbours (with 3
    cities they already are neighbours, so nothing changes for them). With Leaders, Tomyris
    is applied here on the gods' strengths and ring ("chaque jeton Défaite ... est donné au
    voisin qui l'a vaincu"): her city's defeat tokens go to the city that beat it, after that
    city's own tokens (this hook runs after Leaders' own, whose result it replaces)."""
    ext = st.ext2
    if not isinstance(ext, FaithExt) or (not any(ext.extra) and not any(ext.peace)):
        return tokens
    age = st.age
    n = len(st.cities)
    power = [2 * c.shields + ext.extra[i] for i, c in enumerate(st.cities)]
    ring = [i for i in range(n) if not ext.peace[i]]
    out: list[tuple[int, ...]] = [()] * n
    m = len(ring)
    if m < 2:
        return tuple(out)
    win = VICTORY_TOKENS[age - 1]
    given: list[list[int]] = [[] for _ in range(n)]
    for k, c in enumerate(ring):
        taken = []
        others = [ring[(k - 1) % m], ring[(k + 1) % m]] if m > 2 else [ring[1 - k]]
        tomyris = has_leader(st, c, TOMYRIS)
        for o in others:
            if power[c] > power[o]:
                taken.append(win)
            elif power[c] < power[o]:
                if tomyris:
                    given[o].append(DEFEAT_TOKEN)
                else:
                    taken.append(DEFEAT_TOKEN)
        out[c] = tuple(taken)
    return tuple(t + tuple(g) for t, g in zip(out, given, strict=True))


# -- end of game ---------------------------------------------------------------------------
def _science(symbols: tuple[int, ...], wilds: int, per_set: int) -> int:
    best = 0
    for extra in product(range(3), repeat=wilds):
        counts = list(symbols)
        for s in extra:
            counts[s] += 1
        best = max(best, sum(x * x for x in counts) + per_set * min(counts))
    return best


def gods_points(rules: SevenWondersRules, st: SWState, city: int) -> int:
    """The Age III gods' points (the rulebook adds them to the wonder column "pour éviter de
    créer un nouveau carnet de score"; Polis keeps them on a line of their own, `gods`)."""
    ext = st.ext2
    if not isinstance(ext, FaithExt):
        return 0
    c = st.cities[city]
    total = 0
    if SYRACUSE_B in stage_abilities(c, rules.wonders):
        # Syracuse B: 1 VP per card shield, those present at the stage and those after.
        total += card_shields(c, rules.wonders)
    for key, age in actives(ext, city):
        if age != 3:
            continue
        if key == "aphrodite":
            total += c.coins // 3
        elif key == "athena":
            total += _science(c.science, c.wilds, 10) - _science(c.science, c.wilds, 7)
        elif key == "wonderwoman":
            total += 5
    return total


def strike(st: SWState, city: int, god: int, age: int, targets: tuple[int, ...]
           ) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """(coins lost, tokens taken, defeat tokens given away) per city for a god's negative
    power."""
    n = len(st.cities)
    key = KEY[god]
    lost = [0] * n
    tokens: list[tuple[int, ...]] = [()] * n
    removed = [0] * n
    if key in ("hecate", "hera"):
        due = (HECATE if key == "hecate" else HERA)[age - 1]
        for o in range(n):
            if o != city:
                lost[o] = min(due, st.cities[o].coins)
    elif key == "hades":
        tokens[city] = (VICTORY_TOKENS[age - 1],)
        for t in targets:
            tokens[t] = (DEFEAT_TOKEN,)
    elif key == "amon_re" and age > 1:
        removed[city] = len(targets)
        for t in targets:
            tokens[t] = (DEFEAT_TOKEN,)
    return tuple(lost), tuple(tokens), tuple(removed)


def target_options(st: SWState, city: int, god: int, age: int, seats: int
                   ) -> list[tuple[int, ...]]:
    """The valid `targets` of a god: Hades strikes one opponent; Amon-Ra II-III gives
    min(2, own defeat tokens) tokens to as many different opponents (with one opponent, one
    token); every other god takes none. Opponents are the seats' cities (never the Free
    City, which is no player)."""
    key = KEY[god]
    others = [o for o in range(seats) if o != city]
    if key == "hades":
        return [(o,) for o in others]
    if key == "amon_re" and age > 1:
        k = min(2, st.cities[city].tokens.count(DEFEAT_TOKEN), len(others))
        return [tuple(t) for t in combinations(others, k)]
    return [()]


def stage_abilities(city: City, wonders: tuple[WonderDef, ...] = WONDERS) -> frozenset[str]:
    stages = wonders[city.board].sides[city.side][: city.stages]
    return frozenset(a for s in stages for a in s.abilities)


def masks_without_gods(city: City) -> tuple[int, ...]:
    """The city's one-of-several producers without the gods' single resources (no card or
    stage of the base game has a one-resource choice)."""
    return tuple(m for m in city.own_masks if m & (m - 1))


__all__ = ["STRIKERS", "combinations"]
