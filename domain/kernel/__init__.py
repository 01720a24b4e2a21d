"""Game-agnostic pieces: the Game protocol, domain errors and the game registry."""

from domain.kernel.errors import DomainError
from domain.kernel.game import Game, Seat, fold
from domain.kernel.registry import get_game, kinds, register

__all__ = ["DomainError", "Game", "Seat", "fold", "get_game", "kinds", "register"]
