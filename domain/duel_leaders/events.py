"""Duel Leaders' events. Secrets: `LeadersDealt.deal` (the shuffle), `LeaderChosen.leader`
and `RecruitmentDeclared.recruit` until both seats have chosen or declared, the leaders
drawn by Maecenas and the cards offered by Croesus or Ramesses (drawer only; Rome's draw
joins a face-up hand and is public):
`views.REDACTORS` rewrites them for the seats that may not see them."""

from __future__ import annotations

from domain.duel.events import Event


class LeadersDealt(Event, frozen=True, tag=True):
    pool: tuple[int, ...]
    costs: tuple[int, ...]
    leaders: tuple[int, ...] | None
    """The shuffle (draft then set-aside order); None in every seat's copy."""


class LeadersRevealed(Event, frozen=True, tag=True):
    round: int
    leaders: tuple[int, ...]


class LeaderPicked(Event, frozen=True, tag=True):
    seat: int
    leader: int


class RecruitmentBegan(Event, frozen=True, tag=True):
    age: int
    chooser: int
    choosing: tuple[bool, bool]
    """Which seats have a leader left to choose from."""


class LeaderChosen(Event, frozen=True, tag=True):
    seat: int
    leader: int
    """-1 in the opponent's and spectators' copies until the choices are revealed."""


class ChoicesRevealed(Event, frozen=True, tag=True):
    chosen: tuple[int, int]
    """Each seat's leader (-2: that seat had none to choose)."""


class RecruitmentDeclared(Event, frozen=True, tag=True):
    seat: int
    recruit: int
    """1 recruit, 0 discard; -1 in the other copies until both have declared."""


class DeclarationsRevealed(Event, frozen=True, tag=True):
    declared: tuple[int, int]
    queue: tuple[int, ...]
    """Seats recruiting, in the order their effects apply."""


class LeaderDiscarded(Event, frozen=True, tag=True):
    seat: int
    leader: int
    coins: int


class LeaderRecruited(Event, frozen=True, tag=True):
    seat: int
    leader: int
    cost: int
    free: bool = False
    """Recruited through Maecenas or Rome (no coins, outside the recruitment step)."""


class LeaderEffectsBegan(Event, frozen=True, tag=True):
    seat: int
    """The next seat of the queue applies its leader's effect now."""


class RecruitmentEnded(Event, frozen=True, tag=True):
    age: int
    chooser: int


class LayoutEffectsEnded(Event, frozen=True, tag=True):
    age: int


class LeadersDrawn(Event, frozen=True, tag=True):
    seat: int
    leaders: tuple[int, ...]
    """Maecenas' draw: empty in the opponent's and spectators' copies (Rome's: public)."""
    count: int
    into_hand: bool
    """Rome: into the hand; Maecenas: offered once, the others stay out of the game."""


class DrawnLeadersReturned(Event, frozen=True, tag=True):
    seat: int
    """Maecenas' draw left over stays out of the game."""


class CardsOffered(Event, frozen=True, tag=True):
    seat: int
    cards: tuple[int, ...]
    """Empty in the opponent's and spectators' copies."""
    count: int
    source: str
    """"croesus" or "ramesses"."""


class OfferedCardBuilt(Event, frozen=True, tag=True):
    seat: int
    card: int


class OfferLapsed(Event, frozen=True, tag=True):
    seat: int


class LeaderBuried(Event, frozen=True, tag=True):
    seat: int
    leader: int


class AspasiaReady(Event, frozen=True, tag=True):
    seat: int
    """Aspasia's effect applied: she waits for the next pawn move."""


class AspasiaCancelled(Event, frozen=True, tag=True):
    seat: int
    """The seat whose pawn move Aspasia cancelled."""
    shields: int


class SymbolChanged(Event, frozen=True, tag=True):
    """Euclid or Ptolemy changed a card's science symbol, for good: the change follows the
    card (an Agora exchange moves it with its changed symbol)."""

    seat: int
    card: int
    old: int
    new: int
    leader: int
    owed: bool = False
    """Chosen as an owed action (a card obtained otherwise than by a plain construction:
    Mausoleum, Solomon, Croesus, an Agora conspiracy), not with the construction itself."""


class CardPutUnder(Event, frozen=True, tag=True):
    seat: int
    slot: int
    card: int
    leader: int


LEADERS_EVENTS: tuple[type, ...] = (
    LeadersDealt, LeadersRevealed, LeaderPicked, RecruitmentBegan, LeaderChosen,
    ChoicesRevealed, RecruitmentDeclared, DeclarationsRevealed, LeaderDiscarded,
    LeaderRecruited, LeaderEffectsBegan, RecruitmentEnded, LayoutEffectsEnded, LeadersDrawn,
    DrawnLeadersReturned, CardsOffered, OfferedCardBuilt, OfferLapsed, LeaderBuried,
    AspasiaReady, AspasiaCancelled, SymbolChanged, CardPutUnder,
)
