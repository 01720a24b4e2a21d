"""The leaders' effects: immediate ones (on recruitment), the ongoing ones as hooks of the
ruleset, the end-of-game ones as the score sheet's "leaders" line, and the two wonders.

Rule choices (each with its passage of duel-leaders-rules-fr):
- A leader's abilities hold while it is recruited and not buried under Abu Simbel ("Les
  leaders enterrés n'ont aucune capacité ... les effets s'étant déjà produits ne seront
  pas annulés"); a buried leader scores 2 x its cost and none of its own VP.
- Caesar and Hannibal move the pawn as a military card would (Strategy does not add a
  shield: a leader is not a red card); Darius and Diocletian: the opponent loses up to 2
  and 4 coins ("Il n'y a pas de pénalité").
- Croesus recruited in a recruitment step acts once that Age's structure is laid out
  ("Après avoir construit sa structure"); recruited later in an Age (Rome, Maecenas) he acts
  at once, the structure being there. He must build one of the Age's 3 removed cards
  ("Choisissez-en une et construisez-la"). Ramesses acts when the Age III structure is laid
  out if recruited by then ("Tant qu'il a été recruté quand la structure de l'Âge III est
  créée"), else never; building is optional ("vous pouvez"); the 2 guilds are the first two
  unused guilds of the deal (a random draw). A removed card built through Croesus or
  Agora's Treason stands in a city: neither offers it again; the two Croesus leaves go
  back to the box, still removed cards for Treason.
- Maecenas draws the first 2 leaders set aside (the deal's random order); the one not
  recruited stays out of the game. Rome draws 2 into the hand, face up like every leader
  of a hand (public: "Le seul moment où les leaders ne sont pas visibles est celui où les
  joueurs sont en train de décider quel leader jouer"); then one leader of the hand may be
  recruited for free.
- Looting (a base looting token reached): Caligula doubles the amount due, Nero takes what
  the opponent really lost, then Tomyris makes the looter lose as much as her owner lost,
  then Semiramis gives her owner 1 shield (a looting that took a token, even one that cost
  0 coins: "Chaque fois que votre adversaire réussit un saccage"), none when the same move
  reaches the capital ("Sémiramis ne peut pas l'en empêcher").
- Abu Simbel's burial is compulsory ("Enterrez un leader": no "vous pouvez"); with no
  active recruited leader nothing is buried and its owner still plays again.
- Solomon: building from the discard is optional ("vous pouvez choisir"), unlike the
  Mausoleum; `DeclineLeaderOffer` takes nothing.
- Aspasia cancels the next pawn move whoever makes it, once ("le prochain déplacement").
- Bilkis: when building a card (not a wonder: "construisez une carte"), one unit of any
  resource may be bought for 2 coins from the bank (Economy does not take them: they are
  not a trade at the opponent's prices); the engine takes it when it lowers the price. A
  construction's `buy` names the units bought at the trading price only: the Bilkis unit,
  of whichever resource leaves an equally cheap purchase, is not among them.
- Hatshepsut: 1 coin per unit the opponent bought at the trading price; units at a fixed
  price (yellow Reserve cards, Customs House) and the Bilkis unit are not counted.
- Berenice: +1 coin when her owner discards a card (a yellow card's worth), never for a
  discarded leader ("ce montant n'est pas augmenté par le nombre de cartes jaunes").
- Vitruvius: 2 VP per pair (source, target): a card or a chain leader granting a symbol and
  a card of the city chained from it, however built.
- Alexander: 5 VP if his owner took the opponent-side 5-coin looting token, else 2 VP if
  the 2-coin one, else 0 (with Agora the military tokens take no coins: 0 VP).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.duel import events as ev
from domain.duel.catalog_types import BLUE, BROWN, GREEN, GREY, PURPLE, RED, YELLOW
from domain.duel.costs import cheapest
from domain.duel.military import move_pawn
from domain.duel.owed import buildable_discards
from domain.duel.state import CAPITAL, OWE_DISCARD_BUILD
from domain.duel_leaders import catalog as lc
from domain.duel_leaders import events as lev
from domain.duel_leaders.evolve import CROESUS_DONE, RAMESSES_DONE, leaders
from domain.duel_leaders.state import RESOLVING

if TYPE_CHECKING:
    from domain.duel.play import Price, Pricer
    from domain.duel.rules import DuelRules, Tx
    from domain.duel.state import DuelState

OWE_MAECENAS, OWE_ROME, OWE_OFFER, OWE_BURY, OWE_SYMBOL, OWE_TAKEN_SYMBOL = range(40, 46)
OWED_NAMES: dict[int, str] = {
    OWE_MAECENAS: "recruit_drawn_leader",
    OWE_ROME: "recruit_leader_free",
    OWE_OFFER: "build_offered_card",
    OWE_BURY: "bury_leader",
    OWE_SYMBOL: "change_symbol",
    OWE_TAKEN_SYMBOL: "change_taken_symbol",
}
"""Owed actions' names; `change_symbol`: a card constructed otherwise than from the
structure (Euclid or Ptolemy), `change_taken_symbol`: a card obtained without being
constructed (an Agora exchange: Euclid only); the owed `arg` is the card."""
DRAW = 2
BILKIS_PRICE = 2
SOLOMON_MAY_DECLINE = 1
"""The owed arg of Solomon's build from the discard (the Mausoleum's, 0, must build)."""


def active(state: DuelState, seat: int, leader: int) -> bool:
    x = state.leaders
    return x is not None and x.active(seat, leader)


def _lose(tx: Tx, seat: int, amount: int, reason: str) -> int:
    lost = min(amount, tx.state.players[seat].coins)
    if lost:
        tx.emit(ev.CoinsLost(seat=seat, amount=lost, reason=reason))
    return lost


def owe(tx: Tx, seat: int, kind: int, arg: int = 0) -> None:
    tx.emit(ev.ActionOwed(seat=seat, action=kind, arg=arg))


# -- immediate effects -------------------------------------------------------------------


def apply_recruited(tx: Tx, seat: int, leader: int) -> None:
    """A leader's effect on recruitment (its payment is already made)."""
    if leader == lc.ASPASIA:
        tx.emit(lev.AspasiaReady(seat=seat))
    elif leader == lc.CAESAR:
        move_pawn(tx, seat, 2)
    elif leader == lc.HANNIBAL:
        move_pawn(tx, seat, 1)
    elif leader == lc.DARIUS:
        _lose(tx, 1 - seat, 2, "darius")
    elif leader == lc.DIOCLETIAN:
        _lose(tx, 1 - seat, 4, "diocletian")
    elif leader == lc.SOLOMON:  # "vous pouvez choisir une carte de la défausse": optional
        if buildable_discards(tx.rules, tx.state):
            owe(tx, seat, OWE_DISCARD_BUILD, SOLOMON_MAY_DECLINE)
    elif leader == lc.MAECENAS:
        drawn = leaders(tx.state).aside[:DRAW]
        if drawn:
            tx.emit(lev.LeadersDrawn(seat=seat, leaders=drawn, count=len(drawn),
                                     into_hand=False))
            owe(tx, seat, OWE_MAECENAS)
    elif leader == lc.CROESUS and leaders(tx.state).step != RESOLVING:
        _croesus(tx, seat)  # recruited during an Age: its structure is there


