"""Faith's state (`SWState.ext2`), commands and events.

Secrets: the gods dealt and passed in the prayer, the gods kept, and a god chosen with a
step's card until the step is revealed; the redaction is in `views`.
"""

from __future__ import annotations

import msgspec

from domain.sevenwonders.commands import Command
from domain.sevenwonders.events import Event
from domain.sevenwonders.state import ZERO7

PRAYER = 30
"""The prayer phase's number (Faith's are 30-39, `hooks.PhaseRules.name`)."""
OSIRIS = 31
"""Osiris' step: his city takes a card of the discard pile."""
RAISE_BUILD, RAISE_SELL, RAISE_LAPSED = "build", "discard", "lapsed"
"""Osiris: the card is built for free, or discarded again for 3 coins; with an empty discard
pile the power lapses."""
OSIRIS_COINS = 3
ANSWER = 32
"""Seth's step: the city holding him answers the gods just revealed."""
CHRONOS_TUCK = 2000
"""Chronos' wonder card, recorded under the stage it marks (`City.tucked`): no Age card."""
PEGASUS = 33
"""Pégase's step: his city takes one of the leaders drawn, or discards them all for coins."""
PEGASUS_COINS = 3
INVOKE, SELL = "invoke", "discard"
"""A god chosen with a card is invoked, or discarded for coins equal to the age."""


class GodChoice(msgspec.Struct, frozen=True, array_like=True, gc=False):
    god: int
    use: str
    bank: int = 0
    left: int = 0
    right: int = 0
    bought_left: tuple[int, ...] = ZERO7
    bought_right: tuple[int, ...] = ZERO7
    targets: tuple[int, ...] = ()
    god_first: bool = False
    far: tuple[tuple[int, int, tuple[int, ...]], ...] = ()
    """Poséidon's market: (seller, coins, resources) bought from cities other than the
    neighbours for the god (rule 52)."""


Cost = tuple[str, int, tuple[int, ...]]


class FaithExt(msgspec.Struct, frozen=True, gc=False):
    deal: tuple[tuple[tuple[int, ...], ...], ...]
    """Per age, per city, the 3 gods dealt (the Free City gets none)."""
    costs: tuple[tuple[Cost, Cost, Cost], ...]
    """Per god, its invocation cost in Ages I-III in this game (the catalog's, or the
    game's `god_costs` option)."""
    hands: tuple[tuple[int, ...], ...]
    """Per city, the gods in hand during the prayer (still to pick from)."""
    kept: tuple[tuple[int, ...], ...]
    """Per city, the gods kept: the prayer's picks, then the age's hand of gods."""
    picked: tuple[int, ...]
    """Per city, the god picked in this prayer round (-1: not yet)."""
    allow: tuple[int, ...]
    """Per city, how many gods it may still invoke this age."""
    marker: tuple[int, ...]
    """Per city, the age in which Wonderwoman's marker allows one more god (0: none)."""
    pending: tuple[GodChoice | None, ...]
    """Per city, the god chosen with this step's card (hidden until the step is revealed)."""
    extra: tuple[int, ...]
    """Per city, the gods' extra shields in this age's conflicts, in half shields."""
    peace: tuple[bool, ...]
    """Per city, Hestia keeps it out of this age's conflicts."""
    active: tuple[tuple[tuple[int, int], ...], ...]
    """Per city, (god, age) of each god invoked and still in play."""
    round: int = 0
    prayed: int = 0
    """The last age whose prayer has begun."""
    horus: tuple[int, ...] = ()
    """Per city, Horus' looks left this age (empty: none anywhere)."""
    peeked: tuple[int, ...] = ()
    """Per city, the turn of its last look at the previous player's hand (0: none)."""
    anubis: int = -1
    """The city Anubis lets keep its hand at the next pass (-1: none)."""
    raising: tuple[int, ...] = ()
    """Cities owed Osiris' card of the discard pile, in order (the step's gods' order)."""
    stage_costs: tuple[tuple[int, int, int, tuple[int, ...]], ...] = ()
    """(board, side, stage, resources): Faith's stages whose cost the game replaces
    (option `board_costs`)."""
    guild_costs: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(card, resources): Faith's guilds whose cost the game replaces (`guild_costs`)."""
    mounting: tuple[int, ...] = ()
    """Cities owed Pégase's draw of leaders, in order (the step's gods' order)."""
    offered: tuple[int, ...] = ()
    """Pégase's step: the leaders drawn (secret but to the city's seat)."""
    leader_box: tuple[int, ...] = ()
    """Without Leaders: the leaders Pégase draws, in order (secret; from `FaithStarted`)."""
    seconds: tuple[GodChoice | None, ...] = ()
    """Per city, a second god chosen with this step's card (Wonderwoman's marker, rule 12;
    hidden until revealed); empty when none is."""


