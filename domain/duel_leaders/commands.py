"""Duel Leaders' commands."""

from __future__ import annotations

from domain.duel.commands import Command


class PickLeader(Command, frozen=True, tag=True):
    leader: int


class ChooseLeader(Command, frozen=True, tag=True):
    """The recruitment step: a leader of one's hand, in secret."""

    leader: int


class DeclareRecruitment(Command, frozen=True, tag=True):
    """After both choices are revealed: recruit (pay its cost) or discard for 2 coins."""

    recruit: bool


class RecruitFree(Command, frozen=True, tag=True):
    """Maecenas (one of the two drawn) or Rome (one of one's hand): recruit for free."""

    leader: int


class BuildOffered(Command, frozen=True, tag=True):
    """Croesus or Ramesses: build one of the cards offered, for free."""

    card: int


class DeclineLeaderOffer(Command, frozen=True, tag=True):
    """Maecenas, Rome, Ramesses or Solomon: take nothing; Euclid or Ptolemy owed on a card
    (`ChangeSymbol`): keep its symbol."""


class BuryLeader(Command, frozen=True, tag=True):
    """Abu Simbel: one of one's recruited leaders goes under the wonder."""

    leader: int


class ConstructWithLeader(Command, frozen=True, tag=True):
    """Construct a green card through Euclid (its symbol becomes Law) or Ptolemy (its
    symbol copies `symbol`, that of a green card one owns)."""

    slot: int
    leader: int
    symbol: int
    coins: int | None = None


class ChangeSymbol(Command, frozen=True, tag=True):
    """Owed after a science card joined one's city otherwise than by a plain construction
    (Mausoleum, Solomon, Croesus, an Agora conspiracy): Euclid gives it Law, or Ptolemy
    (constructed cards only) copies `symbol`; `DeclineLeaderOffer` keeps its symbol."""

    card: int
    leader: int
    symbol: int


class PutUnderPythagoras(Command, frozen=True, tag=True):
    """Once per game: the card taken goes under Pythagoras (no benefit); play again."""

    slot: int


LEADERS_COMMANDS: tuple[type, ...] = (
    PickLeader, ChooseLeader, DeclareRecruitment, RecruitFree, BuildOffered,
    DeclineLeaderOffer, BuryLeader, ConstructWithLeader, PutUnderPythagoras, ChangeSymbol,
)