def _removed_left(tx: Tx, cards: tuple[int, ...]) -> tuple[int, ...]:
    built = set(leaders(tx.state).removed_built)
    built |= set(getattr(tx.state.ext, "removed_built", ()))  # Agora's Treason
    return tuple(c for c in cards if c not in built)


def _croesus(tx: Tx, seat: int) -> None:
    deal = tx.state.deal
    assert deal is not None
    cards = _removed_left(tx, deal.removed[tx.state.age - 1])
    tx.emit(lev.CardsOffered(seat=seat, cards=cards, count=len(cards), source="croesus"))
    if cards:
        owe(tx, seat, OWE_OFFER, 0)


def _ramesses(tx: Tx, seat: int) -> None:
    deal = tx.state.deal
    assert deal is not None
    cards = _removed_left(tx, deal.removed[3])[:DRAW]
    tx.emit(lev.CardsOffered(seat=seat, cards=cards, count=len(cards), source="ramesses"))
    if cards:
        owe(tx, seat, OWE_OFFER, 1)


def next_layout_effect(tx: Tx) -> bool:
    """The next effect due once the structure is laid out, the chooser's first."""
    s = tx.state
    x = leaders(s)
    for seat in (x.chooser, 1 - x.chooser):
        if x.active(seat, lc.CROESUS) and not x.used[seat] & CROESUS_DONE:
            _croesus(tx, seat)
            return True
        if s.age == 3 and x.active(seat, lc.RAMESSES) and not x.used[seat] & RAMESSES_DONE:
            _ramesses(tx, seat)
            return True
    return False