class KeepGod(Command, frozen=True, tag=True):
    """Prayer: keep one god of the hand; the rest passes on."""

    god: int


class SecondGod(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The second god of a `PlayWithGod` (Wonderwoman's marker: « Les 2 Dieux peuvent être
    invoqués durant le même tour »): invoked, paid after the card and the first god."""

    god: int
    god_left: int | None = None
    god_right: int | None = None
    god_buy_left: tuple[int, ...] | None = None
    god_buy_right: tuple[int, ...] | None = None
    god_buy_far: tuple[tuple[int, tuple[int, ...]], ...] | None = None
    targets: tuple[int, ...] = ()


class PlayWithGod(Command, frozen=True, tag=True, kw_only=True):
    """A `Play` of an age card (same fields) with a god invoked or discarded for coins.

    The age card is revealed and paid first, then the god (the rulebook's steps 3 and 5, in
    their printed order), unless `god_first`; `god_left`/`god_right` and `god_buy_*` pay
    the god as `left`/`right` and `buy_*` pay the card; `targets` names the cities a god
    strikes (Hades: one opponent; Amon-Ra II-III: one or two different opponents)."""

    card: int
    action: str
    city: int | None = None
    left: int | None = None
    right: int | None = None
    buy_left: tuple[int, ...] | None = None
    buy_right: tuple[int, ...] | None = None
    buy_far: tuple[tuple[int, tuple[int, ...]], ...] | None = None
    """Poséidon's market: the card's purchases from cities other than the neighbours."""
    god: int
    use: str = INVOKE
    god_left: int | None = None
    god_right: int | None = None
    god_buy_left: tuple[int, ...] | None = None
    god_buy_right: tuple[int, ...] | None = None
    god_buy_far: tuple[tuple[int, tuple[int, ...]], ...] | None = None
    """Poséidon's market: the god's purchases from cities other than the neighbours."""
    targets: tuple[int, ...] = ()
    """Bastet: (opponent, the opponent's card, the city's own card), or none."""
    god_first: bool = False
    """Reveal the god before the card ("Les étapes 3 et 5 peuvent être inversées"): the
    god is paid from the coins held at the start of the turn and the coins it gives at
    once may pay the card (the Apollo example); its other powers start with the next
    construction."""
    second: SecondGod | None = None
    """A second god invoked with the same card, by a city holding Wonderwoman's marker
    for this age (rule 12)."""


class RaiseDiscarded(Command, frozen=True, tag=True):
    """Osiris: a card of the discard pile built for free (`use` "build"; never a wonder
    stage) or discarded again for 3 coins ("discard")."""

    card: int
    use: str = RAISE_BUILD


class TakeLeader(Command, frozen=True, tag=True):
    """Pégase: put one of the leaders drawn in play for free (`leader`), or discard them
    all for 3 coins (-1)."""

    leader: int = -1


class Peek(Command, frozen=True, tag=True):
    """Horus: look at the hand of the previous player (the one whose hand comes next), once
    that player has chosen its card and before choosing one's own."""


class Answer(Command, frozen=True, tag=True):
    """Seth: cancel the god `target`'s city has just revealed (-1: let every god be)."""

    target: int = -1


class FaithStarted(Event, frozen=True, tag=True):
    """Faith's set-up, right after `GameStarted` (whose deal holds the gods of each age's
    prayer: each age deals a fresh shuffle of all the gods, so the three are drawn at the
    start, with the game's seeded RNG, after the rest of the deal)."""

    costs: tuple[tuple[tuple[str, int, tuple[int, ...]], ...], ...]
    """Per god, its invocation cost in Ages I, II, III in this game (public)."""
    gods: tuple[tuple[tuple[int, ...], ...], ...] | None = None
    """The gods of the deal (per age, per city), so that the events alone rebuild the game;
    None in every seat's and spectator's copy."""
    stage_costs: tuple[tuple[int, int, int, tuple[int, ...]], ...] = ()
    """(board id, side, stage index, resources) of Faith's stages whose provisional cost the
    game replaces (option `board_costs`; public)."""
    guild_costs: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(card id, resources) of Faith's guilds whose provisional cost the game replaces
    (option `guild_costs`; public)."""
    leader_box: tuple[int, ...] | None = None
    """Without Leaders: the deal's leaders in Pégase's draw order, so that the events alone
    rebuild the game; None in every seat's and spectator's copy."""


class PrayerBegan(Event, frozen=True, tag=True):
    age: int
    hands: tuple[tuple[int, ...], ...]
    """Per city; a seat sees only its own (-1 for the others' gods)."""


class GodKept(Event, frozen=True, tag=True):
    seat: int
    god: int
    """-1 in the other seats' copies."""


class GodsPassed(Event, frozen=True, tag=True):
    direction: int
    """+1: each hand of gods goes to the right neighbour; -1: to the left."""
    hands: tuple[tuple[int, ...], ...]
    """Per city, the gods it receives (its own only; -1 for the others')."""


def chosen_gods(ext: FaithExt, city: int) -> tuple[GodChoice, ...]:
    """A city's gods chosen this step: none, one, or two with Wonderwoman's marker."""
    first = ext.pending[city]
    second = ext.seconds[city] if ext.seconds else None
    if second is None:
        return () if first is None else (first,)
    return (second,) if first is None else (first, second)


class GodChosen(Event, frozen=True, tag=True):
    seat: int
    city: int
    choice: GodChoice | None
    """None in the other seats' copies until the step is revealed."""
    second: GodChoice | None = None
    """A second god invoked with the same card (Wonderwoman's marker, rule 12); None in the
    other seats' copies."""


class GodRevealed(Event, frozen=True, tag=True):
    """A god chosen with a step's card: paid and invoked (its positive power applied), or
    discarded for coins; the city's other gods are discarded when it may invoke no more."""

    city: int
    seat: int
    choice: GodChoice
    gained: int
    """Coins the city takes from the bank (the power, or the age's coins for a discard)."""
    dropped: tuple[int, ...]
    """Gods discarded with it, face down (-1 in the other seats' copies)."""


class GodStruck(Event, frozen=True, tag=True):
    """A god's negative power, after every positive one: coins lost, conflict tokens given."""

    city: int
    god: int
    lost: tuple[int, ...]
    """Per city, coins returned to the bank."""
    tokens: tuple[tuple[int, ...], ...]
    """Per city, conflict tokens taken (1/3/5 victory, -1 defeat)."""
    removed: tuple[int, ...]
    """Per city, defeat tokens given away (Amon-Ra)."""


class GodIncome(Event, frozen=True, tag=True):
    """Coins the gods in play pay for the step's constructions (Artemis, Hermes)."""

    coins: tuple[int, ...]


class GuildPlundered(Event, frozen=True, tag=True):
    """The Guilde des Pillards built: a 5-VP victory token to its city, a defeat token to
    each neighbour, from the reserve."""

    tokens: tuple[tuple[int, ...], ...]
    """Per city, the tokens taken."""


class RaiseBegan(Event, frozen=True, tag=True):
    """Osiris' city chooses a card of the discard pile (its seat alone sees the pile)."""

    city: int
    seat: int


class DiscardRaised(Event, frozen=True, tag=True):
    """Osiris' card: built (a `StepResolved` with a `from_discard` action comes just before),
    discarded again for `gained` coins, or `lapsed` (the pile was empty; card -1)."""

    city: int
    seat: int
    card: int
    """-1 in the other seats' copies when discarded again (the pile is face down)."""
    use: str
    gained: int


class HandsRedealt(Event, frozen=True, tag=True):
    """Ouranos: every age card in hand gathered, shuffled and dealt again, each hand as many
    cards as it held."""

    city: int
    """The city that invoked him."""
    hands: tuple[tuple[int, ...], ...]
    """Per city; a seat sees only its own (-1 for the others' cards)."""


class LeadersOffered(Event, frozen=True, tag=True):
    """Pégase: the leaders drawn from the top of the box (Leaders' unused leaders, in the
    deal's shuffled order) for his city to choose from."""

    city: int
    seat: int
    leaders: tuple[int, ...]
    """-1 in the other seats' copies."""


class PegasusRode(Event, frozen=True, tag=True):
    """Pégase's choice: `leader` put in play for free (its immediate coins in `gained`),
    or none (-1) and the coins for discarding them all; the others go to the bottom of the
    box, face down."""

    city: int
    seat: int
    leader: int
    gained: int
    returned: tuple[int, ...]
    """-1 in the other seats' copies."""


class HandPeeked(Event, frozen=True, tag=True):
    """Horus' look: the previous player's hand, its chosen card set aside."""

    seat: int
    city: int
    """The city looked at."""
    cards: tuple[int, ...]
    """-1 in the other seats' copies."""


class HandKept(Event, frozen=True, tag=True):
    """Anubis: his city keeps the hand it played from for one more step; the hand that would
    have come to it goes on to the next city ("comme si ce joueur n'existait pas")."""

    city: int
    hands: tuple[tuple[int, ...], ...]
    """Per city, after the pass; a seat sees only its own (-1 for the others' cards)."""


class CardsSwapped(Event, frozen=True, tag=True):
    """Bastet: the city gives `given` to `other` and takes `taken` from it (public: both
    cards are face up in the cities)."""

    city: int
    other: int
    given: int
    taken: int
    gained: tuple[int, int]
    """Coins each side's received card gives again on arrival (the city's, the other's)."""


class GodsShown(Event, frozen=True, tag=True):
    """A step's invoked gods shown before they act, because a city holds Seth (public:
    "immédiatement après qu'un adversaire a révélé un Dieu")."""

    city: int
    """The city holding Seth, who answers."""
    gods: tuple[int, ...]
    """Per city, the god it invokes with this step's card (-1: none, or revealed first)."""


class SethAnswered(Event, frozen=True, tag=True):
    """Seth's answer: `target`'s god discarded without its power nor its cost (-1: none);
    Seth paid (`bank`) and in play when he cancels."""

    city: int
    target: int
    god: int
    """The god cancelled (-1: none)."""
    bank: int


class GodsRetired(Event, frozen=True, tag=True):
    """Ages I and II: after the conflicts, the gods invoked this age leave the game."""

    age: int


FaithCommand = KeepGod | PlayWithGod | RaiseDiscarded | Peek | Answer | TakeLeader
FaithEvent = (FaithStarted | PrayerBegan | GodKept | GodsPassed | GodChosen | GodRevealed
              | GodStruck | GodIncome | GodsRetired | GuildPlundered | RaiseBegan | DiscardRaised
              | HandsRedealt | HandPeeked | HandKept | CardsSwapped | GodsShown
              | SethAnswered | LeadersOffered | PegasusRode)
