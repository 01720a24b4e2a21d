"""Bastet: "le joueur peut choisir une carte Âge dans la cité d'un adversaire pour la
remplacer par une carte Âge de sa cité. L'échange doit respecter les points suivants : Le
nombre de ressources des deux cartes échangées doit être identique ... On ne peut pas
échanger de cartes dont le coût comporte des pièces. Si l'échange implique une carte qui a
un effet lors de la pose (ex : le Vignoble), l'effet est réactivé pour le joueur recevant
cette carte."

Her `targets` are (opponent, the opponent's card, the city's card), or none (the swap is a
choice: "peut choisir"). Polis also refuses a card whose name the receiving city already
has (a city holds one structure of a name, Pan aside) and a guild Olympia copied. The swap
is made with the step's other gods' negative powers, after every positive one (checked
again then: a swap that has become impossible lapses); each city's
caches are rebuilt from its cards, keeping what the gods and leaders added to them.
"""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from domain.sevenwonders.catalog_types import CardDef, WonderDef
from domain.sevenwonders.city import add_card, add_stage, new_city
from domain.sevenwonders.hooks import SevenWondersRules
from domain.sevenwonders.state import City, SWState
from domain.sevenwonders_faith.model import CardsSwapped


def _swappable(cd: CardDef) -> bool:
    return cd.coins == 0 and cd.age in (1, 2, 3)


def swap_options(rules: SevenWondersRules, st: SWState, city: int, seats: int
                 ) -> list[tuple[int, ...]]:
    """Every allowed (opponent, their card, own card), and () for no swap."""
    cards = rules.cards
    own = st.cities[city]
    out: list[tuple[int, ...]] = [()]
    mine = [x for x in dict.fromkeys(own.built) if _swappable(cards[x])]
    for o in range(seats):
        if o == city:
            continue
        other = st.cities[o]
        for t in dict.fromkeys(other.built):
            ct = cards[t]
            if not _swappable(ct) or t == other.copied or own.names >> ct.name_id & 1:
                continue
            n = sum(ct.cost)
            for m in mine:
                cm = cards[m]
                if (sum(cm.cost) == n and not other.names >> cm.name_id & 1
                        and m != own.copied):
                    out.append((o, t, m))
    return out


def swap_allowed(rules: SevenWondersRules, st: SWState, city: int, seats: int,
                 targets: tuple[int, ...]) -> bool:
    """Whether (opponent, their card, own card) is one of `swap_options` (without listing
    them all)."""
    o, t, m = targets
    if o == city or not 0 <= o < seats:
        return False
    cards = rules.cards
    own = st.cities[city]
    other = st.cities[o]
    if t not in other.built or m not in own.built:
        return False
    ct, cm = cards[t], cards[m]
    return (_swappable(ct) and t != other.copied and not own.names >> ct.name_id & 1
            and _swappable(cm) and sum(cm.cost) == sum(ct.cost)
            and not other.names >> cm.name_id & 1 and m != own.copied)


def _rebuilt(city: City, built: tuple[int, ...], cards: tuple[CardDef, ...],
             wonders: tuple[WonderDef, ...]) -> City:
    w = wonders[city.board]
    c = new_city(w, city.side, city.coins)
    for x in built:
        c = add_card(c, cards[x])
    for k in range(city.stages):
        c = add_stage(c, w.sides[city.side][k], city.tucked[k])
    return c


def _minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple((Counter(a) - Counter(b)).elements())


def exchange(city: City, give: int, take: int, cards: tuple[CardDef, ...],
             wonders: tuple[WonderDef, ...]) -> City:
    """`city` with `give` replaced by `take`; what is not from its cards and stages (gods'
    producers, Zeus' ability, leaders' shields) is kept."""
    before = _rebuilt(city, city.built, cards, wonders)
    i = city.built.index(give)
    built = (*city.built[:i], *city.built[i + 1:], take)
    after = _rebuilt(city, built, cards, wonders)
    return replace(
        city, built=built,
        names=after.names | (city.names & ~before.names),
        fixed=tuple(a + o - b for a, o, b in zip(after.fixed, city.fixed, before.fixed,
                                                 strict=True)),
        masks=after.masks + _minus(city.masks, before.masks),
        own_masks=after.own_masks + _minus(city.own_masks, before.own_masks),
        discounts=after.discounts | (city.discounts & ~before.discounts),
        colours=tuple(a + o - b for a, o, b in zip(after.colours, city.colours,
                                                   before.colours, strict=True)),
        science=tuple(a + o - b for a, o, b in zip(after.science, city.science,
                                                   before.science, strict=True)),
        shields=after.shields + city.shields - before.shields,
        wilds=after.wilds + city.wilds - before.wilds,
        abilities=after.abilities | (city.abilities - before.abilities))


def m_swapped(rules: SevenWondersRules, s: SWState, e: CardsSwapped) -> SWState:
    cities = list(s.cities)
    a, b = e.city, e.other
    cities[a] = exchange(cities[a], e.given, e.taken, rules.cards, rules.wonders)
    cities[b] = exchange(cities[b], e.taken, e.given, rules.cards, rules.wonders)
    cities[a] = replace(cities[a], coins=cities[a].coins + e.gained[0])
    cities[b] = replace(cities[b], coins=cities[b].coins + e.gained[1])
    return replace(s, cities=tuple(cities))


def swap_event(rules: SevenWondersRules, st: SWState, city: int,
               targets: tuple[int, ...]) -> CardsSwapped | None:
    """The swap with each side's on-build coins for the card it receives, counted on the
    cities after the swap ("l'effet est réactivé pour le joueur recevant cette carte")."""
    seats = 2 if st.variant else len(st.cities)
    if len(targets) != 3 or not swap_allowed(rules, st, city, seats, targets):
        # Checked again at the reveal: a card built in the same step may make the swap
        # give a city a second structure of a name; the swap then lapses.
        return None
    other, taken, given = targets
    bare = CardsSwapped(city=city, other=other, given=given, taken=taken, gained=(0, 0))
    after = m_swapped(rules, st, bare)
    gains = []
    for c, card in ((city, taken), (other, given)):
        gains.append(sum(rules.on_build[name](after, c, args)
                         for name, args in rules.cards[card].on_build))
    return replace(bare, gained=(gains[0], gains[1]))