def rome(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    drawn = leaders(tx.state).aside[:DRAW]
    if drawn:
        tx.emit(lev.LeadersDrawn(seat=seat, leaders=drawn, count=len(drawn), into_hand=True))
    if leaders(tx.state).hands[seat]:
        owe(tx, seat, OWE_ROME)


def abu_simbel(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    x = leaders(tx.state)
    if any(x.active(seat, leader) for leader in x.recruited[seat]):
        owe(tx, seat, OWE_BURY)


# -- ongoing effects (hooks) -------------------------------------------------------------


def looting(tx: Tx, seat: int, args: tuple[int, ...]) -> None:
    """A looting token reached by `seat`'s shields, with Caligula, Nero, Tomyris and
    Semiramis (the base effect when none of them is in play)."""
    victim = 1 - seat
    amount = args[0] * (2 if active(tx.state, seat, lc.CALIGULA) else 1)
    lost = min(amount, tx.state.players[victim].coins)
    tx.emit(ev.CoinsLost(seat=victim, amount=lost, reason="looting"))
    if lost and active(tx.state, seat, lc.NERO):
        tx.emit(ev.CoinsGained(seat=seat, amount=lost, reason="nero"))
    if lost and active(tx.state, victim, lc.TOMYRIS):
        _lose(tx, seat, lost, "tomyris")
    if active(tx.state, victim, lc.SEMIRAMIS) and abs(tx.state.pawn) < CAPITAL:
        # "Si votre adversaire s'apprête à gagner la partie par suprématie militaire,
        # Sémiramis ne peut pas l'en empêcher": no shield from the move that wins.
        move_pawn(tx, victim, 1)


def aspasia(tx: Tx, seat: int, shields: int) -> int:
    x = tx.state.leaders
    if x is not None and x.aspasia:
        tx.emit(lev.AspasiaCancelled(seat=seat, shields=shields))
        return 0
    return shields


def berenice(state: DuelState, seat: int) -> int:
    return 1 if active(state, seat, lc.BERENICE) else 0


def bilkis(pricer: Pricer, card_id: int, price: Price) -> Price:
    from domain.duel.play import Price

    if price.chained or not price.trade or not active(pricer.state, pricer.seat, lc.BILKIS):
        return price
    cost = pricer.rules.cards[card_id].cost
    trade, bought = cheapest(cost, pricer.me, pricer.up, price.discount + 1)
    if trade + BILKIS_PRICE >= price.trade:
        return price
    coins = price.coins - price.trade + trade + BILKIS_PRICE
    # `trade` stays what the units bought at the trading price cost: an explicit `buy` is
    # checked against it (with the Bilkis unit covered like one more unit waived).
    return Price(coins, trade, trade if pricer.economy else 0, False, bought,
                 price.discount + 1)


def bilkis_context(state: DuelState, seat: int) -> bool:
    """What `bilkis` reads of a state (`DuelRules.price_context`)."""
    return active(state, seat, lc.BILKIS)


def _hatshepsut(tx: Tx, buyer: int, bought: tuple[int, ...]) -> None:
    owner = 1 - buyer
    if not active(tx.state, owner, lc.HATSHEPSUT):
        return
    fixed = tx.state.players[buyer].fixed
    units = sum(n for r, n in enumerate(bought) if not (fixed >> r) & 1)
    if units:
        tx.emit(ev.CoinsGained(seat=owner, amount=units, reason="hatshepsut"))


def on_build(tx: Tx, seat: int, card: int) -> None:
    for e in reversed(tx.events):
        if type(e) is ev.BuildingConstructed:
            if e.card == card and e.seat == seat:
                _hatshepsut(tx, seat, e.bought)
            return


def on_wonder(tx: Tx, seat: int, wonder: int) -> None:
    for e in reversed(tx.events):
        if type(e) is ev.WonderConstructed:
            if e.wonder == wonder and e.seat == seat:
                _hatshepsut(tx, seat, e.bought)
            return


def chains(state: DuelState, seat: int) -> int:
    """The chain symbols of the seat's active chain leaders (Archimedes, ..., Da Vinci)."""
    x = state.leaders
    mask = 0
    if x is not None:
        for leader in x.recruited[seat]:
            if leader not in x.buried[seat]:
                mask |= lc.CHAIN_MASKS[leader]
    return mask


def imhotep(state: DuelState, seat: int) -> bool:
    return active(state, seat, lc.IMHOTEP)


# -- end of game -------------------------------------------------------------------------


def _vitruvius_pairs(rules: DuelRules, state: DuelState, seat: int) -> int:
    x = leaders(state)
    sources: dict[int, int] = {}
    for card in state.players[seat].buildings:
        grant = rules.cards[card].chain_grants
        if grant >= 0:
            sources[grant] = sources.get(grant, 0) + 1
    for leader in x.recruited[seat]:
        if x.active(seat, leader):
            mask = lc.CHAIN_MASKS[leader]
            for symbol in range(mask.bit_length()):
                if (mask >> symbol) & 1:
                    sources[symbol] = sources.get(symbol, 0) + 1
    return sum(sources.get(rules.cards[c].chain_from, 0)
               for c in state.players[seat].buildings if rules.cards[c].chain_from >= 0)


def _alexander(rules: DuelRules, state: DuelState, seat: int) -> int:
    best = 0
    for i, token in enumerate(rules.military_tokens):
        theirs = token.position > 0 if seat == 0 else token.position < 0
        if theirs and not (state.looting >> i) & 1 and token.effect[0] == "looting":
            best = max(best, token.effect[1][0])
    return best


def leader_points(rules: DuelRules, state: DuelState, seat: int, leader: int) -> int:
    """The VP a recruited leader gives at the end of the game."""
    p = state.players[seat]
    colours = p.colours
    flat = {lc.CLEOPATRA: 5, lc.NEFERTITI: 4, lc.ZENOBIA: 3, lc.SAPPHO: 2}
    per_colour = {lc.HIRAM: (PURPLE, 2), lc.HYPATIA: (GREEN, 1), lc.NEBUCHADNEZZAR: (BLUE, 1),
                  lc.PERICLES: (RED, 1), lc.PHIDIAS: (BROWN, 1), lc.PRAXITELES: (GREY, 2),
                  lc.VARRO: (YELLOW, 1)}
    if leader in flat:
        return flat[leader]
    if leader in per_colour:
        colour, vp = per_colour[leader]
        return vp * colours[colour]
    if leader == lc.AMYTIS:
        return 2 * len(p.built_wonders)
    if leader == lc.ARISTOTLE:
        return 3 * len(p.tokens)
    if leader == lc.MIDAS:
        return p.coins // 3
    if leader == lc.JUSTINIAN:
        return 3 * min(colours[BLUE], colours[RED], colours[GREEN])
    if leader == lc.PLATO:
        return 7 * min(colours)
    if leader == lc.VITRUVIUS:
        return 2 * _vitruvius_pairs(rules, state, seat)
    if leader == lc.ALEXANDER:
        return _alexander(rules, state, seat)
    return 0


def leaders_score(rules: DuelRules, state: DuelState, seat: int) -> int:
    """The score sheet's "leaders" line: recruited leaders' VP, buried ones' 2 x cost."""
    x = state.leaders
    if x is None:
        return 0
    total = 0
    for leader in x.recruited[seat]:
        if leader in x.buried[seat]:
            total += 2 * x.costs[leader]
        else:
            total += leader_points(rules, state, seat, leader)
    return total


EFFECTS: dict[str, Any] = {
    "looting": looting,
    "leaders_rome": rome,
    "leaders_abu_simbel": abu_simbel,
}
